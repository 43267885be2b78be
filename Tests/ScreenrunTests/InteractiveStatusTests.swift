import Foundation
import ScreenKit
import Testing

/// The interactive mode's status line, and `--trace` there: the line above the key help says
/// what the source is, and the trace file gets a line for each request the typing makes.
@Suite("Interactive status line and trace", .enabled(if: TmuxSession.isAvailable, TmuxSession.skipMessage))
struct InteractiveStatusTests {
  @Test func theStatusLineStandsAboveTheKeyHelpAndTheTraceFollowsTheTyping() async throws {
    let trace = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-trace-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: trace) }
    try await TmuxSession.with(["Screens/characters.json", "--trace", trace.path]) { pane in
      let first = try await pane.waitForScreen("the first page") { $0.contains("1-20 of 1,446, more to load") }
      let shown = first.lines.filter { !$0.isEmpty }
      #expect(shown.count >= 2 && shown[shown.count - 2] == "source: sample data", "\(first)")
      #expect(shown.last?.hasPrefix("↑↓ move") == true, "the key help stays the last line: \(first)")
      #expect(first.lines.count <= 30)
      try await pane.type("spi")
      try await pane.waitForScreen("the search for spi") { $0.contains("of 24") }
      try await pane.press("C-c")
      _ = try await pane.waitForEnd()
    }
    let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
    let events = try lines.map { try JSON.parse(String($0)) }
    let queries = events.filter { $0["event"] == "request" }.map { $0["params"]?["nameStartsWith"]?.stringValue ?? "" }
    #expect(queries.first == "" && queries.last == "spi", "\(lines)")
    #expect(events.contains { $0["event"] == "answer" })
  }
}
