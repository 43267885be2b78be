import Foundation
import Testing

@testable import ScreenKit
@testable import ScreenRunCLI
@testable import ScreenText

/// `--output` with an external plugin (Tests/Fixtures/External/misbehave.py): the plugin is
/// asked for whole records, and paging that goes round stops with an error after the records got.
@Suite("Output for pipes and scripts: an external plugin", .serialized)
struct RecordOutputPluginTests {
  @Test("--output json and jsonl ask the plugin for whole records")
  func wholeRecords() async throws {
    let (plugins, screen) = try ExternalPluginCommandTests.misbehaving("echo")
    defer { try? FileManager.default.removeItem(at: plugins.deletingLastPathComponent()) }
    let arguments = [screen, "--plugin-path", plugins.path]
    let json = try await Screenrun.run(arguments + ["--output", "json"], environment: ExternalPluginCommandTests.only)
    #expect(json.exitCode == 0, "\(json)")
    let records = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
    #expect(records.count == 20)
    #expect(records.allSatisfy { $0["asked"] as? String == "whole records" && $0["extra"] != nil }, "\(records)")
    let jsonl = try await Screenrun.run(
      arguments + ["--output", "jsonl"], environment: ExternalPluginCommandTests.only)
    #expect(jsonl.stdoutLines.count == 20 && jsonl.standardOutput.contains(#""asked":"whole records""#))
  }

  @Test("--pages N over a source that pages for ever: N pages, each record once, in order, in every format")
  func endlessPaging() async throws {
    let (plugins, screen) = try ExternalPluginCommandTests.misbehaving("endless")
    defer { try? FileManager.default.removeItem(at: plugins.deletingLastPathComponent()) }
    let arguments = [screen, "--plugin-path", plugins.path, "--pages", "30", "--output"]
    let jsonl = try await Screenrun.run(arguments + ["jsonl"], environment: ExternalPluginCommandTests.only)
    #expect(jsonl.exitCode == 0, "\(jsonl)")
    let ids = try jsonl.stdoutLines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["id"] as? Int
    }
    #expect(ids == Array(0..<600), "\(ids.prefix(50))")
    let tsv = try await Screenrun.run(arguments + ["tsv"], environment: ExternalPluginCommandTests.only)
    #expect(tsv.stdoutLines == ["title\tsubtitle"] + (0..<600).map { "record \($0)\t\($0)" }, "\(tsv)")
  }

  @Test("a source whose next page is its first again, by another cursor: page 1 once, then the error naming both")
  func firstPageAgain() async throws {
    let (plugins, screen) = try ExternalPluginCommandTests.misbehaving("firstagain")
    defer { try? FileManager.default.removeItem(at: plugins.deletingLastPathComponent()) }
    for format in ["jsonl", "tsv"] {
      let result = try await Screenrun.run(
        [screen, "--plugin-path", plugins.path, "--output", format, "--pages", "all"],
        environment: ExternalPluginCommandTests.only)
      #expect(result.exitCode == 1, "\(result)")
      let header = format == "tsv" ? 1 : 0
      #expect(result.stdoutLines.count == header + 20, "the first page once: \(result)")
      // The cursor is the source's text: its escapes are written as escapes, never raw.
      #expect(
        result.standardError
          == "\(screen): error: unreadable response: the source's paging goes round: page 2, asked for with cursor "
          + #"'\u001b]0;pwned\u0007page 1', holds page 1's records again, in the same order; it is not shown"# + "\n",
        "\(result)")
    }
  }

  @Test("pages that agree on the one field a table shows, under other cursors, are all printed")
  func pagesAlikeInWhatIsShown() async throws {
    let (plugins, screen) = try ExternalPluginCommandTests.misbehaving("good")
    defer { try? FileManager.default.removeItem(at: plugins.deletingLastPathComponent()) }
    // Every record has the plugin's pid: pages 1 and 2, cut to it, hold the same 20 rows.
    try """
    {"version": 1, "kind": "list", "title": "Items", "source": {"plugin": "test-good", "resource": "items"},
     "row": {"title": "plugin {pid}"}}
    """.write(toFile: screen, atomically: true, encoding: .utf8)
    for format in ["tsv", "csv"] {
      let result = try await Screenrun.run(
        [screen, "--plugin-path", plugins.path, "--output", format, "--pages", "all"],
        environment: ExternalPluginCommandTests.only)
      #expect(result.exitCode == 0, "\(result)")
      // CSV ends its lines in CRLF, which a Character holds whole.
      let lines = result.standardOutput.split { $0 == "\n" || $0 == "\r\n" }
      #expect(lines.count == 1 + 45, "every page: \(result)")
      #expect(Set(lines.dropFirst()).count == 1, "\(result)")
    }
  }

  @Test("a cursor in a paging error: its secrets redacted before the cut, cut by columns, escapes escaped")
  func cursorsShown() {
    let secret = "s3cr" + String(UInt64.random(in: 1...UInt64.max), radix: 36) + String(repeating: "k", count: 24)
    SecretRegistry.shared.register(secret)
    let shown = ScreenRunCommand.shown(PageCursor("?t=" + secret))
    let folded = shown.lowercased()
    let letters = Array(secret.lowercased())
    let piece = (0...(letters.count - 8)).first { folded.contains(String(letters[$0..<($0 + 8)])) }
    #expect(piece == nil, "\(shown)")
    #expect(shown == "'?t=REDACTED'")
    // One character carrying a megabyte of combining marks, wide characters, escapes.
    let heavy = ScreenRunCommand.shown(PageCursor("a" + String(repeating: "\u{301}", count: 1 << 20)))
    #expect(heavy.utf8.count < 200, "\(heavy.utf8.count) bytes")
    let wide = ScreenRunCommand.shown(PageCursor(String(repeating: "界", count: 100)))
    #expect(wide == "'" + String(repeating: "界", count: 19) + "…'")
    #expect(ScreenRunCommand.shown(PageCursor("\u{1B}[2J")) == #"'\u001b[2J'"#)
  }

  @Test("a source whose paging goes round: the records got, then the error, exit 1")
  func pagingGoesRound() async throws {
    let (plugins, screen) = try ExternalPluginCommandTests.misbehaving("loop")
    defer { try? FileManager.default.removeItem(at: plugins.deletingLastPathComponent()) }
    let result = try await Screenrun.run(
      [screen, "--plugin-path", plugins.path, "--output", "jsonl", "--pages", "all"],
      environment: ExternalPluginCommandTests.only)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stdoutLines.count == 40, "the first page and the second: \(result)")
    #expect(
      result.standardError.contains(
        "the source's paging goes round: page 2's next page, cursor '20', is page 2, which it gave already"),
      "\(result)")
  }
}
