import FoundationEssentials
import PluginHost
import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenSystem
import ScreenTerminal

extension ScreenRunCommand {
  /// Opens the first screen, or says why it cannot be opened (exit 2 for the screen or its
  /// parameters, 1 for a data source that cannot start).
  @MainActor
  static func start(
    _ run: RunCommand, registry: PluginRegistry, scheduler: any Scheduler = VirtualScheduler(),
    monitor: SourceMonitor = SourceMonitor(trace: TraceFile.line)
  ) -> Result<Navigator, ExitCode> {
    var loader = ScreenLoader(registry: registry, kinds: .standard)
    // Whole records for the formats that print them whole, and for --explain, so that the fields
    // a screen does not read show too (a misspelt one among them).
    loader.wholeRecords = run.output?.keepsWholeRecords ?? run.explains
    loader.streamsRecords = run.output != nil
    let navigator = Navigator(
      loader: loader, context: run.data.pluginContext(environment: environment), scheduler: scheduler, monitor: monitor)
    navigator.startingQuery = run.query
    do {
      try navigator.open(run.screen, parameters: run.parameters)
      if let problem = navigator.startingQueryProblem {
        Output.error("screenrun: error: --query: \(problem)")
        return .failure(.usage)
      }
      return .success(navigator)
    } catch {
      Output.error(error.description)
      if case .dataSource = error { return .failure(.failure) }
      return .failure(.usage)
    }
  }

  /// How a run that printed what it had to ends: 1, with the error said on stderr, when the
  /// current screen ended in one (`file` names it), else 0.
  @MainActor
  static func ending(_ navigator: Navigator, file: String) -> ExitCode {
    guard let error = navigator.current?.error else { return .ok }
    Output.error("\(file): error: \(error)")
    return .failure
  }

  /// The process's environment, read once (`ProcessEnvironment`, from `environ`).
  static let environment = ProcessEnvironment.current()

  /// Runs a script: one frame after each command, each headed by the command.
  @MainActor
  static func runScript(_ run: RunCommand, script path: String, registry: PluginRegistry) async -> ExitCode {
    let name = path == "-" ? "<stdin>" : path
    // Lines are read as they are run, so a script on a pipe can be written one command at a
    // time (an editor's `--watch` loop), and a bad line stops the run after the frames before it.
    let nextLine: () -> String?
    if path == "-" {
      nextLine = { readLine(strippingNewline: true) }
    } else {
      // Only a regular file: a FIFO or a device is refused, never opened (`--script -` streams).
      switch RegularFile.contents(of: path, limit: 64 << 20) {
      case .success(let data):
        var lines = String(decoding: data, as: UTF8.self)
          .split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }[...]
        nextLine = { lines.popFirst().map(String.init) }
      case .failure(let problem):
        var message = problem.message(expecting: "a script file")
        if problem == .missing { message = "cannot read the script (no such file)" }
        if problem == .fifo { message += "; to stream a script, pipe it to --script -" }
        Output.error("\(name): error: \(message)")
        return .usage
      }
    }

    let clock = VirtualScheduler()
    let navigator: Navigator
    switch start(run, registry: registry, scheduler: clock) {
    case .success(let opened): navigator = opened
    case .failure(let code): return code
    }
    navigator.showsStatus = run.status
    let width = run.width ?? 80
    let runner = ScriptRunner(
      navigator: navigator, clock: clock,
      options: RenderOptions(width: width, height: run.height, glyphs: run.glyphs))
    let watcher = run.watch ? ScreenWatcher(navigator: navigator, registry: registry) : nil
    await navigator.settle()
    let theme = Theme.resolve(run.color, interactive: false, environment: environment)
    Output.write(runner.frameValue(), theme: theme, heading: runner.heading("start \(run.screen)"))
    var number = 0
    while let text = nextLine() {
      number += 1
      do {
        guard let command = try Script.command(fromLine: text, number: number, kinds: navigator.kinds) else { continue }
        if command == .quit { break }
        try await runner.run(command, line: number)
        if let watcher, watcher.reloadIfChanged() { await navigator.settle() }
        Output.write(runner.frameValue(), theme: theme, heading: runner.heading(command.description))
      } catch {
        Output.error("\(name):\(error.line): error: \(error.message)")
        return .usage
      }
    }
    return ending(navigator, file: navigator.current?.spec.file ?? run.screen)
  }

  /// Runs full screen until the user quits.
  @MainActor
  static func runInteractive(_ run: RunCommand, registry: PluginRegistry) async -> ExitCode {
    let navigator: Navigator
    switch start(run, registry: registry, scheduler: RealScheduler()) {
    case .success(let opened): navigator = opened
    case .failure(let code): return code
    }
    navigator.showsStatus = true
    let watcher = run.watch ? ScreenWatcher(navigator: navigator, registry: registry) : nil
    let session = InteractiveSession(navigator: navigator, watcher: watcher, glyphs: run.glyphs, color: run.color)
    let ending = await session.run()
    switch ending {
    case .ok: return .ok
    case .noTerminal:
      Output.error("screenrun: error: the interactive mode needs a terminal; use --once or --script")
      return .usage
    }
  }
}

extension ScreenRunCommand {
  /// The screen file a run names: the path as given, or, for a bare file name (no `/`) that is
  /// not in the current folder, the shipped screen of that name installed beside the binary
  /// (`PREFIX/share/screenrun/screens`, as the README's install puts them), so that
  /// `screenrun characters.json` runs from any folder. Anything else is the path as given, and
  /// its problem is said as it is.
  static func installedScreen(_ path: String, executable: String? = SystemError.executablePath) -> String {
    guard !path.contains("/"), !path.isEmpty, RegularFile.problem(at: path) == .missing, let executable else {
      return path
    }
    let binary = FileSystem.resolvingLinks(FileSystem.standardized(executable)).deletingLastPathComponent
    let installed = binary.deletingLastPathComponent.appendingPath("share/screenrun/screens").appendingPath(path)
    return RegularFile.problem(at: installed) == nil ? installed : path
  }
}
