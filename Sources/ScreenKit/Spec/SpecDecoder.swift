import ScreenFormat
import ScreenJSON

/// Turns a screen file's JSON into a `ScreenSpec`, collecting every problem instead of stopping
/// at the first, so an author fixes a file in one pass.
package struct SpecDecoder {
  package private(set) var problems: [SpecProblem] = []
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

  // MARK: - Values

  package mutating func fail(_ pointer: JSONPointer, _ anchor: SpecProblem.Anchor, _ message: String) {
    fail(pointer, anchor, Diagnostic.Message(message))
  }

  package mutating func fail(_ pointer: JSONPointer, _ anchor: SpecProblem.Anchor, _ message: Diagnostic.Message) {
    problems.append(SpecProblem(pointer: pointer, anchor: anchor, message: message))
  }

  /// Reports each key that is not allowed, with a near name or the reason it is misplaced.
  package mutating func checkKeys(
    _ object: JSONObject, at pointer: JSONPointer, allowed: [String],
    misplaced: (String) -> String? = { _ in nil }
  ) {
    for key in object.keys where !allowed.contains(key) || misplaced(key) != nil {
      if let reason = misplaced(key) {
        fail(pointer / key, .key, reason)
        continue
      }
      let message = Diagnostic.Message.unknown(
        "unknown key '\(key)'", name: key, among: allowed.filter { object[$0] == nil },
        expected: "expected one of " + allowed.filter { !$0.hasPrefix("$") }.map { "'\($0)'" }.joined(separator: ", "))
      fail(pointer / key, .key, message)
    }
  }

  package mutating func requireObject(_ value: JSON?, at pointer: JSONPointer, name: String, example: String)
    -> JSONObject?
  {
    guard let value else { return nil }
    guard case .object(let object) = value else {
      fail(
        pointer, .value(offset: 0),
        "\(name.hasPrefix("a ") ? name : "'\(name)'") must be an object such as \(example), not \(value.typeDescription)"
      )
      return nil
    }
    return object
  }

  package mutating func requiredString(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> String? {
    guard object[key] != nil else {
      fail(pointer, .key, "missing required key '\(key)'\(pointer.tokens.isEmpty ? "" : " in \(pointer)")")
      return nil
    }
    return optionalString(object, key, at: pointer)
  }

  package mutating func optionalString(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> String? {
    guard let value = object[key] else { return nil }
    guard case .string(let text) = value else {
      fail(pointer / key, .value(offset: 0), "'\(key)' must be a string, not \(value.messageDescription)")
      return nil
    }
    return text
  }

  package mutating func optionalInt(
    _ object: JSONObject, _ key: String, at pointer: JSONPointer, range: ClosedRange<Int>
  ) -> Int? {
    guard let value = object[key] else { return nil }
    // JSON has one kind of number: 20.0 is 20, as JSON Schema's "integer" (schema/) takes it too.
    guard let number = value.intValue else {
      fail(pointer / key, .value(offset: 0), "'\(key)' must be a whole number, not \(value.messageDescription)")
      return nil
    }
    guard range.contains(number) else {
      fail(
        pointer / key, .value(offset: 0), "'\(key)' is \(number); expected \(range.lowerBound) to \(range.upperBound)")
      return nil
    }
    return number
  }

  package mutating func optionalBool(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Bool? {
    guard let value = object[key] else { return nil }
    guard case .bool(let flag) = value else {
      fail(pointer / key, .value(offset: 0), "'\(key)' must be true or false, not \(value.messageDescription)")
      return nil
    }
    return flag
  }

  package mutating func requiredTemplate(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Template? {
    guard object[key] != nil else {
      fail(pointer, .key, "missing required key '\(key)'\(pointer.tokens.isEmpty ? "" : " in \(pointer)")")
      return nil
    }
    return optionalTemplate(object, key, at: pointer)
  }

  package mutating func optionalTemplate(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Template? {
    guard let text = optionalString(object, key, at: pointer) else { return nil }
    return template(text, at: pointer / key)
  }

  package mutating func template(_ text: String, at pointer: JSONPointer) -> Template? {
    do {
      return try Template(text)
    } catch {
      fail(pointer, .value(offset: error.offset), "in template \(Self.quoted(template: text)): \(error.message)")
      return nil
    }
  }

  /// A template as the JSON file spells it, so that it can be pasted back; one longer than a line
  /// is cut (the error's line and column point into it).
  package static func quoted(template text: String) -> String {
    let spelt = JSON.string(text).lineText
    let limit = 200
    guard spelt.count > limit else { return spelt }
    return "\(spelt.prefix(limit - 40))… (\(text.count) characters)"
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

extension JSON {
  /// A value as a message names it: the value itself where it is short, else its type.
  package var messageDescription: String {
    switch self {
    case .string(let text): text.count <= 20 ? "the string '\(text)'" : "a string"
    case .int, .bigInteger, .double, .bool: FilterValue.text(of: self)
    default: typeDescription
    }
  }

  /// A short rendering of a value for messages.
  var compactText: String {
    switch self {
    case .string(let text): "'\(text)'"
    case .object: "an object"
    case .array: "an array"
    default: FilterValue.text(of: self).isEmpty ? "null" : FilterValue.text(of: self)
    }
  }
}
