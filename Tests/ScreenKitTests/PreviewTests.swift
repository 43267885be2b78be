import Synchronization
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal
@testable import ScreenText

/// A list's preview pane on the app's test store: the highlighted row's detail screen, asked for
/// once the highlight has stayed two ticks, drawn beside the list at 120 columns or more; an
/// answer for a row no longer highlighted is dropped, and Ctrl-T hides and shows the pane.
@Suite("The preview pane")
struct PreviewTests {
  static let books =
    #"{"kind": "list", "title": "Books", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{name}"}, "select": {"screen": "book.json", "params": {"id": "{id}"}}, "preview": {"screen": "book.json", "params": {"id": "{id}"}}}"#
  static let book =
    #"{"kind": "detail", "title": "Book {name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": [{"type": "fields", "fields": [{"label": "Id", "value": "{id}"}, {"label": "Link", "value": "https://example.com/books/{id}/a/very/long/path/that/does/not/fit/in/the/pane/at/all/not/even/when/it/is/at/its/widest/{id}"}]}]}"#

  let source = CountingSource(count: 45)
  let folder: ScreenFolder
  let store: AppTestStore
  let book: String

  init() throws {
    folder = try ScreenFolder(["books.json": Self.books, "book.json": Self.book])
    book = folder.file("book.json")
    store = try AppTestStore(
      open: folder.file("books.json"), registry: PluginRegistry([TestPlugins.books(source)]),
      size: Viewport(columns: 160, rows: 16))
  }

  var lines: [Substring] { store.frame.split(separator: "\n", omittingEmptySubsequences: false) }

  func opening(_ id: Int) -> Opening { Opening(screen: book, parameters: ["id": "\(id)"]) }

  /// The state change of the pane's new screen starting: its first load.
  static func startPreview(_ state: inout AppState, of id: Int = 1) {
    _ = state.previews[id]?.screen?.model.reduce(ScreenInput(DetailKind.Action.appear))
  }

  /// The pane's new screen's first load, for load `generation` of screen `id`'s pane.
  static func previewLoad(_ generation: Int, of id: Int = 1) -> [AppEffect] {
    AppEffect.load(.preview(of: id, generation: generation))
  }

  static func previewOpened(_ generation: Int) -> (AppAction) -> Bool {
    { if case .previewOpened(1, generation, .success) = $0 { true } else { false } }
  }

  /// Ticks with nothing to ask for.
  func idle(_ count: Int) {
    for _ in 0..<count { store.send(.tick, effects: []) { $0.ticks += 1 } }
  }

  /// A tick once the highlight (book `id`) has stayed long enough: load `generation` is asked for.
  func tickLoads(id: Int, generation: Int) {
    store.send(.tick, effects: [.openPreview(book, parameters: ["id": "\(id)"], screen: 1, generation: generation)]) {
      $0.ticks += 1
      $0.previews[1]?.requested = opening(id)
      $0.previews[1]?.generation = generation
    }
  }

  /// Receives the preview's screen for load `generation`, and waits for its record.
  func receivePreview(_ generation: Int, id: Int) async {
    store.receive(
      where: Self.previewOpened(generation), described: "the preview of book \(id)",
      effects: Self.previewLoad(generation) + [.draw]
    ) { state, action in
      guard case .previewOpened(_, _, .success(let screen)) = action else { return }
      #expect(screen.parameters == ["id": "\(id)"])
      // The screen shown stays drawn, if it has its record, until the new one has its own.
      if let shown = state.previews[1]?.screen, shown.model.hasAnswer { state.previews[1]?.previous = shown }
      state.previews[1]?.screen = screen
      state.previews[1]?.screenGeneration = generation
      Self.startPreview(&state)
    }
    await store.settle()
  }

  /// Asks for the preview of the highlighted row (book `id`) at once, as a script's frame does,
  /// and receives it.
  func previewNow(id: Int, generation: Int) async {
    store.send(
      .previewNow, effects: [.openPreview(book, parameters: ["id": "\(id)"], screen: 1, generation: generation)]
    ) {
      $0.previews[1]?.wanted = opening(id)
      $0.previews[1]?.requested = opening(id)
      $0.previews[1]?.generation = generation
    }
    await receivePreview(generation, id: id)
  }

