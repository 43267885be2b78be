import ScreenFormat
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal
@testable import ScreenText

/// The `?` help in a terminal too short for all its lines: ↑↓, PgUp, PgDn, Space, Home and End
/// scroll it, its last line says which lines show of how many, and every line can be read; any
/// other key closes it, as it does where every line fits.
@Suite("The key help in a short terminal")
struct HelpOverlayTests {
  let folder: ScreenFolder

  init() throws {
    folder = try ScreenFolder(["books.json": FooterTests.books, "book.json": FooterTests.book])
  }

  func store(rows: Int) async throws -> AppTestStore {
    let store = try AppTestStore(
      open: folder.file("books.json"), registry: PluginRegistry([TestPlugins.books()]),
      size: Viewport(columns: 60, rows: rows))
    await store.settle()
    return store
  }

  /// Every line of the help, as a terminal tall enough for all of them draws it.
  func wholeHelp() async throws -> [String] {
    let tall = try await store(rows: 200)
    tall.send(.key(.character("?")), effects: [.draw]) { $0.overlay = .help(top: 0) }
    let lines = try #require(tall.state.frame()?.lines)
    #expect(lines.last == "Any key closes this help.")
    return Array(lines.dropFirst(2).prefix { !$0.hasPrefix("────") }).filter { !$0.isEmpty }
  }

  /// The help's body lines in the frame drawn now, and its closing line.
  static func shown(_ store: AppTestStore) -> (body: [String], closing: String) {
    let lines = store.state.frame()?.lines ?? []
    return (Array(lines.dropFirst(2).dropLast(2)), lines.last ?? "")
  }

  @Test(arguments: [8, 9, 10])
  func everyLineOfTheHelpIsReachedByScrollingAndNoneIsPassed(rows: Int) async throws {
    let whole = try await wholeHelp()
    let body = rows - 4
    #expect(whole.count > body + 10, "a help longer than the terminal: \(whole.count) lines")
    let store = try await store(rows: rows)
    store.send(.key(.character("?")), effects: [.draw]) { $0.overlay = .help(top: 0) }
    #expect(store.state.frame()?.lines.count == rows)
    var seen = Self.shown(store).body
    #expect(seen == Array(whole.prefix(body)))
    #expect(Self.shown(store).closing.hasPrefix("Lines 1-\(body) of \(whole.count): ↑↓, PgUp, PgDn scroll"))
    // A line at a time down to the end, each key showing one more line.
    for top in 1...(whole.count - body) {
      store.send(.key(.down), effects: [.draw]) { $0.overlay = .help(top: top) }
      let shown = Self.shown(store)
      #expect(shown.body == Array(whole[top..<(top + body)]), "\(shown)")
      #expect(shown.closing.hasPrefix("Lines \(top + 1)-\(top + body) of \(whole.count):"), "\(shown)")
      seen.append(shown.body.last ?? "")
    }
    #expect(seen == whole, "every line read once, in order")
    // At the end, ↓, PgDn and End stay there: the help is not scrolled past its last line.
    for key in [Key.down, .pageDown, .character(" "), .end] { store.send(.key(key), effects: [.draw]) }
    #expect(Self.shown(store).body.last == whole.last)
    // PgUp a screenful, Home to the top, End to the end.
    let last = whole.count - body
    store.send(.key(.pageUp), effects: [.draw]) { $0.overlay = .help(top: max(0, last - body)) }
    store.send(.key(.home), effects: [.draw]) { $0.overlay = .help(top: 0) }
    store.send(.key(.up), effects: [.draw])
    store.send(.key(.pageDown), effects: [.draw]) { $0.overlay = .help(top: min(body, last)) }
    store.send(.key(.end), effects: [.draw]) { $0.overlay = .help(top: last) }
    // Any other key closes it, and does nothing else; Ctrl-C quits from it.
    store.send(.key(.character("x")), effects: [.draw]) { $0.overlay = .none }
    #expect(store.state.frame()?.lines.first == "Books")
    store.send(.key(.character("?")), effects: [.draw]) { $0.overlay = .help(top: 0) }
    store.send(.key(.control("c")), effects: [.quit]) {
      $0.overlay = .none
      $0.quitting = true
    }
  }

  @Test func whereEveryLineFitsAnyKeyClosesTheHelp() async throws {
    let store = try await store(rows: 200)
    store.send(.key(.character("?")), effects: [.draw]) { $0.overlay = .help(top: 0) }
    store.send(.key(.down), effects: [.draw]) { $0.overlay = .none }
  }

  @Test(arguments: [6, 7])
  func inATerminalTooSmallForAFrameTheHelpSaysSoAndAKeyStillCloses(rows: Int) async throws {
    let store = try await store(rows: rows)
    store.send(.key(.character("?")), effects: [.draw]) { $0.overlay = .help(top: 0) }
    let lines = try #require(store.state.frame()?.lines)
    #expect(lines.count <= rows)
    #expect(lines.joined(separator: " ").hasPrefix("Too small: screenrun needs 20x8."), "\(lines)")
    store.send(.key(.down), effects: [.draw]) { $0.overlay = .help(top: 1) }
    store.send(.key(.escape), effects: [.draw]) { $0.overlay = .none }
  }
}
