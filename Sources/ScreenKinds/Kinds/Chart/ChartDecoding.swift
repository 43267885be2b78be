import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// The chart kind's part of a screen file: the list's `search`, `paging`, `empty` and `select`,
/// and `bars` and `sort` (the latter as a table's).
extension SpecDecoder {
  static let barsKeys = ["label", "value", "labelHeader", "valueHeader", "labelSort", "valueSort"]

  mutating func decodeChart(_ object: JSONObject) -> ChartSpec? {
    let sort = object["sort"].flatMap { decodeChartSort($0, at: .root / "sort") }
    var bars: BarsSpec?
    let list = decodeList(object) { decoder in
      bars = decoder.decodeBars(object["bars"], at: .root / "bars", sorted: object["sort"] != nil)
      return bars.map { _ in RowSpec(title: Template(literal: ""), subtitle: nil) }
    }
    if let sort, let bars {
      let pointer = JSONPointer.root / "bars"
      let values = [(pointer / "labelSort", bars.labelSort), (pointer / "valueSort", bars.valueSort)].compactMap {
        item in item.1.map { (item.0, $0.value) }
      }
      binding?.resourceChecks.append { resource in Self.sortProblems(sort, values, resource) }
    }
    guard let list, let bars else { return nil }
    return ChartSpec(list: list, bars: bars, sort: sort)
  }

  /// `sort`: the parameter a sort value goes to, and the one that gets asc or desc.
  private mutating func decodeChartSort(_ value: JSON, at pointer: JSONPointer) -> SortSpec? {
    let example = #"{"param": "sort", "order": "order"}"#
    guard let object = requireObject(value, at: pointer, name: "sort", example: example) else { return nil }
    checkKeys(object, at: pointer, allowed: Self.sortKeys)
    let order = optionalString(object, "order", at: pointer)
    return requiredString(object, "param", at: pointer).map { SortSpec(parameter: $0, order: order) }
  }

  private mutating func decodeBars(_ value: JSON?, at pointer: JSONPointer, sorted: Bool) -> BarsSpec? {
    let example = #"{"label": "{full_name}", "value": "stargazers_count"}"#
    guard let value else {
      fail(.root, .key, "missing required key 'bars'; a chart screen says what its bars show, as in \(example)")
      return nil
    }
    guard let object = requireObject(value, at: pointer, name: "bars", example: example) else { return nil }
    checkKeys(object, at: pointer, allowed: Self.barsKeys)
    let label = requiredTemplate(object, "label", at: pointer)
    let field = requiredString(object, "value", at: pointer).flatMap { barField($0, at: pointer / "value") }
    let labelHeader = optionalTemplate(object, "labelHeader", at: pointer) ?? Template(literal: "")
    let valueHeader = optionalTemplate(object, "valueHeader", at: pointer) ?? Template(literal: "")
    let labelSort = barSort(object, "labelSort", at: pointer, sorted: sorted)
    let valueSort = barSort(object, "valueSort", at: pointer, sorted: sorted)
    guard let label, let field, labelSort.valid, valueSort.valid else { return nil }
    return BarsSpec(
      label: label, field: field.path, value: field.template, labelHeader: labelHeader, valueHeader: valueHeader,
      labelSort: labelSort.sort, valueSort: valueSort.sort)
  }

  /// The field a bar's length is read from: a path of names ("comics.available"), read as the
  /// template of that one field.
  private mutating func barField(_ text: String, at pointer: JSONPointer) -> (path: [String], template: Template)? {
    let path = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let plain = path.allSatisfy { name in !name.isEmpty && !name.contains(where: { "{}|:\" ".contains($0) }) }
    guard plain, let template = try? Template("{" + text + "}"), template.expressions.count == 1 else {
      fail(
        pointer, .value(offset: 0),
        "'value' must be a field path such as \"stargazers_count\" or \"comics.available\", not '\(text)'")
      return nil
    }
    return (path, template)
  }

  /// A bar's `labelSort` or `valueSort`: the value the source sorts by ("name"), or with a `-`
  /// before it, descending first ("-stars"); a sort needs the screen's `sort`.
  private mutating func barSort(_ object: JSONObject, _ key: String, at pointer: JSONPointer, sorted: Bool)
    -> (sort: ColumnSpec.Sort?, valid: Bool)
  {
    guard let text = optionalString(object, key, at: pointer) else { return (nil, object[key] == nil) }
    let value = text.hasPrefix("-") ? String(text.dropFirst()) : text
    guard !value.trimmingWhitespace().isEmpty else {
      fail(pointer / key, .value(offset: 0), "'\(key)' is empty; name the value the source sorts by, as in \"stars\"")
      return (nil, false)
    }
    guard sorted else {
      fail(
        pointer / key, .value(offset: 0),
        #"'\#(key)' sorts by '\#(value)', and the screen has no 'sort' naming the parameter to send it in; add "sort": {"param": "…"}"#
      )
      return (nil, false)
    }
    return (ColumnSpec.Sort(value: value, descendingFirst: text.hasPrefix("-")), true)
  }
}
