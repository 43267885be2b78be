import ScreenFormat
import ScreenJSON
import ScreenKit

/// The detail kind's part of a screen file: `sections`, each a text, image, fields or list section.
extension SpecDecoder {
  mutating func decodeDetail(_ object: JSONObject) -> DetailSpec? {
    let pointer = JSONPointer.root / "sections"
    guard let value = object["sections"] else {
      fail(.root, .key, "missing required key 'sections'; a detail screen lists its sections")
      return nil
    }
    guard case .array(let elements) = value else {
      fail(pointer, .value(offset: 0), "'sections' must be an array of sections, not \(value.typeDescription)")
      return nil
    }
    var sections: [Section] = []
    for (index, element) in elements.enumerated() {
      if let section = decodeSection(element, at: pointer / index) { sections.append(section) }
    }
    return DetailSpec(sections: sections)
  }

  /// The section types, in the order messages list them.
  static let sectionTypes = ["text", "image", "fields", "list", "link"]
  /// The keys of a field of a fields section, and the range of a list section's `limit`.
  static let fieldKeys = ["label", "value"]
  static let limitRange = 1...10_000
  /// The keys of each section type, beside `type`.
  static let sectionKeys: [String: [String]] = [
    "text": ["header", "value", "empty"],
    "image": ["label", "value"],
    "fields": ["header", "fields"],
    "list": ["header", "items", "children", "row", "empty", "limit", "total", "select"],
    "link": ["label", "select"],
  ]

  private mutating func decodeSection(_ value: JSON, at pointer: JSONPointer) -> Section? {
    guard
      let object = requireObject(
        value, at: pointer, name: "a section", example: #"{"type": "text", "value": "{description}"}"#)
    else { return nil }
    let types = Self.sectionTypes
    guard let type = requiredString(object, "type", at: pointer) else { return nil }
    guard let allowed = Self.sectionKeys[type] else {
      let message = Diagnostic.Message.unknown(
        "unknown section type '\(type)'", name: type, among: types,
        expected: "expected one of \(types.joined(separator: ", "))")
      fail(pointer / "type", .value(offset: 0), message)
      return nil
    }
    checkKeys(object, at: pointer, allowed: ["type"] + allowed) { key in
      let owners = types.filter { Self.sectionKeys[$0]?.contains(key) == true }
      guard !allowed.contains(key), !owners.isEmpty else { return nil }
      let article = type == "image" ? "an" : "a"
      return
        "'\(key)' does not belong in \(article) '\(type)' section (it belongs in: \(owners.joined(separator: ", ")))"
    }
    let header = optionalTemplate(object, "header", at: pointer)
    switch type {
    case "text":
      let value = requiredTemplate(object, "value", at: pointer)
      let empty = optionalTemplate(object, "empty", at: pointer)
      return value.map { .text(header: header, value: $0, empty: empty) }
    case "image":
      let label = object["label"] == nil ? Template(literal: "Image") : optionalTemplate(object, "label", at: pointer)
      guard let label else { return nil }
      return requiredTemplate(object, "value", at: pointer).map { .image(label: label, value: $0) }
    case "fields":
      return decodeFields(object["fields"], at: pointer / "fields").map { .fields(header: header, fields: $0) }
    case "link":
      let label = requiredTemplate(object, "label", at: pointer)
      guard let value = object["select"] else {
        fail(
          pointer, .key,
          #"missing required key 'select'; a link says what it opens, as in {"screen": "character-comics.json"}"#)
        return nil
      }
      let select = decodeSelect(value, at: pointer / "select")
      guard let label, let select else { return nil }
      return .link(label: label, select: select)
    default:
      let items = requiredString(object, "items", at: pointer)
      let row = requiredTemplate(object, "row", at: pointer)
      let empty = optionalTemplate(object, "empty", at: pointer)
      let limit = optionalInt(object, "limit", at: pointer, range: Self.limitRange)
      let total = optionalTemplate(object, "total", at: pointer)
      let select = object["select"].flatMap { decodeSelect($0, at: pointer / "select") }
      if object["select"] != nil, select == nil { return nil }
      let children = optionalFieldPath(object, "children", at: pointer, example: "children")
      if let items, !Self.isFieldPath(items) {
        fail(
          pointer / "items", .value(offset: 0), "'items' must be a field path such as \"comics.items\", not '\(items)'")
        return nil
      }
      guard let items, let row, children != .some(nil) else { return nil }
      return .list(
        header: header, items: items.split(separator: ".").map(String.init), row: row, empty: empty, limit: limit,
        select: select, total: total, children: children ?? nil)
    }
  }

  /// Whether `text` is a field path: names joined by dots, none empty.
  static func isFieldPath(_ text: String) -> Bool {
    !text.isEmpty && !text.split(separator: ".", omittingEmptySubsequences: false).contains(where: { $0.isEmpty })
  }

  /// A tree's `children`, the field path of each item's member that holds its items: nil when the
  /// key is not there, `.some(nil)` after a problem, else the path's names.
  mutating func optionalFieldPath(_ object: JSONObject, _ key: String, at pointer: JSONPointer, example: String)
    -> [String]??
  {
    guard let value = object[key] else { return nil }
    guard case .string(let text) = value, Self.isFieldPath(text) else {
      fail(
        pointer / key, .value(offset: 0),
        "'\(key)' must be a field path, the member of each item that holds its own items, such as \"\(example)\"")
      return .some(nil)
    }
    return .some(text.split(separator: ".").map(String.init))
  }

  private mutating func decodeFields(_ value: JSON?, at pointer: JSONPointer) -> [(label: Template, value: Template)]? {
    guard let value else {
      fail(pointer, .key, #"missing required key 'fields'; a fields section lists [{"label": "…", "value": "{…}"}]"#)
      return nil
    }
    guard case .array(let elements) = value else {
      fail(
        pointer, .value(offset: 0),
        "'fields' must be an array of {\"label\", \"value\"} objects, not \(value.typeDescription)")
      return nil
    }
    var fields: [(label: Template, value: Template)] = []
    for (index, element) in elements.enumerated() {
      let at = pointer / index
      guard
        let object = requireObject(
          element, at: at, name: "a field", example: #"{"label": "Modified", "value": "{modified|date}"}"#)
      else { continue }
      checkKeys(object, at: at, allowed: Self.fieldKeys)
      let label = requiredTemplate(object, "label", at: at)
      if let label, let template = requiredTemplate(object, "value", at: at) {
        fields.append((label, template))
      }
    }
    return fields
  }
}
