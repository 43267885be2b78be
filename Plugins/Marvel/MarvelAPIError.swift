import PluginHTTP
import ScreenKit

/// Turns a Marvel error answer into a typed error a person can act on.
///
/// Marvel answers errors in two shapes: `{"code": 409, "status": "…"}` for a request it
/// refuses, and `{"code": "InvalidCredentials", "message": "…"}` from its gateway, for keys,
/// hashes, rate limits and unknown paths.
enum MarvelAPIError {
  /// The error for `response`, a status other than 200. `parameters` are the names the request
  /// sent, so a 409 that names one of them says which parameter to fix.
  static func error(
    for response: HTTPResponse, parameters: [String], redactor: Redactor
  ) -> DataSourceError {
    let body = try? response.json()
    let code = body?["code"]
    let text = (body?["status"]?.stringValue ?? body?["message"]?.stringValue).map(redactor.callAsFunction)
    let codeName = code?.stringValue
    let status = response.status
    let said = text.map { ": \($0)" } ?? ""

    switch status {
    case 401, 403:
      let detail = [codeName, text].compactMap { $0 }.joined(separator: ": ")
      return .server(
        status: status,
        "Marvel refused the keys (\(detail.isEmpty ? response.reason : detail)); check "
          + "\(MarvelCredentials.publicKeyVariable) and \(MarvelCredentials.privateKeyVariable), "
          + "and that the server's clock is right")
    case 429:
      return .rateLimited(
        "the Marvel API's request limit for these keys is used up\(said); it resets daily, try again later")
    case 409, 400:
      let parameter = text.flatMap { named(in: $0, among: parameters) }
      return .badRequest("Marvel refused the request (\(status))\(said)", parameter: parameter)
    case 404:
      return .server(status: 404, "Marvel has nothing there\(said.isEmpty ? " (404 Not Found)" : said)")
    case 500...599:
      return .server(status: status, "the Marvel server failed (\(status) \(response.reason))\(said); try again later")
    default:
      return .server(status: status, "Marvel answered \(status) \(response.reason)\(said)")
    }
  }

  /// The request parameter that a 409's text names as a whole word ("nameStartsWith cannot be
  /// blank if it is set", "You must pass an integer limit greater than 0.").
  static func named(in text: String, among parameters: [String]) -> String? {
    let words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    return parameters.first { words.contains($0) }
  }
}
