import ScreenFormat
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal
@testable import ScreenText

/// The keys of each kind, pressed through the navigator as the interactive loop does, with no
/// terminal: what a key does is the kind's business, and the loop only reads keys and draws.
@Suite("Key bindings")
struct KeyBindingTests {
  static let books =
    #"{"kind": "list", "title": "Books", "source": {"plugin": "books", "resource": "books"}, "search": {"param": "q", "debounceMs": 500}, "row": {"title": "{name}"}, "select": {"screen": "book.json", "params": {"id": "{id}"}}}"#
  static let book =
    #"{"kind": "detail", "title": "{name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": [{"type": "fields", "fields": [{"label": "Id", "value": "{id}"}, {"label": "Name", "value": "{name}"}, {"label": "A", "value": "a"}, {"label": "B", "value": "b"}, {"label": "C", "value": "c"}, {"label": "D", "value": "d"}, {"label": "E", "value": "e"}, {"label": "F", "value": "f"}]}]}"#

  let source = CountingSource(count: 45)
  let clock = VirtualScheduler()
  let folder: ScreenFolder
  let navigator: Navigator
  /// Room for 10 rows of a list (7 lines go to its title, search, rules, position and help).
  let viewport = Viewport(columns: 40, rows: 17)

  init() throws {
    folder = try ScreenFolder(["books.json": Self.books, "book.json": Self.book])
    navigator = Navigator(
      loader: ScreenLoader(registry: PluginRegistry([TestPlugins.books(source)]), kinds: .standard),
      context: PluginContext(),
      scheduler: clock)
    try navigator.open(folder.file("books.json"))
  }

  var list: ListViewModel.State? { navigator.state(of: ListKind.self) }
  var detail: DetailViewModel.State? { navigator.state(of: DetailKind.self) }

  func press(_ keys: Key..., viewport: Viewport? = nil) async -> KeyOutcome {
    var outcome = KeyOutcome.handled
    for key in keys { outcome = navigator.press(key, viewport: viewport ?? self.viewport) }
    await navigator.settle()
    return outcome
  }

  /// q is a pager's: back where letters do not type, and quit from the first screen; Esc with a
  /// search typed clears it first (issue 39).
  @Test func qGoesBackOrQuitsWhereLettersDoNotTypeAndEscClearsASearchFirst() async throws {
    await navigator.settle()
    _ = await press(.character("q"))
    #expect(list?.query == "q", "a list with a search types q")
    #expect(await press(.escape) == .handled)
    #expect(list?.query == "", "Esc clears the search")
    #expect(navigator.stack.count == 1)
    _ = await press(.enter)
    #expect(navigator.stack.count == 2)
    _ = await press(.character("q"))
    #expect(navigator.stack.count == 1, "q on a detail screen goes back")
    let detailFirst = Navigator(
      loader: ScreenLoader(registry: PluginRegistry([TestPlugins.books(source)]), kinds: .standard),
      context: PluginContext(), scheduler: clock)
    try detailFirst.open(folder.file("book.json"), parameters: ["id": "1"])
    await detailFirst.settle()
    #expect(detailFirst.press(.character("q"), viewport: viewport) == .quit, "q on the first screen quits")
  }

