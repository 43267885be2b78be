import FoundationEssentials
import ScreenKit
import ScreenSystem

/// The one mapping from an HTTP status to a `DataSourceError`, shared by every live source, so a
/// 404 or a used-up rate limit reads the same whatever the API. `LiveService.get(_:)` throws
/// its error for any status outside 2xx, unless the request opts out (`HTTPRequest.returnsErrorStatus`).
///
/// | status | kind | shown as |
/// |---|---|---|
/// | 401 | `.badCredentials` | `bad credentials: Books asks for valid credentials (401 Unauthorized: …); set BOOKS_TOKEN` |
/// | 403 with `X-RateLimit-Remaining: 0` or `Retry-After`, 429 | `.rateLimited(until:retryAfter:)` | `rate limited: Books' rate limit of 60 requests is used up (…) until 14:05:09 (local time)` |
/// | other 403 | `.forbidden` | `not allowed: Books does not allow this (403 Forbidden: …)` |
/// | 404 | `.notFound(resource:parameter:)` | `not found: Books has no station 'X' (404 Not Found); check the parameter 'id'` |
/// | 400, 409, 422 | `.badRequest(parameter: nil)` | `bad request: Books refused the request (422 Unprocessable Entity: …)` |
/// | 5xx | `.server(status:)` | `server error 503: Books failed (503 Service Unavailable: …); try again later` |
/// | 301, 302, 303, 307, 308 to another origin | `.server(status:)` | `server error 302: Books redirected the request to another origin, which screenrun does not follow (302 Found to http://elsewhere.example/x): …` |
/// | any other | `.server(status:)` | `server error 410: Books answered 410 Gone: …` |
///
/// The API's own message is read from a JSON body, at `messagePointers` (the strings found there,
/// joined), redacted and cut to 300 characters; a body that is not JSON is not shown, but for a
/// rate limit, whose message gives the first line of its text (`rateLimitMessage(in:)`).
///
///     let mapping = HTTPErrorMapping(api: "Books", credentialAdvice: "set BOOKS_TOKEN")
///     if let error = mapping.error(for: response, resource: "book '\(id)'", parameter: "id") { throw error }
public struct HTTPErrorMapping: Sendable {
  /// The API as a message names it: "GitHub", "Marvel", "books.example".
  package var api: String
  /// Where a JSON error body holds the API's words: `/message` unless told otherwise.
  package var messagePointers: [JSONPointer]
  /// What to do about a 401 (and added to a 403): "set GITHUB_TOKEN".
  package var credentialAdvice: String?
  /// What to do about a 404, after "check the parameter 'x'": "set GITHUB_TOKEN if it is private".
  package var notFoundAdvice: String?
  /// What to add to a rate limit: "set GITHUB_TOKEN for a higher limit", "it resets daily".
  package var rateLimitAdvice: String?
  /// Removes secrets from the API's words.
  package var redactor: Redactor

  /// The longest message taken from a body; the rest is cut.
  package static let maximumMessageLength = 300

  /// The mapping for the API named `api` ("Books", as the messages name it). An error's message
  /// is read from a JSON body at `messagePointers` (joined when there are several), redacted, and
  /// cut to 300 characters; `credentialAdvice` ends a 401's message ("set BOOKS_TOKEN"),
  /// `notFoundAdvice` a 404's, and `rateLimitAdvice` a used-up rate limit's. A `LiveService`
  /// redacts its secrets from every message.
  public init(
    api: String, messagePointers: [JSONPointer] = [.root / "message"], credentialAdvice: String? = nil,
    notFoundAdvice: String? = nil, rateLimitAdvice: String? = nil
  ) {
    self.init(
      api: api, messagePointers: messagePointers, credentialAdvice: credentialAdvice,
      notFoundAdvice: notFoundAdvice, rateLimitAdvice: rateLimitAdvice, redactor: Redactor())
  }

  /// The mapping, redacting messages with `redactor`.
  package init(
    api: String, messagePointers: [JSONPointer] = [.root / "message"], credentialAdvice: String? = nil,
    notFoundAdvice: String? = nil, rateLimitAdvice: String? = nil, redactor: Redactor
  ) {
    self.api = api
    self.messagePointers = messagePointers
    self.credentialAdvice = credentialAdvice
    self.notFoundAdvice = notFoundAdvice
    self.rateLimitAdvice = rateLimitAdvice
    self.redactor = redactor
  }

