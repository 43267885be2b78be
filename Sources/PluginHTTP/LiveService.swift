import FoundationEssentials
import ScreenKit

/// What every live data source sets up the same way, written once: the API's base URL from an
/// environment variable, the HTTP client (timeouts, the ETag cache, the body limit), a redactor
/// of the source's named secrets, and the User-Agent every request carries.
///
///     let service = try LiveService(
///       environment: context.environment, baseURLVariable: "BOOKS_API_URL",
///       defaultBaseURL: "https://books.example", bearer: "BOOKS_TOKEN")
///     let book = try await service.fetch("/books/\(id, parameter: "id")").object(at: .root / "book", "a book")
///
/// A path's values are encoded as one segment each (`service.url("/books/\(id, parameter: "id")")`),
/// and an answer outside 2xx is thrown as the error `errors` maps it to (a 404 is `.notFound`,
/// a 401 `.badCredentials`, a used-up limit `.rateLimited`…), so a handler reads only good answers.
public struct LiveService: Sendable {
  /// The environment variable that names the base URL, for messages.
  package let baseURLVariable: String
  package let base: URL
  /// The HTTP client under `get(_:)`, with this service's settings and redactor: its `get(_:)`
  /// returns an answer of any status, for a source that reads error answers itself.
  public let client: HTTPClient
  package let redactor: Redactor
  /// Whether the source was given a credential (a token, a key): the status line says so.
  package let usesCredential: Bool
  /// How an answer outside 2xx becomes an error: the one mapping, worded for this API.
  public let errors: HTTPErrorMapping
  /// The token `get(_:)` sends as `Authorization: Bearer …`, read from the variable `bearer` named;
  /// nil when none was named, or the variable is not set or blank.
  private let bearerToken: String?

  /// `screenrun/VERSION`: APIs such as GitHub's refuse a request without a User-Agent.
  package static let userAgent = "screenrun/\(ScreenRun.version)"

