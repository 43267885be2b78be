import PluginHost
import ScreenKinds
import ScreenKit
import ScreenRuntime

/// Drives screens the way `screenrun --script` does, on a virtual clock, and gives the frame
/// once each step has settled: for snapshot tests of a plugin's screens.
///
///     let driver = ScreenDriver(plugins: [BooksPlugin.plugin])
///     try await driver.open("Screens/books.json")
///     try await driver.run("search dune")
///     assertSnapshot(driver.frame(), named: "books-dune")
///
/// It is a `@MainActor` final class (not `Sendable`): make and use it in a `@MainActor` test.
/// Its methods are `async` where a screen loads, and each returns once the screen has settled,
/// with no sleep.
@MainActor
public final class ScreenDriver {
  /// The screens opened so far, as a stack; what `open` and `run` drive.
  package let navigator: Navigator
  /// The virtual clock the screens' debounce and `wait` run on: `wait 600` takes no wall time.
  package let clock: VirtualScheduler
  /// The columns each frame is drawn in.
  public let width: Int
  private let runner: ScriptRunner

  /// A driver over `plugins` in `context`'s data mode (sample by default), drawing `width` columns,
  /// whose screens may be of every kind screenrun ships: `@MainActor init(plugins: [Plugin],
  /// context: PluginContext = PluginContext(), width: Int = 80)`.
  ///
  /// Only `plugins` are registered: no shipped plugin, no external one. Each is made with
  /// `context`, whose `mode` is `.sample` and whose `environment` is empty unless given:
  /// `PluginContext(mode: .live, environment: ["BOOKS_API_URL": server])` tests a live source
  /// against a local server, and nothing is read from the process environment.
  public convenience init(plugins: [Plugin], context: PluginContext = PluginContext(), width: Int = 80) {
    self.init(plugins: plugins, kinds: .standard, context: context, width: width)
  }

  /// A driver whose screens may be the kinds of `kinds`: the registry is passed in, never read
  /// from a global.
  package init(plugins: [Plugin], kinds: KindRegistry, context: PluginContext = PluginContext(), width: Int = 80) {
    clock = VirtualScheduler()
    navigator = Navigator(
      loader: ScreenLoader(registry: PluginRegistry(plugins), kinds: kinds), context: context, scheduler: clock)
    self.width = width
    runner = ScriptRunner(navigator: navigator, clock: clock, options: RenderOptions(width: width))
  }

  /// Opens the screen file at `path` with navigation `parameters`, and waits until it settles:
  /// `@MainActor func open(_ path: String, parameters: [String: String] = [:]) async throws`.
  ///
  /// `path` is relative to the current folder (the package's root under `swift test`), or
  /// absolute. `parameters` are what `--param KEY=VALUE` gives on the command line: the screen
  /// reads them as `{params.KEY}` (a detail screen's `{params.id}`). It throws what the screen
  /// loader finds (a missing file, a located error in it); a data error is not thrown but shown
  /// in the frame, as the command line shows it.
  ///
  ///     try await driver.open("Screens/book.json", parameters: ["id": "7"])
  public func open(_ path: String, parameters: [String: String] = [:]) async throws {
    try navigator.open(path, parameters: parameters)
    await navigator.settle()
  }

  /// Runs script commands (`search dune`, `next`, `open 2`, `back`, …, one a line), each
  /// waiting until the screen settles: `@MainActor func run(_ script: String) async throws`.
  /// It throws at a command that cannot run (`open 99` on a list of 20), as a script stops.
  public func run(_ script: String) async throws {
    for (line, command) in try runner.script(script).commands {
      try await runner.run(command, line: line)
    }
  }

  /// The current screen's frame, as `screenrun --once` prints it: `@MainActor func frame() ->
  /// String`.
  public func frame() -> String {
    runner.frame()
  }
}
