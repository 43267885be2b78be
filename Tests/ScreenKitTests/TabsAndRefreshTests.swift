import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenText

/// Tabs and refreshes on the app's navigator, on a virtual clock: every tab a live screen of its
/// own, a refresh that asks again for what is shown and keeps where the user stands, and one that
/// waits while its screen is not shown.
@Suite("Tabs and refresh")
struct TabsAndRefreshTests {
  static func books(refresh: String? = "10s", search: Bool = true) -> String {
    let refresh = refresh.map { #", "refresh": "\#($0)""# } ?? ""
    let search = search ? #", "search": {"param": "q", "debounceMs": 0}"# : ""
    return
      #"{"kind": "list", "title": "Books {params.shelf}", "source": {"plugin": "books", "resource": "books", "params": {"shelf": "{params.shelf}"}}\#(search)\#(refresh), "paging": {"pageSize": 20}, "row": {"title": "{name}"}, "select": {"screen": "book.json", "params": {"id": "{id}"}}}"#
  }
  static let book =
    #"{"kind": "detail", "title": "{name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": []}"#
  static let tabs =
    #"{"kind": "tabs", "title": "Shelves", "tabs": [{"title": "Top {params.who}", "screen": "books.json", "params": {"shelf": "top"}}, {"title": "Bottom", "screen": "books.json", "params": {"shelf": "bottom"}, "refresh": "20s"}]}"#

  let source = CountingSource(count: 45)
  let clock = VirtualScheduler()
  let folder: ScreenFolder
  let navigator: Navigator

  init() throws {
    folder = try ScreenFolder([
      "books.json": Self.books(), "book.json": Self.book, "tabs.json": Self.tabs,
      "still.json": Self.books(refresh: nil),
    ])
    navigator = Navigator(
      loader: ScreenLoader(registry: PluginRegistry([TestPlugins.books(source)]), kinds: .standard),
      context: PluginContext(), scheduler: clock)
  }

  func frame() -> String { TextRenderer.render(navigator.screenState!, options: RenderOptions(width: 60, height: 12)) }

  @Test("a refresh asks again for every page shown, keeps the highlighted record, and draws the same frame")
  func refreshKeepsPagesAndHighlight() async throws {
    try navigator.open(folder.file("books.json"), parameters: ["shelf": "top"])
    await navigator.settle()
    navigator.sendToCurrent(ListKind.self, .loadNextPage)
    await navigator.settle()
    navigator.sendToCurrent(ListKind.self, .moveSelection(to: 36))
    await navigator.settle()
    let before = try #require(navigator.state(of: ListKind.self))
    let shown = frame()
    let asked = source.pageRequests.count
    #expect(before.pagesLoaded == 3, "the highlight's move loaded the third page")

    clock.advance(by: .seconds(9))
    await navigator.settle()
    #expect(source.pageRequests.count == asked, "nothing before the interval")

    clock.advance(by: .seconds(1))
    await navigator.settle()
    let after = try #require(navigator.state(of: ListKind.self))
    #expect(source.pageRequests.count == asked + 3, "the three pages shown, asked for again")
    #expect(source.pageRequests.suffix(3).map { $0.cursor?.value } == [nil, "20", "40"])
    #expect(after.records == before.records && after.selection == 36 && after.pagesLoaded == 3)
    #expect(frame() == shown)
    // The same records: the data has not changed since it was last fetched, nor has "updated".
    #expect(after.dataRevision.value == before.dataRevision.value)
    // The next refresh comes an interval later.
    clock.advance(by: .seconds(10))
    await navigator.settle()
    #expect(source.pageRequests.count == asked + 6)
  }

  @Test("a screen under another does not refresh; shown again, it refreshes at once, and when closed, never")
  func refreshWaitsUntilShown() async throws {
    try navigator.open(folder.file("books.json"), parameters: ["shelf": "top"])
    await navigator.settle()
    try navigator.select(0)
    await navigator.settle()
    let asked = source.pageRequests.count
    clock.advance(by: .seconds(30))
    await navigator.settle()
    #expect(source.pageRequests.count == asked, "the list under the detail asked nothing")
    #expect(navigator.stack.first?.refreshDue == true)
    navigator.back()
    await navigator.settle()
    #expect(source.pageRequests.count == asked + 1, "shown again, it refreshed")
    #expect(navigator.current?.refreshDue == false)

    // A closed screen's refresh stops with it.
    try navigator.open(folder.file("still.json"), parameters: ["shelf": "x"])
    await navigator.settle()
    let opened = source.pageRequests.count
    clock.advance(by: .seconds(60))
    await navigator.settle()
    #expect(source.pageRequests.count == opened, "a screen with no refresh asks nothing; the one under it waits")
  }

  @Test("a tabs screen opens every tab live; each keeps its search and highlight, and refreshes only when shown")
  func tabsAreLiveScreens() async throws {
    try navigator.open(folder.file("tabs.json"), parameters: ["who": "shelf"])
    await navigator.settle()
    let group = try #require(navigator.current?.group)
    #expect(group.titles == ["Top shelf", "Bottom"])
    #expect(source.pageRequests.map { $0.parameters["shelf"] } == ["top", "bottom"], "both tabs loaded at once")
    #expect(frame().hasPrefix("Shelves  [Top shelf (45)]  Bottom (45)\nBooks top\n"), "\(frame())")

    navigator.sendToCurrent(ListKind.self, .search("Item 4"))
    await navigator.settle()
    navigator.send(.showTab(.next))
    #expect(frame().hasPrefix("Shelves  Top shelf (7)  [Bottom (45)]\nBooks bottom\n"), "\(frame())")
    navigator.sendToCurrent(ListKind.self, .moveSelection(to: 3))
    navigator.send(.showTab(.number(1)))
    #expect(navigator.state(of: ListKind.self)?.query == "Item 4")
    navigator.send(.showTab(.previous))
    #expect(navigator.state(of: ListKind.self)?.selection == 3)

    // Tab 1 refreshes every 10 s, tab 2 every 20 s, each only while shown.
    navigator.send(.showTab(.number(1)))
    let asked = source.pageRequests.count
    for _ in 1...2 {
      clock.advance(by: .seconds(10))
      await navigator.settle()
    }
    let shelves = source.pageRequests.dropFirst(asked).map { $0.parameters["shelf"] }
    #expect(shelves == ["top", "top"], "\(shelves)")
    navigator.send(.showTab(.number(2)))
    await navigator.settle()
    #expect(source.pageRequests.last?.parameters["shelf"] == "bottom", "shown after its interval: it refreshed")

    // A row opens over the tabs; back shows the tab as it was.
    try navigator.select(3)
    await navigator.settle()
    #expect(navigator.current?.group == nil && navigator.stack.count == 2)
    navigator.back()
    #expect(navigator.current?.group?.current == 1)
  }

  @Test("Tab and Shift-Tab switch tabs; elsewhere Tab is the screen's, and a script's tab says why it cannot")
  func tabKeys() async throws {
    try navigator.open(folder.file("tabs.json"), parameters: ["who": "x"])
    await navigator.settle()
    navigator.send(.key(.tab))
    #expect(navigator.current?.group?.current == 1)
    navigator.send(.key(.backTab))
    #expect(navigator.current?.group?.current == 0)
    navigator.send(.key(.backTab))
    #expect(navigator.current?.group?.current == 1, "round the bar")
    #expect(
      navigator.state.keyHelp?.contains { $0.keys == "Tab, Shift-Tab" } == true, "\(navigator.state.keyHelp ?? [])")

    let runner = ScriptRunner(navigator: navigator, clock: clock, options: RenderOptions(width: 60, height: 12))
    await #expect(throws: ScriptError(line: 3, message: "'tab 3': there is no tab 3; the screen has 2")) {
      try await runner.run(.tab(.number(3)), line: 3)
    }
    try navigator.select(0)
    await navigator.settle()
    await #expect(throws: ScriptError.self) { try await runner.run(.tab(.next), line: 4) }
  }

  @Test("a refresh that the rate limit holds back waits until its reset, and the status line says so")
  func rateLimitWait() async throws {
    try navigator.open(folder.file("books.json"), parameters: ["shelf": "top"])
    await navigator.settle()
    var state = navigator.state
    let effects = App.reduce(&state, .refreshDue(screen: 1, now: 1_000, waitUntil: 1_090.5))
    #expect(effects == [.refresh(screen: 1, after: .seconds(91)), .draw])
    #expect(state.current?.refreshWaitsUntil == 1_090.5)
    #expect(state.current?.refreshStatus?.contains("refresh waits for the rate limit until ") == true)
    // Its time comes: it refreshes, and the wait is over.
    let due = App.reduce(&state, .refreshDue(screen: 1, now: 1_091, waitUntil: nil))
    #expect(due.contains(.refresh(screen: 1, after: .seconds(10))))
    #expect(state.current?.refreshWaitsUntil == nil)
    #expect(state.current?.refreshStatus?.hasPrefix("updated ") == true)

    // A reset a server puts at the end of time is waited for a day at a time, never trapped on.
    var far = state
    #expect(
      App.reduce(&far, .refreshDue(screen: 1, now: 1_000, waitUntil: Double(Int.max))).first
        == .refresh(screen: 1, after: .seconds(86_400)))

    var status = SourceStatus(mode: .live, rateLimitRemaining: 0, rateLimitLimit: 60, rateLimitReset: 2_000)
    #expect(status.rateLimitWait(now: 1_500) == 2_000)
    #expect(status.rateLimitWait(now: 2_500) == nil)
    status.rateLimitRemaining = 5
    #expect(status.rateLimitWait(now: 1_500) == nil)
  }

  @Test("idle, nothing ticks: the tick runs only for a spinner, a preview's debounce or --watch")
  func tickOnlyWhenNeeded() async throws {
    source.hold()
    try navigator.open(folder.file("still.json"), parameters: ["shelf": "x"])
    #expect(navigator.state.needsTick, "loading: the spinner turns")
    source.releaseAll()
    await navigator.settle()
    #expect(!navigator.state.needsTick)
    navigator.watching = true
    #expect(navigator.state.needsTick)
  }

  @Test("refresh and tabs are checked as they load: the interval, the tabs, and a tab that is a tabs screen")
  func problems() throws {
    let cases: [(String, String)] = [
      (Self.books(refresh: "3s"), "'refresh' is '3s'; the shortest interval is 5s"),
      (Self.books(refresh: "soon"), "'refresh' takes a whole number of seconds, minutes or hours"),
      (Self.books(refresh: "25h"), "'refresh' is '25h'; the longest interval is 24h"),
      (
        #"{"kind": "tabs", "title": "T", "source": {"plugin": "books", "resource": "books"}, "tabs": [{"title": "A", "screen": "books.json"}]}"#,
        "a tabs screen has no 'source'"
      ),
      (#"{"kind": "tabs", "title": "T", "tabs": []}"#, "'tabs' holds 0 tabs; a tabs screen holds 1 to 9"),
      (
        #"{"kind": "tabs", "title": "T", "tabs": [{"title": "A", "screen": "tabs.json"}]}"#,
        "tab screen 'tabs.json' is a tabs screen itself"
      ),
      (
        #"{"kind": "tabs", "title": "T", "tabs": [{"title": "A", "screen": "nope.json"}]}"#,
        "tab screen 'nope.json' does not exist"
      ),
      (
        #"{"kind": "tabs", "title": "T", "tabs": [{"title": "A", "screen": "books.json", "params": {"title": "{id}"}}]}"#,
        "a tab's parameter has no record to read fields from"
      ),
      (
        #"{"kind": "tabs", "title": "T", "tabs": [{"title": "A", "screen": "books.json"}]}"#,
        "'books.json' reads {params.shelf}, but tab does not pass 'shelf'"
      ),
    ]
    let loader = ScreenLoader(registry: PluginRegistry([TestPlugins.books(source)]), kinds: .standard)
    for (text, message) in cases {
      try folder.write("case.json", text)
      let problems = loader.check([folder.file("case.json")]).map(\.description).joined(separator: "\n")
      #expect(problems.contains(message), "\(problems)")
    }
  }
}
