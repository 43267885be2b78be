import FoundationEssentials
import PluginHost
import ScreenFormat
import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenSystem
import ScreenTerminal
import ScreenTestRunner
import ShippedPlugins

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line: reads the arguments, runs what they ask, and says how the run ended.
/// `ScreenRun.main(plugins:)` is its door.
struct ScreenRunCommand {
  /// The plugins this build ships, registered by name.
  static func makeRegistry() -> PluginRegistry {
    PluginRegistry(ShippedPlugins.all)
  }

  /// The shipped plugins and `added`, which replace a shipped one of the same name.
  static func registry(adding added: [Plugin]) -> PluginRegistry {
    let registry = makeRegistry()
    for plugin in added { registry.register(plugin) }
    return registry
  }

  /// How the run ends; also what a failed start throws.
  typealias ExitCode = ScreenSystem.ExitCode

  /// Runs the arguments after the program's name, with the shipped plugins and `added` (which
  /// replace a shipped one of the same name).
  @MainActor
  static func run(_ argv: [String], adding added: [Plugin] = []) async -> ExitCode {
    let arguments: Arguments
    do {
      arguments = try Arguments.parse(argv).resolvingEnvironment(environment)
    } catch {
      var text = "screenrun: error: \(error)"
      if let pointer = error.pointer(in: argv, program: "screenrun") { text += "\n" + pointer }
      // The usage when nothing was given; after a mistake, the error and where to read more, as
      // git and cargo do: the usage's eight lines would push the error out of sight.
      Output.error(text + "\n" + (argv.isEmpty ? Arguments.usage : Arguments.helpHint))
      return .usage
    }
    let registry = registry(adding: added)
    // A secret that any plugin declares is masked whichever plugin echoes it: the shipped ones'
    // before an external plugin can take a shipped name, and the external ones' once found.
    registry.registerSecrets(from: environment)
    let discovery = discover(arguments, into: registry)
    registry.registerSecrets(from: environment)
    switch arguments.command {
    case .check: break  // said among the problems it reports
    case .test: break  // a test finds its own plugins, never the user's, and says what is broken
    default:
      // A broken manifest is said once; it is fatal only to a screen that uses its plugin.
      for problem in discovery.problems { Output.error(problem.description) }
    }
    switch arguments.command {
    case .help:
      Output.write(Arguments.help(plugins: registry.all))
      return .ok
    case .version:
      Output.write("screenrun \(ScreenRun.version)\n")
      return .ok
    case .plugins:
      Output.write(PluginListing.text(registry, found: discovery.found))
      return .ok
    case .check(let files):
      return check(files, registry: registry, problems: discovery.problems)
    case .test(let paths):
      // A signal stops the tests' plugin processes before screenrun ends, as for a run.
      SignalWatcher.start([
        SIGINT: ExitCode.interrupted.rawValue, SIGTERM: ExitCode.terminated.rawValue,
        SIGHUP: ExitCode.terminated.rawValue,
      ])
      return await TestCommand(
        paths: paths, options: arguments.testOptions, plugins: Self.registry(adding: added).all,
        environment: environment
      )
      .run()
    case .schema(let what):
      return schema(of: what, registry: registry)
    case .completions(let shell):
      return completions(shell)
    case .parameterKeys(let screen):
      return parameterKeys(of: screen, registry: registry)
    case .pluginCheck(let folders):
      return await DeclaredCheckCommand.pluginCheck(
        folders, context: pluginContext(arguments), parameters: arguments.parameters)
    case .run(let screen):
      // No plugin process outlives a signal: SIGINT, SIGTERM and SIGHUP are served on a thread
      // that stops them first, in every mode (the interactive one serves the same statuses).
      if !discovery.found.isEmpty {
        SignalWatcher.start([
          SIGINT: ExitCode.interrupted.rawValue, SIGTERM: ExitCode.terminated.rawValue,
          SIGHUP: ExitCode.terminated.rawValue,
        ])
      }
      return await TraceFile.running(arguments.trace) {
        if let format = arguments.output {
          return await runOutput(screen, format: format, arguments: arguments, registry: registry)
        }
        if arguments.explain { return await runExplain(screen, arguments: arguments, registry: registry) }
        if arguments.script != nil {
          return await runScript(screen, arguments: arguments, registry: registry)
        }
        if arguments.once || isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1 {
          return await runOnce(screen, arguments: arguments, registry: registry)
        }
        return await runInteractive(screen, arguments: arguments, registry: registry)
      }
    }
  }

