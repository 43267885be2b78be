import ScreenRunTesting
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal
@testable import ScreenText

/// The footer's key line at any width: the hints that fit, the least needed left out first, so
/// that how to get help and how to leave stay in sight; never a hint cut, never a line too wide.
@Suite("The footer's key line")
struct FooterTests {
  /// A list with a search and two actions, as `Screens/repositories.json` has.
  static let books =
    #"{"kind": "list", "title": "Books", "source": {"plugin": "books", "resource": "books"}, "search": {"param": "q"}, "row": {"title": "{name}"}, "select": {"screen": "book.json", "params": {"id": "{id}"}}, "actions": [{"key": "ctrl-o", "title": "Open in browser", "open": "https://example.org/{id}"}, {"key": "ctrl-y", "title": "Copy the clone URL", "copy": "{name}"}]}"#
  static let book =
    #"{"kind": "detail", "title": "Book {name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": [{"type": "text", "value": "{name}"}], "actions": [{"key": "ctrl-o", "title": "Open in browser", "open": "https://example.org/{id}"}]}"#

  let folder: ScreenFolder

  init() throws {
    folder = try ScreenFolder(["books.json": Self.books, "book.json": Self.book])
  }

  /// The last line of the screen's frame, loaded, in a terminal `columns` wide, as a screen
  /// opened from another (`first`: as the first screen, which Esc cannot leave).
  func footer(
    _ file: String = "books.json", parameters: [String: String] = [:], columns: Int, first: Bool = false
  ) async throws -> String {
    let store = try AppTestStore(
      open: folder.file(file), parameters: parameters, registry: PluginRegistry([TestPlugins.books()]),
      size: Viewport(columns: columns, rows: 16))
    await store.settle()
    var state = store.state
    // A screen before it, as after an Enter: only then is there a way back to offer.
    if !first { state.stack.insert(state.stack[0], at: 0) }
    return try #require(state.frame()?.lines.last)
  }

  /// The hints of a key line, each whole.
  static func hints(_ line: String) -> [String] {
    line.split(separator: " · ", omittingEmptySubsequences: false).map(String.init)
  }

  static let listHints = [
    "↑↓ move", "Enter open", "Ctrl-O open in browser", "Ctrl-Y copy the clone URL", "PgUp/PgDn page",
    "Ctrl-R reload", "Esc back", "Ctrl-C quit", "? help",
  ]

