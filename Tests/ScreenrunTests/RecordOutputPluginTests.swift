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

  @Test("a source whose paging goes round: the records got, then the error, exit 1")
  func pagingGoesRound() async throws {
    let (plugins, screen) = try ExternalPluginCommandTests.misbehaving("loop")
    defer { try? FileManager.default.removeItem(at: plugins.deletingLastPathComponent()) }
    let result = try await Screenrun.run(
      [screen, "--plugin-path", plugins.path, "--output", "jsonl", "--pages", "all"],
      environment: ExternalPluginCommandTests.only)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stdoutLines.count == 40, "the first page and the second: \(result)")
    #expect(result.standardError.contains("the source's paging goes round"), "\(result)")
  }
}
