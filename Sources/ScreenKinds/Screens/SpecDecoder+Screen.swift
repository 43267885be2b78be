import ScreenFormat
import ScreenJSON
import ScreenKit

/// The screen itself: its kind, from the kinds a screen may be, and the common keys around the
/// kind's own part.
extension SpecDecoder {
  package mutating func decode(_ root: JSON, file: String, kinds: KindRegistry) -> ScreenSpec? {
    guard case .object(let object) = root else {
      fail(.root, .key, "a screen is a JSON object, not \(root.typeDescription)")
      return nil
    }
    let kind = decodeKind(object, kinds: kinds)
    checkKeys(object, at: .root, allowed: Self.commonKeys + ["actions"] + kinds.kinds.flatMap(\.keys)) { key in
      let owners = kinds.owners(of: key)
      guard let kind, !owners.isEmpty, !owners.contains(kind) else { return nil }
      var names = owners.map(\.name)
      let last = names.removeLast()
      let listed = names.isEmpty ? last : names.joined(separator: ", ") + " and " + last
      return "'\(key)' belongs to \(listed) screens, and this screen's kind is '\(kind.name)'"
    }
    let version = decodeVersion(object["version"])
    let title = requiredTemplate(object, "title", at: .root)
    let source: SourceSpec?
    if let kind, !kind.hasSource {
      // Its screens have their own sources.
      if object["source"] != nil {
        fail(.root / "source", .key, "a \(kind.name) screen has no 'source': each of its screens names its own")
      }
      source = SourceSpec.none
    } else {
      source = decodeSource(object["source"], at: .root / "source")
    }
    let footer = optionalTemplate(object, "footer", at: .root)
    let refresh = optionalRefresh(object, at: .root)
    if let source, kind?.hasSource != false { binding = SourceBinding(source: source, kind: kind) }

    let body = kind.flatMap { $0.decode(object, &self) }
    let actions = decodeActions(object["actions"], kind: kind, hasSearch: body?.hasSearch ?? false)
    guard let kind, let title, let source, let body, problems.isEmpty else { return nil }
    var spec = ScreenSpec(
      file: file, version: version, title: title, source: source, kind: kind, body: body, footer: footer)
    spec.actions = actions
    spec.refresh = refresh
    return spec
  }

  mutating func decodeKind(_ object: JSONObject, kinds: KindRegistry) -> ScreenSpec.Kind? {
    // Said only when the kind is missing or wrong.
    var expected: String { kinds.names.map { "\"\($0)\"" }.joined(separator: " or ") }
    guard let value = object["kind"] else {
      fail(.root, .key, "missing required key 'kind'; expected \(expected)")
      return nil
    }
    guard case .string(let text) = value else {
      fail(.root / "kind", .value(offset: 0), "'kind' must be \(expected), not \(value.typeDescription)")
      return nil
    }
    guard let kind = kinds.kind(named: text) else {
      let message = Diagnostic.Message.unknown(
        "unknown kind '\(text)'", name: text, among: kinds.names, expected: "expected \(expected)")
      fail(.root / "kind", .value(offset: 0), message)
      return nil
    }
    return kind
  }
}

extension ScreenKind: SourceBindingKind {}
