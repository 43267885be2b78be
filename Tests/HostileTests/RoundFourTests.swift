import Foundation
import ReplayServer
import Testing

/// The fourth round's cases that need more than the suite's checks: what `--output` prints of
/// values that break each format is read back by python3's own `json` and `csv` modules, cell
/// for cell, and a number filter groups a text of digits of any length.
@Suite("Hostile inputs, round four")
struct RoundFourTests {
  typealias Lab = RoundTwoTests.Lab

  /// Texts that break a format that is written carelessly: its separators, quotes and line
  /// ends, a BOM, a formula, a NUL, the line separator and a backslash.
  static let breakers = [
    "\"quoted\", \"and comma\"", "a\r\nb", "tab\there", "\u{FEFF}bom", "=cmd|' /C calc'!A0", "nul\u{0}byte",
    "line\u{2028}sep", "back\\slash\\", "\"", ",", "", " ", "ünï©ødé 漢字 😀",
  ]

  /// A search answer whose repositories are named by `breakers`, each described by the next.
  static var body: String {
    let items = breakers.indices.map { index in
      GitHub.repository(
        fullName: Hostile.q(breakers[index]), description: Hostile.q(breakers[(index + 1) % breakers.count]))
    }
    return GitHub.searchBody(items: "[\(items.joined(separator: ","))]", totalCount: String(breakers.count))
  }

  /// Runs python3 on `script` with `input` on its stdin; its stdout, or nil when it failed.
  func python(_ script: String, _ input: [UInt8]) throws -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Written from another thread, so that a full stdout pipe cannot stall the write.
    let writer = Thread {
      stdin.fileHandleForWriting.write(Data(input))
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "python3 failed: \(String(decoding: errors, as: UTF8.self))")
    return process.terminationStatus == 0 ? String(decoding: output, as: UTF8.self) : nil
  }

  /// The names python3 reads back from `--output FORMAT`, one JSON array of strings a line.
  func namesReadBack(_ format: String) async throws -> (names: [String], run: Driver.Run, lab: Lab) {
    let lab = try Lab(answer: json(Self.body))
    let run = try await lab.run(["Screens/repositories.json", "--live", "--query", "x", "--output", format])
    #expect(run.exitCode == 0, "\(lab.text(run))")
    let script: String
    switch format {
    case "json": script = "import json,sys; print(json.dumps([r['full_name'] for r in json.load(sys.stdin)]))"
    case "jsonl":
      script =
        "import json,sys; print(json.dumps([json.loads(l)['full_name'] for l in sys.stdin.read().split('\\n') if l]))"
    case "csv":
      script = """
        import csv,io,json,sys
        rows = list(csv.reader(io.StringIO(sys.stdin.buffer.read().decode('utf-8'), newline='')))
        assert rows[0] == ['title', 'subtitle'], rows[0]
        assert all(len(row) == 2 for row in rows), rows
        print(json.dumps([row[0] for row in rows[1:]]))
        """
    default:
      script = """
        import json,sys
        lines = sys.stdin.buffer.read().decode('utf-8').split('\\n')
        assert lines[-1] == '', lines[-1]
        rows = [line.split('\\t') for line in lines[:-1]]
        assert rows[0] == ['title', 'subtitle'], rows[0]
        assert all(len(row) == 2 for row in rows), rows
        print(json.dumps([row[0] for row in rows[1:]]))
        """
    }
    let printed = try python(script, run.stdout) ?? "[]"
    let names = try JSONDecoder().decode([String].self, from: Data(printed.utf8))
    return (names, run, lab)
  }

  @Test("json and jsonl print every breaker exactly, as python3's json module reads it", arguments: ["json", "jsonl"])
  func jsonRoundTrip(_ format: String) async throws {
    let (names, run, lab) = try await namesReadBack(format)
    #expect(names == Self.breakers, "\(lab.text(run))")
  }

  @Test(
    "csv and tsv keep one record a line and two cells a record; only the unsafe characters change",
    arguments: ["csv", "tsv"])
  func tableRoundTrip(_ format: String) async throws {
    let (names, run, lab) = try await namesReadBack(format)
    // A cell is the text with each control, line break, tab and line separator a space.
    let expected = Self.breakers.map { text in
      String(
        String.UnicodeScalarView(
          text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" ? " " : scalar
          }))
    }
    #expect(names == expected, "\(lab.text(run))")
  }

  @Test("number groups a text of digits past 64 bits as it groups the same number")
  func numberGroupsLongDigitTexts() async throws {
    let lab = try Lab(
      answer: json(
        GitHub.searchBody(
          items: "[\(GitHub.repository(fullName: Hostile.q("a"), stars: Hostile.q("99999999999999999999"))),"
            + "\(GitHub.repository(fullName: Hostile.q("b"), stars: "99999999999999999999")),"
            + "\(GitHub.repository(fullName: Hostile.q("c"), stars: Hostile.q("-123456789012345678901234567890")))]",
          totalCount: "3")))
    let run = try await lab.run(["Screens/repositories.json", "--live", "--query", "x", "--output", "tsv"])
    let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(lab.text(run))")
    #expect(lines.dropFirst().first?.hasPrefix("a\t99,999,999,999,999,999,999 stars") == true, "\(lab.text(run))")
    #expect(lines.dropFirst(2).first?.hasPrefix("b\t99,999,999,999,999,999,999 stars") == true, "\(lab.text(run))")
    #expect(
      lines.dropFirst(3).first?.hasPrefix("c\t-123,456,789,012,345,678,901,234,567,890 stars") == true,
      "\(lab.text(run))")
  }
}
