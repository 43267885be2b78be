import ScreenFormat
import ScreenJSON
import ScreenKit

/// How often a screen (or a tab) asks its source again for what it shows: a screen file's
/// `refresh`, as in `"30s"`, `"5m"` or `"1h"`; off when left out.
package enum RefreshInterval {
  /// The shortest and longest intervals, in seconds: a refresh asks the source again each time.
  package static let seconds = 5...86_400

  /// The units an interval is written in, with their seconds.
  static let units: [(suffix: String, seconds: Int)] = [("s", 1), ("m", 60), ("h", 3_600)]

  /// The interval `text` writes, or why it is not one.
  package static func parse(_ text: String) -> Result<Duration, RefreshIntervalError> {
    guard let unit = units.first(where: { text.hasSuffix($0.suffix) }),
      let count = Int(text.dropLast(unit.suffix.count)), text.first?.isNumber == true
    else { return .failure(.notAnInterval) }
    let (total, overflow) = count.multipliedReportingOverflow(by: unit.seconds)
    guard !overflow, seconds.contains(total) else { return .failure(total < seconds.lowerBound ? .tooShort : .tooLong) }
    return .success(.seconds(total))
  }

  /// How an interval reads in a message: `30s`, `5m`, `1h`, or `90s` where no larger unit fits.
  package static func text(_ duration: Duration) -> String {
    let total = Int(duration.components.seconds)
    let unit = units.last { total % $0.seconds == 0 } ?? units[0]
    return "\(total / unit.seconds)\(unit.suffix)"
  }
}

/// Why a screen file's `refresh` is not an interval.
package enum RefreshIntervalError: Error, Sendable {
  case notAnInterval, tooShort, tooLong
}

extension SpecDecoder {
  /// A `refresh` member of `object` at `pointer`: its interval, nil when it is left out or wrong
  /// (a problem is reported then).
  package mutating func optionalRefresh(_ object: JSONObject, at pointer: JSONPointer) -> Duration? {
    guard let value = object["refresh"] else { return nil }
    let at = pointer / "refresh"
    guard case .string(let text) = value else {
      fail(at, .value(offset: 0), "'refresh' must be an interval such as \"30s\", not \(value.typeDescription)")
      return nil
    }
    switch RefreshInterval.parse(text) {
    case .success(let interval):
      return interval
    case .failure(.notAnInterval):
      fail(
        at, .value(offset: 0),
        "'refresh' takes a whole number of seconds, minutes or hours, as in \"30s\", \"5m\" or \"1h\", not '\(text)'")
    case .failure(.tooShort):
      fail(
        at, .value(offset: 0),
        "'refresh' is '\(text)'; the shortest interval is \(RefreshInterval.seconds.lowerBound)s, as each refresh asks the source again"
      )
    case .failure(.tooLong):
      fail(at, .value(offset: 0), "'refresh' is '\(text)'; the longest interval is 24h")
    }
    return nil
  }
}
