import Testing

@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenText

/// What `--output` writes of a record or a row of cells, without a process: CSV's quoting and
/// its empty row, TSV's cells, and secrets redacted in a record's values before it is JSON.
@Suite("RecordFormat: rows and records")
struct RecordFormatTests {
  @Test("CSV quotes a cell with a quote or a comma, and a row of one empty cell is \"\", not a blank line")
  func csvRows() {
    #expect(RecordFormat.csv.row(["a", "b,c", #"say "hi""#]) == #"a,"b,c","say ""hi""""# + "\r\n")
    #expect(RecordFormat.csv.row([""]) == "\"\"\r\n")
    #expect(RecordFormat.csv.row(["", ""]) == ",\r\n")
    #expect(RecordFormat.tsv.row(["a\tb", "c\nd\u{1B}[2J"]) == "a b\tc d [2J\n")
  }

  @Test("a record's secrets are redacted in its values and keys; a number that holds one becomes its masked text")
  func redactedRecord() throws {
    SecretRegistry.shared.register("7391046285")
    SecretRegistry.shared.register(#"zq"Rx\secretVALUE"#)
    let record: JSON = .object(
      JSONObject([
        "id": .int(97_391_046_285_1),
        "big": .bigInteger("1273910462850000000000000000"),
        "note": .string(#"a zq"Rx\secretVALUE b"#),
        #"zq"Rx\secretVALUE"#: .bool(true),
        "list": .array([.string("7391046285"), .double(0.5)]),
      ]))
    let line = RecordFormat.jsonl.line(record: record, first: true)
    #expect(!line.contains("7391046285") && !line.contains("secretVALUE"), "\(line)")
    let parsed = try JSON.parse(line)
    #expect(parsed["id"] == .string("9REDACTED1"))
    #expect(parsed["big"] == .string("12REDACTED0000000000000000"))
    #expect(parsed["note"] == .string("a REDACTED b"))
    #expect(parsed["REDACTED"] == .bool(true))
    #expect(parsed["list"] == .array([.string("REDACTED"), .double(0.5)]))
  }
}
