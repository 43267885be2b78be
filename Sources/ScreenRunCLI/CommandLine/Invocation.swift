import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenTerminal
import ScreenTestRunner

/// What the command line asks for: one command, each a type that holds the options it takes and
/// no other, as swift-argument-parser has a type per subcommand. `Arguments.parse` reads the one
/// declaration (`Arguments.declaration`), whose options set the parser's `Arguments`, then sorts
/// them into the command chosen; help, completions and the man page stay derived from the
/// declaration.
enum Invocation: Equatable {
  /// `screenrun SCREEN.json [OPTION]...`: run a screen.
  case run(RunCommand)
  /// `--check SCREEN.json...`: check screen files and manifests.
  case check(CheckCommand)
  /// `--plugins`: list the data sources.
  case plugins(PluginPlaces)
  /// `screenrun test [PATH...]`: run screen tests.
  case test(ScreenTestsCommand)
  /// `screenrun schema [plugin]`: print a JSON Schema.
  case schema(SchemaCommand)
  /// `screenrun completions SHELL`: print a completion script.
  case completions(shell: String)
  /// `screenrun completions params SCREEN.json`: the `--param` keys a screen reads, for the
  /// completion scripts (not in the help).
  case parameterKeys(screen: String)
  /// `screenrun plugin check PLUGIN... [BASE_URL]`: check plugins against the protocol or an API.
  case pluginCheck(PluginCheckInvocation)
  case help
  case version

  /// Where the command looks for external plugins (a test looks for its own, and this run's
  /// `--plugin-path` ahead of them: `ScreenTestsCommand.options`).
  var places: PluginPlaces {
    switch self {
    case .run(let run): run.places
    case .check(let check): check.places
    case .plugins(let places): places
    case .schema(let schema): schema.places
    case .test(let test): PluginPlaces(paths: test.options.pluginPaths, noUserPlugins: true)
    case .completions, .parameterKeys, .pluginCheck, .help, .version: PluginPlaces()
    }
  }
}

/// Where external plugins are looked for, beside the shipped ones: `--plugin-path` (first
/// first) and `--no-user-plugins`.
struct PluginPlaces: Equatable {
  var paths: [String] = []
  var noUserPlugins = false
}

/// Which data the plugins give: the bundled samples, or live (`--live`, `SCREENRUN_DATA=live`),
/// with or without the response cache (`--no-cache`).
struct DataChoice: Equatable {
  var live = false
  var noCache = false

  /// What the plugins are made with: the data mode, and the environment they read their
  /// settings from, with `--no-cache` passed on as `SCREENRUN_NO_CACHE=1`.
  func pluginContext(environment: [String: String]) -> PluginContext {
    var environment = environment
    if noCache { environment["SCREENRUN_NO_CACHE"] = "1" }
    return PluginContext(mode: live ? .live : .sample, environment: environment)
  }
}

/// A screen's run, and what it prints.
struct RunCommand: Equatable {
  /// What the run does with the screen, from the options given (they exclude one another).
  enum Mode: Equatable {
    /// Full screen in a terminal, or one frame (`--once`, or no terminal), as text or as a
    /// picture (`--picture`, which takes `--once`).
    case show(once: Bool, picture: PictureFormat?)
    /// A frame after each command of a script (`--script FILE|-`).
    case script(String)
    /// The records, in a format, for so many pages (`--output`, `--pages`; nil: the first).
    case output(RecordFormat, pages: Int?)
    /// What the first load learned (`--explain`).
    case explain
  }

  var screen: String
  var mode: Mode
  /// Reload screen files when they change (`--watch`).
  var watch = false
  var width: Int?
  /// Lines per frame, as a terminal of that many shows it (`--height`); nil: every row.
  var height: Int?
  /// Frames drawn with ASCII glyphs only (`--ascii`).
  var ascii = false
  /// When frames are styled (`--color`).
  var color = ColorMode.auto
  var parameters: [String: String] = [:]
  /// The search the screen starts with (`--query`).
  var query: String?
  var data = DataChoice()
  var places = PluginPlaces()
  /// Frames end with the data source's status line (`--status`; always in the interactive mode).
  var status = false
  /// Where to write one JSON line per request, answer and stale answer (`--trace FILE`).
  var trace: String?

  /// The glyphs frames are drawn with.
  var glyphs: Glyphs { ascii ? .ascii : .unicode }
  /// The records printed (`--output`), if any.
  var output: RecordFormat? { if case .output(let format, _) = mode { format } else { nil } }
  /// Whether the run prints what the first load learned (`--explain`).
  var explains: Bool { mode == .explain }
}

/// `--check`: the files, and where plugins are looked for.
struct CheckCommand: Equatable {
  var files: [String]
  var places = PluginPlaces()
}

/// `screenrun test`: the paths, and the test run's options.
struct ScreenTestsCommand: Equatable {
  var paths: [String]
  var options = TestOptions()
}

/// `screenrun schema`: which schema (nil: the screen file's), and where plugins are looked for.
struct SchemaCommand: Equatable {
  var of: String?
  var places = PluginPlaces()
}

/// `screenrun plugin check`: the plugins, their parameters, and which data.
struct PluginCheckInvocation: Equatable {
  var folders: [String]
  var parameters: [String: String] = [:]
  var data = DataChoice()
}

extension Arguments {
  /// The command these arguments ask for, with its own options.
  var invocation: Invocation {
    let places = PluginPlaces(paths: pluginPaths, noUserPlugins: noUserPlugins)
    let data = DataChoice(live: live, noCache: noCache)
    switch command {
    case .help: return .help
    case .version: return .version
    case .plugins: return .plugins(places)
    case .check(let files): return .check(CheckCommand(files: files, places: places))
    case .test(let paths): return .test(ScreenTestsCommand(paths: paths, options: testOptions))
    case .schema(let what): return .schema(SchemaCommand(of: what, places: places))
    case .completions(let shell): return .completions(shell: shell)
    case .parameterKeys(let screen): return .parameterKeys(screen: screen)
    case .pluginCheck(let folders):
      return .pluginCheck(PluginCheckInvocation(folders: folders, parameters: parameters, data: data))
    case .run(let screen):
      let mode: RunCommand.Mode =
        if let output { .output(output, pages: pages) } else if explain { .explain } else if let script {
          .script(script)
        } else { .show(once: once, picture: picture) }
      return .run(
        RunCommand(
          screen: screen, mode: mode, watch: watch, width: width, height: height, ascii: ascii, color: color,
          parameters: parameters, query: query, data: data, places: places, status: status, trace: trace))
    }
  }
}
