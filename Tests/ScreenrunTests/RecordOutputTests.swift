import Foundation
import Testing

/// `--query`, `--output json|jsonl|csv|tsv` and `--pages`, run through the built binary on the
/// sample data, the output read back by Python's `json` and `csv` modules.
@Suite("Output for pipes and scripts")
struct RecordOutputTests {
  /// Runs `python3 -c program` with `input` on stdin; its stdout.
  static func python(_ program: String, input: Data) async throws -> ProcessResult {
    try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "-c", program], stdin: input,
      workingDirectory: Screenrun.repositoryRoot, environment: Screenrun.environment(), timeout: .seconds(30))
  }

  /// The rows of a CSV text, as Python's `csv` module reads them.
  static func csvRows(_ data: Data, dialect: String = "excel") async throws -> [[String]] {
    let program = """
      import csv, io, json, sys
      csv.field_size_limit(1 << 24)
      text = sys.stdin.buffer.read().decode("utf-8")
      print(json.dumps(list(csv.reader(io.StringIO(text, newline=""), dialect="\(dialect)"))))
      """
    let result = try await python(program, input: data)
    #expect(result.exitCode == 0, "\(result)")
    return try JSONDecoder().decode([[String]].self, from: result.stdout)
  }

  @Test("--query a --output json --pages 2: the 60 records of the first two pages, whole, read by json.tool")
  func jsonTwoPages() async throws {
    let arguments = ["Screens/repositories.json", "--query", "a", "--output", "json", "--pages", "2"]
    let result = try await Screenrun.run(arguments)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardError.isEmpty, "\(result)")
    let tool = try await Self.python("import json, sys; json.load(sys.stdin)", input: result.stdout)
    #expect(tool.exitCode == 0, "json.tool cannot read it: \(tool)")
    let records = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
    #expect(records.count == 60)
    // Whole records: members that no template of the screen reads are there too.
    #expect(records.allSatisfy { $0["html_url"] is String && $0["owner"] is [String: Any] }, "\(records.first ?? [:])")
    #expect(Set(records.compactMap { $0["full_name"] as? String }).count == 60)

    // One page is the first 30 of them; the frame's first rows are theirs, in order.
    let one = try await Screenrun.run(["Screens/repositories.json", "--query", "a", "--output", "json"])
    let first = try #require(try JSONSerialization.jsonObject(with: one.stdout) as? [[String: Any]])
    #expect(first.map { $0["full_name"] as? String } == records.prefix(30).map { $0["full_name"] as? String })
    let frame = try await Screenrun.run(["Screens/repositories.json", "--query", "a", "--once"])
    let name = try #require(first.first?["full_name"] as? String)
    #expect(frame.standardOutput.contains("1. " + name), "\(frame)")

    // Stable across runs.
    let again = try await Screenrun.run(arguments)
    #expect(again.stdout == result.stdout)
  }

  @Test("--pages all stops where the source's paging ends: the 115 repositories that 'a' finds")
  func allPages() async throws {
    let result = try await Screenrun.run([
      "Screens/repositories.json", "--query", "a", "--output", "jsonl", "--pages", "all",
    ])
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdoutLines
    #expect(lines.count == 115, "\(lines.count) lines")
    for line in lines { #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any]) }
  }

  @Test("--output csv on a table: Python's csv module reads the table's headers and its cells, never cut")
  func csvTable() async throws {
    let result = try await Screenrun.run([
      "Screens/repositories-table.json", "--query", "a", "--output", "csv",
    ])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardOutput.hasSuffix("\r\n"), "CSV lines end in CRLF")
    let rows = try await Self.csvRows(result.stdout)
    #expect(rows.first == ["Name", "Stars", "Language", "Updated", "Description"])
    #expect(rows.count == 31)
    #expect(rows.dropFirst().allSatisfy { $0.count == 5 })
    // A description longer than its column's width at 80 columns is whole.
    let json = try await Screenrun.run(["Screens/repositories-table.json", "--query", "a", "--output", "json"])
    let records = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
    let descriptions = records.map { ($0["description"] as? String)?.trimmingCharacters(in: .whitespaces) ?? "-" }
    #expect(rows.dropFirst().map { $0[4] } == descriptions.map { $0.isEmpty ? "-" : $0 })
    #expect(descriptions.contains { $0.count > 40 })
  }

  @Test("--output csv on a chart: its label and value, under their headers")
  func csvChart() async throws {
    let result = try await Screenrun.run(["Screens/characters-chart.json", "--query", "iron man", "--output", "csv"])
    #expect(result.exitCode == 0, "\(result)")
    let rows = try await Self.csvRows(result.stdout)
    #expect(rows.first == ["Character", "Comics"])
    #expect(rows.dropFirst().first == ["Iron Man", "2664"])
    #expect(rows.count == 8 && rows.allSatisfy { $0.count == 2 }, "\(rows)")
  }

  @Test("--output tsv on a list: title and subtitle, a tab between")
  func tsvList() async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--query", "spider", "--output", "tsv"])
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdoutLines
    #expect(lines.first == "title\tsubtitle")
    #expect(lines.count > 2)
    #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 2 }, "\(lines)")
    #expect(lines.dropFirst().allSatisfy { $0.lowercased().contains("spider") }, "\(lines)")
  }

  @Test("a detail screen: json is the record, csv its name,value rows")
  func detail() async throws {
    let json = try await Screenrun.run(["Screens/character.json", "--param", "id=1009368", "--output", "json"])
    #expect(json.exitCode == 0, "\(json)")
    let record = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    #expect(record["name"] as? String == "Iron Man")
    let csv = try await Screenrun.run(["Screens/character.json", "--param", "id=1009368", "--output", "csv"])
    let rows = try await Self.csvRows(csv.stdout)
    #expect(rows.first == ["name", "value"])
    #expect(rows.dropFirst().allSatisfy { $0.count == 2 } && rows.count > 1, "\(rows)")
  }

  @Test("a detail screen whose load fails prints what a list whose first page fails does, then the error, exit 1")
  func detailFails() async throws {
    // json: a value that holds no record (a list's is []); jsonl: no line; csv and tsv: the header.
    let printed = ["json": "null\n", "jsonl": "", "csv": "name,value\r\n", "tsv": "name\tvalue\n"]
    for (format, stdout) in printed.sorted(by: { $0.key < $1.key }) {
      let run = try await Screenrun.run(["Screens/character.json", "--param", "id=1", "--output", format])
      #expect(run.exitCode == 1, "\(format): \(run)")
      #expect(run.standardOutput == stdout, "\(format): \(run)")
      #expect(
        run.standardError == "Screens/character.json: error: not found: We couldn't find that character\n",
        "\(format): \(run)")
    }
  }

  @Test("--query is the first request: no page is asked for without it, and each page once (--trace)")
  func queryIsTheFirstRequest() async throws {
    let trace = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-trace-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: trace) }
    let result = try await Screenrun.run([
      "Screens/characters.json", "--query", "spider", "--output", "jsonl", "--pages", "2", "--trace", trace.path,
    ])
    #expect(result.exitCode == 0, "\(result)")
    let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
    let requests = try lines.compactMap { line -> [String: Any]? in
      let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return event?["event"] as? String == "request" ? event : nil
    }
    #expect(requests.count == 2, "\(lines)")
    #expect(requests.allSatisfy { ($0["params"] as? [String: String]) == ["nameStartsWith": "spider"] }, "\(lines)")
    #expect(requests.first?["cursor"] is NSNull && !(requests.last?["cursor"] is NSNull), "\(lines)")
    #expect(result.stdoutLines.count == 21, "the 20 of the first page and the last one, of the second")
  }

  @Test("--query starts --once's frame with the search, as if typed")
  func queryOnce() async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--query", "iron", "--once"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardOutput.contains("Search: iron"), "\(result)")
    #expect(result.standardOutput.contains("Iron Man"), "\(result)")
  }

  @Test(
    "options that make no sense together are usage errors, pointed at",
    arguments: [
      (["Screens/characters.json", "--output", "json", "--script", "-"], "--script does not go with --output"),
      (["Screens/characters.json", "--output", "csv", "--watch"], "--watch does not go with --output"),
      (["Screens/characters.json", "--output", "csv", "--explain"], "--explain does not go with --output"),
      (["Screens/characters.json", "--output", "csv", "--once"], "--once does not go with --output"),
      (["Screens/characters.json", "--pages", "2"], "--pages goes with --output"),
      (["Screens/characters.json", "--output", "jsno"], "did you mean 'json'?"),
      (["Screens/characters.json", "--output", "json", "--pages", "0"], "--pages takes a number of pages"),
    ])
  func conflicts(arguments: [String], says: String) async throws {
    let result = try await Screenrun.run(arguments)
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardError.contains(says), "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
  }

  @Test("--query on a detail screen, and --output on a required search without --query, are clear errors")
  func noSearch() async throws {
    let detail = try await Screenrun.run(["Screens/character.json", "--param", "id=1009368", "--query", "x", "--once"])
    #expect(detail.exitCode == 2, "\(detail)")
    #expect(detail.standardError.contains("--query: Screens/character.json is a detail screen, which has no search"))
    let required = try await Screenrun.run(["Screens/repositories.json", "--output", "json"])
    #expect(required.exitCode == 2, "\(required)")
    #expect(required.standardError.contains("lists nothing until it is given a search: add --query TEXT"))
    #expect(required.stdout.isEmpty, "\(required)")
  }

  @Test("a --query shorter than the search's minLength is an error, not every record (or none)")
  func queryShorterThanMinLength() async throws {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "screenrun-minlength-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for required in [false, true] {
      let screen = folder.appendingPathComponent("repositories-\(required).json")
      try """
      {"version": 1, "kind": "list", "title": "Repositories", "source": {"plugin": "github", "resource": "repositories"},
       "search": {"param": "q", "minLength": 3, "required": \(required)}, "row": {"title": "{full_name}"}}
      """.write(to: screen, atomically: true, encoding: .utf8)
      for query in ["se", "   "] where required || query != "   " {
        let result = try await Screenrun.run([screen.path, "--query", query, "--output", "tsv"])
        #expect(result.exitCode == 2, "\(query): \(result)")
        #expect(result.standardError.contains("is no search for"), "\(result)")
        #expect(result.standardError.contains(required ? "would list nothing" : "would list every record"))
        #expect(result.stdout.isEmpty, "\(result)")
      }
      let searched = try await Screenrun.run([screen.path, "--query", "react", "--output", "tsv"])
      #expect(searched.exitCode == 0, "\(searched)")
      #expect(searched.stdout.starts(with: Data("title\nfacebook/react\n".utf8)), "\(searched)")
    }
  }

  @Test("the guide's chapter on output shows what the commands print")
  func readme() async throws {
    let readme = try String(
      contentsOf: Screenrun.repositoryRoot.appendingPathComponent("docs/guide/06-output.md"), encoding: .utf8)
    let tsv = try await Screenrun.run(["Screens/characters.json", "--query", "iron man", "--output", "tsv"])
    #expect(tsv.exitCode == 0, "\(tsv)")
    let shown = "$ screenrun Screens/characters.json --query \"iron man\" --output tsv\n" + tsv.standardOutput + "```"
    #expect(readme.contains(shown), "docs/guide/06-output.md should show:\n\(shown)")
    let pages = try await Screenrun.run([
      "Screens/repositories.json", "--query", "a", "--output", "json", "--pages", "2",
    ])
    let records = try #require(try JSONSerialization.jsonObject(with: pages.stdout) as? [Any])
    #expect(
      readme.contains(
        "--output json --pages 2 | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))'\n\(records.count)\n")
    )
    let all = try await Screenrun.run([
      "Screens/repositories.json", "--query", "a", "--output", "jsonl", "--pages", "all",
    ])
    #expect(readme.contains("--output jsonl --pages all | wc -l\n\(all.stdoutLines.count)\n"))
  }

  @Test("a reader gone from the pipe (| head -1) ends the run quietly, with no crash")
  func closedPipe() async throws {
    let binary = try Screenrun.binary.get()
    let result = try await ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: [
        "-c",
        #"{ ("$0" Screens/repositories.json --query a --output jsonl --pages all; echo "status $?" >&3) | head -1; } 3>&1"#,
        binary.path,
      ], workingDirectory: Screenrun.repositoryRoot, environment: Screenrun.environment(), timeout: .seconds(30))
    // The first record, then screenrun's status: 1, as for any write that fails (docs/reference/command-line.md).
    #expect(result.stdoutLines.count == 2, "\(result)")
    #expect(result.stdoutLines.first?.hasPrefix("{\"id\":") == true, "\(result)")
    #expect(result.stdoutLines.last == "status 1", "\(result)")
    #expect(result.standardError.isEmpty, "\(result)")
  }
}
