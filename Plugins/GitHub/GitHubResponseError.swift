import Foundation
import PluginHTTP
import ScreenKit

/// Turns a GitHub error answer into a typed error a person can act on: a bad token, a used-up
/// rate limit (with when it resets, in local time), a secondary limit (with how long to wait),
/// a validation failure naming the parameter, a repository that is not there.
enum GitHubResponseError {
  /// What was asked, so a 404 can say which repository is missing.
  enum Context: Sendable {
    case search
    case repository(String, resource: String)
  }

  /// - Parameters:
  ///   - hasToken: whether a token was sent, which changes what a 401 or a limit means.
  ///   - now: today, for showing a reset time without its date when it is today.
  static func error(
    for response: HTTPResponse, context: Context, hasToken: Bool, now: Date = Date()
  ) -> DataSourceError {
    let body = try? response.json()
    let message = body?["message"]?.stringValue
    let said = message.map { " (\($0))" } ?? ""
    let status = response.status
    let tokenSet = hasToken

    if status == 403 || status == 429 {
      if let limited = rateLimit(response, message: message, tokenSet: tokenSet, now: now) { return limited }
    }
    switch status {
    case 401:
      return .server(
        status: 401,
        tokenSet
          ? "GitHub refused the token in \(GitHubLiveSource.tokenVariable)\(said); check that it is right and not expired, or unset it"
          : "GitHub wants a token for this\(said); set \(GitHubLiveSource.tokenVariable)")
    case 404:
      if case .repository(let name, let resource) = context {
        let what = resource == "commit" ? "such commit in \(name)" : "repository \(name)"
        return .server(
          status: 404,
          "GitHub has no \(what) (404 Not Found); check the name"
            + (tokenSet ? "" : ", and set \(GitHubLiveSource.tokenVariable) if it is private"))
      }
      return .server(status: 404, "GitHub has nothing at \(response.url.path) (404 Not Found)")
    case 422:
      // GitHub's wording, the same as the sample data's, so a failure reads alike in both modes.
      let errors = (body?["errors"]?.arrayValue ?? []).compactMap { entry -> GitHubAPIError.FieldError? in
        guard let field = entry["field"]?.stringValue else { return nil }
        return GitHubAPIError.FieldError(
          resource: entry["resource"]?.stringValue ?? "", field: field, code: entry["code"]?.stringValue ?? "custom",
          message: entry["message"]?.stringValue)
      }
      var failure = GitHubAPIError(
        status: 422, message: message ?? "Unprocessable Entity", errors: errors, request: "GET \(response.url.path)",
        parameter: errors.first?.field)
      if failure.parameter == nil, case .repository(_, "commit") = context { failure.parameter = "sha" }
      return failure.dataSourceError
    case 500...599:
      return .server(status: status, "GitHub failed (\(status) \(response.reason))\(said); try again later")
    default:
      return .server(status: status, "GitHub answered \(status) \(response.reason)\(said)")
    }
  }

  /// A 403 or 429 that is a rate limit: the primary limit (`x-ratelimit-remaining: 0`, reset at
  /// `x-ratelimit-reset`) or a secondary one (`retry-after`, or GitHub's words for it). Each
  /// number is read within its range (`RateLimitHeaders`); one out of range is treated as
  /// absent, and the message says the server gave no usable time.
  private static func rateLimit(
    _ response: HTTPResponse, message: String?, tokenSet: Bool, now: Date
  ) -> DataSourceError? {
    let limits = RateLimitHeaders(response.headers)
    if let text = limits.retryAfterText {
      guard let retryAfter = limits.retryAfter else {
        return .rateLimited(
          "GitHub's secondary rate limit; the server gave no usable retry time (retry-after "
            + "\(CheckedNumber.quoted(text))); wait at least a minute before asking again")
      }
      return .rateLimited(
        "GitHub's secondary rate limit: wait \(duration(retryAfter)) before asking again", retryAfter: retryAfter)
    }
    if limits.isUsedUp {
      let limit = limits.limit.map { " of \($0) requests an hour" } ?? ""
      let hint = tokenSet ? "" : "; set \(GitHubLiveSource.tokenVariable) for a higher limit"
      guard let text = limits.resetText else {
        return .rateLimited("GitHub's rate limit\(limit) is used up; try again later\(hint)")
      }
      guard let reset = limits.reset else {
        return .rateLimited(
          "GitHub's rate limit\(limit) is used up; the server gave no usable reset time (x-ratelimit-reset "
            + "\(CheckedNumber.quoted(text))); try again later\(hint)")
      }
      return .rateLimited(
        "GitHub's rate limit\(limit) is used up until \(localTime(Double(reset), now: now)) (local time)\(hint)",
        until: Double(reset))
    }
    if let message, message.lowercased().contains("secondary rate limit") {
      // GitHub's advice when it sends no retry-after: wait at least a minute.
      return .rateLimited("GitHub's secondary rate limit: wait at least a minute before asking again", retryAfter: 60)
    }
    if response.status == 429 {
      return .rateLimited(
        "GitHub says too many requests\(message.map { " (\($0))" } ?? ""); wait a minute and try again")
    }
    return nil
  }

  /// `14:05:09`, or `2026-11-30 14:05:09` when not today, in the machine's time zone.
  static func localTime(_ seconds: Double, now: Date = Date()) -> String {
    let date = Date(timeIntervalSince1970: seconds)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone.current
    formatter.dateFormat = calendar.isDate(date, inSameDayAs: now) ? "HH:mm:ss" : "yyyy-MM-dd HH:mm:ss"
    return formatter.string(from: date)
  }

  private static func duration(_ seconds: Int) -> String {
    seconds == 1
      ? "1 second"
      : seconds < 120 ? "\(seconds) seconds" : seconds < 7200 ? "\(seconds / 60) minutes" : "\(seconds / 3600) hours"
  }
}