  /// Reads the base URL from `baseURLVariable` (`defaultBaseURL` when unset or blank) and the HTTP
  /// settings from `environment`; `secrets` are removed from every message, here and in the
  /// runtime's output. `errors` words the errors of answers outside 2xx: give it the API's name
  /// and what to do about a 401 (`HTTPErrorMapping(api: "Books", credentialAdvice: "set
  /// BOOKS_TOKEN")`); by default it names the API by the base URL's host. Its redactor is this
  /// service's.
  ///
  /// `bearer` names the environment variable that holds the API's bearer token
  /// (`bearer: "BOOKS_TOKEN"`): its value is a secret, registered and redacted as `secrets` are,
  /// and every `get(_:)` sends it as `Authorization: Bearer …` (a request that sets its own
  /// `Authorization` keeps it). When the variable is not set, or blank, requests go without it,
  /// and a 401 says to set it (unless `errors` gives its own `credentialAdvice`).
  public init(
    environment: [String: String], baseURLVariable: String, defaultBaseURL: String, bearer: String? = nil,
    secrets: [String] = [], errors: HTTPErrorMapping? = nil
  ) throws(DataSourceError) {
    let token = bearer.flatMap { environment[$0]?.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
    let secrets = secrets + (token.map { [$0] } ?? [])
    for secret in secrets { SecretRegistry.shared.register(secret) }
    redactor = Redactor(secrets: secrets)
    usesCredential = !secrets.isEmpty
    bearerToken = token
    self.baseURLVariable = baseURLVariable
    base = try HTTPURL.base(from: environment, variable: baseURLVariable, default: defaultBaseURL, redactor: redactor)
    client = HTTPClient(configuration: try HTTPConfiguration(environment: environment), redactor: redactor)
    var errors = errors ?? HTTPErrorMapping(api: base.host ?? baseURLVariable)
    if errors.credentialAdvice == nil, let bearer {
      errors.credentialAdvice = token == nil ? "set \(bearer)" : "check \(bearer)"
    }
    errors.redactor = redactor
    self.errors = errors
  }

  /// `path` under the base URL, with `query` (encoded strictly). Each value interpolated in the
  /// path is encoded as exactly one segment, and the parameter it came from is named in an error:
  ///
  ///     try service.url("/stations/\(id, parameter: "id")/data", query: [("units", "metric")])
  ///     // GHCND:X/../Y reaches the server as /stations/GHCND%3AX%2F..%2FY/data
  ///
  /// A value that is `.` or `..` (or empty, where it would be a whole segment) is a `.badRequest`
  /// naming the parameter; so is literal text with a `.` or `..` segment. A path held in a
  /// `String` is passed as `HTTPPath(encoded: path)`.
  public func url(_ path: HTTPPath, query: [(String, String)] = []) throws(DataSourceError) -> URL {
    let encoded = try path.encoded()
    guard let url = HTTPURL.make(base: base, path: encoded, query: query) else {
      throw .badRequest(
        "cannot make a URL from \(baseURLVariable) and '\(redactor(encoded))': a path holds only unreserved "
          + "characters, sub-delimiters, ':', '@', '/' and %XX", parameter: baseURLVariable)
    }
    return url
  }

  /// The URL of `segments` under the base URL, with `query`: each segment a value, encoded as
  /// exactly one segment (`/`, `?`, `#` and `%` included).
  ///
  ///     try service.url(["stations", .parameter("id", id), "data"], query: [("units", "metric")])
  public func url(_ segments: [PathSegment], query: [(String, String)] = []) throws(DataSourceError) -> URL {
    try url(HTTPPath(segments), query: query)
  }

  /// Request headers: `Accept` and the User-Agent.
  public func headers(accept: String = "application/json") -> HTTPHeaders {
    var headers = HTTPHeaders()
    headers["Accept"] = accept
    headers["User-Agent"] = Self.userAgent
    return headers
  }

  /// Sends a GET, and tells the runtime what was sent and what the answer says of the source
  /// (`SourceActivity`): the cache, the rate limit, the credential; secrets removed. An answer
  /// outside 2xx is thrown as the error `errors` maps it to (naming `request.resource` and
  /// `request.parameter` for a 404), unless `request.returnsErrorStatus` is set.
  public func get(_ request: HTTPRequest) async throws(DataSourceError) -> HTTPResponse {
    var request = request
    if let bearerToken, request.headers["Authorization"] == nil {
      request.headers["Authorization"] = "Bearer \(bearerToken)"
    }
    SourceActivity.sent(sentRequest(request))
    let response = try await client.get(request)
    SourceActivity.report(status(of: response))
    if !request.returnsErrorStatus,
      let error = errors.error(for: response, resource: request.resource, parameter: request.parameter)
    {
      throw error
    }
    return response
  }

  /// GETs `path` under the base URL with `query` and the usual headers (`headers()`: JSON, the
  /// User-Agent, and the bearer token), and reads the answer's body as JSON: one call for what
  /// every JSON API's handler does first.
  ///
  ///     let answer = try await service.fetch("/stops", query: [("q", text), ("page", "\(page)")])
  ///     return try answer.page(at: .root / "stops", total: .root / "total", pageNumber: page, size: 20)
  ///
  /// An answer outside 2xx is thrown as `get(_:)` throws it; a 404 names `resource` ("stop
  /// 'X'"; the path as sent when nil) and `parameter`, which is by default the one request
  /// parameter the path names (`"/stops/\(id, parameter: "id")"`). A body that is not JSON is a
  /// `.decoding` error naming the answer.
  public func fetch(
    _ path: HTTPPath, query: [(String, String)] = [], resource: String? = nil, parameter: String? = nil
  ) async throws(DataSourceError) -> ResponseReader {
    let named = path.parameters
    let request = HTTPRequest(
      url: try url(path, query: query), headers: headers(), resource: resource,
      parameter: parameter ?? (named.count == 1 ? named[0] : nil))
    return try ResponseReader(try await get(request))
  }

  /// What a request looks like to a person, secrets removed (an `Authorization` value whole).
  package func sentRequest(_ request: HTTPRequest) -> SentRequest {
    let headers = request.headers.map { field -> String in
      guard field.name.lowercased() == "authorization" else { return "\(field.name): \(redactor(field.value))" }
      let scheme = field.value.split(separator: " ", maxSplits: 1).first.map { "\($0) " } ?? ""
      return "\(field.name): \(scheme)\(Redactor.mask)"
    }
    return SentRequest(summary: "GET " + redactor(request.url.absoluteString), headers: headers)
  }

  /// What an answer says of the source: live, from the cache or not, its rate-limit headers, and
  /// whether it is a rate limit's refusal (with when to ask again, from `Retry-After`).
  package func status(of response: HTTPResponse, now: Date = Date()) -> SourceStatus {
    let limits = RateLimitHeaders(response.headers)
    var status = SourceStatus(
      mode: .live, cached: response.fromCache, rateLimitRemaining: limits.remaining, rateLimitLimit: limits.limit,
      rateLimitReset: limits.reset, token: usesCredential)
    if HTTPErrorMapping.isRateLimit(response) {
      status.rateLimitedStatus = response.status
      status.retryAt = limits.retryAfter.map { Int(now.timeIntervalSince1970) + $0 }
    }
    return status
  }

  /// Runs `work`, and passes any error's message through the redactor once more: whatever a
  /// server echoes, no secret reaches a person.
  public func redacting<T>(_ work: () async throws(DataSourceError) -> T) async throws(DataSourceError) -> T {
    do {
      return try await work()
    } catch {
      throw DataSourceError(error.kind, redactor(error.message))
    }
  }
}

extension LiveService {
  /// The cursor of the next page: the `Link` header's `rel="next"` URL, kept as given (an API
  /// may page by number, by cursor or by another path), a relative one resolved against the URL
  /// of the answer as RFC 8288 says; nil on the last page.
  public func nextLink(_ response: HTTPResponse) -> PageCursor? {
    LinkHeader(response.headers.values("Link")).target("next")
      .flatMap { HTTPURL.resolving($0, against: response.url) }.map(PageCursor.init)
  }

  /// The URL a `nextLink` cursor holds, when it is an http or https URL on the base URL's
  /// server, so a credential sent with it never goes elsewhere. `api` names the API in messages.
  public func follow(_ cursor: PageCursor, api: String) throws(DataSourceError) -> URL {
    guard let url = HTTPURL.absolute(cursor.value) else {
      let scheme = URLComponents(string: cursor.value)?.scheme.map { "; its scheme is \(CheckedNumber.quoted($0))" }
      throw .badRequest(
        "the next-page link from \(api)'s Link header is not an http or https URL\(scheme ?? "")", parameter: nil)
    }
    let differences = HTTPURL.originDifference(url, base)
    guard differences.isEmpty else {
      throw .decoding(
        "\(api)'s next-page link leads to another server than \(baseURLVariable): "
          + "\(redactor(differences.joined(separator: ", "))); screenrun does not follow it there")
    }
    return url
  }
}
