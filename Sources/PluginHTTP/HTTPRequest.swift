import FoundationEssentials

/// A GET request, with what the client needs to know to cache it and to keep its secrets.
public struct HTTPRequest: Sendable {
  /// The URL to GET, query included (`LiveService.url(_:query:)` builds one).
  public var url: URL
  /// The request's header fields (`LiveService.headers(accept:)` gives the usual ones).
  public var headers: HTTPHeaders
  /// Query parameters left out of the cache key: values that change with every request (Marvel's
  /// `ts`) or name the caller (`apikey`). Secret parameters are always left out.
  package var unkeyedQueryItems: Set<String>
  /// Response headers the cache keeps with the body, so that an answer from the cache still
  /// carries them (GitHub's `Link`, without which paging would end).
  package var cachedHeaders: [String]
  /// Whether the on-disk cache may answer this request (false: neither read nor written).
  package var usesCache: Bool
  /// What the request asks for, as a 404's message names it ("station 'GHCND:X'"); the URL's
  /// path when nil.
  public var resource: String?
  /// The request parameter that chose `resource` ("id"), which a 404 says to check.
  public var parameter: String?
  /// Whether `LiveService.get(_:)` returns an answer whose status is outside 2xx, for the source
  /// to read the error body itself (true), instead of throwing the `HTTPErrorMapping` error
  /// (false, the default).
  public var returnsErrorStatus: Bool

  /// A GET of `url` with `headers`. `unkeyedQueryItems` are query parameters left out of the
  /// cache key, `cachedHeaders` the response fields the cache keeps with a body, and `usesCache`
  /// whether the cache may answer at all. `resource` and `parameter` name what a 404 was asked for,
  /// and `returnsErrorStatus` returns an answer outside 2xx instead of throwing its error.
  public init(
    url: URL, headers: HTTPHeaders = HTTPHeaders(), unkeyedQueryItems: Set<String> = [],
    cachedHeaders: [String] = ["Content-Type"], usesCache: Bool = true, resource: String? = nil,
    parameter: String? = nil, returnsErrorStatus: Bool = false
  ) {
    self.url = url
    self.headers = headers
    self.unkeyedQueryItems = unkeyedQueryItems
    self.cachedHeaders = cachedHeaders
    self.usesCache = usesCache
    self.resource = resource
    self.parameter = parameter
    self.returnsErrorStatus = returnsErrorStatus
  }
}

/// What the server answered, or what the cache answered for it.
public struct HTTPResponse: Sendable {
  /// The status to act on: 200 when a 304 was answered from the cache.
  public var status: Int
  /// The answer's header fields.
  public var headers: HTTPHeaders
  /// The answer's body, as sent; `json()` parses it.
  public var body: [UInt8]
  /// True when the server said 304 Not Modified and the body came from the cache.
  package var fromCache: Bool
  /// The URL that answered, after any redirect.
  public var url: URL

  package init(status: Int, headers: HTTPHeaders, body: [UInt8], fromCache: Bool = false, url: URL) {
    self.status = status
    self.headers = headers
    self.body = body
    self.fromCache = fromCache
    self.url = url
  }

  /// The status's standard phrase ("Not Found"), for messages.
  package var reason: String {
    HTTPStatus.reason(status)
  }
}

/// The standard phrases of the statuses an API answers with.
package enum HTTPStatus {
  package static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 409: "Conflict"
    case 410: "Gone"
    case 422: "Unprocessable Entity"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "HTTP \(status)"
    }
  }
}
