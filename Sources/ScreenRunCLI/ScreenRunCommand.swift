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
    let invocation: Invocation
    do {
      invocation = try Arguments.parse(argv, environment: environment)
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
    let discovery = discover(invocation.places, into: registry)
    registry.registerSecrets(from: environment)
    switch invocation {
    case .check: break  // said among the problems it reports
    case .test: break  // a test finds its own plugins, never the user's, and says what is broken
    default:
      // A broken manifest is said once; it is fatal only to a screen that uses its plugin.
      for problem in discovery.problems { Output.error(problem.description) }
    }
    switch invocation {
    case .help:
      Output.write(Arguments.help(plugins: registry.all))
      return .ok
    case .version:
      Output.write("screenrun \(ScreenRun.version)\n")
      return .ok
    case .plugins:
      Output.write(PluginListing.text(registry, found: discovery.found))
      return .ok
    case .check(let check):
      return self.check(check.files, registry: registry, problems: discovery.problems)
    case .test(let test):
      // A signal stops the tests' plugin processes before screenrun ends, as for a run.
      SignalWatcher.start([
        SIGINT: ExitCode.interrupted.rawValue, SIGTERM: ExitCode.terminated.rawValue,
        SIGHUP: ExitCode.terminated.rawValue,
      ])
      return await TestCommand(
        paths: test.paths, options: test.options, plugins: Self.registry(adding: added).all,
        environment: environment
      )
      .run()
    case .schema(let schema):
      return self.schema(of: schema.of, registry: registry)
    case .completions(let shell):
      return completions(shell)
    case .parameterKeys(let screen):
      return parameterKeys(of: screen, registry: registry)
    case .pluginCheck(let check):
      return await DeclaredCheckCommand.pluginCheck(
        check.folders, context: check.data.pluginContext(environment: environment), parameters: check.parameters)
    case .run(var run):
      run.screen = installedScreen(run.screen)
      // No plugin process outlives a signal: SIGINT, SIGTERM and SIGHUP are served on a thread
      // that stops them first, in every mode (the interactive one serves the same statuses).
      if !discovery.found.isEmpty {
        SignalWatcher.start([
          SIGINT: ExitCode.interrupted.rawValue, SIGTERM: ExitCode.terminated.rawValue,
          SIGHUP: ExitCode.terminated.rawValue,
        ])
      }
      return await TraceFile.running(run.trace) {
        switch run.mode {
        case .output(let format, _): return await runOutput(run, format: format, registry: registry)
        case .explain: return await runExplain(run, registry: registry)
        case .script(let path): return await runScript(run, script: path, registry: registry)
        case .show(let once, _) where once || isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1:
          return await runOnce(run, registry: registry)
        case .show: return await runInteractive(run, registry: registry)
        }
      }
    }
  }

  /// Finds the external plugins (see `PluginDiscovery`) and registers them over the compiled-in
  /// ones of their names; returns what was found and the broken manifests.
  static func discover(_ places: PluginPlaces, into registry: PluginRegistry) -> PluginDiscovery {
    let places = PluginDiscovery.places(
      pluginPaths: places.paths, environment: environment, noUserPlugins: places.noUserPlugins,
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
  static func runOnce(_ run: RunCommand, registry: PluginRegistry) async -> ExitCode {
    let navigator: Navigator
    switch start(run, registry: registry) {
    case .success(let opened): navigator = opened
    case .failure(let code): return code
    }
    navigator.showsStatus = run.status
    let width = run.width ?? Terminal.width(of: STDOUT_FILENO) ?? 80
    // The app is as wide (and as tall) as the frame: a preview pane loads where it shows.
    navigator.send(.resize(Viewport(columns: width, rows: run.height ?? 24)))
    await navigator.settle()
    guard let state = navigator.screenState else { return .failure }
    let options = RenderOptions(width: width, height: run.height, glyphs: run.glyphs)
    let frame = TextRenderer.frame(state, options: options)
    if case .show(_, let format?) = run.mode {
      // Markup made of escaped text: written as untrusted all the same, so a secret is redacted.
      TerminalWriter.write(
        untrusted: FramePicture.draw(
          frame, as: format, columns: options.width, rows: run.height, theme: FramePicture.theme(run.color),
          glyphs: run.glyphs))
    } else {
      Output.write(frame, theme: Theme.resolve(run.color, interactive: false, environment: environment))
    }
    return ending(navigator, file: run.screen)
  }
}
