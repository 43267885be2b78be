/// `number:N`, `plural` and `date` of Unix seconds: the filters that read a value as a number.
extension TemplateFilter {
  /// `number:N`: a number, or a text that reads as one, rounded half away from zero to `decimals`
  /// places and padded with zeros, its whole part grouped by thousands ("2,229.90"). The rounding
  /// is done on the decimal digits as written (a double's shortest spelling), so 2.675 gives
  /// "2.68" and a 20-digit text keeps every digit. Anything else passes through unchanged.
  package static func fixed(_ value: FilterValue, decimals: Int) -> FilterValue {
    let text: String
    switch value {
    case .missing: return .missing
    case .json(.int(let integer)): text = String(integer)
    case .json(.bigInteger(let digits)): text = digits
    case .json(.double(let double)):
      guard double.isFinite else { return value }
      text = double.description
    case .json(.string(let string)), .text(let string): text = string
    case .json: return value
    }
    guard let decimal = DecimalText(text) else { return value }
    return .text(decimal.fixed(decimals))
  }

  /// `plural`: the number as `number` writes it, a space, and `singular` when that reads "1",
  /// else `plural`. A missing value stays missing (for a `default` after it); a value that is
  /// not a number passes through unchanged.
  static func counted(_ value: FilterValue, singular: String, plural: String) -> FilterValue {
    switch value {
    case .missing: return .missing
    case .json(.int), .json(.bigInteger), .json(.double): break
    case .json(.string(let text)), .text(let text):
      guard DecimalText(text) != nil else { return value }
    case .json: return value
    }
    let count = grouped(value).text
    return .text(count + " " + (count == "1" ? singular : plural))
  }

  /// The seconds a text of a Unix time holds: digits, with a sign or a fraction (nil for any
  /// other text, and for one with an exponent).
  package static func unixSeconds(_ text: String) -> Double? {
    let text = text.trimmingWhitespace()
    guard let decimal = DecimalText(text), !decimal.hadExponent else { return nil }
    return Double(text)
  }

  /// The first and the last second of the years 0001 to 9999, the years a date is written for.
  static let unixSecondsRange: ClosedRange<Int> = -62_135_596_800...253_402_300_799

  package static func unixDate(_ seconds: Double) -> FilterValue {
    guard seconds.isFinite, seconds >= Double(unixSecondsRange.lowerBound),
      seconds < Double(unixSecondsRange.upperBound) + 1
    else { return .missing }
    return unixDate(Int(seconds.rounded(.down)))
  }

  /// The UTC calendar date of a Unix time (Howard Hinnant's days-to-civil), blank outside the
  /// years 0001 to 9999.
  package static func unixDate(_ seconds: Int) -> FilterValue {
    guard unixSecondsRange.contains(seconds) else { return .missing }
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func padded(_ number: Int, _ width: Int) -> String {
      let digits = String(number)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return .text(padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2))
  }
}

/// A number as decimal digits: `[sign] digits [. digits] [e [sign] digits]`, as JSON and most
/// people write one, with white space around it. Read digit by digit, so no value overflows.
struct DecimalText: Equatable {
  package var negative: Bool
  /// Every digit, as written (leading zeros included).
  package var digits: [UInt8]
  /// How many of `digits` stand before the decimal point, after the exponent moved it: 0 or less
  /// for a number below 1, more than `digits.count` for one that ends in zeros.
  var point: Int
  var hadExponent: Bool

  /// The largest exponent read; a larger one is no number this reads (1e308 is the largest
  /// double, and the text it writes stays a few hundred characters).
  static let exponentLimit = 400

  init?(_ text: String) {
    let bytes = Array(text.trimmingWhitespace().utf8)
    var index = 0
    negative = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    digits = []
    while index < bytes.count, isDigit(bytes[index]) {
      digits.append(bytes[index] - UInt8(ascii: "0"))
      index += 1
    }
    point = digits.count
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, isDigit(bytes[index]) {
        digits.append(bytes[index] - UInt8(ascii: "0"))
        index += 1
      }
    }
    guard !digits.isEmpty else { return nil }
    hadExponent = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      hadExponent = true
      index += 1
      var exponentNegative = false
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      var exponent = 0
      var exponentDigits = 0
      while index < bytes.count, isDigit(bytes[index]) {
        exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        exponentDigits += 1
        guard exponent <= Self.exponentLimit else { return nil }
        index += 1
      }
      guard exponentDigits > 0 else { return nil }
      point += exponentNegative ? -exponent : exponent
    }
    guard index == bytes.count else { return nil }
  }

  /// The number rounded half away from zero to `decimals` places, padded with zeros, its whole
  /// part grouped by thousands; no sign when it rounds to zero ("-0.001" gives "0.00").
  package func fixed(_ decimals: Int) -> String {
    // The digits of the whole part, then exactly `decimals` of the fraction, then the rest.
    var kept: [UInt8] = []
    var firstDropped: UInt8 = 0
    let wanted = max(0, point) + decimals
    kept.reserveCapacity(wanted + 1)
    for position in min(point, 0)..<(point + decimals) {
      // `position` counts digits from the first one written; before it are zeros.
      if position < 0 {
        if position >= point { kept.append(0) }
        continue
      }
      kept.append(position < digits.count ? digits[position] : 0)
    }
    if point <= 0 { kept.insert(0, at: 0) }
    let dropped = point + decimals
    if dropped >= 0, dropped < digits.count { firstDropped = digits[dropped] }
    if firstDropped >= 5 {
      var index = kept.count - 1
      while index >= 0 {
        if kept[index] == 9 {
          kept[index] = 0
          index -= 1
        } else {
          kept[index] += 1
          break
        }
      }
      if index < 0 { kept.insert(1, at: 0) }
    }
    let written = kept.dropLast(decimals)
    let whole = written.drop { $0 == 0 }.isEmpty ? [0] : Array(written.drop { $0 == 0 })
    let fraction = kept.suffix(decimals)
    let zero = whole == [0] && fraction.allSatisfy { $0 == 0 }
    var text = negative && !zero ? "-" : ""
    for (index, digit) in whole.enumerated() {
      if index > 0, (whole.count - index) % 3 == 0 { text.append(",") }
      text.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + digit))
    }
    if decimals > 0 {
      text.append(".")
      for digit in fraction { text.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + digit)) }
    }
    return text
  }
}
