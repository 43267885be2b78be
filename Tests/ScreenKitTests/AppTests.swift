import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal
@testable import ScreenText

/// The interactive app on its test store: keys, resizes, ticks and edits go in as actions, and
/// the test names each effect and each change of the app's state, with no terminal and no wall
/// clock. (The tmux tests of `InteractiveTests` are the same paths end to end.)
@Suite("The app's reducer")
struct AppTests {
  static func books(title: String = "Books", source: String = #"{"plugin": "books", "resource": "books"}"#) -> String {
    #"{"kind": "list", "title": "\#(title)", "source": \#(source), "search": {"param": "q", "debounceMs": 500}, "row": {"title": "{name}"}, "select": {"screen": "book.json", "params": {"id": "{id}"}}}"#
  }
  static let book =
    #"{"kind": "detail", "title": "Book {name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": [{"type": "fields", "fields": [{"label": "Id", "value": "{id}"}]}]}"#

  let source = CountingSource(count: 45)
  let folder: ScreenFolder
  let store: AppTestStore

  init() throws {
    folder = try ScreenFolder(["books.json": Self.books(), "book.json": Self.book])
    store = try AppTestStore(open: folder.file("books.json"), registry: PluginRegistry([TestPlugins.books(source)]))
  }

  var lines: [Substring] { store.frame.split(separator: "\n", omittingEmptySubsequences: false) }
  var selection: Int? { store.state.stack.first?.model.state(as: ListKind.self)?.selection }

  static func opened(_ id: Int) -> (AppAction) -> Bool {
    { if case .opened(let screen) = $0 { screen.id == id } else { false } }
  }
  static func reloaded(_ action: AppAction) -> Bool { if case .reloaded = action { true } else { false } }
  static func replaced(_ action: AppAction) -> Bool { if case .replaced(1, .success) = action { true } else { false } }

  @Test func questionMarkShowsTheKeysOverTheScreenAndAnyKeyClosesThem() async {
    await store.settle()
    store.send(.key(.character("?")), effects: [.draw]) { $0.overlay = .help(top: 0) }
    #expect(lines.first == "Keys of a list screen")
    // Moving and opening first; the keys every screen shares (back, quit, the help) last.
    #expect(lines.dropFirst(2).first?.hasPrefix("Up, Ctrl-P") == true, "\(lines)")
    #expect(store.frame.contains("open the highlighted row"))
    #expect(!store.frame.contains("go back to the screen before"), "on the last screenful: \(lines)")
    // Ctrl-Z and Ctrl-L are bindings too, so the help lists them.
    let help = store.state.keyHelp ?? []
    #expect(help.contains(KeyHelpLine(keys: "Ctrl-Z", does: "suspend; the shell's fg resumes")), "\(help)")
    #expect(help.contains(KeyHelpLine(keys: "Ctrl-L", does: "draw the whole screen again")), "\(help)")
    // Taller than the terminal, the help says which lines show; ↓ scrolls it (`HelpOverlayTests`).
    #expect(lines.last?.hasPrefix("Lines 1-12 of ") == true, "\(lines)")
    // The key that closes the help does nothing else: Enter opens no row.
    store.send(.key(.enter), effects: [.draw]) { $0.overlay = .none }
    #expect(selection == 0)
    #expect(lines.first == "Books")
    // But Ctrl-C still quits.
    store.send(.key(.character("?")), effects: [.draw]) { $0.overlay = .help(top: 0) }
    store.send(.key(.control("c")), effects: [.quit]) {
      $0.overlay = .none
      $0.quitting = true
    }
  }

