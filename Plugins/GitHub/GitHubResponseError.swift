import FoundationEssentials
import PluginHTTP
import ScreenKit

/// Turns a GitHub error answer into a typed error a person can act on, through PluginHTTP's one
/// `HTTPErrorMapping` (a bad token, a used-up rate limit with when it resets in local time, a
/// secondary limit with how long to wait, a repository that is not there), plus what only GitHub
/// sends: a 422's `errors` list, naming the parameter, and a secondary limit told in words alone.
enum GitHubResponseError {
  /// What was asked, so a 404 can say which repository is missing.
  enum Context: Sendable {
    case search
    case repository(String, resource: String)
  }

  /// GitHub's wording for the shared mapping: what to do about a token, a 404, a limit.
  static func mapping(hasToken: Bool, redactor: Redactor = Redactor()) -> HTTPErrorMapping {
    let variable = GitHubLiveSource.tokenVariable
    return HTTPErrorMapping(
      api: "GitHub",
      credentialAdvice: hasToken
        ? "check that the token in \(variable) is right and not expired, or unset it" : "set \(variable)",
      notFoundAdvice: hasToken ? nil : "set \(variable) if it is private",
      rateLimitAdvice: hasToken ? nil : "set \(variable) for a higher limit", redactor: redactor)
  }

  /// - Parameters:
  ///   - hasToken: whether a token was sent, which changes what a 401 or a limit means.
  ///   - now: today, for showing a reset time without its date when it is today.
  static func error(
    for response: HTTPResponse, context: Context, hasToken: Bool, redactor: Redactor = Redactor(), now: Date = Date()
  ) -> DataSourceError {
    let mapping = mapping(hasToken: hasToken, redactor: redactor)
    let status = response.status
    if status == 422 { return validation(response, context: context, redactor: redactor) }
    let limits = RateLimitHeaders(response.headers)
    // The body is read here only for a 403 with no rate-limit header; the mapping reads it once.
    if status == 403, limits.retryAfterText == nil, !limits.isUsedUp,
      let message = mapping.message(in: response), message.lowercased().contains("secondary rate limit")
    {
      // GitHub's advice when it sends no retry-after: wait at least a minute.
      return .rateLimited("GitHub's secondary rate limit: wait at least a minute before asking again", retryAfter: 60)
    }
    var resource: String?
    var parameter: String?
    if case .repository(let name, let kind) = context {
      (resource, parameter) = kind == "commit" ? ("commit in \(name)", "sha") : ("repository \(name)", "repo")
    }
    return mapping.error(for: response, resource: resource, parameter: parameter, now: now)
      ?? .server(status: status, "GitHub answered \(status) \(response.reason); expected 200 with JSON")
  }

  /// A 422, in GitHub's wording, the same as the sample data's, so a failure reads alike in both
  /// modes: a bad request naming the field at fault.
  private static func validation(_ response: HTTPResponse, context: Context, redactor: Redactor) -> DataSourceError {
    let body = try? response.json()
    let errors = (body?["errors"]?.arrayValue ?? []).compactMap { entry -> GitHubAPIError.FieldError? in
      guard let field = entry["field"]?.stringValue else { return nil }
      return GitHubAPIError.FieldError(
        resource: entry["resource"]?.stringValue ?? "", field: field, code: entry["code"]?.stringValue ?? "custom",
        message: entry["message"]?.stringValue.map(redactor.callAsFunction))
    }
    var failure = GitHubAPIError(
      status: 422, message: (body?["message"]?.stringValue).map(redactor.callAsFunction) ?? "Unprocessable Entity",
      errors: errors, request: "GET \(response.url.path)", parameter: errors.first?.field)
    if failure.parameter == nil, case .repository(_, "commit") = context { failure.parameter = "sha" }
    return failure.dataSourceError
  }
}
