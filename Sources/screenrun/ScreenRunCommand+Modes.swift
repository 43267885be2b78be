import Foundation
import ScreenKit

extension ScreenRunCommand {
  /// Opens the first screen, or says why it cannot be opened (exit 2 for the screen or its
  /// parameters, 1 for a data source that cannot start).
  @MainActor
  static func start(
    _ screen: String, arguments: Arguments, registry: PluginRegistry, scheduler: any Scheduler
  ) -> Result<Navigator, ExitCode> {
    let navigator = Navigator(
      loader: ScreenLoader(registry: registry), context: pluginContext(arguments), scheduler: scheduler)
    do {
      try navigator.open(screen, parameters: arguments.parameters)
      return .success(navigator)
    } catch {
      Output.error(error.description)
      if case .dataSource = error { return .failure(.failure) }
      return .failure(.usage)
    }
  }

  /// The plugins' settings: data mode (`--live`) and environment (`--no-cache` included).
  static func pluginContext(_ arguments: Arguments) -> PluginContext {
    arguments.pluginContext(environment: ProcessInfo.processInfo.environment)
  }

  /// Runs a script: one frame after each command, each headed by the command.
  @MainActor
  static func runScript(_ screen: String, arguments: Arguments, registry: PluginRegistry) async -> ExitCode {
    let path = arguments.script ?? "-"
    let name = path == "-" ? "<stdin>" : path
    let text: String
    if path == "-" {
      text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    } else if let data = FileManager.default.contents(atPath: path) {
      text = String(decoding: data, as: UTF8.self)
    } else {
      Output.error("\(name): error: cannot read the script (no such file, or no permission)")
      return .usage
    }
    let script: Script
    do {
      script = try Script(parsing: text)
    } catch {
      Output.error("\(name):\(error.line): error: \(error.message)")
      return .usage
    }

    let clock = VirtualScheduler()
    let navigator: Navigator
    switch start(screen, arguments: arguments, registry: registry, scheduler: clock) {
    case .success(let opened): navigator = opened
    case .failure(let code): return code
    }
    let width = arguments.width ?? 80
    let runner = ScriptRunner(navigator: navigator, clock: clock, options: RenderOptions(width: width))
    let watcher = arguments.watch ? ScreenWatcher(navigator: navigator) : nil
    await navigator.settle()
    Output.write(ScriptRunner.heading("start \(screen)") + runner.frame())
    for (line, command) in script.commands {
      if command == .quit { break }
      do {
        try await runner.run(command, line: line)
      } catch {
        Output.error("\(name):\(error.line): error: \(error.message)")
        return .usage
      }
      if let watcher, watcher.reloadIfChanged() { await navigator.settle() }
      Output.write(ScriptRunner.heading(command.description) + runner.frame())
    }
    if let error = navigator.current?.error {
      Output.error("\(navigator.current?.spec.file ?? screen): error: \(error)")
      return .failure
    }
    return .ok
  }

  /// Runs full screen until the user quits.
  @MainActor
  static func runInteractive(_ screen: String, arguments: Arguments, registry: PluginRegistry) async -> ExitCode {
    let navigator: Navigator
    switch start(screen, arguments: arguments, registry: registry, scheduler: RealScheduler()) {
    case .success(let opened): navigator = opened
    case .failure(let code): return code
    }
    let session = InteractiveSession(navigator: navigator)
    var watcher: ScreenWatcher?
    if arguments.watch {
      watcher = ScreenWatcher(navigator: navigator)
      watcher?.poll(every: .milliseconds(200))
    }
    let ending = await session.run()
    watcher?.stop()
    switch ending {
    case .ok: return .ok
    case .interrupted: return .interrupted
    case .terminated: return .terminated
    case .noTerminal:
      Output.error("screenrun: error: the interactive mode needs a terminal; use --once or --script")
      return .usage
    }
  }
}