  /// Finds the external plugins (see `PluginDiscovery`) and registers them over the compiled-in
  /// ones of their names; returns what was found and the broken manifests.
  static func discover(_ arguments: Arguments, into registry: PluginRegistry) -> PluginDiscovery {
    let places = PluginDiscovery.places(
      pluginPaths: arguments.pluginPaths, environment: environment, noUserPlugins: arguments.noUserPlugins,
      executable: SystemError.executablePath)
    let discovery = PluginDiscovery(places: places, compiled: registry.names)
    discovery.register(in: registry)
    return discovery
  }

  /// Checks screen files, and manifests (a file named `plugin.json`), without running anything.
  @MainActor
  static func check(_ files: [String], registry: PluginRegistry, problems: [Diagnostic] = []) -> ExitCode {
    let loader = ScreenLoader(registry: registry, kinds: .standard)
    let manifests = files.filter { $0.lastPathComponent == "plugin.json" }
    var diagnostics = problems
    for file in manifests {
      do {
        _ = try PluginManifest.load(file)
      } catch {
        diagnostics += error.diagnostics.filter { !diagnostics.contains($0) }
      }
    }
    diagnostics += loader.check(files.filter { !manifests.contains($0) })
    for diagnostic in diagnostics { Output.error(diagnostic.description) }
    let failed = Set(diagnostics.map(\.file))
    for file in files where !failed.contains(file) { Output.write("\(file): ok\n") }
    let elsewhere = Set(problems.map(\.file)).subtracting(files)
    if !elsewhere.isEmpty { Output.error("broken plugin manifests: \(elsewhere.sorted().joined(separator: ", "))") }
    if !diagnostics.isEmpty {
      Output.error(
        "\(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s") in \(failed.count) file\(failed.count == 1 ? "" : "s")"
      )
    }
    return diagnostics.isEmpty ? .ok : .usage
  }

  /// Loads the screen, waits for its first load to settle, and prints one frame.
  @MainActor
  static func runOnce(_ screen: String, arguments: Arguments, registry: PluginRegistry) async -> ExitCode {
    let navigator: Navigator
    switch start(screen, arguments: arguments, registry: registry) {
    case .success(let opened): navigator = opened
    case .failure(let code): return code
    }
    navigator.showsStatus = arguments.status
    let width = arguments.width ?? Terminal.width(of: STDOUT_FILENO) ?? 80
    // The app is as wide (and as tall) as the frame: a preview pane loads where it shows.
    navigator.send(.resize(Viewport(columns: width, rows: arguments.height ?? 24)))
    await navigator.settle()
    guard let state = navigator.screenState else { return .failure }
    let options = RenderOptions(width: width, height: arguments.height, glyphs: arguments.glyphs)
    let frame = TextRenderer.frame(state, options: options)
    if let format = arguments.picture {
      // Markup made of escaped text: written as untrusted all the same, so a secret is redacted.
      TerminalWriter.write(
        untrusted: FramePicture.draw(
          frame, as: format, columns: options.width, rows: arguments.height, theme: FramePicture.theme(arguments.color),
          glyphs: arguments.glyphs))
    } else {
      Output.write(frame, theme: Theme.resolve(arguments.color, interactive: false, environment: environment))
    }
    return ending(navigator, file: screen)
  }
}
