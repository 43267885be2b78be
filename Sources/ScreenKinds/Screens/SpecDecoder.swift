import ScreenFormat
import ScreenJSON

/// Turns a screen file's JSON into a `ScreenSpec`, collecting every problem instead of stopping
/// at the first, so an author fixes a file in one pass.
package struct SpecDecoder: SpecDecoding {
  package var problems: [SpecProblem] = []
  /// What the screen binds to, when its `source` decoded: checked against the registry even when
  /// other parts of the screen are broken, so that one run reports every problem.
  package var binding: SourceBinding?

  package init() {}

  /// The keys every screen may have; `$schema` names the JSON Schema an editor checks the file
  /// with (`screenrun schema`), and `$comment` is a note for people: both are ignored.
  package static let commonKeys = ["$schema", "$comment", "version", "kind", "title", "source", "footer", "refresh"]
  // The keys and limits of the parts kinds share, declared once: the decoder checks them, and
  // `ScreenSchema` writes them into the JSON Schema.
  package static let sourceKeys = ["plugin", "resource", "params"]
  package static let searchKeys = ["param", "placeholder", "debounceMs", "minLength", "required"]
  package static let pagingKeys = ["pageSize", "prefetch"]
  package static let selectKeys = ["screen", "params"]
  package static let debounceRange = 0...60_000
  package static let minLengthRange = 0...1_000
  package static let pageSizeRange = 1...10_000
  package static let prefetchRange = 0...10_000

  package mutating func decodeVersion(_ value: JSON?) -> Int {
    guard let value else { return 1 }
    guard value.intValue == 1 else {
      fail(
        .root / "version", .value(offset: 0), "unsupported version \(value.compactText); this screenrun reads version 1"
      )
      return 1
    }
    return 1
  }

  package mutating func decodeSource(_ value: JSON?, at pointer: JSONPointer) -> SourceSpec? {
    guard let object = requireObject(value, at: pointer, name: "source", example: #"{"plugin": "…", "resource": "…"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: Self.sourceKeys)
    let plugin = requiredString(object, "plugin", at: pointer)
    let resource = requiredString(object, "resource", at: pointer)
    let parameters = templateMap(object["params"], at: pointer / "params")
    guard let plugin, let resource, let parameters else { return nil }
    return SourceSpec(plugin: plugin, resource: resource, parameters: parameters)
  }

  // MARK: - Parts that kinds share

  package mutating func decodeSearch(_ value: JSON, at pointer: JSONPointer) -> SearchSpec? {
    guard let object = requireObject(value, at: pointer, name: "search", example: #"{"param": "nameStartsWith"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: Self.searchKeys)
    let parameter = requiredString(object, "param", at: pointer)
    let placeholder =
      object["placeholder"] == nil ? Template(literal: "Search") : optionalTemplate(object, "placeholder", at: pointer)
    let debounce = optionalInt(object, "debounceMs", at: pointer, range: Self.debounceRange) ?? 500
    let minLength = optionalInt(object, "minLength", at: pointer, range: Self.minLengthRange) ?? 0
    let required = optionalBool(object, "required", at: pointer) ?? false
    guard let parameter, let placeholder else { return nil }
    return SearchSpec(
      parameter: parameter, placeholder: placeholder, debounceMilliseconds: debounce,
      minLength: minLength, required: required)
  }

  package mutating func decodePaging(_ value: JSON, at pointer: JSONPointer) -> PagingSpec {
    guard let object = requireObject(value, at: pointer, name: "paging", example: #"{"pageSize": 20, "prefetch": 5}"#)
    else { return .default }
    checkKeys(object, at: pointer, allowed: Self.pagingKeys)
    return PagingSpec(
      pageSize: optionalInt(object, "pageSize", at: pointer, range: Self.pageSizeRange) ?? PagingSpec.default.pageSize,
      prefetch: optionalInt(object, "prefetch", at: pointer, range: Self.prefetchRange) ?? PagingSpec.default.prefetch)
  }

  package mutating func decodeSelect(_ value: JSON, at pointer: JSONPointer, name: String = "select") -> SelectSpec? {
    guard let object = requireObject(value, at: pointer, name: name, example: #"{"screen": "character.json"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: Self.selectKeys)
    let screen = requiredString(object, "screen", at: pointer)
    let parameters = templateMap(object["params"], at: pointer / "params")
    if let screen, screen.trimmingWhitespace().isEmpty {
      fail(pointer / "screen", .value(offset: 0), "'screen' is empty; name a screen file, as in \"character.json\"")
      return nil
    }
    guard let screen, let parameters else { return nil }
    return SelectSpec(screen: screen, parameters: parameters)
  }

  /// An object of name to template, such as `source.params` or `select.params`.
  mutating func templateMap(_ value: JSON?, at pointer: JSONPointer) -> [(name: String, value: Template)]? {
    guard let value else { return [] }
    guard case .object(let object) = value else {
      fail(
        pointer, .value(offset: 0),
        "'params' must be an object of name to template, such as {\"id\": \"{id}\"}, not \(value.typeDescription)")
      return nil
    }
    var result: [(name: String, value: Template)] = []
    var failed = false
    for (name, member) in object.members {
      switch member {
      case .string(let text):
        if let parsed = template(text, at: pointer / name) { result.append((name, parsed)) } else { failed = true }
      case .int, .bigInteger, .double, .bool:
        // A bare number or flag is a constant: {"limit": 5} means "5".
        result.append((name, Template(literal: FilterValue.text(of: member))))
      default:
        fail(
          pointer / name, .value(offset: 0),
          "parameter '\(name)' must be a string template or a number, not \(member.typeDescription)")
        failed = true
      }
    }
    return failed ? nil : result
  }
}