  @Test func aFlashMessageTakesTheLastLineUntilTheNextKey() async {
    await store.settle()
    let before = lines
    store.send(.key(.escape), effects: [.draw]) { $0.flash = App.firstScreen }
    #expect(lines.last == "This is the first screen. Ctrl-C quits.")
    #expect(lines.dropLast() == before.dropLast())
    store.send(.key(.down), effects: [.draw]) {
      $0.flash = nil
      $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1)
    }
    #expect(selection == 1)
    #expect(!store.frame.contains("first screen"))
    // A row that cannot open says why, in the flash too.
    store.send(.select(row: 99), effects: [.draw]) { $0.flash = "cannot open: there is no row 100; the list has 20" }
    #expect(lines.last == "cannot open: there is no row 100; the list has 20")
  }

  @Test func aResizeDrawsTheFrameAtTheNewSizeAndATinyTerminalSaysWhatItNeeds() async {
    await store.settle()
    #expect(lines.count == 16)
    store.send(.resize(Viewport(columns: 30, rows: 10)), effects: [.draw]) {
      $0.size = Viewport(columns: 30, rows: 10)
    }
    #expect(lines.count == 10)
    #expect(lines.allSatisfy { TextWidth.width(of: String($0)) <= 30 })
    #expect(store.state.frame()?.isScreen == true)
    store.send(.resize(Viewport(columns: 12, rows: 5)), effects: [.draw]) { $0.size = Viewport(columns: 12, rows: 5) }
    #expect(store.state.frame()?.isScreen == false)
    #expect(lines == ["Too small:", "screenrun", "needs 20x8.", "Ctrl-C", "quits."])
    store.send(.resize(Viewport(columns: 60, rows: 16)), effects: [.draw]) {
      $0.size = Viewport(columns: 60, rows: 16)
    }
    #expect(lines.first == "Books")
  }

  @Test func enterPushesTheSelectedRowsScreenWithItsParametersAndBackPops() async {
    await store.settle()
    store.send(.key(.down), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1) }
    let book = folder.file("book.json")
    store.send(.key(.enter), effects: [.open(book, parameters: ["id": "2"], screen: 2)]) {
      $0.nextID = 3
      $0.reduce(ListKind.self, .highlight(1), on: 1)
    }
    // The book's screen opens and starts its load: one request, for that screen.
    store.receive(
      where: Self.opened(2), described: "the book opened",
      effects: AppEffect.load(.stack(2)) + [.draw]
    ) { state, action in
      guard case .opened(let screen) = action else { return }
      #expect(screen.spec.file == book)
      #expect(screen.parameters == ["id": "2"])
      state.stack.append(screen)
      state.reduce(DetailKind.self, .appear, on: 2)
    }
    await store.settle()
    #expect(source.recordRequests.last?.parameters == ["id": "2"])
    #expect(lines.first == "Book Item 2")
    // Esc pops back to the list, its highlight where it was; on the first screen back says so.
    store.send(.key(.escape), effects: [.stopWork(.stack(2)), .draw]) { $0.stack.removeLast() }
    #expect(lines.first == "Books")
    #expect(selection == 1)
    store.send(.back, effects: [.draw]) { $0.flash = App.firstScreen }
    // Forward again, to another row: a new screen with its own parameters.
    store.send(.select(row: 4), effects: [.open(book, parameters: ["id": "5"], screen: 3)]) {
      $0.nextID = 4
      $0.reduce(ListKind.self, .highlight(4), on: 1)
    }
    store.receive(
      where: Self.opened(3), described: "the fifth book",
      effects: AppEffect.load(.stack(3)) + [.draw]
    ) { state, action in
      guard case .opened(let screen) = action else { return }
      state.stack.append(screen)
      state.reduce(DetailKind.self, .appear, on: 3)
    }
    await store.settle()
    #expect(lines.first == "Book Item 5")
    store.send(.key(.left), effects: [.stopWork(.stack(3)), .draw]) {
      $0.stack.removeLast()
      $0.flash = nil
    }
  }

  @Test func anEditedScreenReloadsInPlaceABrokenOneShowsItsProblemsAndANewSourceLoadsAnew() async throws {
    await store.settle()
    store.send(.key(.down), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1) }
    let model = try #require(store.state.current?.model)
    let file = folder.file("books.json")

    // A new title: the same screen, its records and highlight kept, nothing asked again.
    try folder.write("books.json", Self.books(title: "Shelf"))
    let requests = source.pageRequests.count
    store.send(.reload(restarted: []), effects: [.reloadFiles([file])])
    store.receive(where: Self.reloaded, described: "the files read again", effects: [.draw]) { state, _ in
      state.stack[0].revision = 1
    }
    #expect(lines.first == "Shelf")
    #expect(store.state.current?.model == model)
    #expect(selection == 1)
    #expect(source.pageRequests.count == requests)

    // A broken file: its problem over the last good screen, which keeps running.
    try folder.write("books.json", "{ broken")
    store.send(.reload(restarted: []), effects: [.reloadFiles([file])])
    store.receive(where: Self.reloaded, described: "the broken file's problem", effects: [.draw]) { state, action in
      guard case .reloaded(.failure(let failure)) = action else { return }
      state.reloadError = failure.error
    }
    #expect(lines.first?.hasPrefix("! ") == true)
    #expect(store.frame.contains("books.json:1:3: error: invalid JSON"))
    #expect(store.frame.contains("! the screen below is the last one that loaded"))
    #expect(store.frame.contains("Shelf"))

    // Fixed, with a new source: the screen is made anew and loads again.
    try folder.write(
      "books.json", Self.books(source: #"{"plugin": "books", "resource": "books", "params": {"shelf": "top"}}"#))
    store.send(.reload(restarted: []), effects: [.reloadFiles([file])])
    store.receive(where: Self.reloaded, described: "the fixed file", effects: [.replace(screen: 1), .draw]) {
      state, _ in
      state.reloadError = nil
      state.stack[0].revision = 2
    }
    // The old state's requests stop; the new one starts its load.
    store.receive(
      where: Self.replaced, described: "the new view model",
      effects: [.stopWork(.stack(1))] + AppEffect.load(.stack(1)) + [.draw]
    ) { state, action in
      guard case .replaced(_, .success(let new)) = action else { return }
      state.stack[0].model = new
      state.reduce(ListKind.self, .appear, on: 1)
    }
    await store.settle()
    #expect(source.pageRequests.last?.parameters["shelf"] == "top")
    #expect(lines.first == "Books")
  }

  @Test func aRestartedPluginsScreensLoadAgain() async {
    await store.settle()
    let requests = source.pageRequests.count
    store.send(
      .reload(restarted: ["books"]),
      effects: [.reloadFiles([folder.file("books.json")])] + store.work(ListKind.self, .reload)
    ) { $0.reduce(ListKind.self, .reload, on: 1) }
    store.receive(
      where: Self.reloaded, described: "the files read again", effects: [.draw]
    ) { state, _ in state.stack[0].revision = 1 }
    await store.settle()
    #expect(source.pageRequests.count == requests + 1)
  }

  @Test func theTickTurnsTheSpinnerWhileTheScreenLoadsAndLooksAtWatchedFiles() async throws {
    let held = CountingSource(count: 45)
    held.hold()
    let store = try AppTestStore(
      open: folder.file("books.json"), registry: PluginRegistry([TestPlugins.books(held)]), watching: true)
    store.send(.tick, effects: [.draw]) {
      $0.ticks = 1
      $0.spinnerPhase = 1
    }
    store.send(.tick, effects: [.watch, .draw]) {
      $0.ticks = 2
      $0.spinnerPhase = 2
    }
    held.releaseAll()
    await store.settle()
    // Loaded: the spinner stops, and nothing is drawn for a tick.
    store.send(.tick, effects: []) { $0.ticks = 3 }
    store.send(.tick, effects: [.watch]) { $0.ticks = 4 }
  }

  @Test func aScreensAnswerGoesToItsScreenIsDrawnWhenTheScreenIsOnTopAndIsDroppedWhenItIsClosed() async {
    await store.settle()
    let input = ScreenInput(ListKind.Action.highlight(2))
    store.send(.screenInput(.stack(1), input), effects: [.draw]) { $0.reduce(ListKind.self, .highlight(2), on: 1) }
    #expect(selection == 2)
    // Screen 7 is not open: the answer changes nothing and draws nothing.
    store.send(.screenInput(.stack(7), input), effects: [])
  }

  @Test func ctrlZSuspendsAndTheResumeDrawsAnew() {
    store.send(.key(.control("z")), effects: [.suspend]) { $0.suspended = true }
    store.send(.resume, effects: [.draw]) { $0.suspended = false }
  }

  @Test func ctrlLRedrawsTheWholeFrameAndCtrlZSuspendsOverTheHelp() {
    store.send(.key(.character("?")), effects: [.draw]) { $0.overlay = .help(top: 0) }
    // Neither closes the help: the whole frame is drawn again, or the terminal given back.
    store.send(.key(.control("l")), effects: [.redraw])
    store.send(.key(.control("z")), effects: [.suspend]) { $0.suspended = true }
  }

  @Test func ctrlDQuitsAndSoDoesTheEndOfInput() {
    store.send(.key(.control("d")), effects: [.quit]) { $0.quitting = true }
    let other = store
    other.send(.endOfInput, effects: [.quit])
  }
}
