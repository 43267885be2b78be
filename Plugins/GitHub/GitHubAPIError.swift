import ScreenKit

/// An error answer of the GitHub REST API, with GitHub's own wording, so the sample data refuses a
/// request exactly where and how the real API would, and a person reads what `gh` would print.
///
///     GitHubAPIError.validationFailed("GET /search/repositories", [.missing("Search", "q")])
///       .dataSourceError.description
///     // "bad request: 422 Validation Failed (GET /search/repositories): Search.q is missing"
///     GitHubAPIError.notFound("GET /repos/octocat/nothing").dataSourceError.description
///     // "not found: Not Found (GET /repos/octocat/nothing)"
struct GitHubAPIError: Error, Sendable, Equatable {
  /// One entry of a 422 body's `errors` array: which field of which resource, and GitHub's code.
  struct FieldError: Sendable, Equatable {
    var resource: String
    var field: String
    /// GitHub's codes: `missing`, `missing_field`, `invalid`, `already_exists`, `unprocessable`,
    /// `custom`.
    var code: String
    var message: String?

    static func missing(_ resource: String, _ field: String) -> Self {
      FieldError(resource: resource, field: field, code: "missing")
    }

    static func invalid(_ resource: String, _ field: String, _ message: String? = nil) -> Self {
      FieldError(resource: resource, field: field, code: "invalid", message: message)
    }

    /// How GitHub's documentation explains the code, as a phrase after the field's name.
    var text: String {
      let name = "\(resource).\(field)"
      let phrase: String
      switch code {
      case "missing", "missing_field": phrase = "\(name) is missing"
      case "invalid": phrase = "\(name) is invalid"
      case "already_exists": phrase = "\(name) already exists"
      case "unprocessable": phrase = "\(name) cannot be processed"
      default: phrase = name
      }
      return message.map { "\(phrase): \($0)" } ?? phrase
    }
  }

  var status: Int
  /// The body's `message`: "Validation Failed", "Not Found", …
  var message: String
  var errors: [FieldError]
  /// The request as GitHub would have received it ("GET /repos/octocat/hello"), so the person
  /// sees which repository or endpoint the answer is about.
  var request: String
  /// The request parameter at fault, when one is.
  var parameter: String?

  /// 404 `Not Found`: GitHub's answer for a repository that does not exist (or is private).
  static func notFound(_ request: String) -> Self {
    GitHubAPIError(status: 404, message: "Not Found", errors: [], request: request, parameter: nil)
  }

  /// 422 `Validation Failed`, with the fields at fault.
  static func validationFailed(_ request: String, _ errors: [FieldError]) -> Self {
    GitHubAPIError(
      status: 422, message: "Validation Failed", errors: errors, request: request, parameter: errors.first?.field)
  }

  /// 422 with a message of its own and no field list, such as "Only the first 1000 search
  /// results are available" or "No commit found for SHA: …".
  static func unprocessable(_ request: String, _ message: String, parameter: String?) -> Self {
    GitHubAPIError(status: 422, message: message, errors: [], request: request, parameter: parameter)
  }

  /// The runtime's error: a 4xx about the request's parameters is a bad request naming the
  /// parameter, a 404 is not found; anything else keeps its status.
  var dataSourceError: DataSourceError {
    let details = errors.map(\.text).joined(separator: "; ")
    let text = "\(message) (\(request))" + (details.isEmpty ? "" : ": " + details)
    switch status {
    case 422: return .badRequest("\(status) \(text)", parameter: parameter)
    case 404: return .notFound(text, parameter: parameter)
    default: return .server(status: status, text)
    }
  }
}
