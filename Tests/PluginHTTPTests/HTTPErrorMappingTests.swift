import Foundation
import PluginHTTP
import ReplayServer
import ScreenKit
import Testing

/// The one mapping from a status to an error, alone and through `LiveService.get` against the
/// replay server: an answer outside 2xx is an error unless the request asks to read it.
@Suite("HTTP error mapping")
struct HTTPErrorMappingTests {
  static let url = URL(string: "http://127.0.0.1:9/v1/stations/X")!
  let mapping = HTTPErrorMapping(
    api: "Weather", credentialAdvice: "set WEATHER_TOKEN", redactor: Redactor(secrets: ["tok-secret-1"]))

  func response(_ status: Int, _ body: String = "", headers: [(String, String)] = []) -> HTTPResponse {
    HTTPResponse(status: status, headers: HTTPHeaders(headers), body: Array(body.utf8), url: Self.url)
  }

  @Test("2xx is no error", arguments: [200, 201, 204, 299])
  func success(_ status: Int) {
    #expect(mapping.error(for: response(status)) == nil)
  }

  @Test("each status is its kind, with the API's message read and redacted")
  func kinds() throws {
    let body = #"{"message": "token tok-secret-1 is bad"}"#
    let unauthorized = try #require(mapping.error(for: response(401, body)))
    #expect(unauthorized.kind == .badCredentials)
    #expect(
      unauthorized.description
        == "bad credentials: Weather asks for valid credentials (401 Unauthorized: token REDACTED is bad); set WEATHER_TOKEN"
    )
    let forbidden = try #require(mapping.error(for: response(403, #"{"message": "Resource not accessible"}"#)))
    #expect(forbidden.kind == .forbidden)
    #expect(forbidden.description.hasPrefix("not allowed: Weather does not allow this (403 Forbidden: Resource"))
    let missing = try #require(
      mapping.error(for: response(404, #"{"message": "Not Found"}"#), resource: "station 'X'", parameter: "id"))
    #expect(missing.kind == .notFound(resource: "station 'X'", parameter: "id"))
    #expect(missing.description == "not found: Weather has no station 'X' (404 Not Found); check the parameter 'id'")
    let nowhere = try #require(mapping.error(for: response(404)))
    #expect(nowhere.description == "not found: Weather has nothing at /v1/stations/X (404 Not Found)")
    #expect(try #require(mapping.error(for: response(422, body))).kind == .badRequest(parameter: nil))
    let failed = try #require(mapping.error(for: response(503, "<html>down</html>")))
    #expect(failed.kind == .server(status: 503))
    #expect(failed.description == "server error 503: Weather failed (503 Service Unavailable); try again later")
    #expect(try #require(mapping.error(for: response(410))).kind == .server(status: 410))
  }

  /// Without `resource:`, a 404 shows the path as it was sent: a value's `/` and `..` stay inside
  /// their segment, percent-encoded, so the path does not read as one that escaped.
  @Test func aNotFoundShowsThePathAsSent() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080/v1/stations/GHCND%3AX%2F..%2FY/data"))
    let answer = HTTPResponse(status: 404, headers: HTTPHeaders(), body: [], url: url)
    let error = try #require(HTTPErrorMapping(api: "Weather").error(for: answer))
    #expect(
      error.description == "not found: Weather has nothing at /v1/stations/GHCND%3AX%2F..%2FY/data (404 Not Found)")
    let notJSON = HTTPResponse(status: 200, headers: HTTPHeaders(), body: Array("<html>".utf8), url: url)
    let unreadable = #expect(throws: DataSourceError.self) { try notJSON.json() }
    #expect(unreadable?.message.hasPrefix("the answer from 127.0.0.1 to /v1/stations/GHCND%3AX%2F..%2FY/data") == true)
  }

  @Test("a 403 or 429 with none remaining is rate limited until the reset, in local time", arguments: [403, 429])
  func usedUp(_ status: Int) throws {
    let reset = 1_767_225_600
    let error = try #require(
      mapping.error(
        for: response(
          status, #"{"message": "API rate limit exceeded"}"#,
          headers: [("X-RateLimit-Limit", "60"), ("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "\(reset)")]),
        now: Date(timeIntervalSince1970: Double(reset))))
    #expect(error.kind == .rateLimited(until: Double(reset), retryAfter: nil))
    #expect(
      error.description
        == "rate limited: Weather's rate limit of 60 requests is used up (API rate limit exceeded) until "
        + "\(HTTPErrorMapping.localTime(Double(reset), now: Date(timeIntervalSince1970: Double(reset)))) (local time)")
  }

  @Test("a rate limit shows the API's own words: its status's phrase, and a body that is not JSON (issue 40)")
  func rateLimitWords() throws {
    // As the Hacker News search API's 429 came: none remaining, no reset, the words the phrase's.
    let usedUp = try #require(
      mapping.error(
        for: response(429, #"{"message": "Too many requests"}"#, headers: [("X-RateLimit-Remaining", "0")])))
    #expect(usedUp.description == "rate limited: Weather's rate limit is used up (Too many requests); try again later")
    let plain = try #require(
      mapping.error(
        for: response(
          429, "Slow down, tok-secret-1.\nRetry later.\n",
          headers: [("Content-Type", "text/plain"), ("Retry-After", "30")])))
    #expect(
      plain.description
        == "rate limited: Weather's rate limit (Slow down, REDACTED.): wait 30 seconds before asking again")
    // An HTML page: its text's first line, with no tag, escape or control character; the rest of a
    // megabyte is not read.
    let page =
      "<!DOCTYPE html><html><head><title>Rate \u{1B}[31mlimited &amp; \u{7}blocked</title><style>h1{}</style>"
      + "</head><body><h1>Too many</h1>" + String(repeating: "<p>more</p>", count: 100_000) + "</body></html>"
    let html = try #require(
      mapping.error(for: response(429, page, headers: [("Content-Type", "text/html; charset=utf-8")])))
    #expect(html.message.hasPrefix("Weather says too many requests (Rate "), "\(html)")
    #expect(html.message.contains("limited & "), "\(html)")
    #expect(html.message.hasSuffix("blocked); wait a minute and try again"), "\(html)")
    #expect(!html.message.contains("<") && !html.message.contains("more"), "\(html)")
    #expect(!html.message.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(html)")
    let long = try #require(mapping.error(for: response(429, String(repeating: "z", count: 1_000_000))))
    #expect(long.message.count < HTTPErrorMapping.maximumMessageLength + 100, "\(long.message.count)")
    // Words that repeat the message's own are said once; a JSON body without them adds nothing.
    let bare = try #require(mapping.error(for: response(429, #"{"message": "Too many requests"}"#)))
    #expect(bare.description == "rate limited: Weather says too many requests; wait a minute and try again")
    let silent = try #require(mapping.error(for: response(429, #"{"error": {"code": 7}}"#)))
    #expect(silent.description == "rate limited: Weather says too many requests; wait a minute and try again")
    // Other statuses keep their rule: a body that is not JSON is not shown.
    #expect(mapping.message(in: response(500, "not json")) == nil)
  }

  @Test("Retry-After makes a 403 or 429 a rate limit with the wait; a bare 429 is one too")
  func retryAfter() throws {
    for status in [403, 429] {
      let error = try #require(mapping.error(for: response(status, headers: [("Retry-After", "30")])))
      #expect(error.kind == .rateLimited(until: nil, retryAfter: 30))
      #expect(error.message.contains("wait 30 seconds"))
    }
    #expect(try #require(mapping.error(for: response(429))).kind == .rateLimited)
    #expect(
      try #require(mapping.error(for: response(403, headers: [("X-RateLimit-Remaining", "5")]))).kind == .forbidden)
  }

  @Test("the message comes from the caller's pointers, joined; a body that is not JSON gives none")
  func pointers() throws {
    let marvel = HTTPErrorMapping(api: "Marvel", messagePointers: [.root / "code", .root / "status"])
    let error = try #require(marvel.error(for: response(500, #"{"code": "Oops", "status": "it broke\u001b[31m"}"#)))
    #expect(error.message == "Marvel failed (500 Internal Server Error: Oops: it broke [31m); try again later")
    #expect(mapping.message(in: response(500, "not json")) == nil)
    let long = try #require(
      mapping.message(in: response(500, #"{"message": ""# + String(repeating: "x", count: 900) + #""}"#)))
    #expect(long.count == HTTPErrorMapping.maximumMessageLength + 1)
  }

  @Test("a kind matches its family in a switch, and a pattern's details when given")
  func patterns() {
    func family(_ kind: DataSourceError.Kind) -> String {
      switch kind {
      case .notFound: "not found"
      case .rateLimited: "rate limited"
      case .server(status: 503): "unavailable"
      case .server: "server"
      default: "other"
      }
    }
    #expect(family(.notFound(resource: "x", parameter: "id")) == "not found")
    #expect(family(.rateLimited(until: 1, retryAfter: nil)) == "rate limited")
    #expect(family(.server(status: 503)) == "unavailable")
    #expect(family(.server(status: 500)) == "server")
    #expect(family(.badCredentials) == "other")
    #expect(DataSourceError.Kind.notFound(resource: nil, parameter: nil) != .notFound(resource: "x", parameter: nil))
  }

  @Test("LiveService.get throws a 404 as not found, unless the request reads the error itself")
  func liveServiceThrowsByDefault() async throws {
    let server = try ReplayServer(exchanges: [])  // every request is a 404
    defer { server.stop() }
    let service = try LiveService(
      environment: ["W_URL": server.baseURL], baseURLVariable: "W_URL", defaultBaseURL: "https://w.example",
      errors: HTTPErrorMapping(api: "Weather"))
    let url = try service.url(["stations", .parameter("id", "X")])
    let error = await #expect(throws: DataSourceError.self) {
      try await service.get(HTTPRequest(url: url, resource: "station 'X'", parameter: "id"))
    }
    #expect(error?.kind == .notFound(resource: "station 'X'", parameter: "id"))
    #expect(error?.description.hasPrefix("not found: Weather has no station 'X' (404 Not Found: ") == true)
    let read = try await service.get(HTTPRequest(url: url, returnsErrorStatus: true))
    #expect(read.status == 404)
    let unnamed = try LiveService(
      environment: ["W_URL": server.baseURL], baseURLVariable: "W_URL", defaultBaseURL: "https://w.example")
    let byHost = await #expect(throws: DataSourceError.self) { try await unnamed.get(HTTPRequest(url: url)) }
    #expect(byHost?.message.hasPrefix("127.0.0.1 has nothing at /stations/X") == true, "\(String(describing: byHost))")
  }
}
