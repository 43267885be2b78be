import ScreenText

/// A filter after a bar in a template: `{x|default:"-"}`, `{x|truncate:40}`, `{x|upper}`, …
package enum TemplateFilter: Sendable, Hashable {
  /// The text used when the value is missing, null, blank or an empty array.
  case `default`(String)
  /// Cut to at most this many terminal columns, ending in "…" when cut.
  case truncate(Int)
  /// The first this many characters, with no ellipsis (`{sha|prefix:7}`).
  case prefix(Int)
  case upper
  case lower
  /// Digits grouped by thousands: 2664 becomes "2,664". With a number of decimals (`number:2`),
  /// rounded half away from zero to that many and padded: 32 becomes "32.00".
  case number(decimals: Int?)
  /// The number, grouped as `number` groups it, and the word for that many: `plural:"star"`
  /// gives "1 star" and "2,664 stars"; `plural:"person","people"` names an irregular plural.
  case plural(singular: String, plural: String)
  /// The calendar date of an ISO 8601 timestamp: "2014-04-29T14:18:17-0400" becomes "2014-04-29";
  /// a number, or a text of one, is Unix seconds, read in UTC: 1398795497 becomes "2014-04-29".
  case date
  /// The first line of a multi-line text (a commit message's subject).
  case firstline
  /// The text without white space at either end.
  case trim
  /// Another field of the same record, read when the value is missing or blank:
  /// `{author.login|or:commit.author.name}`.
  case or([String])

  package static let names = [
    "default", "or", "truncate", "prefix", "upper", "lower", "number", "plural", "date", "firstline", "trim",
  ]
  /// The most decimals `number:N` takes.
  static let decimalsRange = 0...20

  package func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    switch self {
    case .or(let path):
      return value.isBlank ? FilterValue(context.record?[path: path]) : value
    case .default(let fallback):
      return value.isBlank ? .text(fallback) : value
    case .truncate(let columns):
      return .text(TextWidth.truncate(value.text, toColumns: columns))
    case .prefix(let count):
      return .text(String(value.text.prefix(count)))
    case .upper:
      return .text(value.text.uppercased())
    case .lower:
      return .text(value.text.lowercased())
    case .number(nil):
      return Self.grouped(value)
    case .number(let decimals?):
      return Self.fixed(value, decimals: decimals)
    case .plural(let singular, let plural):
      return Self.counted(value, singular: singular, plural: plural)
    case .date:
      return Self.date(value)
    case .trim:
      return .text(value.text.trimmingWhitespace())
    case .firstline:
      let text = value.text
      let line = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first
      return .text(String(line ?? ""))
    }
  }

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
      return .text(text)
    }
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

  /// Reads the date part of an ISO 8601 timestamp. Some APIs write an unknown date as
  /// "-0001-11-30T00:00:00-0500"; that and anything else unreadable become blank, so a
  /// following `default` can name it.
  private static func date(_ value: FilterValue) -> FilterValue {
    switch value {
    case .json(.int(let seconds)): return unixDate(seconds)
    case .json(.double(let seconds)): return unixDate(seconds)
    default:
      let text = value.text
      if let date = isoDate(text) { return date }
      if let seconds = unixSeconds(text) { return unixDate(seconds) }
      return dateOfAnyText(text)
    }
  }

  /// `date` of a timestamp that starts with its date in ASCII digits and goes on with nothing, a
  /// space or a "T" (the common case, read byte by byte); nil for any other text.
  static func isoDate(_ text: String) -> FilterValue? {
    let bytes = text.utf8
    guard bytes.count >= 10 else { return nil }
    var year = 0
    var month = 0
    var day = 0
    for (offset, byte) in bytes.prefix(10).enumerated() {
      if offset == 4 || offset == 7 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int(byte - UInt8(ascii: "0"))
      switch offset {
      case 0..<4: year = year * 10 + digit
      case 5..<7: month = month * 10 + digit
      default: day = day * 10 + digit
      }
    }
    if bytes.count > 10 {
      // What follows the date must be a space or a "T" that no combining mark joins (then it is
      // the character after the date, as `dateOfAnyText` reads it).
      let after = bytes.dropFirst(10)
      guard after.first == UInt8(ascii: "T") || after.first == UInt8(ascii: " "), after.dropFirst().first ?? 0 < 0x80
      else { return nil }
    }
    guard year >= 1, (1...12).contains(month), (1...31).contains(day) else { return .missing }
    return .text(String(text[..<bytes.index(bytes.startIndex, offsetBy: 10)]))
  }

  /// `date` of any text.
  package static func dateOfAnyText(_ text: String) -> FilterValue {
    let text = text.trimmingWhitespace()
    let parts = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      year >= 1, (1...12).contains(month), (1...31).contains(day),
      text.count == 10 || text.dropFirst(10).first == "T" || text.dropFirst(10).first == " "
    else { return .missing }
    return .text(String(text.prefix(10)))
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