  @Test func atEightyColumnsTheWayOutAndTheHelpStayBesideTwoActions() async throws {
    #expect(
      try await footer(columns: 80) == "↑↓ move · Enter open · Ctrl-O open in browser · Esc back · Ctrl-C quit · ? help"
    )
    // Wide enough for all: the screen's keys in their order, then the ways out and the help.
    #expect(try await footer(columns: 200) == Self.listHints.joined(separator: " · "))
  }

  @Test(arguments: [20, 25, 30, 40, 50, 60, 70, 80, 100, 120])
  func narrowerFootersLeaveOutTheLeastNeededFirstAndCutNoHint(columns: Int) async throws {
    let line = try await footer(columns: columns)
    #expect(TextWidth.width(of: line) <= columns, "\(line)")
    let hints = Self.hints(line)
    #expect(hints.allSatisfy(Self.listHints.contains), "a hint is cut: \(line)")
    #expect(hints.last == "? help", "\(line)")
    #expect(hints.contains("Ctrl-C quit"), "\(line)")
    // What shows is the most needed, in the order the line shows them: whatever is left out is
    // less needed than everything shown.
    let need = [
      "? help", "Ctrl-C quit", "Esc back", "↑↓ move", "Enter open", "Ctrl-O open in browser",
      "Ctrl-Y copy the clone URL", "PgUp/PgDn page", "Ctrl-R reload",
    ]
    // Each hint in turn, the most needed first, where it fits beside those taken before it: a
    // hint left out leaves its room to a less needed one that fits (issue 39, item 10).
    var used = 0
    var taken: [String] = []
    for hint in need {
      let room = TextWidth.width(of: hint) + (used == 0 ? 0 : 3)
      if used + room <= columns {
        used += room
        taken.append(hint)
      }
    }
    #expect(Set(hints) == Set(taken), "\(line)")
    // And none left out would have fitted.
    for hint in need where !hints.contains(hint) {
      #expect(TextWidth.width(of: line + " · " + hint) > columns, "\(line)")
    }
  }

  /// On the first screen, Esc goes nowhere: the footer does not offer it (issue 39).
  @Test func theFirstScreenOffersNoWayBack() async throws {
    #expect(
      try await footer(columns: 80, first: true)
        == "↑↓ move · Enter open · Ctrl-O open in browser · Ctrl-C quit · ? help")
    #expect(
      try await footer("book.json", parameters: ["id": "1"], columns: 100, first: true)
        == "↑↓ scroll · Ctrl-O open in browser · Ctrl-R reload · Ctrl-C quit · ? help")
  }

  @Test func theNarrowestFramesKeepTheHelpAndQuit() async throws {
    #expect(try await footer(columns: 20) == "Ctrl-C quit · ? help")
    #expect(try await footer(columns: 40) == "Esc back · Ctrl-C quit · ? help")
  }

  @Test func aDetailScreenNamesTheWayBackAndTheHelp() async throws {
    let wide = try await footer("book.json", parameters: ["id": "1"], columns: 100)
    #expect(wide == "↑↓ scroll · Ctrl-O open in browser · Ctrl-R reload · Esc back · Ctrl-C quit · ? help")
    let narrow = try await footer("book.json", parameters: ["id": "1"], columns: 43)
    #expect(narrow == "↑↓ scroll · Esc back · Ctrl-C quit · ? help")
    let narrower = try await footer("book.json", parameters: ["id": "1"], columns: 42)
    #expect(narrower == "Esc back · Ctrl-C quit · ? help")
  }

  @Test func withAQueryTypedTheFooterDoesNotOfferTheHelpThatQuestionMarkNoLongerOpens() async throws {
    let store = try AppTestStore(
      open: folder.file("books.json"), registry: PluginRegistry([TestPlugins.books()]),
      size: Viewport(columns: 80, rows: 16))
    await store.settle()
    #expect(store.state.frame()?.lines.last?.hasSuffix(" · ? help") == true)
    store.send(.key(.character("I")), effects: store.work(ListKind.self, .typed("I")) + [.draw]) {
      $0.reduce(ListKind.self, .typed("I"), on: 1)
    }
    let typed = try #require(store.state.frame()?.lines.last)
    // Esc clears the search first, and the footer says so (issue 39).
    #expect(typed == "↑↓ move · Enter open · Ctrl-O open in browser · Esc clear · Ctrl-C quit", "\(typed)")
    store.clock.advance(by: .seconds(1))
    await store.settle()
  }

  @Test(arguments: [8, 9, 10])
  func inTheShortestTerminalsTheKeyLineStaysOnTheLastRow(rows: Int) async throws {
    // Rows of two lines, a footer under the list, and the status line: the frame keeps to the
    // terminal's height, its one row's subtitle giving way.
    try folder.write(
      "tall.json",
      Self.books.replacingOccurrences(
        #""row": {"title": "{name}"}"#,
        with: #""row": {"title": "{name}", "subtitle": "book {id}"}, "footer": "{meta.attribution}""#))
    let store = try AppTestStore(
      open: folder.file("tall.json"), registry: PluginRegistry([TestPlugins.books()]),
      size: Viewport(columns: 60, rows: rows))
    await store.settle()
    var state = store.state
    state.showsStatus = true
    let lines = try #require(state.frame(status: { _ in SourceStatus(mode: .sample) })?.lines)
    #expect(lines.count == rows, "\(lines)")
    // The first screen: no way back to offer.
    #expect(lines.last?.hasSuffix("Ctrl-C quit · ? help") == true, "\(lines)")
    #expect(lines.contains("source: sample data") == (rows > 8), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("›  1. Item 1") }, "the highlighted row shows: \(lines)")
  }

  @Test func aLongActionTitleNeverPushesOutTheWaysOutOrIsCut() {
    let long = KeyHint(keys: "Ctrl-O", does: String(repeating: "open ", count: 12), need: .action)
    let hints =
      [KeyHint.upDown("move"), long, KeyHint("Ctrl-R reload")]
      + [KeyBinding<ListKind>.back, .quit].compactMap(\.hint) + [KeyHint.help]
    let line = TextRenderer.keyHelp(hints, width: 60, glyphs: .unicode)
    // The long action is left out, and the less needed Ctrl-R, which fits, is not.
    #expect(line == "↑↓ move · Ctrl-R reload · Esc back · Ctrl-C quit · ? help")
    // Under --ascii, the wider "Up/Down" leaves no room for Ctrl-R.
    #expect(TextRenderer.keyHelp(hints, width: 60, glyphs: .ascii) == "Up/Down move - Esc back - Ctrl-C quit - ? help")
    #expect(
      TextRenderer.keyHelp(hints, width: 5, glyphs: .unicode) == "", "not even the help fits: nothing, not a cut hint")
  }

  /// A hint left out for want of room leaves its room to the less needed ones that fit: the
  /// table at 90 columns keeps `PgUp/PgDn page` once its actions' long hints are out (issue 39,
  /// item 10).
  @Test func aLessNeededHintThatFitsComesBackWhenAMoreNeededOneIsLeftOut() {
    let hints: [KeyHint] =
      [
        .upDown("move"), KeyHint("Enter open", need: .main), KeyHint("Ctrl-S sort", need: .action),
        KeyHint("Ctrl-O open in browser", need: .action), KeyHint("Ctrl-Y copy the clone URL", need: .action),
        "PgUp/PgDn page", "Ctrl-R reload",
      ] + [KeyBinding<ListKind>.back, .quit].compactMap(\.hint) + [KeyHint.help]
    #expect(
      TextRenderer.keyHelp(hints, width: 90, glyphs: .unicode)
        == "↑↓ move · Enter open · Ctrl-S sort · PgUp/PgDn page · Esc back · Ctrl-C quit · ? help")
  }
}