  @Test func keyNamesAsAScriptGivesThem() {
    #expect(Key(name: "Down") == .down)
    #expect(Key(name: "pageup") == .pageUp)
    #expect(Key(name: "Enter") == .enter)
    #expect(Key(name: "Esc") == .escape)
    #expect(Key(name: "Tab") == .tab)
    #expect(Key(name: "Shift-Tab") == .backTab)
    #expect(Key(name: "Space") == .character(" "))
    #expect(Key(name: "Ctrl-R") == .control("r"))
    #expect(Key(name: "ctrl+n") == .control("n"))
    #expect(Key(name: "x") == .character("x"))
    #expect(Key(name: "é") == .character("é"))
    for name in ["Dwn", "Ctrl-1", "Ctrl-", "", " ", "xy"] { #expect(Key(name: name) == nil, "\(name)") }
    for key in [Key.up, .pageDown, .home, .end, .backspace, .control("r"), .character(" "), .character("q")] {
      #expect(Key(name: key.description) == key, "\(key)")
    }
  }

  @Test func arrowsPagingHomeAndEndMoveTheHighlight() async {
    await navigator.settle()
    #expect(await press(.down, .down, .control("n")) == .handled)
    #expect(list?.selection == 3)
    _ = await press(.up, .control("p"))
    #expect(list?.selection == 1)
    _ = await press(.pageDown)
    #expect(list?.selection == 11)
    _ = await press(.pageUp, .pageUp)
    #expect(list?.selection == 0)
    #expect(source.pageRequests.count == 1)
    _ = await press(.end)  // the last row is near the end: the next page comes
    #expect(list?.selection == 19)
    #expect(list?.records.count == 40)
    _ = await press(.home)
    #expect(list?.selection == 0)
    #expect(
      TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 40, height: 17)).contains(
        "›  1. Item 1"))
  }

  @Test func typingSearchesAfterTheDebounceAndBackspaceEdits() async {
    await navigator.settle()
    _ = await press(.down, .down)
    _ = await press(
      .character("I"), .character("t"), .character("e"), .character("m"), .character(" "), .character("4"))
    #expect(list?.query == "Item 4")
    #expect(list?.selection == 0)  // a new query starts at the top
    clock.advance(by: .milliseconds(500))
    await navigator.settle()
    #expect(list?.records.count == 7)
    _ = await press(.backspace)
    #expect(list?.query == "Item ")
    #expect(source.pageRequests.count == 2)
  }

  @Test func enterOpensTheHighlightedRowAndEscapeGoesBack() async {
    await navigator.settle()
    _ = await press(.down, .down, .enter)
    #expect(navigator.stack.count == 2)
    #expect(navigator.current?.parameters == ["id": "3"])
    #expect(detail?.record?["name"] == "Item 3")
    #expect(await press(.escape) == .handled)
    #expect(navigator.stack.count == 1)
    _ = await press(.enter)
    #expect(await press(.left) == .handled)
    #expect(await press(.escape) == .message("This is the first screen. Ctrl-C quits."))
    #expect(await press(.control("c")) == .quit)
    #expect(await press(.control("d")) == .quit)
    #expect(navigator.stack.count == 1)
  }

  @Test func aDetailScrollsWithinItsBodyAndReloads() async throws {
    await navigator.settle()
    try navigator.select(1)
    await navigator.settle()
    // The whole frame is 11 lines (title, rule, 8 fields, rule): 8 rows of room scroll it by 4 at
    // most, and a page is the 4 lines of body the frame shows (8 rows less the title and its rule,
    // and the rule and key help below).
    let small = Viewport(columns: 40, rows: 8)
    _ = await press(.down, viewport: small)
    #expect(detail?.scroll == 1)
    _ = await press(.enter, .control("n"), viewport: small)
    #expect(detail?.scroll == 3)
    _ = await press(.pageDown, viewport: small)
    #expect(detail?.scroll == 4)
    _ = await press(.up, viewport: small)
    #expect(detail?.scroll == 3)
    _ = await press(.home, viewport: small)
    #expect(detail?.scroll == 0)
    _ = await press(.character(" "), viewport: small)
    #expect(detail?.scroll == 4)
    _ = await press(.pageUp, viewport: small)
    #expect(detail?.scroll == 0)
    let frame = TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 40, height: 8))
    #expect(frame.hasPrefix("Item 2\n"))
    _ = await press(.control("r"))
    #expect(source.recordRequests.count == 2)
    #expect(detail?.status == .loaded)
  }

  @Test("a detail scrolled in a small terminal and then made taller moves at the first ↑, from where it shows")
  func aDetailsScrollIsClampedAfterAResize() async throws {
    await navigator.settle()
    try navigator.select(1)
    await navigator.settle()
    let small = Viewport(columns: 40, rows: 8)
    _ = await press(.pageDown, viewport: small)
    #expect(detail?.scroll == 4)
    // 10 rows show 6 lines of the 8 fields: the body can scroll by 2 at most, and is shown so.
    let taller = Viewport(columns: 40, rows: 10)
    let shown = TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 40, height: 10))
    #expect(shown.contains("C ") && !shown.contains("Name"), "\(shown)")
    _ = await press(.up, viewport: taller)
    #expect(detail?.scroll == 1, "one line up from the 2 it shows, not from the 4 it kept")
    _ = await press(.down, .down, .down, viewport: taller)
    #expect(detail?.scroll == 2)
  }

  @Test func tabFocusesADetailsLinksInScreenOrderAndEnterOpensTheFocusedOne() async throws {
    let linked =
      #"{"kind": "detail", "title": "{name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": [{"type": "link", "label": "Ten times", "select": {"screen": "book.json", "params": {"id": "{id}0"}}}, {"type": "fields", "fields": [{"label": "A", "value": "a"}, {"label": "B", "value": "b"}, {"label": "C", "value": "c"}, {"label": "D", "value": "d"}, {"label": "E", "value": "e"}, {"label": "F", "value": "f"}]}, {"type": "link", "label": "Eleven times", "select": {"screen": "book.json", "params": {"id": "{id}{id}"}}}]}"#
    let folder = try ScreenFolder(["linked.json": linked, "book.json": Self.book])
    try navigator.open(folder.file("linked.json"), parameters: ["id": "2"])
    await navigator.settle()
    let small = Viewport(columns: 40, rows: 8)
    _ = await press(.down, viewport: small)
    #expect(detail?.focus == nil && detail?.scroll == 1)
    let depth = navigator.stack.count
    _ = await press(.enter, viewport: small)
    #expect(detail?.focus == 0, "Enter with no focus and two links focuses the first")
    #expect(detail?.scroll == 0, "scrolled back to the first link")
    #expect(navigator.stack.count == depth, "and opens nothing yet")
    let footer = TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 80, height: 8))
    #expect(footer.contains("Tab link · Enter open"), "\(footer)")
    _ = await press(.tab, viewport: small)
    #expect(detail?.focus == 1)
    #expect(detail?.scroll == 6, "scrolled to show the last link, line 9 of the body, in a body of 4 rows")
    let frame = TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 40, height: 8))
    #expect(frame.contains("› → Eleven times"), "\(frame)")
    _ = await press(.tab, viewport: small)
    #expect(detail?.focus == 0, "round the screen")
    _ = await press(.backTab, viewport: small)
    #expect(detail?.focus == 1)
    _ = await press(.enter, viewport: small)
    #expect(navigator.current?.parameters == ["id": "22"])
    #expect(detail?.record?["name"] == "Item 22")
    _ = await press(.escape)
    #expect(detail?.focus == 1, "the focus is kept")
    try navigator.select(0)
    await navigator.settle()
    #expect(navigator.current?.parameters == ["id": "20"])
    _ = await press(.escape)
    #expect(throws: NavigationError.self) { try navigator.select(2) }
  }

  @Test func questionMarkShowsTheKindsKeysFromItsBindingsAndAnyKeyClosesThem() async throws {
    await navigator.settle()
    _ = await press(.character("?"))
    #expect(navigator.showsHelp, "? with an empty query is the help")
    #expect(list?.query == "")
    let help = TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 100, height: 30))
    #expect(help.hasPrefix("Keys of a list screen\n"), "\(help)")
    // The first screen: Esc goes nowhere, so the help does not offer it (issue 39).
    #expect(!help.contains("go back to the screen before"), "\(help)")
    #expect(help.contains("Ctrl-C, Ctrl-D"), "\(help)")
    // The keys that work on this screen now: a list with a search, and no preview.
    let lines = try #require(navigator.current).keyHelp(in: Viewport(columns: 100, rows: 30), canGoBack: false)
    #expect(lines.count >= 10, "\(lines)")
    for line in lines { #expect(help.contains(line.keys) && help.contains(line.does), "\(line)") }
    for absent in ["j, k", "g, G", "Ctrl-T", "q "] { #expect(!help.contains(absent), "\(absent) in: \(help)") }
    #expect(help.contains("Up, Ctrl-P"))
    #expect(help.contains("Enter"))
    // Any key but those that scroll it (it is taller than the terminal) closes it, and does
    // nothing else: Enter opens no row.
    _ = await press(.down)
    #expect(navigator.showsHelp)
    _ = await press(.enter)
    #expect(!navigator.showsHelp)
    #expect(list?.selection == 0)
    #expect(navigator.stack.count == 1)
    // With a query typed, ? is a character of it.
    _ = await press(.character("a"), .character("?"))
    #expect(!navigator.showsHelp)
    #expect(list?.query == "a?")
    // On a detail screen, ? is always the help; Ctrl-C quits from the help.
    try navigator.select(0)
    await navigator.settle()
    _ = await press(.character("?"))
    #expect(navigator.showsHelp)
    let detailHelp = TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 100))
    #expect(detailHelp.hasPrefix("Keys of a detail screen\n"), "\(detailHelp)")
    // A pager's keys, where no search takes letters (issue 39).
    #expect(detailHelp.contains("j, k "), "\(detailHelp)")
    #expect(detailHelp.contains("g, G "), "\(detailHelp)")
    #expect(await press(.control("c")) == .quit)
  }

  @Test func enterWhileATypedQueryWaitsSearchesAtOnceAndOpensNothing() async {
    await navigator.settle()
    _ = await press(.character("I"), .character("t"), .character("e"), .character("m"), .character(" "))
    _ = await press(.character("4"), .enter)
    #expect(navigator.stack.count == 1, "Enter opened nothing")
    #expect(list?.activeQuery == "Item 4", "it searched at once, with no wait for the debounce")
    #expect(list?.records.count == 7)
    _ = await press(.down, .enter)
    #expect(navigator.stack.count == 2, "the next Enter opens the highlighted row of the new list")
    #expect(navigator.current?.parameters == ["id": "40"])
  }

  @Test func ctrlUClearsTheSearchAndCtrlWDeletesAWord() async {
    await navigator.settle()
    for character in "Item 4  " { _ = await press(.character(character)) }
    _ = await press(.control("w"))
    #expect(list?.query == "Item ")
    _ = await press(.control("w"))
    #expect(list?.query == "")
    for character in "Item 4" { _ = await press(.character(character)) }
    _ = await press(.control("u"))
    #expect(list?.query == "")
    #expect(QueryEdit.droppingLastWord("a bc  ") == "a ")
    #expect(QueryEdit.droppingLastWord("") == "")
  }

  @Test func aLongQueryScrollsSoThatItsEndShows() async {
    await navigator.settle()
    let query = String(repeating: "abcdefghij", count: 6) + "wide 漢字 end"
    for character in query { _ = await press(.character(character)) }
    let frame = TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 40, height: 17))
    let line = frame.split(separator: "\n")[1]
    #expect(line.hasPrefix("Search: …") && line.hasSuffix("wide 漢字 end▏"), "\(line)")
    #expect(TextWidth.width(of: String(line)) <= 40, "\(line)")
    #expect(ListFrame.queryEnd("short", columns: 10) == "short")
    #expect(ListFrame.queryEnd("漢字漢字漢字", columns: 6) == "…漢字")
  }

  @Test func aPasteIsOneEditOfTheQueryWithOneDebounceAndItsNewlineOpensNothing() async {
    await navigator.settle()
    _ = await press(.paste("Item 4\n"))
    #expect(list?.query == "Item 4 ")
    #expect(navigator.stack.count == 1, "the newline opened nothing")
    #expect(list?.activeQuery == "", "the search waits for the debounce")
    clock.advance(by: .milliseconds(500))
    await navigator.settle()
    #expect(list?.activeQuery == "Item 4")
    #expect(source.pageRequests.count == 2, "one request for the paste")
    #expect(ListKind.pasted("iron\r\nman\t\u{7}") == "iron man ")
  }

  @Test func aReloadKeyRetriesAFailedList() async {
    await navigator.settle()
    source.fail(with: .server(status: 500, "boom"))
    _ = await press(.control("r"))
    #expect(navigator.current?.error == .server(status: 500, "boom"))
    source.fail(with: nil)
    _ = await press(.control("r"))
    #expect(navigator.current?.error == nil)
    #expect(list?.records.count == 20)
  }
}

