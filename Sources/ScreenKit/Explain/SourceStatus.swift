import FoundationEssentials
import ScreenSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a data source says of itself after an answer: sample or live data, whether the answer
/// came from a cache, the rate limit left (or that it is used up, after a rate limit's answer),
/// and whether a credential is in use (never the credential). The status line shows it (`--status`, and the interactive mode).
///
///     SourceStatus(mode: .live, cached: true, rateLimitRemaining: 57, rateLimitLimit: 60,
///                  rateLimitReset: 1767225600, token: true).line()
///     // "live · from the cache (304) · rate limit 57/60, resets 00:00 · token in use"
///
/// Swift plugins report it through `PluginHTTP` (each `LiveService` request reports its own),
/// external plugins with the optional `status` of their answers; a field no one reported is nil.
public struct SourceStatus: Sendable, Equatable {
  /// Sample (bundled) or live data.
  public var mode: PluginContext.DataMode
  /// Whether the last answer came from a cache (an HTTP 304) rather than fresh from the server.
  public var cached: Bool?
  /// The requests left in the rate-limit window.
  public var rateLimitRemaining: Int?
  /// The requests the window allows.
  public var rateLimitLimit: Int?
  /// When the window resets, in seconds since 1970.
  public var rateLimitReset: Int?
  /// Whether a credential (a token, an API key) goes with the requests.
  public var token: Bool?
  /// Whether the source reads local data, live (a repository on disk), the same in either data
  /// mode: neither bundled sample data nor a live API. An external plugin says so with
  /// `"data": "local"` in an answer's `status`.
  package var local = false
  /// The status of the last answer when it was a rate limit's refusal (429, or a 403 that says
  /// the limit is used up); nil after any other answer. The line then says the limit is used up
  /// rather than that the answer was fresh.
  package var rateLimitedStatus: Int?
  /// When the last answer, a rate limit's, said to ask again (its `Retry-After`), in seconds
  /// since 1970.
  package var retryAt: Int?

  /// The `data` of an answer's `status` that says the source reads local data.
  package static let localData = "local"

  /// What an answer says of the source, for the status line: the data mode, whether the answer
  /// came from the cache, the rate limit's remaining requests, limit and reset (seconds since
  /// 1970), and whether a token was given; nil where the answer does not say.
  public init(
    mode: PluginContext.DataMode, cached: Bool? = nil, rateLimitRemaining: Int? = nil, rateLimitLimit: Int? = nil,
    rateLimitReset: Int? = nil, token: Bool? = nil
  ) {
    self.mode = mode
    self.cached = cached
    self.rateLimitRemaining = rateLimitRemaining
    self.rateLimitLimit = rateLimitLimit
    self.rateLimitReset = rateLimitReset
    self.token = token
  }

  /// This status with what `newer` reports put over it. A rate limit is taken whole from the
  /// answer that reports one, so the count and its reset never come from two answers.
  package func updated(by newer: SourceStatus) -> SourceStatus {
    var result = self
    result.mode = newer.mode
    result.local = newer.local
    if let cached = newer.cached { result.cached = cached }
    if newer.rateLimitRemaining != nil || newer.rateLimitLimit != nil || newer.rateLimitReset != nil {
      result.rateLimitRemaining = newer.rateLimitRemaining
      result.rateLimitLimit = newer.rateLimitLimit
      result.rateLimitReset = newer.rateLimitReset
    }
    if let token = newer.token { result.token = token }
    // Said of the last answer alone: one that is no rate limit's clears it.
    result.rateLimitedStatus = newer.rateLimitedStatus
    result.retryAt = newer.retryAt
    return result
  }

  /// The status line: what is known, joined with " · ". The reset is in local time. A source that
  /// reads local data is named, as `plugin` says: "git (local)". After a rate limit's answer it
  /// says so instead of "fresh": "live · rate limit of 60 used up (429), resets 14:05:09",
  /// "rate limited (429), retry after 14:05:30", or "…, no reset time given".
  package func line(plugin: String? = nil) -> String {
    var parts = [local ? "\(plugin ?? "local data") (local)" : mode == .live ? "live" : "sample data"]
    if let limited = rateLimitedStatus {
      // The answer was a refusal, not data: what is known of the limit, and when to ask again.
      var text =
        rateLimitRemaining == 0
        ? "rate limit\(rateLimitLimit.map { " of \(TemplateFilter.grouped($0))" } ?? "") used up (\(limited))"
        : "rate limited (\(limited))"
      if let retryAt {
        text += ", retry after \(Self.localTime(retryAt, seconds: true))"
      } else if let reset = rateLimitReset {
        text += ", resets \(Self.localTime(reset, seconds: true))"
      } else {
        text += ", no reset time given"
      }
      parts.append(text)
    } else {
      parts += statusOfData
    }
    switch token {
    case true?: parts.append("token in use")
    case false?: parts.append("no token")
    case nil: break
    }
    return parts.joined(separator: " · ")
  }

  /// After an answer with data: whether it came from the cache, and the rate limit left.
  private var statusOfData: [String] {
    var parts: [String] = []
    switch cached {
    case true?: parts.append("from the cache (304)")
    case false?: parts.append("fresh")
    case nil: break
    }
    if let remaining = rateLimitRemaining {
      var text = "rate limit \(TemplateFilter.grouped(remaining))"
      if let limit = rateLimitLimit { text += "/\(TemplateFilter.grouped(limit))" }
      if let reset = rateLimitReset { text += ", resets \(Self.localTime(reset))" }
      parts.append(text)
    } else if let reset = rateLimitReset {
      parts.append("rate limit resets \(Self.localTime(reset))")
    }
    return parts
  }

  /// `HH:MM` (`HH:MM:SS` with `seconds`) in local time; with the date too when it is not within
  /// a day of now.
  package static func localTime(
    _ seconds: Int, seconds withSeconds: Bool = false, now: Int = Int(Date().timeIntervalSince1970)
  )
    -> String
  {
    guard let reset = LocalTime(unixSeconds: seconds) else { return "the Unix time \(seconds)" }
    let time = withSeconds ? reset.secondsText : reset.minutesText
    guard (seconds - now).magnitude >= 86_400 else { return time }
    return reset.dateText + " " + time
  }
}
