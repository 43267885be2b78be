import ScreenKit

/// Drives screens the way `screenrun --script` does, on a virtual clock, and gives the frame
/// once each step has settled: for snapshot tests of a plugin's screens.
///
///     let driver = ScreenDriver(plugins: [BooksPlugin.plugin])
///     try await driver.open("Screens/books.json")
///     try await driver.run("search dune")
///     assertSnapshot(driver.frame(), named: "books-dune")
@MainActor
public final class ScreenDriver {
  public let navigator: Navigator
  public let clock: VirtualScheduler
  public let width: Int
  private let runner: ScriptRunner

  /// A driver over `plugins` in `context`'s data mode (sample by default), drawing `width` columns.
  public init(plugins: [Plugin], context: PluginContext = PluginContext(), width: Int = 80) {
    clock = VirtualScheduler()
    navigator = Navigator(loader: ScreenLoader(registry: PluginRegistry(plugins)), context: context, scheduler: clock)
    self.width = width
    runner = ScriptRunner(navigator: navigator, clock: clock, options: RenderOptions(width: width))
  }

  /// Opens the screen file at `path` with navigation `parameters`, and waits until it settles.
  public func open(_ path: String, parameters: [String: String] = [:]) async throws {
    try navigator.open(path, parameters: parameters)
    await navigator.settle()
  }

  /// Runs script commands (`search dune`, `next`, `open 2`, `back`, …, one a line), each
  /// waiting until the screen settles.
  public func run(_ script: String) async throws {
    for (line, command) in try Script(parsing: script).commands {
      try await runner.run(command, line: line)
    }
  }

  /// The current screen's frame, as `screenrun --once` prints it.
  public func frame() -> String {
    runner.frame()
  }
}
