import Foundation
import Testing

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
          == "\(screen): error: the source's paging goes round: page 2, asked for with cursor "
          + #"'\u001b]0;pwned\u0007page 1', holds page 1's records again (it is not printed)"# + "\n", "\(result)")
    }
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
