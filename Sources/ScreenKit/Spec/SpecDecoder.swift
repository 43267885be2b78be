/// Turns a screen file's JSON into a `ScreenSpec`, collecting every problem instead of stopping
/// at the first, so an author fixes a file in one pass.
struct SpecDecoder {
  private(set) var problems: [SpecProblem] = []
  /// What the screen binds to, when its `source` decoded: checked against the registry even when
  /// other parts of the screen are broken, so that one run reports every problem.
  private(set) var binding: SourceBinding?

  static let commonKeys = ["$comment", "version", "kind", "title", "source", "footer"]
  static let listKeys = ["search", "paging", "row", "empty", "select"]
  static let detailKeys = ["sections"]

  mutating func decode(_ root: JSON, file: String) -> ScreenSpec? {
    guard case .object(let object) = root else {
      fail(.root, .key, "a screen is a JSON object, not \(root.typeDescription)")
      return nil
    }
    let kind = decodeKind(object)
    checkKeys(object, at: .root, allowed: Self.commonKeys + Self.listKeys + Self.detailKeys) { key in
      switch kind {
      case .list where Self.detailKeys.contains(key):
        "'\(key)' belongs to detail screens, and this screen's kind is 'list'"
      case .detail where Self.listKeys.contains(key):
        "'\(key)' belongs to list screens, and this screen's kind is 'detail'"
      default: nil
      }
    }
    let version = decodeVersion(object["version"])
    let title = requiredTemplate(object, "title", at: .root)
    let source = decodeSource(object["source"], at: .root / "source")
    let footer = optionalTemplate(object, "footer", at: .root)
    if let source { binding = SourceBinding(source: source, kind: kind) }

    let body: ScreenSpec.Body?
    switch kind {
    case .list: body = decodeList(object).map(ScreenSpec.Body.list)
    case .detail: body = decodeDetail(object).map(ScreenSpec.Body.detail)
    case nil: body = nil
    }
    guard let title, let source, let body, problems.isEmpty else { return nil }
    return ScreenSpec(file: file, version: version, title: title, source: source, body: body, footer: footer)
  }

  // MARK: - Parts

