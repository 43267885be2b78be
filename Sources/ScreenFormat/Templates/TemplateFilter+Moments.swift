/// The `ago` filter's reading of a moment, and its wording.
extension TemplateFilter {
  /// The Unix seconds of a value as `date` reads it: a number, or a text of one, is Unix seconds;
  /// a text is an ISO 8601 timestamp. Nil for anything else, and outside the years 1 to 9999.
  package static func unixSeconds(of value: FilterValue) -> Double? {
    let seconds: Double?
    switch value {
    case .missing: return nil
    case .json(.int(let integer)): seconds = Double(integer)
    case .json(.double(let double)): seconds = double
    default:
      let text = value.text.trimmingWhitespace()
      seconds = isoSeconds(text).map(Double.init) ?? unixSeconds(text)
    }
    guard let seconds, seconds.isFinite, seconds >= Double(unixSecondsRange.lowerBound),
      seconds < Double(unixSecondsRange.upperBound) + 1
    else { return nil }
    return seconds
  }

  /// The Unix seconds of an ISO 8601 timestamp: a date as `date` reads it (`2025-11-28`, midnight
  /// in UTC), then optionally a "T" or a space, `HH:MM`, `:SS` and a fraction, and an offset
  /// (`Z`, `+01:00`, `-0400`, `+01`; none is UTC). Nil for any other text, byte by byte.
  package static func isoSeconds(_ text: String) -> Int? {
    guard case .text = isoDate(text) else { return nil }
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += count
      return value
    }
    func skip(_ character: Character) -> Bool {
      guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
      index += 1
      return true
    }
    guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2) else { return nil }
    var seconds = daysFromCivil(year: year, month: month, day: day) * 86_400
    guard index < bytes.count else { return seconds }
    index += 1  // the "T" or the space `isoDate` found
    guard let hour = number(2), hour < 24, skip(":"), let minute = number(2), minute < 60 else { return nil }
    seconds += hour * 3_600 + minute * 60
    if skip(":") {
      guard let second = number(2), second < 61 else { return nil }
      seconds += second
      if skip(".") || skip(",") {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        guard index > start else { return nil }
      }
    }
    guard index < bytes.count else { return seconds }
    if skip("Z") || skip("z") { return index == bytes.count ? seconds : nil }
    let sign: Int
    if skip("+") {
      sign = 1
    } else if skip("-") {
      sign = -1
    } else {
      return nil
    }
    guard let hours = number(2), hours < 24 else { return nil }
    var minutes = 0
    if index < bytes.count {
      _ = skip(":")
      guard let offsetMinutes = number(2), offsetMinutes < 60 else { return nil }
      minutes = offsetMinutes
    }
    guard index == bytes.count else { return nil }
    return seconds - sign * (hours * 3_600 + minutes * 60)
  }

  /// The days from 1970-01-01 to a date of the Gregorian calendar (Howard Hinnant's
  /// days-from-civil, the inverse of `unixDate`'s).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// How long ago `seconds` is, in words, counted down in the largest unit: under a minute is
  /// "just now", then "5 minutes ago", "1 hour ago", "3 days ago", "2 months ago" (30 days
  /// each, 11 at most) and "4 years ago" (365 days each); a time to come is "in 5 minutes".
  static func ago(_ seconds: Double) -> String {
    let elapsed = Int(abs(seconds).rounded(.down))
    let days = elapsed / 86_400
    let (count, unit): (Int, String)
    if elapsed < 60 {
      return "just now"
    } else if elapsed < 3_600 {
      (count, unit) = (elapsed / 60, "minute")
    } else if days < 1 {
      (count, unit) = (elapsed / 3_600, "hour")
    } else if days < 30 {
      (count, unit) = (days, "day")
    } else if days < 365 {
      (count, unit) = (min(days / 30, 11), "month")
    } else {
      (count, unit) = (days / 365, "year")
    }
    let amount = "\(count) \(unit)" + (count == 1 ? "" : "s")
    return seconds < 0 ? "in " + amount : amount + " ago"
  }
}
