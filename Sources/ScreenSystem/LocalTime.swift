#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A moment as the machine's clock shows it, in the machine's time zone (`TZ`, else
/// /etc/localtime), from the C library's `localtime_r`: `FoundationEssentials` alone knows no time
/// zone but GMT, and a rate limit's reset is shown in local time.
package struct LocalTime: Equatable, Sendable {
  package var year: Int
  /// 1 to 12.
  package var month: Int
  package var day: Int
  package var hour: Int
  package var minute: Int
  package var second: Int

  /// The local time of `unixSeconds` (seconds since 1970 UTC); nil when the C library cannot place
  /// it (a year past what `tm` holds).
  package init?(unixSeconds: Int) {
    var time = time_t(clamping: unixSeconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return nil }
    year = Int(parts.tm_year) + 1900
    month = Int(parts.tm_mon) + 1
    day = Int(parts.tm_mday)
    hour = Int(parts.tm_hour)
    minute = Int(parts.tm_min)
    second = Int(parts.tm_sec)
  }

  /// The local time of `unixSeconds`, a number from outside (NaN, infinite or huge: nil).
  package init?(unixSeconds: Double) {
    guard unixSeconds.isFinite, unixSeconds.magnitude < 1e15 else { return nil }
    self.init(unixSeconds: Int(unixSeconds.rounded(.down)))
  }

  /// Whether both fall on the same local calendar day.
  package func isSameDay(as other: LocalTime) -> Bool {
    (year, month, day) == (other.year, other.month, other.day)
  }

  /// `2026-11-30`.
  package var dateText: String { "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))" }
  /// `14:05`.
  package var minutesText: String { "\(Self.twoDigits(hour)):\(Self.twoDigits(minute))" }
  /// `14:05:09`.
  package var secondsText: String { "\(minutesText):\(Self.twoDigits(second))" }

  private static func twoDigits(_ value: Int) -> String { value < 10 && value >= 0 ? "0\(value)" : String(value) }
}
