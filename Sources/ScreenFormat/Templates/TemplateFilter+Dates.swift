import ScreenText

/// The `date` filter's reading of ISO 8601 timestamps.
extension TemplateFilter {
  /// Reads the date part of an ISO 8601 timestamp. Some APIs write an unknown date as
  /// "-0001-11-30T00:00:00-0500"; that and anything else unreadable become blank, so a
  /// following `default` can name it.
  static func date(_ value: FilterValue) -> FilterValue {
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
    guard isCalendarDate(year: year, month: month, day: day) else { return .missing }
    return .text(String(text[..<bytes.index(bytes.startIndex, offsetBy: 10)]))
  }

  /// `date` of any text.
  package static func dateOfAnyText(_ text: String) -> FilterValue {
    let text = text.trimmingWhitespace()
    let parts = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      isCalendarDate(year: year, month: month, day: day),
      text.count == 10 || text.dropFirst(10).first == "T" || text.dropFirst(10).first == " "
    else { return .missing }
    return .text(String(text.prefix(10)))
  }

  /// Whether a year from 1, a month and a day name a day of the Gregorian calendar: February
  /// 30th, April 31st and February 29th of a year that is not a leap year are none, so `date`
  /// leaves them blank as it does month 13.
  static func isCalendarDate(year: Int, month: Int, day: Int) -> Bool {
    guard year >= 1, (1...12).contains(month), day >= 1 else { return false }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return day <= days[month - 1]
  }
}