  @Test func theHighlightedRowIsPreviewedAfterTheDebounceAndMovingQuicklyAsksOnce() async {
    await store.settle()
    let before = source.recordRequests.count
    // The first tick notes the highlighted row; the row is asked for once it stayed two ticks.
    store.send(.tick, effects: []) {
      $0.ticks = 1
      $0.previews[1]?.wanted = opening(1)
      $0.previews[1]?.wantedSince = 1
    }
    idle(1)
    tickLoads(id: 1, generation: 1)
    await receivePreview(1, id: 1)
    #expect(source.recordRequests.count == before + 1)
    #expect(lines[0].hasPrefix("Books"))
    #expect(lines[0].hasSuffix(" │ Book Item 1"))
    #expect(lines[0].firstRange(of: " │ ")?.lowerBound == lines[0].index(lines[0].startIndex, offsetBy: 64))
    #expect(lines.allSatisfy { TextWidth.width(of: String($0)) <= 160 })
    // The long URL is cut to the pane, and still links to the whole URL.
    let frame = store.state.frame()?.frame
    let link = frame?.lines.flatMap(\.spans).first { $0.role == .link }
    #expect(link?.url?.hasSuffix("/its/widest/1") == true)
    #expect(link?.text.hasSuffix("…") == true, "\(store.frame)")

    // Three rows down, a tick after each key: the highlight never stays, and nothing is asked.
    for row in 1...3 {
      store.send(.key(.down), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: row), on: 1) }
      store.send(.tick, effects: []) {
        $0.ticks += 1
        $0.previews[1]?.wanted = opening(row + 1)
        $0.previews[1]?.wantedSince = $0.ticks
      }
    }
    #expect(lines[0].hasSuffix(" │ Book Item 1"))  // the last preview stays until the next is in
    idle(1)
    tickLoads(id: 4, generation: 2)
    await receivePreview(2, id: 4)
    #expect(source.recordRequests.count == before + 2)
    #expect(source.recordRequests.last?.parameters == ["id": "4"])
    #expect(lines[0].hasSuffix(" │ Book Item 4"))
    // The highlight stays: no more requests.
    idle(5)
    #expect(source.recordRequests.count == before + 2)
  }

  @Test func anAnswerForARowNoLongerHighlightedIsDropped() async throws {
    await store.settle()
    await previewNow(id: 1, generation: 1)
    store.send(.key(.down), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1) }
    await previewNow(id: 2, generation: 2)
    // A late answer of the first load: the row it was for is no longer highlighted.
    let late = try store.environment.makeScreen(book, parameters: ["id": "1"], id: 1)
    store.send(.previewOpened(screen: 1, generation: 1, .success(late)), effects: [])
    #expect(lines[0].hasSuffix(" │ Book Item 2"))
    // So is one for a screen that has no pane.
    store.send(.previewOpened(screen: 7, generation: 2, .success(late)), effects: [])
  }

  @Test func ctrlTHidesAndShowsThePaneAndANarrowTerminalShowsTheListAlone() async {
    await store.settle()
    await previewNow(id: 1, generation: 1)
    #expect(store.frame.contains("Ctrl-T preview"))
    store.send(.key(.control("t")), effects: [.draw]) { $0.previews[1]?.isShown = false }
    #expect(!store.frame.contains("│"))
    #expect(lines[0] == "Books")
    // Hidden, it asks for nothing, wherever the highlight goes.
    store.send(.key(.down), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1) }
    idle(4)
    store.send(.previewNow, effects: [])
    store.send(.key(.control("t")), effects: [.draw]) { $0.previews[1]?.isShown = true }
    #expect(lines[0].hasSuffix(" │ Book Item 1"))
    store.send(.tick, effects: []) {
      $0.ticks += 1
      $0.previews[1]?.wanted = opening(2)
      $0.previews[1]?.wantedSince = $0.ticks
    }
    // Under 120 columns: the list alone, and nothing is asked.
    store.send(.resize(Viewport(columns: 119, rows: 16)), effects: [.draw]) {
      $0.size = Viewport(columns: 119, rows: 16)
    }
    #expect(!store.frame.contains("│"))
    idle(4)
    store.send(.previewNow, effects: [])
    // The `?` help leaves the key out where no pane can show (issue 39): it would toggle a
    // hidden state.
    store.send(.key(.character("?")), effects: [.draw]) { $0.overlay = .help(top: 0) }
    #expect(!store.frame.contains("show or hide the preview of the highlighted row, beside the list"))
  }

  /// The pane's lines, right of the divider, in a frame drawn from `state`.
  static func pane(_ state: AppState) -> [String] {
    (state.frame()?.lines ?? []).compactMap { line in line.range(of: " │ ").map { String(line[$0.upperBound...]) } }
  }

  /// Asks `store`'s pane for book 1 at once, receives its screen and waits for its record (a
  /// store of its own, where `previewNow` uses the suite's).
  func previewFirstBook(_ store: AppTestStore) async {
    store.send(.previewNow, effects: [.openPreview(book, parameters: ["id": "1"], screen: 1, generation: 1)]) {
      $0.previews[1]?.wanted = opening(1)
      $0.previews[1]?.requested = opening(1)
      $0.previews[1]?.generation = 1
    }
    store.receive(where: Self.previewOpened(1), described: "book 1", effects: Self.previewLoad(1) + [.draw]) {
      state, action in
      guard case .previewOpened(_, _, .success(let made)) = action else { return }
      state.previews[1]?.screen = made
      state.previews[1]?.screenGeneration = 1
      Self.startPreview(&state)
    }
    await store.settle()
  }

  @Test func untilTheNextRecordIsInThePaneKeepsTheOneBeforeAndSaysWhatLoads() async throws {
    // Book 2's record is held until the checks are made: no answer can race them.
    let held = HeldRecords()
    let store = try await heldStore(held)
    await previewFirstBook(store)
    held.hold()
    store.send(.key(.down), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1) }
    // Asked for, the next row's screen not made yet: the pane shows the record it has.
    store.send(
      .previewNow, effects: [.openPreview(book, parameters: ["id": "2"], screen: 1, generation: 2)]
    ) {
      $0.previews[1]?.wanted = opening(2)
      $0.previews[1]?.requested = opening(2)
      $0.previews[1]?.generation = 2
    }
    #expect(store.frame.prefix { $0 != "\n" }.hasSuffix(" │ Book Item 1"))
    // Made, its record not in (the state as it is the moment the screen is made, and once it
    // is started and waits for its record): the pane keeps the record before it, under a line
    // that names the row it loads; no "Loading…" in its place.
    let made = try store.environment.makeScreen(book, parameters: ["id": "2"], id: 1)
    var state = store.state
    let effects = App.reduce(&state, .previewOpened(screen: 1, generation: 2, .success(made)))
    #expect(effects == Self.previewLoad(2) + [.draw])
    #expect(state.previews[1]?.screen?.parameters == ["id": "2"])
    #expect(state.previews[1]?.previous?.parameters == ["id": "1"])
    for effect in effects where !effect.isTerminal { _ = store.environment.perform(effect, in: state) }
    #expect(await held.waitForRequests(1), "its request waits")
    #expect(state.previews[1]?.screen?.model.hasAnswer == false)
    let pane = Self.pane(state)
    #expect(pane.first?.hasSuffix("Loading Item 2…") == true, "\(pane)")
    #expect(pane.dropFirst().first == "Book Item 1", "\(pane)")
    #expect(!pane.contains("Loading…"), "\(pane)")
    held.releaseAll()
    // That answer was for the copy above; the store's own screen asks again below.
    await store.environment.settle()
    _ = store.environment.takeAnswers()
    // Plain frames (a script's, --once) wait for the record and never show this.
    store.receive(where: Self.previewOpened(2), described: "book 2", effects: Self.previewLoad(2) + [.draw]) {
      state, action in
      guard case .previewOpened(_, _, .success(let screen)) = action else { return }
      if let shown = state.previews[1]?.screen, shown.model.hasAnswer { state.previews[1]?.previous = shown }
      state.previews[1]?.screen = screen
      state.previews[1]?.screenGeneration = 2
      Self.startPreview(&state)
    }
    await store.settle()
    #expect(store.frame.prefix { $0 != "\n" }.hasSuffix(" │ Book Item 2"))
    #expect(!store.frame.contains("Loading"), "\(store.frame)")
  }

  @Test func theLoadingLineOfAHostileRowIsMadeSafeAndCutToThePane() async throws {
    let hostile = "\u{1B}]8;;https://evil.example\u{7}\u{1B}[31mred" + String(repeating: "x", count: 1 << 20)
    let records: [JSON] = [["id": .int(1), "name": "Item 1"], ["id": .int(2), "name": .string(hostile)]]
    let store = try AppTestStore(
      open: folder.file("books.json"), registry: PluginRegistry([TestPlugins.books(CountingSource(records: records))]),
      size: Viewport(columns: 160, rows: 16))
    await store.settle()
    await previewFirstBook(store)
    store.send(.key(.down), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1) }
    var state = store.state
    _ = App.reduce(&state, .previewNow)
    let made = try store.environment.makeScreen(book, parameters: ["id": "2"], id: 1)
    _ = App.reduce(&state, .previewOpened(screen: 1, generation: 2, .success(made)))
    let line = try #require(Self.pane(state).first)
    // The escapes are drawn harmless (as U+FFFD), and the text is cut to the pane.
    #expect(
      line.hasPrefix("⠋ Loading \u{FFFD}]8;;https://evil.example\u{FFFD}\u{FFFD}[31mredxxx"), "\(line.prefix(60))")
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line.debugDescription)")
    #expect(TextWidth.width(of: line) <= 93, "cut to the pane")
    #expect(line.hasSuffix("…"), "\(line.prefix(120))")
  }

  @Test func aFailedLoadShowsItsErrorInThePaneNotTheRecordBefore() async throws {
    await store.settle()
    await previewNow(id: 1, generation: 1)
    source.fail(with: .server(status: 503, "the books are away"))
    store.send(.key(.down), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1) }
    await previewNow(id: 2, generation: 2)
    let pane = Self.pane(store.state)
    #expect(pane.contains { $0.contains("error: server error 503: the books are away") }, "\(pane)")
    #expect(!pane.contains("Book Item 1"), "\(pane)")
    #expect(!pane.contains { $0.contains("Loading") }, "\(pane)")
  }

  /// A store at 160 columns over `held`'s books, its list loaded.
  func heldStore(_ held: HeldRecords) async throws -> AppTestStore {
    let store = try AppTestStore(
      open: folder.file("books.json"), registry: PluginRegistry([TestPlugins.books(source: held)]),
      size: Viewport(columns: 160, rows: 16))
    await store.settle()
    return store
  }

  /// Asks screen `screen`'s pane for book 1 at once, its answer held, until its request waits.
  func previewHeld(_ store: AppTestStore, _ held: HeldRecords, screen: Int) async throws {
    held.hold()
    store.send(.previewNow, effects: [.openPreview(book, parameters: ["id": "1"], screen: screen, generation: 1)]) {
      $0.previews[screen]?.wanted = opening(1)
      $0.previews[screen]?.requested = opening(1)
      $0.previews[screen]?.generation = 1
    }
    let opened: (AppAction) -> Bool = {
      if case .previewOpened(screen, 1, .success) = $0 { true } else { false }
    }
    store.receive(where: opened, described: "book 1", effects: Self.previewLoad(1, of: screen) + [.draw]) {
      state, action in
      guard case .previewOpened(_, _, .success(let made)) = action else { return }
      state.previews[screen]?.screen = made
      state.previews[screen]?.screenGeneration = 1
      Self.startPreview(&state, of: screen)
    }
    #expect(await held.waitForRequests(1))
  }

  @Test func aPreviewScreenThatCannotBeMadeShowsWhyAndStopsTheLoadBeforeItAtOnce() async throws {
    let held = HeldRecords()
    let store = try await heldStore(held)
    try await previewHeld(store, held, screen: 1)
    // The next row's screen file is broken: its screen cannot be made.
    try folder.write("book.json", #"{"kind": "detail", "title": "Book", "sectons": []}"#)
    store.send(.key(.down), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1) }
    store.send(.previewNow, effects: [.openPreview(book, parameters: ["id": "2"], screen: 1, generation: 2)]) {
      $0.previews[1]?.wanted = opening(2)
      $0.previews[1]?.requested = opening(2)
      $0.previews[1]?.generation = 2
    }
    let failed: (AppAction) -> Bool = { if case .previewOpened(1, 2, .failure) = $0 { true } else { false } }
    store.receive(where: failed, described: "the failure", effects: [.stopPreviews, .draw]) { state, action in
      guard case .previewOpened(_, _, .failure(let failure)) = action else { return }
      state.previews[1]?.screen = nil
      state.previews[1]?.failure = failure
    }
    // The first row's load, still on its way, is stopped now, not at the next preview's load.
    #expect(await held.waitForCancellations(1), "the request on its way is cancelled")
    held.releaseAll()
    await store.environment.settle()
    #expect(store.environment.takeAnswers().isEmpty, "its answer is dropped")
    #expect(Self.pane(store.state).first?.hasPrefix("error: ") == true, "\(Self.pane(store.state))")
    #expect(held.requests == 1)
  }

  @Test func aPreviewOfAClosedListStopsAtOnceAndAsksNothingMore() async throws {
    let held = HeldRecords()
    let store = try await heldStore(held)
    // The first list's pane hidden, so that only the second's asks for records.
    store.send(.key(.control("t")), effects: [.draw]) { $0.previews[1]?.isShown = false }
    let second = try store.environment.makeScreen(folder.file("books.json"), parameters: [:], id: 2)
    store.send(.opened(second), effects: AppEffect.load(.stack(2)) + [.draw]) {
      $0.stack.append(second)
      $0.reduce(ListKind.self, .appear, on: 2)
      $0.previews[2] = PreviewPane()
      $0.nextID = 3
    }
    await store.settle()
    try await previewHeld(store, held, screen: 2)
    store.send(.back, effects: [.stopWork(.stack(2)), .stopPreviews, .draw]) {
      $0.stack.removeLast()
      $0.previews[2] = nil
    }
    // Stopped at once: its request is cancelled, its late answer dropped, and nothing more is
    // asked for it, whatever the ticks.
    #expect(await held.waitForCancellations(1), "the request on its way is cancelled")
    held.releaseAll()
    await store.environment.settle()
    #expect(store.environment.takeAnswers().isEmpty, "its answer is dropped")
    for _ in 0..<5 { store.send(.tick, effects: []) { $0.ticks += 1 } }
    store.send(.previewNow, effects: [])
    #expect(held.requests == 1)
  }

  @Test func underWatchAnEditedPreviewScreenShowsWithoutMovingTheHighlight() async throws {
    await store.settle()
    await previewNow(id: 1, generation: 1)
    #expect(lines[0].hasSuffix(" │ Book Item 1"))
    try folder.write(
      "book.json", Self.book.replacingOccurrences(#""title": "Book {name}""#, with: #""title": "Volume {name}""#))
    store.send(.reload(restarted: []), effects: [.reloadFiles([folder.file("books.json")])])
    let reloaded: (AppAction) -> Bool = { if case .reloaded(.success) = $0 { true } else { false } }
    store.receive(where: reloaded, described: "the files read again", effects: [.draw]) { state, _ in
      state.stack[0].revision = 1
      state.previews[1]?.requested = nil
    }
    // The pane keeps what it shows until the new screen is made.
    #expect(lines[0].hasSuffix(" │ Book Item 1"))
    // The highlight has stayed: the next tick past the debounce loads the preview again.
    idle(1)
    tickLoads(id: 1, generation: 2)
    await receivePreview(2, id: 1)
    #expect(lines[0].hasSuffix(" │ Volume Item 1"), "\(store.frame)")
  }

  @Test func withAStatusLineThePaneEndsAboveItAndTheKeyLineIsTheLists() async throws {
    // A detail screen taller than the terminal.
    let fields = (1...30).map { #"{"label": "Line \#($0)", "value": "{id}"}"# }.joined(separator: ", ")
    try folder.write(
      "book.json",
      #"{"kind": "detail", "title": "Book {name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": [{"type": "fields", "fields": [FIELDS]}]}"#
        .replacingOccurrences("FIELDS", with: fields))
    await store.settle()
    await previewNow(id: 1, generation: 1)
    var state = store.state
    state.showsStatus = true
    let drawn = try #require(state.frame(status: { _ in SourceStatus(mode: .sample, rateLimitRemaining: 2) })).lines
    let shown = drawn.joined(separator: "\n")
    #expect(drawn.count == 16, "\(shown)")
    // The status line runs across the frame above the key line; the pane fills the rows above.
    #expect(drawn[14] == "source: sample data · rate limit 2", "\(shown)")
    #expect(drawn[15].contains("Ctrl-T preview"), "\(shown)")
    #expect(!drawn[15].contains("│"), "the key line runs across the frame, nothing of the pane beside it: \(shown)")
    // The first screen: no `Esc back` to offer.
    #expect(drawn[15].hasSuffix("Ctrl-C quit · ? help") && !drawn[15].contains("Esc back"), "\(shown)")
    for line in drawn.prefix(14) {
      #expect(line.firstRange(of: " │ ")?.lowerBound == line.index(line.startIndex, offsetBy: 64), "\(shown)")
    }
    #expect(drawn[13].hasSuffix("│ Line 12  1"), "\(shown)")
  }

  @Test func anAnswerForAReplacedPreviewIsDroppedAndTheShownOneTakesItsOwn() async throws {
    await store.settle()
    await previewNow(id: 1, generation: 1)
    store.send(.key(.down), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1) }
    await previewNow(id: 2, generation: 2)
    // The first row's preview is gone: an answer addressed to it changes nothing, draws nothing.
    let reload = ScreenInput(DetailKind.Action.reload)
    store.send(.screenInput(.preview(of: 1, generation: 1), reload), effects: [])
    // The pane's screen takes its own: a reload asks for its record again.
    store.send(.screenInput(.preview(of: 1, generation: 2), reload), effects: Self.previewLoad(2) + [.draw]) {
      _ = $0.previews[1]?.screen?.model.reduce(reload)
    }
    await store.settle()
    #expect(lines[0].hasSuffix(" │ Book Item 2"))
  }

  @Test func theSelectionCoversTheListsColumnsOnly() {
    var list = Frame(lines: [Frame.Line("Books"), Frame.Line("› 1. Item 1")], selectedRow: 1)
    list.cursor = Frame.Cursor(row: 0, column: 3)
    let preview = Frame(lines: [Frame.Line("Book Item 1", role: .title), Frame.Line("Id  1")], selectedRow: 0)
    let frame = Frame.beside(list, width: 12, preview, divider: " │ ")
    #expect(frame.plainText == "Books        │ Book Item 1\n› 1. Item 1  │ Id  1\n")
    #expect(frame.selectedRow == 1)
    #expect(frame.selectedSpans == [2])
    #expect(frame.cursor == list.cursor)
    #expect(
      frame.markup
        == "Books       [dim] │ [/dim][title]Book Item 1[/title]\n[selected]› 1. Item 1 [/selected][dim] │ [/dim]Id  1\n"
    )
    // In a terminal, the reverse video ends where the list does.
    let bytes = String(
      decoding: TerminalWriter.bytes(of: FrameWriter.lines(frame, theme: .terminal)), as: UTF8.self)
    #expect(bytes.contains("\u{1B}[7m› 1. Item 1\u{1B}[0m\u{1B}[7m \u{1B}[0m\u{1B}[2m │ \u{1B}[0mId  1\n"), "\(bytes)")
  }

  @Test func theLayoutSplitsTwoFifthsAndThreeFifths() {
    #expect(PreviewLayout(width: 119) == nil)
    let split = { (width: Int) in PreviewLayout(width: width).map { [$0.list, $0.preview] } }
    #expect(split(120) == [48, 69])
    #expect(split(160) == [64, 93])
    #expect(split(201) == [80, 118])
  }
}

