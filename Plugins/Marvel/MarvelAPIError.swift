import PluginHTTP
import ScreenKit

/// Turns a Marvel error answer into a typed error a person can act on, through PluginHTTP's one
/// `HTTPErrorMapping`, plus what only Marvel sends: a 409 whose words name the parameter at fault.
///
/// Marvel answers errors in two shapes: `{"code": 409, "status": "…"}` for a request it
/// refuses, and `{"code": "InvalidCredentials", "message": "…"}` from its gateway, for keys,
/// hashes, rate limits and unknown paths.
enum MarvelAPIError {
  /// Marvel's wording for the shared mapping: its two message shapes, what to do about the keys
  /// and the daily limit.
  static func mapping(redactor: Redactor = Redactor()) -> HTTPErrorMapping {
    HTTPErrorMapping(
      api: "Marvel", messagePointers: [.root / "code", .root / "status", .root / "message"],
      credentialAdvice: "check \(MarvelCredentials.publicKeyVariable) and \(MarvelCredentials.privateKeyVariable), "
        + "and that the server's clock is right",
      rateLimitAdvice: "the limit for these keys resets daily", redactor: redactor)
  }

  /// The error for `response`, a status other than 200. `parameters` are the names the request
  /// sent, so a 409 that names one of them says which parameter to fix; `resource` and
  /// `parameter` name what a 404 did not find.
  static func error(
    for response: HTTPResponse, parameters: [String], resource: String? = nil, parameter: String? = nil,
    redactor: Redactor
  ) -> DataSourceError {
    let mapping = mapping(redactor: redactor)
    let status = response.status
    if status == 409 || status == 400 {
      let text =
        (try? response.json())?["status"]?.stringValue.map(redactor.callAsFunction)
        ?? mapping.message(in: response)
      let parameter = text.flatMap { named(in: $0, among: parameters) }
      return .badRequest("Marvel refused the request (\(status))\(text.map { ": \($0)" } ?? "")", parameter: parameter)
    }
    return mapping.error(for: response, resource: resource, parameter: parameter)
      ?? .server(status: status, "Marvel answered \(status) \(response.reason); expected 200 with JSON")
  }

  /// The request parameter that a 409's text names as a whole word ("nameStartsWith cannot be
  /// blank if it is set", "You must pass an integer limit greater than 0.").
  static func named(in text: String, among parameters: [String]) -> String? {
    let words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    return parameters.first { words.contains($0) }
  }
}
