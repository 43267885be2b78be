import Foundation
import Testing

/// What the interactive mode writes for a change: one frame per key, as the lines that differ
/// from what the terminal shows (the whole frame after a resize, Ctrl-L or an overlay), and a
/// pane that, after any run of keys, searches and resizes, shows what a whole frame draws.
@Suite("Frames written as the lines that changed", .enabled(if: TmuxSession.isAvailable, TmuxSession.skipMessage))
struct FrameDiffTests {
  static let frameEnd = "\u{1B}[?25"
  static let home = "\u{1B}[H"

  static func count(_ part: String, in text: String) -> Int { text.components(separatedBy: part).count - 1 }

  @Test("each ↓ on Screens/characters.json at 80x24 writes one frame, of the two rows that changed")
  func aMoveWritesTheRowsThatChanged() async throws {
    try await TmuxSession.with(["Screens/characters.json"], width: 80, height: 24) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.recordOutput()
      // Within the rows that show, so that the list does not scroll.
      let moves = 6
      for row in 2...(moves + 1) {
        try await pane.press("Down")
        try await pane.waitForScreen("the marker on row \(row)") { $0.selectedRow == row }
      }
      // The help is drawn whole, after every frame of the moves.
      try await pane.type("?")
      let written = try await pane.waitForOutput("the key help") { $0.contains("Keys of a list screen") }
      let title = try #require(written.range(of: "Keys of a list screen"))
      let help = try #require(
        written.range(of: Self.home, options: .backwards, range: written.startIndex..<title.lowerBound),
        "the help from the top left: \(written.debugDescription)")
      let moved = String(written[..<help.lowerBound])
      #expect(Self.count(Self.frameEnd, in: moved) == moves, "one frame a key: \(moved.debugDescription)")
      // A whole frame is about 1,360 bytes; two rows are about 160.
      #expect(moved.utf8.count <= moves * 600, "\(moved.utf8.count) bytes for \(moves) keys: \(moved.debugDescription)")
      try await pane.press("C-c")
      _ = try await pane.waitForEnd()
    }
  }

  @Test("a resize and Ctrl-L write the whole frame, from the top left")
  func aResizeAndCtrlLWriteTheWholeFrame() async throws {
    try await TmuxSession.with(["Screens/characters.json"], width: 80, height: 24) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.recordOutput()
      try await pane.resize(width: 90, height: 24)
      try await pane.waitForScreen("the frame at 90 columns") { $0.lines.contains(String(repeating: "─", count: 90)) }
      try await pane.waitForOutput("the whole frame at 90 columns") { Self.wholeFrames(in: $0) == 1 }
      try await pane.press("Down")
      try await pane.waitForScreen("the marker on row 2") { $0.selectedRow == 2 }
      try await pane.press("C-l")
      let written = try await pane.waitForOutput("the whole frame again") { Self.wholeFrames(in: $0) == 2 }
      #expect(Self.count(Self.frameEnd, in: written) == 3, "\(written.debugDescription)")
      try await pane.press("C-c")
      _ = try await pane.waitForEnd()
    }
  }

  /// Where the pane's cursor is, if it shows.
  static func cursor(_ pane: TmuxSession) async throws -> String {
    let cursor = try await pane.paneFormat("#{cursor_flag}:#{cursor_x},#{cursor_y}")
    return cursor.hasPrefix("1:") ? cursor : "hidden"
  }

  /// How many whole frames of Marvel Characters `written` holds, each to its end.
  static func wholeFrames(in written: String) -> Int {
    written.components(separatedBy: home).dropFirst().filter {
      ($0.hasPrefix("Marvel Characters") || $0.hasPrefix("\u{1B}[1mMarvel Characters")) && $0.contains(frameEnd)
    }.count
  }

  @Test(
    "after searches, wide characters, moves, pages, resizes, the help and a detail, the pane is what a whole frame draws"
  )
  func thePaneIsWhatAWholeFrameDraws() async throws {
    try await TmuxSession.with(["Screens/characters.json"], width: 80, height: 24) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      // Wide characters in the search, then a shorter line where they were.
      try await pane.type("日本")
      try await pane.waitForScreen("no character starts with it") { $0.contains("No characters start with '日本'") }
      try await pane.press("BSpace", "BSpace")
      try await pane.waitForScreen("every character again") {
        $0.contains("Search: Search characters…") && $0.contains("1-20 of 1,446") && $0.selectedRow == 1
      }
      try await pane.type("iron")
      try await pane.waitForScreen("the search") { $0.contains("Search: iron▏") && $0.contains("1-20 of 20") }
      try await pane.press("Down", "Down", "Down")
      try await pane.waitForScreen("the marker on row 4") { $0.selectedRow == 4 }
      try await pane.press("PPage")
      try await pane.waitForScreen("the marker back on row 1") { $0.selectedRow == 1 }
      try await pane.press("NPage")
      let paged = try await pane.waitForScreen("the marker a page down") { ($0.selectedRow ?? 1) > 1 }
      for (width, height) in [(100, 30), (60, 20), (80, 24)] {
        try await pane.resize(width: width, height: height)
        try await pane.waitForScreen("the frame at \(width) columns") {
          $0.lines.contains(String(repeating: "─", count: width)) && $0.lines.count <= height
        }
      }
      try await pane.press("Enter")
      try await pane.waitForScreen("a detail screen") { $0.title != "Marvel Characters" && $0.title?.isEmpty == false }
      try await pane.press("Escape")
      try await pane.waitForScreen("the list again") {
        $0.title == "Marvel Characters" && $0.selectedRow == paged.selectedRow
      }
      try await pane.press("BSpace", "BSpace", "BSpace", "BSpace")
      try await pane.waitForScreen("every character again") {
        $0.contains("Search: Search characters…") && $0.contains("1-20 of 1,446") && $0.selectedRow == 1
      }
      // With the search empty, `?` is the help.
      try await pane.type("?")
      try await pane.waitForScreen("the key help") { $0.title == "Keys of a list screen" }
      try await pane.press("x")
      try await pane.waitForScreen("the list again") { $0.title == "Marvel Characters" }
      try await pane.press("Down", "Down")
      try await pane.waitForScreen("the marker on row 3") { $0.selectedRow == 3 }
      // A query with the caret inside it: the terminal's cursor shows, on the caret.
      try await pane.type("ir")
      // Its answer in (every character was "1-20 of 1,446"): nothing is left to change the pane.
      try await pane.waitForScreen("the search") { $0.contains("Search: ir▏") && $0.contains("1-20 of 20") }
      try await pane.press("Left")
      try await pane.waitForScreen("the caret moved") { $0.contains("Search: i▏r") }
      let shown = try await pane.captureStyled()
      let cursor = try await Self.cursor(pane)

      try await pane.recordOutput()
      try await pane.press("C-l")
      try await pane.waitForOutput("the whole frame") { Self.wholeFrames(in: $0) == 1 }
      let whole = try await pane.captureStyled()
      #expect(shown == whole, "the diffs left the pane other than a whole frame draws it")
      #expect(try await Self.cursor(pane) == cursor)
      try await pane.press("C-c")
      _ = try await pane.waitForEnd()
    }
  }
}