  /// The error for `response`, or nil for a 2xx status. `resource` names what was asked for
  /// ("station 'GHCND:X'"; the URL's path when nil) and `parameter` the request parameter that
  /// chose it, for a 404. `now` is today, to show a reset time without its date when it is today.
  public func error(
    for response: HTTPResponse, resource: String? = nil, parameter: String? = nil, now: Date = Date()
  ) -> DataSourceError? {
    let status = response.status
    guard !(200...299).contains(status) else { return nil }
    let message = self.message(in: response)
    let said = message.map { ": \($0)" } ?? ""
    let statusText = "\(status) \(response.reason)"
    switch status {
    case 401:
      return .badCredentials(
        "\(api) asks for valid credentials (\(statusText)\(said)); \(credentialAdvice ?? "check the credentials")")
    case 403, 429:
      if Self.isRateLimit(response) { return rateLimit(response, now: now) }
      return .forbidden(
        "\(api) does not allow this (\(statusText)\(said))" + (credentialAdvice.map { "; \($0)" } ?? ""))
    case 404:
      let what = resource.map { "\(api) has no \($0)" } ?? "\(api) has nothing at \(redactor(path(response)))"
      let advice = [parameter.map { "check the parameter '\($0)'" }, notFoundAdvice].compactMap { $0 }
      return .notFound(
        "\(what) (\(statusText)\(said))" + (advice.isEmpty ? "" : "; " + advice.joined(separator: ", ")),
        resource: resource, parameter: parameter)
    case 400, 409, 422:
      return .badRequest("\(api) refused the request (\(statusText)\(said))", parameter: nil)
    case 500...599:
      return .server(status: status, "\(api) failed (\(statusText)\(said)); try again later")
    case 301, 302, 303, 307, 308:
      // A redirect on the base URL's origin was followed (`Transfer`): one that comes back
      // here points elsewhere, or nowhere.
      guard let location = response.headers["Location"] else {
        return .server(status: status, "\(api) answered \(statusText) with no Location to follow\(said)")
      }
      return .server(
        status: status,
        "\(api) redirected the request to another origin, which screenrun does not follow so that no credential "
          + "goes there (\(statusText) to \(shownTarget(location, from: response.url)))\(said); "
          + "if that address is the API's, set the base URL to it")
    default:
      return .server(status: status, "\(api) answered \(statusText)\(said)")
    }
  }

  /// The API's words in a JSON error body: the strings at `messagePointers`, joined with ": ",
  /// redacted, control characters made spaces, and cut; nil when there are none or when they say no
  /// more than the status's phrase ("Not Found").
  package func message(in response: HTTPResponse) -> String? {
    guard let text = jsonMessage(in: response) else { return nil }
    return text.lowercased() == response.reason.lowercased() ? nil : text
  }

  /// The strings at `messagePointers` in a JSON body, joined, as `message(in:)` shows them; nil
  /// when the body is not JSON or holds none.
  private func jsonMessage(in response: HTTPResponse) -> String? {
    guard !response.body.isEmpty, let body = try? JSON.parse(response.body, options: .response) else { return nil }
    var parts: [String] = []
    for pointer in messagePointers {
      guard let text = body[path: pointer.tokens]?.stringValue else { continue }
      let trimmed = text.trimmingWhitespace()
      if !trimmed.isEmpty, !parts.contains(trimmed) { parts.append(trimmed) }
    }
    return parts.isEmpty ? nil : shown(parts.joined(separator: ": "))
  }

