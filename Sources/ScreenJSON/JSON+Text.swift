import ScreenText

/// JSON values written out as indented text (`lineText` writes them on one line): two spaces a
/// level, members in their order, a short array of plain values on one line. What `screenrun
/// schema` prints.
extension JSON {
  /// The value as indented JSON text, without a final newline.
  package var prettyText: String {
    var text = ""
    appendIndented(to: &text, indent: "")
    return text
  }

  private func appendIndented(to text: inout String, indent: String) {
    switch self {
    case .null, .bool, .int, .bigInteger, .double, .string: text += lineText
    case .array(let elements):
      let inner = indent + "  "
      if elements.isEmpty {
        text += "[]"
      } else if let line = Self.oneLine(elements), indent.count + line.count <= 100 {
        text += line
      } else {
        text += "[\n"
        for (index, element) in elements.enumerated() {
          text += inner
          element.appendIndented(to: &text, indent: inner)
          text += index == elements.count - 1 ? "\n" : ",\n"
        }
        text += indent + "]"
      }
    case .object(let object):
      guard !object.isEmpty else {
        text += "{}"
        return
      }
      let inner = indent + "  "
      text += "{\n"
      for (index, member) in object.members.enumerated() {
        text += inner + JSON.string(member.key).lineText + ": "
        member.value.appendIndented(to: &text, indent: inner)
        text += index == object.count - 1 ? "\n" : ",\n"
      }
      text += indent + "}"
    }
  }

  /// An array of strings, numbers and flags on one line; nil when it holds an array or object.
  private static func oneLine(_ elements: [JSON]) -> String? {
    var parts: [String] = []
    for element in elements {
      switch element {
      case .array, .object: return nil
      default: parts.append(element.lineText)
      }
    }
    return "[" + parts.joined(separator: ", ") + "]"
  }
}

extension JSON {
  /// The value as compact JSON text, on one line (a protocol message, a trace line).
  package var lineText: String {
    var text = ""
    append(to: &text)
    return text
  }

  private func append(to text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let flag): text += flag ? "true" : "false"
    case .int(let number): text += String(number)
    case .bigInteger(let digits): text += digits
    case .double(let number): text += number.isFinite ? "\(number)" : "null"
    case .string(let string): Self.quote(string, into: &text)
    case .array(let items):
      text += "["
      for (index, item) in items.enumerated() {
        if index > 0 { text += "," }
        item.append(to: &text)
      }
      text += "]"
    case .object(let object):
      text += "{"
      for (index, member) in object.members.enumerated() {
        if index > 0 { text += "," }
        Self.quote(member.key, into: &text)
        text += ":"
        member.value.append(to: &text)
      }
      text += "}"
    }
  }

  private static func quote(_ string: String, into text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      // The characters untrusted text may not carry raw (`TerminalSafe.isUnsafe`) are escaped:
      // the text is safe on a terminal, and holds the same string.
      case _ where TerminalSafe.isUnsafe(scalar):
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}
