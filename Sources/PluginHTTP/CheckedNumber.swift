import ScreenKit

/// Numbers from outside (header fields, cache files, the environment, JSON answers), read
/// together with the range the program can do arithmetic on. A value outside its range reads as
/// nil, the same as no value, and the caller's message says what happened; nothing downstream
/// ever adds, multiplies or formats a number it did not expect.
///
///     CheckedNumber.integer("30", in: 0...86_400)                   // 30
///     CheckedNumber.integer("9223372036854775807", in: 0...86_400)  // nil
///     CheckedNumber.decimal("nan", in: 0.1...3600)                  // nil
package enum CheckedNumber {
  /// An integer in decimal digits, with an optional sign and spaces around it, within `range`.
  /// Exponents, fractions, hexadecimal and text that does not fit an `Int` read as nil.
  package static func integer(_ text: some StringProtocol, in range: ClosedRange<Int>) -> Int? {
    let trimmed = text.trimmingSpaces
    guard trimmed.utf8.count <= 40, let value = Int(trimmed, radix: 10) else { return nil }
    return range.contains(value) ? value : nil
  }

  /// A finite decimal number (`30`, `0.5`, `1e2`) within `range`. NaN, infinities and
  /// hexadecimal floats read as nil.
  package static func decimal(_ text: some StringProtocol, in range: ClosedRange<Double>) -> Double? {
    let trimmed = text.trimmingSpaces
    guard trimmed.utf8.count <= 40, !trimmed.isEmpty,
      trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
      let value = Double(trimmed), value.isFinite
    else { return nil }
    return range.contains(value) ? value : nil
  }

  /// A JSON integer within `range`; a whole number written with a fraction or exponent (`20.0`,
  /// `2e1`) counts. Anything else (a string, a fraction, a value out of range) reads as nil.
  package static func integer(_ json: JSON, in range: ClosedRange<Int>) -> Int? {
    switch json {
    case .int(let value):
      return range.contains(value) ? value : nil
    case .double(let value):
      guard value.isFinite, value.rounded() == value, value >= Double(range.lowerBound),
        value <= Double(range.upperBound), abs(value) < 9e15
      else { return nil }
      return Int(value)
    default:
      return nil
    }
  }

  /// Text that failed to read, fit to quote in a message: at most 40 characters, and only
  /// printable ASCII (anything else shows as `?`), so a hostile value cannot write to the terminal.
  package static func quoted(_ text: some StringProtocol) -> String {
    let trimmed = text.trimmingSpaces
    var shown = String(
      trimmed.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    if trimmed.unicodeScalars.count > 40 { shown += "…" }
    return "'\(shown)'"
  }

  /// A JSON value as a message shows what was found: the number itself, or its type.
  package static func found(_ json: JSON) -> String {
    switch json {
    case .int(let value): String(value)
    case .double(let value): value.isFinite ? String(value) : value.description
    default: json.typeDescription
    }
  }
}

extension StringProtocol {
  fileprivate var trimmingSpaces: Substring {
    let text = Substring(self)
    let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
    let end = text[start...].lastIndex { $0 != " " && $0 != "\t" }.map(text.index(after:)) ?? start
    return text[start..<end]
  }
}