  /// Text from a server as a message shows it: redacted, control characters (a line break, an
  /// escape) made spaces, so that a message is one line, and cut.
  private func shown(_ words: String) -> String {
    let redacted = redactor(words)
    var text = String(
      String.UnicodeScalarView(redacted.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    if text.count > Self.maximumMessageLength { text = String(text.prefix(Self.maximumMessageLength)) + "…" }
    return text
  }

  /// How much of a body that is not JSON a rate limit's message reads its words from.
  package static let textBodyPrefix = 64 << 10

  /// The API's words in a rate limit's answer, which are never the status's phrase alone since
  /// its message does not show the status: those of a JSON body at `messagePointers`, or, in a
  /// body that is not JSON (a proxy's plain text, a gateway's HTML page), the first line of its
  /// text (an HTML page's as the `html` filter reads it: "Too Many Requests" from its title), of
  /// its first 64 KiB; redacted, made one line and cut as every message is.
  package func rateLimitMessage(in response: HTTPResponse) -> String? {
    guard !response.body.isEmpty else { return nil }
    if let text = jsonMessage(in: response) { return text }
    let start = response.body.prefix(Self.textBodyPrefix)
    if (try? JSON.parse(Array(start), options: .response)) != nil { return nil }  // JSON, without the words
    var text = String(decoding: start, as: UTF8.self)
    let type = response.headers["Content-Type"]?.lowercased() ?? ""
    if type.contains("html") || text.drop(while: \.isWhitespace).first == "<" { text = HTMLText.text(of: text) }
    let lines = text.split(whereSeparator: \.isNewline).lazy.map { String($0).trimmingWhitespace() }
    guard let line = lines.first(where: { !$0.isEmpty }) else { return nil }
    return shown(line)
  }

  /// Whether an answer is a rate limit's refusal: a 429, or a 403 with `Retry-After` or none of
  /// the window's requests remaining (`X-RateLimit-Remaining: 0`).
  package static func isRateLimit(_ response: HTTPResponse) -> Bool {
    guard response.status == 403 || response.status == 429 else { return false }
    let limits = RateLimitHeaders(response.headers)
    return response.status == 429 || limits.retryAfterText != nil || limits.isUsedUp
  }

  /// A 403 or 429 that is a rate limit: `Retry-After` (seconds to wait), or the window used up
  /// (`X-RateLimit-Remaining: 0`, reset at `X-RateLimit-Reset`); a 429 is one with neither. The
  /// API's words follow in parentheses, unless the message already says them. A number out of
  /// range reads as absent, and the message says the server gave no usable time.
  private func rateLimit(_ response: HTTPResponse, now: Date) -> DataSourceError {
    let limits = RateLimitHeaders(response.headers)
    let advice = rateLimitAdvice.map { "; \($0)" } ?? ""
    let message = rateLimitMessage(in: response)
    let said = message.map { " (\($0))" } ?? ""
    if let text = limits.retryAfterText {
      guard let retryAfter = limits.retryAfter else {
        return .rateLimited(
          "\(possessive) rate limit\(said); the server gave no usable retry time (retry-after "
            + "\(CheckedNumber.quoted(text))); wait at least a minute before asking again\(advice)")
      }
      return .rateLimited(
        "\(possessive) rate limit\(said): wait \(Self.duration(retryAfter)) before asking again\(advice)",
        retryAfter: retryAfter)
    }
    if limits.isUsedUp {
      let limit = limits.limit.map { " of \($0) requests" } ?? ""
      guard let text = limits.resetText else {
        return .rateLimited("\(possessive) rate limit\(limit) is used up\(said); try again later\(advice)")
      }
      guard let reset = limits.reset else {
        return .rateLimited(
          "\(possessive) rate limit\(limit) is used up\(said); the server gave no usable reset time (x-ratelimit-reset "
            + "\(CheckedNumber.quoted(text))); try again later\(advice)")
      }
      return .rateLimited(
        "\(possessive) rate limit\(limit) is used up\(said) until \(Self.localTime(Double(reset), now: now)) "
          + "(local time)\(advice)",
        until: Double(reset))
    }
    // A 429 with neither: its words, unless they are the message's own.
    let repeated = message.map { $0.lowercased() == "too many requests" } ?? true
    return .rateLimited("\(api) says too many requests\(repeated ? "" : said); wait a minute and try again\(advice)")
  }

  /// Where a redirect points, for a message: resolved against the URL it came from, without its
  /// user information (a password a server put there), redacted, every byte that is not printable
  /// ASCII percent-encoded, and cut to 200 characters.
  package func shownTarget(_ location: String, from url: URL) -> String {
    var target = HTTPURL.resolving(location, against: url) ?? location
    if var components = URLComponents(string: target), components.user != nil || components.password != nil {
      components.user = nil
      components.password = nil
      target = components.string ?? target
    } else if let colon = target.firstIndex(of: ":"), target[colon...].hasPrefix("://") {
      // Not a URL that Foundation reads: whatever stands before an `@` in its authority goes.
      let start = target.index(colon, offsetBy: 3)
      let end = target[start...].firstIndex { "/?#\\".contains($0) } ?? target.endIndex
      if let at = target[start..<end].lastIndex(of: "@") {
        target = String(target[..<start]) + String(target[target.index(after: at)...])
      }
    }
    var shown = ""
    for byte in redactor(target).utf8 {
      if (0x21...0x7E).contains(byte) {
        shown.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        shown += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return shown.count > 200 ? String(shown.prefix(199)) + "…" : shown
  }

  /// "GitHub's", "Books'".
  private var possessive: String {
    api.hasSuffix("s") ? api + "'" : api + "'s"
  }

  /// The path as sent, percent-encoded: a value's `/` or `..` stays visibly inside its segment.
  private func path(_ response: HTTPResponse) -> String {
    response.sentPath
  }

  /// `14:05:09`, or `2026-11-30 14:05:09` when not the same day as `now`, in the machine's time
  /// zone: how a reset time is shown.
  package static func localTime(_ seconds: Double, now: Date = Date()) -> String {
    guard let reset = LocalTime(unixSeconds: seconds) else { return "the Unix time \(seconds)" }
    guard let today = LocalTime(unixSeconds: now.timeIntervalSince1970), reset.isSameDay(as: today) else {
      return reset.dateText + " " + reset.secondsText
    }
    return reset.secondsText
  }

  /// "1 second", "30 seconds", "5 minutes", "3 hours".
  static func duration(_ seconds: Int) -> String {
    seconds == 1
      ? "1 second"
      : seconds < 120 ? "\(seconds) seconds" : seconds < 7200 ? "\(seconds / 60) minutes" : "\(seconds / 3600) hours"
  }
}
