import Foundation
import Testing

/// Terminal input that could take the keyboard away: characters typed into a search by the tens
/// of thousands (a paste into a terminal with no bracketed paste), each costing the same however
/// many came before it, and a bracketed paste that starts and never ends. Ctrl-C still quits.
@Suite("Hostile terminal input", .enabled(if: TmuxSession.isAvailable, TmuxSession.skipMessage))
struct TypedFloodTests {
  @Test("60,000 characters typed, not pasted, then Ctrl-C: the query holds them and screenrun ends")
  func sixtyThousandCharacters() async throws {
    try await TmuxSession.with(["Screens/repositories.json"]) { pane in
      try await pane.waitForScreen("the empty search") { $0.contains("Type to search.") }
      let text = String(repeating: "x", count: 59_999) + "y"
      let file = pane.folder.appendingPathComponent("typed")
      try text.write(to: file, atomically: true, encoding: .utf8)
      // paste-buffer without -p: no bracketed paste, so every byte is a key.
      try await pane.tmux(["load-buffer", "-b", "typed", file.path])
      try await pane.tmux(["paste-buffer", "-b", "typed", "-t", pane.name])
      // Once every key is in, the search line ends with the last one. Before the fix, each key
      // cost as much as all the keys before it: this took minutes in a debug build.
      try await pane.waitForScreen("the last character typed", timeout: .seconds(60)) {
        $0.lines.contains { $0.hasPrefix("Search: ") && $0.contains("xxy") }
      }
      try await pane.press("C-c")
      #expect(try await pane.waitForEnd().status == 0)
    }
  }

  @Test("the start of a bracketed paste with no end, typed: Ctrl-C still quits")
  func aPasteThatNeverEnds() async throws {
    try await TmuxSession.with(["Screens/repositories.json"]) { pane in
      try await pane.waitForScreen("the empty search") { $0.contains("Type to search.") }
      let file = pane.folder.appendingPathComponent("start")
      try "\u{1B}[200~abc".write(to: file, atomically: true, encoding: .utf8)
      try await pane.tmux(["load-buffer", "-b", "start", file.path])
      try await pane.tmux(["paste-buffer", "-b", "start", "-t", pane.name])
      try await pane.type("py")
      try await pane.press("C-c")
      #expect(try await pane.waitForEnd().status == 0)
    }
  }
}
