import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime

/// Hot reload: edits to open screen files apply at once, keeping what the user has loaded.
@Suite("Navigator reload")
struct NavigatorReloadTests {
  static let screen =
    #"{"kind": "list", "title": "Books", "source": {"plugin": "books", "resource": "books"}, "search": {"param": "q", "debounceMs": 0}, "row": {"title": "{name}"}, "select": {"screen": "book.json", "params": {"id": "{id}"}}}"#
  static let book =
    #"{"kind": "detail", "title": "{name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": []}"#

  let source = CountingSource(count: 45)
  let folder: ScreenFolder
  let navigator: Navigator

  init() throws {
    folder = try ScreenFolder(["books.json": Self.screen, "book.json": Self.book])
    navigator = Navigator(
      loader: ScreenLoader(registry: PluginRegistry([TestPlugins.books(source)]), kinds: .standard),
      context: PluginContext(),
      scheduler: VirtualScheduler())
  }

  func frame() -> String { TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 60)) }

  func openAndSearch() async throws -> ListKind.State {
    try navigator.open(folder.file("books.json"))
    navigator.sendToCurrent(ListKind.self, .search("Item 1"))
    await navigator.settle()
    navigator.sendToCurrent(ListKind.self, .loadNextPage)
    await navigator.settle()
    navigator.sendToCurrent(ListKind.self, .highlight(3))
    return try #require(navigator.state(of: ListKind.self))
  }

  @Test func aTemplateEditKeepsQueryRowsAndSelection() async throws {
    let model = try await openAndSearch()
    let requests = source.pageRequests.count
    #expect(navigator.files == [folder.file("books.json"), folder.file("book.json")])
    try folder.write(
      "books.json", Self.screen.replacingOccurrences(#""title": "{name}""#, with: #""title": "{name|upper} #{id}""#))
    navigator.reloadScreens()
    await navigator.settle()
    let same = try #require(navigator.state(of: ListKind.self))
    #expect(same == model)
    #expect(source.pageRequests.count == requests)  // nothing asked again
    #expect(same.selection == 3)
    #expect(frame().contains("1. ITEM 1 #1"))
    #expect(frame().contains("Search: Item 1"))
  }

  @Test func aSourceEditLoadsAgainWithTheSameQuery() async throws {
    _ = try await openAndSearch()
    let edited = Self.screen.replacingOccurrences(
      #""resource": "books"}"#, with: #""resource": "books", "params": {"shelf": "top"}}"#)
    try folder.write("books.json", edited)
    navigator.reloadScreens()
    await navigator.settle()
    #expect(source.pageRequests.last?.parameters == ["q": "Item 1", "shelf": "top"])
    #expect(frame().contains("Search: Item 1"))
    #expect(navigator.state(of: ListKind.self)?.selection == 3)  // carried over
  }

  @Test func aBrokenEditShowsTheErrorAndKeepsTheLastGoodScreen() async throws {
    _ = try await openAndSearch()
    try folder.write("books.json", Self.screen.replacingOccurrences("{name}", with: "{name|uper}"))
    navigator.reloadScreens()
    let broken = TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 300))
    #expect(broken.hasPrefix("! " + folder.file("books.json") + ":1:"))
    #expect(broken.contains("unknown filter 'uper'; did you mean 'upper'?"))
    #expect(broken.contains("! the screen below is the last one that loaded"))
    #expect(broken.contains(" 1. Item 1"))
    try folder.write("books.json", Self.screen)
    navigator.reloadScreens()
    #expect(!frame().contains("! "))
    #expect(navigator.reloadError == nil)
  }

  @Test func aBrokenTargetCountsToo() async throws {
    _ = try await openAndSearch()
    try folder.write("book.json", "{")
    navigator.reloadScreens()
    #expect(navigator.reloadError?.diagnostics.first?.file == folder.file("book.json"))
  }
}
