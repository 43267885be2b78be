import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// The table kind's part of a screen file: the list's `search`, `paging`, `empty` and `select`,
/// and `columns` and `sort`.
extension SpecDecoder {
  static let columnKeys = ["header", "value", "width", "align", "sort"]
  static let widthKeys = ["min"]
  static let widthRange = 1...1_000

  mutating func decodeTable(_ object: JSONObject) -> TableSpec? {
    let sort = object["sort"].flatMap { decodeSort($0, at: .root / "sort") }
    var columns: [ColumnSpec]?
    let list = decodeList(object) { decoder in
      columns = decoder.decodeColumns(object["columns"], at: .root / "columns", sorted: object["sort"] != nil)
      return columns.map { _ in RowSpec(title: Template(literal: ""), subtitle: nil) }
    }
    if let sort, let columns {
      let values = columns.enumerated().compactMap { item in
        item.element.sort.map { (JSONPointer.root / "columns" / item.offset / "sort", $0.value) }
      }
      binding?.resourceChecks.append { resource in Self.sortProblems(sort, values, resource) }
    }
    guard let list, let columns else { return nil }
    return TableSpec(list: list, columns: columns, sort: sort)
  }

  private mutating func decodeColumns(_ value: JSON?, at pointer: JSONPointer, sorted: Bool) -> [ColumnSpec]? {
    let example = #"[{"header": "Name", "value": "{name}"}]"#
    guard let value else {
      fail(.root, .key, "missing required key 'columns'; a table screen lists its columns, as in \(example)")
      return nil
    }
    guard case .array(let elements) = value, !elements.isEmpty else {
      fail(
        pointer, .value(offset: 0),
        "'columns' must be a non-empty array such as \(example), not \(value.typeDescription)")
      return nil
    }
    var columns: [ColumnSpec] = []
    for (index, element) in elements.enumerated() {
      if let column = decodeColumn(element, at: pointer / index, sorted: sorted) { columns.append(column) }
    }
    return columns.count == elements.count ? columns : nil
  }

  private mutating func decodeColumn(_ value: JSON, at pointer: JSONPointer, sorted: Bool) -> ColumnSpec? {
    guard
      let object = requireObject(
        value, at: pointer, name: "a column", example: #"{"header": "Stars", "value": "{stargazers_count}"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: Self.columnKeys)
    let header = requiredTemplate(object, "header", at: pointer)
    let headerText = header.map { ColumnSpec.name(of: $0) }
    let template = requiredTemplate(object, "value", at: pointer)
    let width = decodeWidth(object["width"], at: pointer / "width", header: headerText ?? "")
    let alignment = decodeAlignment(object, at: pointer)
    var sort: ColumnSpec.Sort?
    if let text = optionalString(object, "sort", at: pointer) {
      let value = text.hasPrefix("-") ? String(text.dropFirst()) : text
      if value.trimmingWhitespace().isEmpty {
        fail(
          pointer / "sort", .value(offset: 0), "'sort' is empty; name the value the source sorts by, as in \"stars\"")
      } else if !sorted {
        fail(
          pointer / "sort", .value(offset: 0),
          #"column '\#(headerText ?? "")' sorts by '\#(value)', and the screen has no 'sort' naming the parameter to send it in; add "sort": {"param": "…"}"#
        )
      } else {
        sort = ColumnSpec.Sort(value: value, descendingFirst: text.hasPrefix("-"))
      }
    }
    guard let header, let template, let width, let alignment else { return nil }
    return ColumnSpec(header: header, value: template, width: width, alignment: alignment, sort: sort)
  }

  private mutating func decodeWidth(_ value: JSON?, at pointer: JSONPointer, header: String) -> ColumnSpec.Width? {
    let range = Self.widthRange
    switch value {
    case nil:
      return .flexible(minimum: max(1, min(range.upperBound, TextWidth.width(of: header))))
    case .some(let value) where value.intValue.map(range.contains) == true:
      return .fixed(value.intValue ?? range.lowerBound)
    case .object(let object):
      checkKeys(object, at: pointer, allowed: Self.widthKeys)
      guard object["min"] != nil else {
        fail(pointer, .key, #"missing required key 'min' in \#(pointer); a flexible width is written {"min": 10}"#)
        return nil
      }
      return optionalInt(object, "min", at: pointer, range: range).map { .flexible(minimum: $0) }
    case .some(let value):
      fail(
        pointer, .value(offset: 0),
        #"'width' must be a whole number from 1 to 1000, or {"min": N} for a flexible column, not \#(value.messageDescription)"#
      )
      return nil
    }
  }

  private mutating func decodeAlignment(_ object: JSONObject, at pointer: JSONPointer) -> ColumnSpec.Alignment? {
    guard let text = optionalString(object, "align", at: pointer) else {
      return object["align"] == nil ? .left : nil
    }
    if let alignment = ColumnSpec.Alignment(rawValue: text) { return alignment }
    let names = ColumnSpec.Alignment.allCases.map(\.rawValue)
    fail(
      pointer / "align", .value(offset: 0),
      Diagnostic.Message.unknown(
        "unknown alignment '\(text)'", name: text, among: names,
        expected: "expected " + names.map { "'\($0)'" }.joined(separator: ", ")))
    return nil
  }
}
