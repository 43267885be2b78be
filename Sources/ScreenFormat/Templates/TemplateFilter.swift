import ScreenText

/// A filter after a bar in a template, as parsed: `{x|default:"-"}`, `{x|truncate:40}`, `{x|upper}`.
///
/// Each filter is one type conforming to `Filter`, in its own file under `Filters/`, and one line
/// of `registry`. The parser finds a filter there by name, and the JSON Schema's list and pattern
/// of filters, `--explain` and the README's table (held to it by a test) follow from it.
package struct TemplateFilter: Sendable, Hashable {
  /// Every filter, in the order the schema and the README list them: one line each.
  package static let registry: [any Filter.Type] = [
    DefaultFilter.self,
    OrFilter.self,
    BeforeFilter.self,
    TruncateFilter.self,
    PrefixFilter.self,
    UpperFilter.self,
    LowerFilter.self,
    NumberFilter.self,
    PluralFilter.self,
    DateFilter.self,
    FirstLineFilter.self,
    TrimFilter.self,
    HTMLFilter.self,
    HostFilter.self,
    AgoFilter.self,
    IndentFilter.self,
  ]

  /// The filters' names, in the registry's order.
  package static let names = registry.map { $0.name }

  /// The filter type named `name`, if there is one.
  package static func named(_ name: String) -> (any Filter.Type)? {
    registry.first { $0.name == name }
  }

  /// The filter, with its arguments.
  package let filter: any Filter

  init(_ filter: some Filter) { self.filter = filter }

  package func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    filter.apply(to: value, in: context)
  }

  /// The filter as a template writes it: `default:"-"`, `truncate:40`, `upper`.
  package var spelled: String {
    type(of: filter).name + (filter.spelledArgument.map { ":" + $0 } ?? "")
  }

  /// The fields of the record it reads besides the value (`or`'s path).
  package var fieldPaths: [[String]] { filter.fieldPaths }

  package static func == (left: TemplateFilter, right: TemplateFilter) -> Bool {
    AnyHashable(left.filter) == AnyHashable(right.filter)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(filter))
  }
}

/// Digits grouped by thousands, the `number` filter's and every count's the frames show.
extension TemplateFilter {
  package static func grouped(_ value: FilterValue) -> FilterValue {
    switch value {
    case .missing: return .missing
    case .json(.int(let integer)): return .text(grouped(integer))
    case .json(.bigInteger(let digits)): return .text(grouped(digits: digits))
    case .json(.double(let double)):
      guard double.isFinite, abs(double) < 1e15 else { return .text(String(double)) }
      if double.rounded() == double { return .text(grouped(Int(double))) }
      let hundredths = Int((abs(double) * 100).rounded())
      let fraction = String(hundredths % 100)
      let sign = double < 0 ? "-" : ""
      return .text(
        sign + grouped(hundredths / 100) + "." + String(repeating: "0", count: 2 - fraction.count)
          + fraction)
    default:
      let text = value.text.trimmingWhitespace()
      if let integer = Int(text) { return .text(grouped(integer)) }
      if let digits = wholeNumberDigits(text) { return .text(grouped(digits: digits)) }
      return .text(text)
    }
  }

  /// The digits of a text of a whole number too long for `Int` (a sign, then ASCII digits), as
  /// `grouped(digits:)` takes them: a `-` kept, a `+` and leading zeros left out. Nil for any
  /// other text. A server that sends a count as a text of 20 digits gets it grouped as the same
  /// count sent as a number is.
  static func wholeNumberDigits(_ text: String) -> String? {
    var rest = Substring(text)
    let negative = rest.first == "-"
    if negative || rest.first == "+" { rest = rest.dropFirst() }
    guard !rest.isEmpty, rest.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    let significant = rest.drop { $0 == "0" }
    return significant.isEmpty ? "0" : (negative ? "-" : "") + significant
  }

  /// An integer's digits (a leading `-` kept) grouped by thousands, however many there are.
  package static func grouped(digits: String) -> String {
    let negative = digits.hasPrefix("-")
    let plain = Array(negative ? digits.dropFirst() : digits[...])
    var text = negative ? "-" : ""
    for (index, digit) in plain.enumerated() {
      if index > 0, (plain.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }

  package static func grouped(_ integer: Int) -> String {
    var digits = 1
    var rest = integer.magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    let count = digits + (digits - 1) / 3 + (integer < 0 ? 1 : 0)
    // Written from the last digit back, a comma before every third.
    return String(unsafeUninitializedCapacity: count) { buffer in
      var magnitude = integer.magnitude
      var index = count
      var written = 0
      repeat {
        if written > 0, written % 3 == 0 {
          index -= 1
          buffer[index] = UInt8(ascii: ",")
        }
        index -= 1
        buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        written += 1
      } while magnitude > 0
      if integer < 0 { buffer[0] = UInt8(ascii: "-") }
      return count
    }
  }
}

extension String {
  /// The text without white space at either end: a forward scan to the first character that is
  /// not white space and a backward one to the last, then one copy (linear, however long).
  package func trimmingWhitespace() -> String {
    // Printable ASCII at both ends (the common case): a character that starts or ends with it is
    // no white space, and there is nothing to trim.
    if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
      return self
    }
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}

extension Substring {
  /// The text without spaces and tabs at either end, as `trimmingCharacters(in: .whitespaces)`
  /// takes them (the tab, Unicode's space separators and U+200B, scalar by scalar); line breaks
  /// stay.
  package func trimmingSpaces() -> String {
    if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
      return String(self)
    }
    // Foundation's set holds the zero width space (U+200B) too, though Unicode does not call it one.
    let isSpace = { (scalar: Unicode.Scalar) in
      scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }
    guard let first = unicodeScalars.firstIndex(where: { !isSpace($0) }),
      let last = unicodeScalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(Substring(unicodeScalars[first...last]))
  }
}

extension String {
  /// The text without spaces and tabs at either end (`Substring.trimmingSpaces()`).
  package func trimmingSpaces() -> String { self[...].trimmingSpaces() }
}
