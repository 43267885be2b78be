import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// What `--output` prints of a screen instead of its frame: its records, whole, as JSON or JSON
/// lines; or, as CSV or TSV, the texts its templates make of them, never cut. Each kind says
/// what those are (`Kind.export`): a list's row's `title` and `subtitle`, a table's columns, a
/// chart's label and value, a detail screen's `name,value` rows.
package enum RecordFormat: String, Sendable, CaseIterable {
  case json, jsonl, csv, tsv

  /// Whether the format prints records whole, so that the source is asked for every member.
  package var keepsWholeRecords: Bool { self == .json || self == .jsonl }

  /// The end of a line: CRLF in CSV, as RFC 4180 has it; a newline in the others.
  package var lineEnd: String { self == .csv ? "\r\n" : "\n" }

  /// The text that opens the output, before any record (a JSON array's `[`).
  package var opening: String { self == .json ? "[" : "" }

  /// A record, or a row of cells, as the format prints it, `first` or after others; a JSON
  /// array's records are one a line, a comma before each but the first.
  package func line(record: JSON, first: Bool) -> String {
    let text = Self.redacted(record).lineText
    return self == .json ? (first ? "\n" : ",\n") + text : text + "\n"
  }

  /// `value` with every registered secret redacted where it is held, before it is written as
  /// JSON: in its strings and keys, and in a number whose digits hold one, which becomes a string
  /// (no number can hold the mask). Redacting the written text instead would miss a secret that
  /// JSON escapes (a quote, a backslash) and break a number that holds one.
  package static func redacted(_ value: JSON) -> JSON {
    let secrets = SecretRegistry.shared
    guard secrets.isActive else { return value }
    switch value {
    case .null, .bool: return value
    case .int, .double, .bigInteger:
      let text = value.lineText
      let masked = secrets.redact(text)
      return masked == text ? value : .string(masked)
    case .string(let text): return .string(secrets.redact(text))
    case .array(let items): return .array(items.map(redacted))
    case .object(let object):
      var result = JSONObject()
      for (key, member) in object.members { result[secrets.redact(key)] = redacted(member) }
      return .object(result)
    }
  }

  /// The text that closes the output after `count` records (a JSON array's `]`, on its own line).
  package func closing(after count: Int) -> String {
    guard self == .json else { return "" }
    return count == 0 ? "]\n" : "\n]\n"
  }

  /// A row of cells: CSV quoted as RFC 4180 asks (a cell holding a quote or a comma is quoted,
  /// its quotes doubled), TSV as `text/tab-separated-values` (tab-separated; a cell has no tab).
  /// Every character of `TerminalSafe.isUnsafe`, tab and line break included, is a space in
  /// both, so a row is one line.
  package func row(_ cells: [String]) -> String {
    let cleaned = cells.map(Self.cell)
    switch self {
    // A row of one empty cell is `""`: a blank line would be no row to a reader.
    case .csv: return (cleaned == [""] ? "\"\"" : cleaned.map(Self.quoted).joined(separator: ",")) + lineEnd
    default: return cleaned.joined(separator: "\t") + lineEnd
    }
  }

  /// The text of a cell, each character of `TerminalSafe.isUnsafe` a space, not an escape or
  /// U+FFFD: a spreadsheet shows the text as it was, and a line break or tab in a value cannot
  /// split a record or a cell.
  static func cell(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: TerminalSafe.isUnsafe) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { result.append(TerminalSafe.isUnsafe(scalar) ? " " : scalar) }
    return String(result)
  }

  private static func quoted(_ cell: String) -> String {
    guard cell.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: ",") }) else { return cell }
    var text = "\""
    for character in cell.unicodeScalars {
      if character == "\"" { text += "\"" }
      text.unicodeScalars.append(character)
    }
    return text + "\""
  }
}

/// What `--output` prints of an opened screen, as its kind gives it (`Kind.export`): the runtime
/// never learns which kind it is.
package enum ScreenExport: Sendable {
  /// A paged screen's (a list's, a table's, a chart's): its records and where its paging stands,
  /// and its columns for CSV and TSV.
  case pages(ExportedPages, columns: ExportColumns)
  /// One record's (a detail screen's): the record, nil until it loads (or when its load failed),
  /// and its `name,value` rows for CSV and TSV.
  case record(JSON?, rows: [[String]])
}

/// Where a paged screen stands, as `--output` follows it: the records of the pages loaded (or of
/// the last one, where the screen keeps only that), the status of the last page asked for, and
/// the cursor of the next.
package struct ExportedPages: Sendable {
  /// How the last page asked for stands.
  package enum Status: Sendable, Equatable {
    /// Nothing asked: the screen waits for a search.
    case idle
    case loading
    case loaded
    /// The last page asked for failed.
    case failed
  }

  package var records: [JSON]
  package var status: Status
  /// Pages loaded so far, from 1.
  package var pagesLoaded: Int
  /// The query the records answer; nil on a screen with no search.
  package var activeQuery: String?
  /// The cursor of the next page; nil on the last.
  package var next: PageCursor?

  package init(records: [JSON], status: Status, pagesLoaded: Int, activeQuery: String?, next: PageCursor?) {
    self.records = records
    self.status = status
    self.pagesLoaded = pagesLoaded
    self.activeQuery = activeQuery
    self.next = next
  }
}

/// The columns `--output csv` and `tsv` print of a paged screen: their headers (drawn without a
/// record), and the cells its templates make of a record, never cut.
package struct ExportColumns: Sendable {
  package let headers: [String]
  package let cells: @Sendable (JSON) -> [String]

  /// `columns` (each a header and the template of its cells) read in `context` (what the
  /// screen's frame reads but the rows' records), each cell with its record.
  package init(_ columns: [(header: Template, value: Template)], context: TemplateContext) {
    headers = columns.map { $0.header.render(in: context) }
    cells = { record in
      var row = context
      row.record = record
      return columns.map { $0.value.render(in: row) }
    }
  }
}
