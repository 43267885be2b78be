import ScreenJSON
import ScreenKit

/// The list kind's part of a screen file: `search`, `paging`, `row`, `empty` and `select`.
extension SpecDecoder {
  static let rowKeys = ["title", "subtitle"]

  mutating func decodeList(_ object: JSONObject) -> ListSpec? {
    let children = optionalFieldPath(object, "children", at: .root, example: "children")
    var list = decodeList(object) { $0.decodeRow(object["row"], at: .root / "row") }
    guard children != .some(nil) else { return nil }
    list?.children = children ?? nil
    return list
  }

  /// A list's keys, with its rows decoded by `row`: how a kind built on the list (a table)
  /// decodes the parts it shares with it.
  mutating func decodeList(_ object: JSONObject, row decodeRow: (inout SpecDecoder) -> RowSpec?) -> ListSpec? {
    let search = object["search"].flatMap { decodeSearch($0, at: .root / "search") }
    let paging = object["paging"].map { decodePaging($0, at: .root / "paging") } ?? .default
    binding?.search = search
    binding?.paging = paging
    let row = decodeRow(&self)
    let empty = optionalTemplate(object, "empty", at: .root)
    let select = object["select"].flatMap { decodeSelect($0, at: .root / "select") }
    let preview = object["preview"].flatMap { decodeSelect($0, at: .root / "preview", name: "preview") }
    let id = optionalTemplate(object, "id", at: .root)
    guard let row else { return nil }
    var list = ListSpec(search: search, paging: paging, row: row, empty: empty, select: select, preview: preview)
    list.id = id
    return list
  }

  private mutating func decodeRow(_ value: JSON?, at pointer: JSONPointer) -> RowSpec? {
    guard let value else {
      fail(.root, .key, #"missing required key 'row'; a list screen says how a row reads, as in {"title": "{name}"}"#)
      return nil
    }
    guard let object = requireObject(value, at: pointer, name: "row", example: #"{"title": "{name}"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: Self.rowKeys)
    let title = requiredTemplate(object, "title", at: pointer)
    let subtitle = optionalTemplate(object, "subtitle", at: pointer)
    guard let title else { return nil }
    return RowSpec(title: title, subtitle: subtitle)
  }
}
