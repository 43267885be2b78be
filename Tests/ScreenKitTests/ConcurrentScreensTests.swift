import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime

/// Nothing in a screen's model or its renderer needs the main actor: screens run side by side on
/// a task group, on as many threads as there are, and each draws what it draws alone.
@Suite("Screens side by side")
struct ConcurrentScreensTests {
  static let script = """
    type Item 1
    wait 500
    next
    key Down
    key Enter
    back
    search Item 3
    key End
    open 2
    key Escape
    reload
    """

  let folder = try! ScreenFolder([
    "books.json":
      #"{"kind": "list", "title": "Books", "source": {"plugin": "books", "resource": "books"}, "search": {"param": "q", "debounceMs": 500}, "paging": {"pageSize": 5, "prefetch": 1}, "row": {"title": "{name}"}, "select": {"screen": "book.json", "params": {"id": "{id}"}}}"#,
    "book.json":
      #"{"kind": "detail", "title": "{name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": [{"type": "fields", "fields": [{"label": "Id", "value": "{id}"}]}]}"#,
  ])

  /// Runs the script on a screen of its own, with its own data source and clock: every frame.
  static func run(_ screen: String) async throws -> String {
    let clock = VirtualScheduler()
    let navigator = Navigator(
      loader: ScreenLoader(registry: PluginRegistry([TestPlugins.books(CountingSource(count: 45))]), kinds: .standard),
      context: PluginContext(), scheduler: clock)
    let runner = ScriptRunner(navigator: navigator, clock: clock, options: RenderOptions(width: 40))
    try navigator.open(screen)
    await navigator.settle()
    var output = runner.frame()
    for (line, command) in try Script(parsing: script, kinds: .standard).commands {
      try await runner.run(command, line: line)
      output += runner.heading(command.description) + runner.frame()
    }
    return output
  }

  @Test func screensRunSideBySideAndDrawWhatTheyDrawAlone() async throws {
    let screen = folder.file("books.json")
    let alone = try await Self.run(screen)
    #expect(alone.contains("$ open 2\nItem 30\n"))
    let together = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<8 { group.addTask { try await Self.run(screen) } }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }
    #expect(together.count == 8)
    for output in together { #expect(output == alone) }
  }

  /// View models on test stores, side by side: each sees only its own answers.
  @Test func testStoresRunSideBySide() async {
    await withTaskGroup(of: Void.self) { group in
      for index in 1...8 {
        group.addTask {
          let store = TestStore(
            ListViewModel(
              source: CountingSource(count: 45),
              configuration: .init(resource: "books", parameters: [:], search: nil, paging: .default)))
          store.send(.appear) {
            $0.status = .loading
            $0.activeQuery = ""
            $0.generation = 1
          }
          await store.receive(where: { if case .pageLoaded = $0 { true } else { false } }) {
            $0.status = .loaded
            $0.records = (1...20).map { ["id": .int($0), "name": .string("Item \($0)")] }
            $0.total = 45
            $0.next = PageCursor("20")
            $0.pagesLoaded = 1
            $0.attribution = "Test data"
          }
          store.send(.moveSelection(to: index)) { $0.selection = index }
          await store.finish()
        }
      }
    }
  }
}