/// The cursor keys of a list's search, through the navigator: ← and → move in a query with text,
/// and ← goes back when the query is empty (and on a detail screen); Ctrl-A and Ctrl-E go to the
/// ends, typing and pasting insert at the cursor, Backspace and Delete delete around it.
extension KeyBindingTests {
  /// The search field as the terminal shows it.
  var field: String {
    let frame = TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 40, height: 17))
    return frame.components(separatedBy: "\n")[1]
  }

  @Test func arrowsAndCtrlAEMoveTheCursorAndEditsApplyThere() async {
    await navigator.settle()
    for character in "Itm 4" { _ = await press(.character(character)) }
    #expect(field == "Search: Itm 4▏")
    _ = await press(.left, .left, .left)
    #expect(field == "Search: It▏m 4")
    _ = await press(.character("e"))
    #expect(list?.query == "Item 4")
    #expect(field == "Search: Ite▏m 4")
    _ = await press(.control("a"), .delete, .paste("Th"))
    #expect(field == "Search: Th▏tem 4")
    _ = await press(.backspace, .backspace, .character("I"), .control("e"))
    #expect(field == "Search: Item 4▏")
    _ = await press(.left, .left, .right)
    #expect(field == "Search: Item ▏4")
    _ = await press(.control("k"))
    #expect(list?.query == "Item ")
    clock.advance(by: .milliseconds(500))
    await navigator.settle()
    #expect(list?.activeQuery == "Item")
    _ = await press(.control("a"))
    #expect(await press(.left) == .handled && navigator.stack.count == 1, "← at the start of a query stays")
    _ = await press(.control("e"), .control("w"))
    #expect(list?.query == "")
    #expect(await press(.right) == .handled)
  }

  @Test func leftGoesBackWhereNoQueryTakesIt() async throws {
    await navigator.settle()
    _ = await press(.enter)  // opens the first row's detail
    #expect(navigator.stack.count == 2)
    _ = await press(.right)  // a detail screen takes no → : nothing happens
    #expect(navigator.stack.count == 2)
    _ = await press(.left)
    #expect(navigator.stack.count == 1, "← on a detail screen goes back")
    _ = await press(.character("x"), .control("u"))
    #expect(list?.query == "")
    #expect(await press(.left) == .message("This is the first screen. Ctrl-C quits."), "← on an empty query is back")
    _ = await press(.character("?"))
    let help = TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 100))
    for keys in ["Left, Right", "Ctrl-A, Ctrl-E", "Delete", "Ctrl-K"] {
      #expect(help.contains("\n" + keys + " "), "the help names \(keys): \(help)")
    }
  }
}