/// `preview` is checked when the screen loads, as `select` is: its screen exists, is a detail
/// screen, and is given every parameter it reads; its keys are checked with a near name.
@Suite("A preview's checks")
struct PreviewCheckTests {
  static let list =
    #"{"kind": "list", "title": "Books", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{name}"}, "preview": PREVIEW}"#
  static let book = PreviewTests.book

  func problems(_ preview: String, kind: String = "list") throws -> [String] {
    var text = Self.list.replacingOccurrences("PREVIEW", with: preview)
    if kind == "table" {
      text = text.replacingOccurrences(#""kind": "list""#, with: #""kind": "table""#)
        .replacingOccurrences(
          #""row": {"title": "{name}"}"#, with: #""columns": [{"header": "Name", "value": "{name}"}]"#)
    }
    let folder = try ScreenFolder(["screen.json": text, "book.json": Self.book, "books.json": PreviewTests.books])
    let diagnostics = ScreenLoader(registry: PluginRegistry([TestPlugins.books()]), kinds: .standard).check([
      folder.file("screen.json")
    ])
    return diagnostics.map { $0.description.replacingOccurrences(folder.path + "/", with: "") }
  }

  @Test func aPreviewNamesADetailScreenThatExistsWithItsParameters() throws {
    #expect(try problems(#"{"screen": "book.json", "params": {"id": "{id}"}}"#) == [])
    #expect(try problems(#"{"screen": "book.json", "params": {"id": "{id}"}}"#, kind: "table") == [])
    let missing = try problems(#"{"screen": "bok.json", "params": {"id": "{id}"}}"#)
    #expect(missing.first?.contains("error at /preview/screen: preview screen 'bok.json' does not exist") == true)
    #expect(missing.first?.contains("did you mean 'book.json'?") == true)
    let unpassed = try problems(#"{"screen": "book.json", "params": {}}"#)
    #expect(
      unpassed.first?.hasSuffix(
        "error at /preview/params: 'book.json' reads {params.id}, but preview does not pass 'id'; add it to preview.params"
      ) == true, "\(unpassed)")
    let list = try problems(#"{"screen": "books.json"}"#)
    #expect(
      list.first?.contains(
        "error at /preview/screen: preview screen 'books.json' is a list screen; a preview shows one record: name a detail screen"
      ) == true, "\(list)")
  }

  @Test func aMisspeltKeyOfAPreviewHasANearName() throws {
    let found = try problems(#"{"screen": "book.json", "parms": {"id": "{id}"}}"#)
    #expect(
      found.contains { $0.contains("error at /preview/parms: unknown key 'parms'; did you mean 'params'?") }, "\(found)"
    )
    let notObject = try problems(#""book.json""#)
    #expect(notObject.first?.contains("error at /preview") == true, "\(notObject)")
  }
}

/// A stopped store: its running work is cancelled and its answer dropped, and it calls its
/// `onChange` no more.
@Suite("A stopped store")
struct StoppedStoreTests {
  struct Waiting: ViewModel {
    enum Input: Sendable { case ask, answered }
    func reduce(_ state: inout Int, _ input: Input) -> [Effect<Input>] {
      switch input {
      case .ask:
        // Work that would take an hour, unless cancelled.
        return [
          .run {
            try? await Task.sleep(for: .seconds(3600))
            return .answered
          }
        ]
      case .answered:
        state += 1
        return []
      }
    }
  }

  @Test func stoppingCancelsTheRunningWorkAndDropsItsAnswer() async {
    let store = Store(Waiting(), state: 0, scheduler: VirtualScheduler())
    store.onChange = {}
    store.send(.ask)
    store.stop()
    await store.settle()
    #expect(store.state == 0)
    #expect(store.onChange == nil)
  }
}

/// Books whose record answers wait while held, and which note a request cancelled while it waits.
final class HeldRecords: DataSource, @unchecked Sendable {
  private let books = CountingSource(count: 45)
  private let state = Mutex(State())

  private struct State {
    var holding = false
    var requests = 0
    var cancellations = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  var requests: Int { state.withLock { $0.requests } }

  func hold() { state.withLock { $0.holding = true } }

  func releaseAll() {
    let waiting = state.withLock { state in
      state.holding = false
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Whether `count` requests wait for their answer (a bounded wait: false when they never do).
  func waitForRequests(_ count: Int) async -> Bool {
    await eventually { self.state.withLock { $0.waiting.count >= count } }
  }

  /// Whether `count` requests waiting were cancelled (a bounded wait: false when they never are).
  func waitForCancellations(_ count: Int) async -> Bool {
    await eventually { self.state.withLock { $0.cancellations >= count } }
  }

  func page(_ request: PageRequest) async throws(DataSourceError) -> Page { try await books.page(request) }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    let holding = state.withLock { state in
      state.requests += 1
      return state.holding
    }
    if holding {
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in state.withLock { $0.waiting.append(continuation) } }
      } onCancel: {
        state.withLock { $0.cancellations += 1 }
      }
    }
    return try await books.record(request)
  }
}
