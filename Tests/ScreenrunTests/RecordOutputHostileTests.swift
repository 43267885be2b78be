import Foundation
import Testing

/// `--output` on records made to break it: quotes, commas, line breaks, tabs, escapes,
/// bidirectional overrides, a megabyte string and numbers no 64-bit type holds, served by a
/// declared plugin's sample file. JSON keeps every value exactly; CSV and TSV stay one row a
/// record, read back by Python.
@Suite("Output for pipes and scripts: hostile values")
struct RecordOutputHostileTests {
  static let megabyte = String(repeating: "m", count: 1 << 20)

  /// The sample records, as JSON text (a big integer cannot go through JSONSerialization).
  static let sample = """
    [
     {"id": "1", "name": "He said \\"hi\\", then left", "note": "a,b\\r\\nc\\nd\\te", "big": 123456789012345678901234567890,
      "float": 0.1, "tiny": 1e-300, "negative": -9223372036854775809, "unicode": "caf\\u00e9 \\u202eevil\\u202c \\u001b[31mred\\u0007"},
     {"id": "2", "name": "\(megabyte)", "note": "=1+2", "big": 18446744073709551616, "float": 2.5, "tiny": 0,
      "negative": -1, "unicode": "\\u0085\\u009b2J"}
    ]
    """

  /// The table screen of the `hostile` plugin.
  static let tableScreen = """
    {"version": 1, "kind": "table", "title": "Items", "source": {"plugin": "hostile", "resource": "items"},
     "search": {"param": "q"},
     "columns": [{"header": "Name, \\"quoted\\"", "value": "{name}", "width": 10},
                 {"header": "Note", "value": "{note}", "width": 10},
                 {"header": "Big", "value": "{big}", "width": 5},
                 {"header": "Text", "value": "{unicode}", "width": 5}]}
    """

  /// A folder with the `hostile` plugin, serving `sample` (sample data only), and `screen`, a
  /// screen of it (the table above unless told).
  static func plugin(sample: String = sample, screen screenText: String = tableScreen) throws
    -> (plugins: URL, screen: String)
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-hostile-\(UUID().uuidString)")
    let plugin = folder.appendingPathComponent("plugins/hostile")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try """
    {"name": "hostile", "summary": "records made to break output",
     "http": {"baseURL": {"variable": "HOSTILE_API_URL", "default": "https://hostile.example"}},
     "sample": {"file": "sample.json", "search": ["name"], "id": "id"},
     "resources": [{"name": "items", "kind": "list", "summary": "items", "search": "q",
       "parameters": [{"name": "q", "summary": "a search"}],
       "request": {"path": "/items", "query": {"q": "{q}"}, "records": "/",
                   "paging": {"type": "page", "page": "page", "size": "per_page", "first": 1}, "emptySearch": "all"}}]}
    """.write(to: plugin.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)
    try sample.write(to: plugin.appendingPathComponent("sample.json"), atomically: true, encoding: .utf8)
    let screen = folder.appendingPathComponent("items.json").path
    try screenText.write(toFile: screen, atomically: true, encoding: .utf8)
    return (folder.appendingPathComponent("plugins"), screen)
  }

  static func run(_ format: String) async throws -> ProcessResult {
    let (plugins, screen) = try plugin()
    defer { try? FileManager.default.removeItem(at: plugins.deletingLastPathComponent()) }
    let result = try await Screenrun.run(
      [screen, "--plugin-path", plugins.path, "--no-user-plugins", "--output", format], timeout: .seconds(60))
    #expect(result.exitCode == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty, "\(result.standardError)")
    return result
  }

  @Test("json: every value exact (big integers, floats, escapes), no raw control byte, read by Python")
  func json() async throws {
    let result = try await Self.run("json")
    #expect(!result.stdout.contains { $0 < 0x20 && $0 != 0x0A }, "a raw control byte in the JSON")
    #expect(!result.standardOutput.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
    let program = """
      import json, sys
      records = json.load(sys.stdin)
      first, second = records
      assert first["big"] == 123456789012345678901234567890, first["big"]
      assert second["big"] == 18446744073709551616, second["big"]
      assert first["negative"] == -9223372036854775809
      assert first["float"] == 0.1 and first["tiny"] == 1e-300 and second["float"] == 2.5
      assert first["name"] == 'He said "hi", then left'
      assert first["note"] == "a,b\\r\\nc\\nd\\te"
      assert first["unicode"] == "caf\\u00e9 \\u202eevil\\u202c \\u001b[31mred\\u0007", repr(first["unicode"])
      assert second["unicode"] == "\\u0085\\u009b2J"
      assert second["name"] == "m" * (1 << 20)
      print("ok")
      """
    let check = try await RecordOutputTests.python(program, input: result.stdout)
    #expect(check.standardOutput == "ok\n", "\(check)")
  }

  @Test("jsonl: one record a line, each the same value as json's")
  func jsonLines() async throws {
    let result = try await Self.run("jsonl")
    let lines = result.stdoutLines
    #expect(lines.count == 2)
    let program = """
      import json, sys
      lines = sys.stdin.read().split("\\n")
      assert lines[-1] == "" and len(lines) == 3
      records = [json.loads(line) for line in lines[:-1]]
      assert records[0]["big"] == 123456789012345678901234567890
      assert records[1]["name"] == "m" * (1 << 20)
      print("ok")
      """
    let check = try await RecordOutputTests.python(program, input: result.stdout)
    #expect(check.standardOutput == "ok\n", "\(check)")
  }

  @Test("csv: quoted by RFC 4180, a row a record, control characters as spaces, never cut")
  func csv() async throws {
    let result = try await Self.run("csv")
    #expect(result.standardOutput.components(separatedBy: "\r\n").count == 4, "three lines, each ended by CRLF")
    let rows = try await RecordOutputTests.csvRows(result.stdout)
    #expect(rows.count == 3)
    #expect(rows[0] == ["Name, \"quoted\"", "Note", "Big", "Text"])
    #expect(
      rows[1] == ["He said \"hi\", then left", "a,b  c d e", "123456789012345678901234567890", "café  evil   [31mred "])
    #expect(rows[2] == [Self.megabyte, "=1+2", "18446744073709551616", "  2J"])
  }

  @Test("tsv: a tab between cells and none inside, a line a record")
  func tsv() async throws {
    let result = try await Self.run("tsv")
    let lines = result.stdoutLines
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 4 })
    #expect(lines[1] == "He said \"hi\", then left\ta,b  c d e\t123456789012345678901234567890\tcafé  evil   [31mred ")
    #expect(lines[2] == Self.megabyte + "\t=1+2\t18446744073709551616\t  2J")
    let rows = try await RecordOutputTests.csvRows(result.stdout, dialect: "excel-tab")
    #expect(rows.count == 3)
  }
}
