import Foundation
import Testing

/// The preview pane end to end: beside the list in a wide tmux pane, following the highlight,
/// hidden and shown with Ctrl-T, gone in a narrow pane; and the guide's frame is what the tool
/// draws.
@Suite("The preview pane")
struct PreviewPaneTests {
  @Test(
    "at 160 columns the highlighted repository shows beside the list; Down moves it, Ctrl-T hides it",
    .enabled(if: TmuxSession.isAvailable, TmuxSession.skipMessage))
  func wideTerminal() async throws {
    try await TmuxSession.with(["Screens/repositories.json"], width: 160, height: 30) { pane in
      try await pane.waitForScreen("the empty list") { $0.contains("Type to search.") }
      try await pane.type("react")
      let first = try await pane.waitForScreen("facebook/react previewed beside the list") {
        $0.selectedRow == 1 && $0.lines.contains { $0.contains(" │ Web             https://github.com/facebook/react") }
      }
      #expect(first.widest <= 160, "\(first)")
      // The divider stands at column 65 on every line, the list's 64 columns before it.
      // The status line and the key line run across the frame, under both panes.
      let keys = try #require(first.lines.last { !$0.isEmpty })
      #expect(keys.hasPrefix("↑↓ move · Enter open · Ctrl-T preview · Ctrl-O open in browser"), "\(first)")
      // A search is typed: Esc clears it first (issue 39).
      #expect(keys.hasSuffix("Esc clear · Ctrl-C quit"), "the ways out, beside the preview too: \(first)")
      let divided = first.lines.filter { !$0.isEmpty && !$0.hasPrefix("source:") && $0 != keys }
      let dividerColumns = divided.map { line in
        line.range(of: " │").map { TerminalColumns.of(String(line[..<$0.lowerBound])) }
      }
      #expect(dividerColumns.allSatisfy { $0 == 64 }, "\(divided.joined(separator: "\n"))")
      #expect(first.lines.first?.hasSuffix("│ facebook/react") == true, "\(first)")
      #expect(first.contains("Ctrl-T preview"), "the footer names the key: \(first)")

      try await pane.press("Down")
      let second = try await pane.waitForScreen("the second row previewed") {
        $0.selectedRow == 2 && $0.lines.first?.hasSuffix("│ typescript-cheatsheets/react") == true
      }
      #expect(second.widest <= 160, "\(second)")

      try await pane.press("C-t")
      let hidden = try await pane.waitForScreen("the list alone") { !$0.contains("│") && $0.selectedRow == 2 }
      #expect(hidden.title == "GitHub Repositories", "\(hidden)")
      try await pane.press("C-t")
      try await pane.waitForScreen("the preview again") {
        $0.lines.first?.hasSuffix("│ typescript-cheatsheets/react") == true
      }
      // Enter still opens the screen's select: the commits.
      try await pane.press("Enter")
      try await pane.waitForScreen("the commits of the highlighted repository") {
        $0.title?.contains("typescript-cheatsheets/react") == true && !$0.contains("│")
      }
      try await pane.press("Escape")
      try await pane.resize(width: 100, height: 30)
      let narrow = try await pane.waitForScreen("the list alone at 100 columns") {
        $0.title == "GitHub Repositories" && !$0.contains("│") && $0.selectedRow == 2
      }
      #expect(narrow.widest <= 100, "\(narrow)")
      try await pane.press("C-c")
      #expect(try await pane.waitForEnd().status == 0)
    }
  }

  @Test("the guide's preview frame is the one --once --width 120 draws")
  func readmeFrame() async throws {
    let chapter = Screenrun.repositoryRoot.appendingPathComponent("docs/guide/03-lists-tables-charts.md")
    let readme = try String(contentsOf: chapter, encoding: .utf8)
    let command = "$ screenrun Screens/characters.json --once --width 120 | head -8"
    let lines = readme.components(separatedBy: "\n")
    let start = try #require(lines.firstIndex(of: command), "the guide shows the command")
    let shown = Array(lines[(start + 1)...].prefix { !$0.hasPrefix("```") })
    #expect(shown.count == 8)
    let result = try await Screenrun.run(["Screens/characters.json", "--once", "--width", "120"])
    #expect(result.exitCode == 0, "\(result)")
    let drawn = Array(result.standardOutput.components(separatedBy: "\n").prefix(8))
    #expect(drawn == shown, "the guide:\n\(shown.joined(separator: "\n"))\ndrawn:\n\(drawn.joined(separator: "\n"))")
  }
}
