import ScreenJSON

/// What every decoder of screenrun's JSON files does, a screen's (`SpecDecoder`, in ScreenKinds)
/// and a plugin manifest's (`ManifestDecoder`, in PluginHost): check keys and values, and collect
/// every problem instead of stopping at the first, so an author fixes a file in one pass.
package protocol SpecDecoding {
  /// The problems found so far, in the order they were found.
  var problems: [SpecProblem] { get set }
}

extension SpecDecoding {
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
  package var compactText: String {
    switch self {
    case .string(let text): "'\(text)'"
    case .object: "an object"
    case .array: "an array"
    default: FilterValue.text(of: self).isEmpty ? "null" : FilterValue.text(of: self)
    }
  }
}
