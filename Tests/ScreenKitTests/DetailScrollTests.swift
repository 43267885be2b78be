import ScreenFormat
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal
@testable import ScreenText

/// A long detail screen scrolled to its end in a small terminal, with the lines the app draws
/// above its frame (the problems of a failed reload) and in it (the source's status line): the
/// keys scroll by the rows the body is drawn in, so its last line is in reach, and a scroll never
/// passes it.
@Suite("Scrolling a detail screen")
struct DetailScrollTests {
  static let fields = (1...30).map { #"{"label": "Line", "value": "\#($0) of 30"}"# }.joined(separator: ", ")
  static let book =
    #"{"kind": "detail", "title": "Book {name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": [{"type": "fields", "fields": [FIELDS]}]}"#
    .replacingOccurrences("FIELDS", with: fields)

  let folder: ScreenFolder
  let navigator: Navigator

  init() throws {
    folder = try ScreenFolder(["book.json": Self.book])
    navigator = Navigator(
      loader: ScreenLoader(registry: PluginRegistry([TestPlugins.books()]), kinds: .standard),
      context: PluginContext(), scheduler: VirtualScheduler())
    try navigator.open(folder.file("book.json"), parameters: ["id": "1"])
  }

  /// The frame's lines as the terminal shows them.
  func frame() -> [String] { navigator.frame(glyphs: .unicode)?.lines ?? [] }

  /// Presses `key` until the frame stops changing (at most 60 times), and returns the frame.
  func pressUntilStill(_ key: Key, viewport: Viewport) async -> [String] {
    var last: [String] = []
    for _ in 0..<60 {
      _ = navigator.press(key, viewport: viewport)
      await navigator.settle()
      let drawn = frame()
      if drawn == last { break }
      last = drawn
    }
    return last
  }

  /// The body's lines as drawn: between the title's rule and the footer's.
  static func body(_ lines: [String]) -> [String] {
    let rules = lines.indices.filter { lines[$0].hasPrefix("────") }
    guard rules.count >= 2 else { return [] }
    return Array(lines[(rules[0] + 1)..<rules[rules.count - 1]])
  }

  /// The number a body line starts its value with ("Line  12 of 30": 12).
  static func number(_ line: String) -> Int? { line.split(separator: " ").lazy.compactMap { Int($0) }.first }

  /// Breaks the screen file and reads it again: the problems show above the last good screen.
  func failAReload() async throws {
    try folder.write("book.json", #"{"kind": "detail", "title": "Book", "sectons": []}"#)
    navigator.reloadScreens()
    #expect(navigator.reloadError != nil)
  }

  @Test(arguments: [8, 9, 10, 12])
  func withTheProblemsOfAFailedReloadTheLastLineIsReachedAndNotPassed(rows: Int) async throws {
    await navigator.settle()
    try await failAReload()
    let viewport = Viewport(columns: 60, rows: rows)
    for key in [Key.down, .pageDown, .character(" ")] {
      _ = navigator.press(.home, viewport: viewport)
      let end = await pressUntilStill(key, viewport: viewport)
      let shown = end.joined(separator: "\n")
      #expect(end.count == rows, "\(key): \(shown)")
      // The problems show above the frame where it leaves them a row.
      #expect(end.first?.hasPrefix("! ") == (rows > RenderOptions.minimumHeight), "\(shown)")
      // The seven lines of problems do not fit beside the smallest frame: the last one shown
      // counts the rest.
      #expect(
        end.contains { $0.hasSuffix(" more lines; below: the last screen that loaded") }
          == (rows > RenderOptions.minimumHeight), "\(shown)")
      let body = Self.body(end)
      #expect(body.last?.hasSuffix("30 of 30") == true, "\(key) reaches the last line: \(shown)")
      // Not passed: one key back shows the line before it at the bottom.
      _ = navigator.press(.up, viewport: viewport)
      await navigator.settle()
      #expect(Self.body(frame()).last?.hasSuffix("29 of 30") == true, "\(key): \(frame().joined(separator: "\n"))")
    }
  }

  @Test(arguments: [8, 9, 10])
  func withTheStatusLineAndTheProblemsTheLastLineIsReached(rows: Int) async throws {
    navigator.showsStatus = true
    await navigator.settle()
    try await failAReload()
    let viewport = Viewport(columns: 60, rows: rows)
    let end = await pressUntilStill(.pageDown, viewport: viewport)
    #expect(end.count == rows, "\(end.joined(separator: "\n"))")
    #expect(Self.body(end).last?.hasSuffix("30 of 30") == true, "\(end.joined(separator: "\n"))")
    // The key PageDown pages by is the body's rows as drawn: from the top, one page down shows
    // the line after the last one shown.
    _ = navigator.press(.home, viewport: viewport)
    let top = Self.body(frame())
    _ = navigator.press(.pageDown, viewport: viewport)
    let next = Self.body(frame())
    let lastTop = try #require(top.last.flatMap(Self.number))
    #expect(next.first.flatMap(Self.number) == lastTop + 1, "\(top) then \(next)")
  }
}
