import Foundation
import ScreenKit
import Testing

/// `--trace FILE`: one JSON line per request sent, per answer (with its time) and per answer
/// dropped as stale, in every mode; a file that cannot be written is a clear error, never a crash.
@Suite("Trace")
struct TraceTests {
  /// The lines of a trace file, parsed.
  static func events(_ file: URL) throws -> [JSON] {
    let text = try String(contentsOf: file, encoding: .utf8)
    return try text.split(separator: "\n").map { try JSON.parse(String($0)) }
  }

  static func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-trace-\(UUID().uuidString)-\(name)")
  }

  @Test("a script: each request and its answer, with times, in order")
  func script() async throws {
    let trace = Self.temporaryFile("script.jsonl")
    defer { try? FileManager.default.removeItem(at: trace) }
    let result = try await Screenrun.run(
      ["Screens/characters.json", "--script", "-", "--trace", trace.path], stdin: "search spi\nnext\n")
    #expect(result.exitCode == 0, "\(result)")
    let events = try Self.events(trace)
    #expect(
      events.map { $0["event"]?.stringValue ?? "" } == ["request", "answer", "request", "answer", "request", "answer"])
    #expect(events.map { $0["id"]?.intValue ?? 0 } == [1, 1, 2, 2, 3, 3])
    #expect(events[2]["params"]?["nameStartsWith"] == "spi")
    #expect(events[4]["cursor"] == "20")
    #expect(events[5]["records"]?.intValue == 4 && events[5]["total"]?.intValue == 24)
    for answer in events where answer["event"] == "answer" {
      guard case .double(let milliseconds)? = answer["ms"] else {
        Issue.record("an answer without its time: \(answer)")
        continue
      }
      #expect(milliseconds >= 0)
    }
  }

  @Test("a script that makes an answer stale: the answer to the replaced query is dropped, and says so")
  func staleAnswer() async throws {
    let (plugins, _) = try ExternalPluginCommandTests.misbehaving("slow")
    let screen = plugins.deletingLastPathComponent().appendingPathComponent("search.json")
    // No debounce: each key asks at once, and the second replaces the first while the plugin
    // (0.3 s a request) is still at work on it.
    try """
    {"version": 1, "kind": "list", "title": "Items", "source": {"plugin": "test-slow", "resource": "items"},
     "search": {"param": "q", "debounceMs": 0}, "row": {"title": "{name}", "subtitle": "{query}"}}
    """.write(to: screen, atomically: true, encoding: .utf8)
    let trace = Self.temporaryFile("stale.jsonl")
    defer { try? FileManager.default.removeItem(at: trace) }
    let result = try await Screenrun.run(
      [screen.path, "--script", "-", "--trace", trace.path, "--plugin-path", plugins.path], stdin: "type ab\n",
      environment: ExternalPluginCommandTests.only)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardOutput.contains("1. record 0"), "\(result)")
    let events = try Self.events(trace)
    let requests = events.filter { $0["event"] == "request" }
    // The two searches run on tasks of their own, so their requests may be traced in either order.
    #expect(requests.map { $0["params"]?["q"]?.stringValue ?? "" }.sorted() == ["", "a", "ab"], "\(events)")
    func id(_ query: String) -> Int? {
      requests.first { ($0["params"]?["q"]?.stringValue ?? "") == query }?["id"]?.intValue
    }
    let stale = events.filter { $0["event"] == "stale" }
    #expect(stale.map { $0["id"]?.intValue } == [id("a")], "\(events)")
    #expect(stale.first?["dropped"]?.stringValue?.contains("moved on") == true)
    let answered = events.filter { $0["event"] == "answer" }.map { $0["id"]?.intValue }
    #expect(answered == [id(""), id("ab")], "\(events)")
    // What was sent to the plugin is in the trace too: the protocol line.
    #expect(events.contains { $0["event"] == "sent" && ($0["request"]?.stringValue ?? "").contains(#""q":"ab""#) })
  }

  @Test("a file that fills up: the run goes on, and ends with a clear error and exit 1")
  func fullDisk() async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--once", "--trace", "/dev/full"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.standardOutput.contains("3-D Man"), "the frame is still printed: \(result)")
    #expect(
      result.standardError
        == "screenrun: error: the trace to '/dev/full' stopped: a write failed (No space left on device)\n",
      "\(result)")
  }

  @Test("a file that cannot be opened: exit 2 before anything runs")
  func unopenable() async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--once", "--trace", "/nonexistent/folder/t"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("cannot write the trace to '/nonexistent/folder/t'"), "\(result)")
  }
}