  private mutating func decodeKind(_ object: JSONObject) -> ScreenSpec.Kind? {
    guard let value = object["kind"] else {
      fail(.root, .key, "missing required key 'kind'; expected \"list\" or \"detail\"")
      return nil
    }
    guard case .string(let text) = value else {
      fail(.root / "kind", .value(offset: 0), "'kind' must be \"list\" or \"detail\", not \(value.typeDescription)")
      return nil
    }
    guard let kind = ScreenSpec.Kind(rawValue: text) else {
      let message = Diagnostic.Message.unknown(
        "unknown kind '\(text)'", name: text, among: ScreenSpec.Kind.allCases.map(\.rawValue),
        expected: #"expected "list" or "detail""#)
      fail(.root / "kind", .value(offset: 0), message)
      return nil
    }
    return kind
  }

  private mutating func decodeVersion(_ value: JSON?) -> Int {
    guard let value else { return 1 }
    guard value.intValue == 1 else {
      fail(
        .root / "version", .value(offset: 0), "unsupported version \(value.compactText); this screenrun reads version 1"
      )
      return 1
    }
    return 1
  }

  private mutating func decodeSource(_ value: JSON?, at pointer: JSONPointer) -> SourceSpec? {
    guard let object = requireObject(value, at: pointer, name: "source", example: #"{"plugin": "…", "resource": "…"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: ["plugin", "resource", "params"])
    let plugin = requiredString(object, "plugin", at: pointer)
    let resource = requiredString(object, "resource", at: pointer)
    let parameters = templateMap(object["params"], at: pointer / "params")
    guard let plugin, let resource, let parameters else { return nil }
    return SourceSpec(plugin: plugin, resource: resource, parameters: parameters)
  }

  private mutating func decodeList(_ object: JSONObject) -> ListSpec? {
    let search = object["search"].flatMap { decodeSearch($0, at: .root / "search") }
    let paging = object["paging"].map { decodePaging($0, at: .root / "paging") } ?? .default
    binding?.search = search
    binding?.paging = paging
    let row = decodeRow(object["row"], at: .root / "row")
    let empty = optionalTemplate(object, "empty", at: .root)
    let select = object["select"].flatMap { decodeSelect($0, at: .root / "select") }
    guard let row else { return nil }
    return ListSpec(search: search, paging: paging, row: row, empty: empty, select: select)
  }

  private mutating func decodeSearch(_ value: JSON, at pointer: JSONPointer) -> SearchSpec? {
    guard let object = requireObject(value, at: pointer, name: "search", example: #"{"param": "nameStartsWith"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: ["param", "placeholder", "debounceMs", "minLength", "required"])
    let parameter = requiredString(object, "param", at: pointer)
    let placeholder = optionalString(object, "placeholder", at: pointer) ?? "Search"
    let debounce = optionalInt(object, "debounceMs", at: pointer, range: 0...60_000) ?? 500
    let minLength = optionalInt(object, "minLength", at: pointer, range: 0...1_000) ?? 0
    let required = optionalBool(object, "required", at: pointer) ?? false
    guard let parameter else { return nil }
    return SearchSpec(
      parameter: parameter, placeholder: placeholder, debounceMilliseconds: debounce,
      minLength: minLength, required: required)
  }

  private mutating func decodePaging(_ value: JSON, at pointer: JSONPointer) -> PagingSpec {
    guard let object = requireObject(value, at: pointer, name: "paging", example: #"{"pageSize": 20, "prefetch": 5}"#)
    else { return .default }
    checkKeys(object, at: pointer, allowed: ["pageSize", "prefetch"])
    return PagingSpec(
      pageSize: optionalInt(object, "pageSize", at: pointer, range: 1...10_000) ?? PagingSpec.default.pageSize,
      prefetch: optionalInt(object, "prefetch", at: pointer, range: 0...10_000) ?? PagingSpec.default.prefetch)
  }

  private mutating func decodeRow(_ value: JSON?, at pointer: JSONPointer) -> RowSpec? {
    guard let value else {
      fail(.root, .key, #"missing required key 'row'; a list screen says how a row reads, as in {"title": "{name}"}"#)
      return nil
    }
    guard let object = requireObject(value, at: pointer, name: "row", example: #"{"title": "{name}"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: ["title", "subtitle"])
    let title = requiredTemplate(object, "title", at: pointer)
    let subtitle = optionalTemplate(object, "subtitle", at: pointer)
    guard let title else { return nil }
    return RowSpec(title: title, subtitle: subtitle)
  }

  private mutating func decodeSelect(_ value: JSON, at pointer: JSONPointer) -> SelectSpec? {
    guard let object = requireObject(value, at: pointer, name: "select", example: #"{"screen": "character.json"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: ["screen", "params"])
    let screen = requiredString(object, "screen", at: pointer)
    let parameters = templateMap(object["params"], at: pointer / "params")
    if let screen, screen.trimmingWhitespace().isEmpty {
      fail(pointer / "screen", .value(offset: 0), "'screen' is empty; name a screen file, as in \"character.json\"")
      return nil
    }
    guard let screen, let parameters else { return nil }
    return SelectSpec(screen: screen, parameters: parameters)
  }

  private mutating func decodeDetail(_ object: JSONObject) -> DetailSpec? {
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

  private static let sectionKeys: [String: [String]] = [
    "text": ["header", "value", "empty"],
    "image": ["label", "value"],
    "fields": ["header", "fields"],
    "list": ["header", "items", "row", "empty", "limit"],
  ]

  private mutating func decodeSection(_ value: JSON, at pointer: JSONPointer) -> Section? {
    guard
      let object = requireObject(
        value, at: pointer, name: "a section", example: #"{"type": "text", "value": "{description}"}"#)
    else { return nil }
    let types = ["text", "image", "fields", "list"]
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
    let header = optionalString(object, "header", at: pointer)
    switch type {
    case "text":
      let value = requiredTemplate(object, "value", at: pointer)
      let empty = optionalTemplate(object, "empty", at: pointer)
      return value.map { .text(header: header, value: $0, empty: empty) }
    case "image":
      let label = optionalString(object, "label", at: pointer) ?? "Image"
      return requiredTemplate(object, "value", at: pointer).map { .image(label: label, value: $0) }
    case "fields":
      return decodeFields(object["fields"], at: pointer / "fields").map { .fields(header: header, fields: $0) }
    default:
      let items = requiredString(object, "items", at: pointer)
      let row = requiredTemplate(object, "row", at: pointer)
      let empty = optionalTemplate(object, "empty", at: pointer)
      let limit = optionalInt(object, "limit", at: pointer, range: 1...10_000)
      if let items,
        items.isEmpty || items.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
      {
        fail(
          pointer / "items", .value(offset: 0), "'items' must be a field path such as \"comics.items\", not '\(items)'")
        return nil
      }
      guard let items, let row else { return nil }
      return .list(
        header: header, items: items.split(separator: ".").map(String.init), row: row, empty: empty, limit: limit)
    }
  }

  private mutating func decodeFields(_ value: JSON?, at pointer: JSONPointer) -> [(label: String, value: Template)]? {
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
    var fields: [(label: String, value: Template)] = []
    for (index, element) in elements.enumerated() {
      let at = pointer / index
      guard
        let object = requireObject(
          element, at: at, name: "a field", example: #"{"label": "Modified", "value": "{modified|date}"}"#)
      else { continue }
      checkKeys(object, at: at, allowed: ["label", "value"])
      if let label = requiredString(object, "label", at: at), let template = requiredTemplate(object, "value", at: at) {
        fields.append((label, template))
      }
    }
    return fields
  }

  // MARK: - Values

  private mutating func fail(_ pointer: JSONPointer, _ anchor: SpecProblem.Anchor, _ message: String) {
    fail(pointer, anchor, Diagnostic.Message(message))
  }

  private mutating func fail(_ pointer: JSONPointer, _ anchor: SpecProblem.Anchor, _ message: Diagnostic.Message) {
    problems.append(SpecProblem(pointer: pointer, anchor: anchor, message: message))
  }

  /// Reports each key that is not allowed, with a near name or the reason it is misplaced.
  private mutating func checkKeys(
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
        expected: "expected one of " + allowed.filter { $0 != "$comment" }.map { "'\($0)'" }.joined(separator: ", "))
      fail(pointer / key, .key, message)
    }
  }

  private mutating func requireObject(_ value: JSON?, at pointer: JSONPointer, name: String, example: String)
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

  private mutating func requiredString(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> String? {
    guard object[key] != nil else {
      fail(pointer, .key, "missing required key '\(key)'\(pointer.tokens.isEmpty ? "" : " in \(pointer)")")
      return nil
    }
    return optionalString(object, key, at: pointer)
  }

  private mutating func optionalString(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> String? {
    guard let value = object[key] else { return nil }
    guard case .string(let text) = value else {
      fail(pointer / key, .value(offset: 0), "'\(key)' must be a string, not \(value.messageDescription)")
      return nil
    }
    return text
  }

  private mutating func optionalInt(
    _ object: JSONObject, _ key: String, at pointer: JSONPointer, range: ClosedRange<Int>
  ) -> Int? {
    guard let value = object[key] else { return nil }
    guard case .int(let number) = value else {
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

  private mutating func optionalBool(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Bool? {
    guard let value = object[key] else { return nil }
    guard case .bool(let flag) = value else {
      fail(pointer / key, .value(offset: 0), "'\(key)' must be true or false, not \(value.messageDescription)")
      return nil
    }
    return flag
  }

  private mutating func requiredTemplate(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Template? {
    guard object[key] != nil else {
      fail(pointer, .key, "missing required key '\(key)'\(pointer.tokens.isEmpty ? "" : " in \(pointer)")")
      return nil
    }
    return optionalTemplate(object, key, at: pointer)
  }

  private mutating func optionalTemplate(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Template? {
    guard let text = optionalString(object, key, at: pointer) else { return nil }
    return template(text, at: pointer / key)
  }

  private mutating func template(_ text: String, at pointer: JSONPointer) -> Template? {
    do {
      return try Template(text)
    } catch {
      fail(pointer, .value(offset: error.offset), "in template \"\(text)\": \(error.message)")
      return nil
    }
  }

  /// An object of name to template, such as `source.params` or `select.params`.
  private mutating func templateMap(_ value: JSON?, at pointer: JSONPointer) -> [(name: String, value: Template)]? {
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
      case .int, .double, .bool:
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
  var messageDescription: String {
    switch self {
    case .string(let text): text.count <= 20 ? "the string '\(text)'" : "a string"
    case .int, .double, .bool: FilterValue.text(of: self)
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
