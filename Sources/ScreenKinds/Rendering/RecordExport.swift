import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// What `--output` prints of a screen instead of its frame: its records, whole, as JSON or JSON
/// lines; or, as CSV or TSV, the texts its templates make of them, never cut.
///
/// - A list's columns are its row's `title` and `subtitle` (when it has one); a table's are its
///   columns, headed by their headers; a chart's are its label and its value.
/// - A detail screen's rows are its `fields`, `text` and `image` sections, as `name,value`
///   pairs (a section's header, or a field's label, then its value).
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
  /// Every control character, tab and line break included, and each bidirectional override or
  /// isolate, is a space in both, so a row is one line.
  package func row(_ cells: [String]) -> String {
    let cleaned = cells.map(Self.cell)
    switch self {
    // A row of one empty cell is `""`: a blank line would be no row to a reader.
    case .csv: return (cleaned == [""] ? "\"\"" : cleaned.map(Self.quoted).joined(separator: ",")) + lineEnd
    default: return cleaned.joined(separator: "\t") + lineEnd
    }
  }

  /// The text of a cell, each control character and bidirectional control a space.
  static func cell(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isReplaced) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { result.append(isReplaced(scalar) ? " " : scalar) }
    return String(result)
  }

  private static func isReplaced(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
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

/// A list-based kind's spec, as `--output csv` and `tsv` print it: its columns, each a header
/// (drawn without a record) and the template of its cells. A kind declares it in its folder.
package protocol ExportedColumns {
  var exportedColumns: [(header: Template, value: Template)] { get }
}

extension ListSpec: ExportedColumns {
  /// A list's row: its `title`, and its `subtitle` when it has one.
  package var exportedColumns: [(header: Template, value: Template)] {
    [(Template(literal: "title"), row.title)] + (row.subtitle.map { [(Template(literal: "subtitle"), $0)] } ?? [])
  }
}

/// The records a screen's state holds, and the cells its templates make of them.
package enum RecordExport {
  /// The paged list of a list, table or chart screen; nil for another kind's.
  package static func list(_ screen: ScreenState) -> PagedList.State? {
    if let state = screen.content.state as? PagedList.State { return state }
    if let state = screen.content.state as? SortedList.State { return state.list }
    return nil
  }

  /// The record of a detail screen, once loaded; nil for another kind's, or before it loads.
  package static func detailRecord(_ screen: ScreenState) -> JSON? {
    (screen.content.state as? DetailViewModel.State)?.record
  }

  /// The columns of a list-based screen: its headers, and what makes a record's cells.
  package static func columns(_ screen: ScreenState, _ state: PagedList.State)
    -> (headers: [String], cells: (JSON) -> [String])?
  {
    let spec = screen.spec
    guard let list = spec.list else { return nil }
    let context = ListFrame(screen: screen, list: list, state: state, options: RenderOptions()).context
    func row(_ record: JSON) -> TemplateContext {
      var row = context
      row.record = record
      return row
    }
    let columns = (spec.body as? any ExportedColumns)?.exportedColumns ?? list.exportedColumns
    return (
      columns.map { $0.header.render(in: context) },
      { record in
        let context = row(record)
        return columns.map { $0.value.render(in: context) }
      }
    )
  }

  /// A detail screen's `name,value` rows: each field of its `fields` sections (label, value),
  /// each `text` section (header, value) and each `image` (label, URL).
  package static func detailRows(_ screen: ScreenState, record: JSON) -> [[String]] {
    guard let detail = screen.spec.detail else { return [] }
    let context = TemplateContext(record: record, params: screen.parameters)
    var rows: [[String]] = []
    for section in detail.sections {
      switch section {
      case .fields(_, let fields):
        rows += fields.map { [$0.label.render(in: context), $0.value.render(in: context)] }
      case .text(let header, let value, _):
        rows.append([header?.render(in: context) ?? "", value.render(in: context)])
      case .image(let label, let value):
        rows.append([label.render(in: context), value.render(in: context)])
      case .list, .link:
        continue
      }
    }
    return rows
  }
}
