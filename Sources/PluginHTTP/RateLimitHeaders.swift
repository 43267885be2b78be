import ScreenKit

/// What a response's rate-limit headers say, each number read within its range: `Retry-After`
/// (seconds), and the `X-RateLimit-Limit`, `-Remaining` and `-Reset` (seconds since 1970) that
/// GitHub and many other APIs send. A field that is present but out of range or not a whole
/// number reads as nil, and its text is kept so a message can show what the server sent.
///
///     let limits = RateLimitHeaders(response.headers)
///     if limits.isUsedUp, let reset = limits.reset { throw .rateLimited("…", until: Double(reset)) }
public struct RateLimitHeaders: Sendable, Equatable {
  /// The longest `Retry-After` taken as given (a day): a longer one is no usable time.
  package static let maximumRetryAfter = 86_400
  /// The latest reset taken as given (9999-12-31 23:59:59 UTC), so a date can always be shown.
  package static let latestReset = 253_402_300_799

  /// The `Retry-After` field's text, and its seconds when usable.
  package var retryAfterText: String?
  /// The seconds `Retry-After` says to wait, when usable (0 to a day).
  public var retryAfter: Int?
  /// The requests allowed in the window, when the server says.
  public var limit: Int?
  /// The requests left in the window, when the server says.
  public var remaining: Int?
  /// The reset field's text, and its time (seconds since 1970) when usable.
  package var resetText: String?
  /// When the window resets (`X-RateLimit-Reset`, seconds since 1970), when usable.
  public var reset: Int?

  /// Reads the fields from `headers`; a field that is missing or out of range is nil.
  public init(_ headers: HTTPHeaders) {
    retryAfterText = headers["Retry-After"]
    retryAfter = retryAfterText.flatMap { CheckedNumber.integer($0, in: 0...Self.maximumRetryAfter) }
    limit = headers["X-RateLimit-Limit"].flatMap { CheckedNumber.integer($0, in: 1...1_000_000_000) }
    remaining = headers["X-RateLimit-Remaining"].flatMap { CheckedNumber.integer($0, in: 0...1_000_000_000) }
    resetText = headers["X-RateLimit-Reset"]
    reset = resetText.flatMap { CheckedNumber.integer($0, in: 0...Self.latestReset) }
  }

  /// Whether the window's requests are used up (`X-RateLimit-Remaining: 0`).
  public var isUsedUp: Bool { remaining == 0 }
}
