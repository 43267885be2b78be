import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenText

@Suite("Text renderer")
struct RendererTests {
  static let listScreen = """
    {
      "kind": "list",
      "title": "Books on {params.shelf}",
      "source": { "plugin": "books", "resource": "books", "params": { "shelf": "{params.shelf}" } },
      "search": { "param": "q", "placeholder": "Search books" },
      "row": { "title": "{name}", "subtitle": "{pages|number|default:\\"?\\"} pages · {lang|upper}" },
      "empty": "No book starts with '{query}'.",
      "footer": "{meta.attribution}"
    }
    """

  static let detailScreen = """
    {
      "kind": "detail",
      "title": "{name}",
      "source": { "plugin": "books", "resource": "book", "params": { "id": "{params.id}" } },
      "sections": [
        { "type": "image", "label": "Cover", "value": "{cover.path}/large.{cover.extension}" },
        { "type": "text", "value": "{description}", "empty": "No description." },
        { "type": "fields", "header": "Facts", "fields": [
          { "label": "Pages", "value": "{pages|number}" },
          { "label": "Published", "value": "{published|date|default:\\"unknown\\"}" },
          { "label": "Translated title", "value": "{translated|default:\\"-\\"}" }
        ] },
        { "type": "list", "header": "Chapters", "items": "chapters", "row": "{title}", "empty": "No chapters.", "limit": 3 }
      ],
      "footer": "{meta.attribution}"
    }
    """

  static let books: [JSON] = [
    ["id": 1, "name": "The Left Hand of Darkness", "pages": 304, "lang": "en"],
    ["id": 2, "name": "東京タワー 〜オカンとボクと、時々、オトン〜", "pages": 453, "lang": "ja"],
    ["id": 3, "name": "Emoji 🦸‍♀️ Heroes and a title long enough to be cut at any width", "pages": nil, "lang": "en"],
    ["id": 4, "name": "\u{1B}[31mRed\u{1B}[0m \u{7}Bell", "pages": 1_200, "lang": "xx\u{1B}]0;pwned\u{7}"],
  ]

  static let book: JSON = [
    "id": 2,
    "name": "東京タワー",
    "cover": ["path": "http://example.com/covers/2", "extension": "jpg"],
    "description":
      "A son remembers his mother.\r\nIt was a best seller in 2006, and a film in 2007; this sentence is long so that it wraps.",
    "pages": 453,
    "published": "2005-06-28T00:00:00+0900",
    "chapters": [["title": "One"], ["title": "Two"], ["title": "Three"], ["title": "Four"]],
  ]

  let folder: ScreenFolder
  let loader = ScreenLoader(registry: PluginRegistry([TestPlugins.books()]), kinds: .standard)

  init() throws {
    folder = try ScreenFolder(["books.json": Self.listScreen, "book.json": Self.detailScreen])
  }

  func list(_ configure: (inout ListViewModel.State) -> Void, selection: Int? = nil) throws -> ScreenState {
    var state = ListViewModel.State()
    configure(&state)
    return ScreenState(
      spec: try loader.load(folder.file("books.json")), parameters: ["shelf": "the top shelf"],
      content: .of(ListKind.self, state), selection: selection)
  }

  func loaded(_ state: inout ListViewModel.State) {
    state.status = .loaded
    state.activeQuery = ""
    state.records = Self.books
    state.total = 1_562
    state.next = PageCursor("4")
    state.pagesLoaded = 1
    state.attribution = "Data provided by the test shelf. © 2026"
  }

  func detail(_ status: DetailViewModel.State.Status, record: JSON? = book) throws -> ScreenState {
    var state = DetailViewModel.State()
    state.status = status
    state.record = record
    state.attribution = "Data provided by the test shelf. © 2026"
    return ScreenState(
      spec: try loader.load(folder.file("book.json")), parameters: ["id": "2"], content: .of(DetailKind.self, state))
  }

  @Test(arguments: [40, 80, 120])
  func loadedList(width: Int) throws {
    let frame = TextRenderer.render(try list(loaded), options: RenderOptions(width: width))
    assertSnapshot(frame, named: "list-loaded-\(width)")
    for line in frame.split(separator: "\n") { #expect(TextWidth.width(of: line) <= width, "\(line)") }
    #expect(!frame.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
  }

  @Test func emptySearch() throws {
    let screen = try list { state in
      state.status = .loaded
      state.query = "zzz"
      state.activeQuery = "zzz"
      state.total = 0
    }
    assertSnapshot(TextRenderer.render(screen), named: "list-empty-search")
  }

  @Test func loadingAndErrors() throws {
    let loading = try list { $0.status = .loading }
    assertSnapshot(TextRenderer.render(loading), named: "list-loading")
    let failed = try list {
      $0.status = .error(.server(status: 409, "409 nameStartsWith cannot be blank if it is set"))
    }
    assertSnapshot(TextRenderer.render(failed), named: "list-error")
    let failedMore = try list { state in
      loaded(&state)
      state.status = .error(.transport("connection refused by 127.0.0.1"))
    }
    assertSnapshot(TextRenderer.render(failedMore), named: "list-error-after-rows")
  }

  @Test func interactiveViewportFollowsTheSelection() throws {
    let screen = try list(
      { state in
        loaded(&state)
        state.records = (1...50).map { ["name": .string("Book \($0)"), "pages": .int($0 * 10), "lang": "en"] }
        state.isLoadingNextPage = true
      }, selection: 30)
    let frame = TextRenderer.render(screen, options: RenderOptions(width: 60, height: 20))
    assertSnapshot(frame, named: "list-interactive-selection-30")
    // 20 lines, each ending in a newline.
    #expect(frame.split(separator: "\n", omittingEmptySubsequences: false).count == 21)
  }

  @Test(arguments: [40, 80, 120])
  func detailFrame(width: Int) throws {
    let frame = TextRenderer.render(try detail(.loaded), options: RenderOptions(width: width))
    assertSnapshot(frame, named: "detail-\(width)")
    for line in frame.split(separator: "\n") { #expect(TextWidth.width(of: line) <= width, "\(line)") }
  }

  @Test func detailEmptiesLoadingAndError() throws {
    let sparse: JSON = ["id": 5, "name": "Untitled", "description": nil, "chapters": []]
    assertSnapshot(TextRenderer.render(try detail(.loaded, record: sparse)), named: "detail-empty-values")
    assertSnapshot(TextRenderer.render(try detail(.loading, record: nil)), named: "detail-loading")
    assertSnapshot(
      TextRenderer.render(try detail(.error(.server(status: 404, "We couldn't find that character")), record: nil)),
      named: "detail-error")
  }

  @Test func rendersTheSameForTheSameState() throws {
    let screen = try list(loaded)
    #expect(TextRenderer.render(screen) == TextRenderer.render(screen))
  }
}
