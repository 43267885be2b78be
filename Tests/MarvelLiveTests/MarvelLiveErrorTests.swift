import Foundation
import ReplayServer
import ScreenKit
import Testing

/// Every way a Marvel request can fail ends in a typed error a person can act on, with no key or
/// hash in its text.
@Suite("Marvel live: errors")
struct MarvelLiveErrorTests {
  typealias Harness = MarvelLiveHarness

  static let charactersPage = PageRequest(resource: "characters", pageSize: 20)

  /// The first page's error against `exchanges`, checked for leaks against the key and the hash
  /// that went over the wire.
  func error(
    _ exchanges: [RecordedExchange], request: PageRequest = charactersPage, environment: [String: String] = [:]
  ) async throws -> DataSourceError {
    let harness = try Harness(exchanges)
    defer { harness.finish() }
    let error = try #require(await Harness.pageError(try harness.source(environment), request))
    let hashes = harness.server.requests.compactMap { $0.queryValue("hash") }
    #expect(!error.leaks([Harness.privateKey] + hashes), "a secret in: \(error)")
    return error
  }

  static func any(_ status: Int, _ body: String, delivery: ReplayResponse.Delivery = .whole) -> [RecordedExchange] {
    [RecordedExchange(path: "/v1/public/characters", response: .json(status, body, delivery: delivery))]
  }

  @Test("401 InvalidCredentials (recorded): bad credentials, check both key variables")
  func invalidCredentials() async throws {
    let error = try await error(try Harness.recorded("marvel_vcr_error_401_InvalidCredentials_2023_tenx"))
    #expect(error.kind == .badCredentials)
    #expect(error.description.hasPrefix("bad credentials: Marvel asks for valid credentials (401 Unauthorized: "))
    #expect(error.message.contains("That hash, timestamp and key combination is invalid."))
    #expect(error.message.contains("MARVEL_PUBLIC_KEY") && error.message.contains("MARVEL_PRIVATE_KEY"))
  }

  @Test("409 (recorded body): a bad request with Marvel's words")
  func conflict() async throws {
    let exchange = try Harness.body("marvel_error_limit_over_100_oi", path: "/v1/public/characters", status: 409)
    let error = try await error([exchange], request: PageRequest(resource: "characters", pageSize: 200))
    #expect(error.kind == .badRequest(parameter: nil))
    #expect(error.message == "Marvel refused the request (409): You may not request more than 100 items.")
  }

  @Test("409 (recorded body) naming a parameter the request sent points at it")
  func conflictNamesRecordedParameter() async throws {
    let exchange = try Harness.body("marvel_error_empty_parameter_oi", path: "/v1/public/characters", status: 409)
    let error = try await error(
      [exchange], request: PageRequest(resource: "characters", parameters: ["name": " "], pageSize: 20))
    #expect(error.kind == .badRequest(parameter: "name"))
    #expect(error.message == "Marvel refused the request (409): name cannot be blank if it is set")
  }

  @Test("409 naming a search parameter points at it")
  func conflictNamesParameter() async throws {
    let error = try await error(
      Self.any(409, #"{"code": 409, "status": "nameStartsWith cannot be blank if it is set"}"#),
      request: PageRequest(resource: "characters", parameters: ["nameStartsWith": " "], pageSize: 20))
    #expect(error.kind == .badRequest(parameter: "nameStartsWith"))
  }

  @Test("404 (recorded body): not found, naming the character and the parameter, with Marvel's words")
  func notFound() async throws {
    let harness = try Harness([
      try Harness.body("marvel_error_404_character_not_found_vmadalin", path: "/v1/public/characters/1", status: 404)
    ])
    defer { harness.finish() }
    let error = try #require(
      await Harness.recordError(try harness.source(), RecordRequest(resource: "character", parameters: ["id": "1"])))
    #expect(error.kind == .notFound(resource: "character 1", parameter: "id"))
    #expect(error.message.contains("We couldn't find that character"))
    #expect(error.description.hasPrefix("not found: Marvel has no character 1 (404 Not Found: "), "\(error)")
    #expect(error.message.hasSuffix("check the parameter 'id'"), "\(error)")
  }

  @Test("a 404 that echoes the request URL, as Marvel's gateway does, shows no hash and no key")
  func echoedURL() async throws {
    let exchange = RecordedExchange(
      path: "/v1/public/characters",
      response: ReplayResponse(
        status: 404, headers: [("Content-Type", "application/json")],
        body: Array(#"{"code": "ResourceNotFound", "message": "%TARGET% does not exist"}"#.utf8),
        echoPlaceholder: "%TARGET%"))
    let error = try await error([exchange])
    #expect(error.kind == .notFound(resource: nil, parameter: nil))
    #expect(error.message.contains("hash=REDACTED"), "\(error)")
  }

  @Test("500: a server error that says to try again later")
  func serverFailure() async throws {
    let error = try await error(Self.any(500, "<html>Internal Server Error</html>"))
    #expect(error.kind == .server(status: 500))
    #expect(error.message.contains("try again later"))
  }

  @Test("429: rate limited")
  func throttled() async throws {
    let error = try await error(
      Self.any(
        429, #"{"code": "RequestThrottled", "message": "You have exceeded your rate limit.  Please try again later."}"#)
    )
    #expect(error.kind == .rateLimited(until: nil, retryAfter: nil))
    #expect(error.message.contains("You have exceeded your rate limit"))
  }

  @Test("a 200 that is not JSON: a decoding error that says where")
  func invalidJSON() async throws {
    let error = try await error(Self.any(200, #"{"code": 200, "data": {"results": [}"#))
    #expect(error.kind == .decoding)
    #expect(error.message.contains("/v1/public/characters") && error.message.contains("not valid JSON"), "\(error)")
  }

  @Test("a 200 of the wrong shape: a decoding error that names what is missing")
  func wrongShape() async throws {
    let error = try await error(Self.any(200, #"{"code": 200, "data": {"items": []}}"#))
    #expect(error.kind == .decoding)
    #expect(error.message.contains("data.results"))
  }

  @Test("a body cut short: a transport error")
  func truncated() async throws {
    let body = try RecordedFixtures.body(
      of: RecordedFixtures.url("marvel/marvel_characters_offset0_limit20_riverpod.json"))
    let exchange = RecordedExchange(
      path: "/v1/public/characters",
      response: ReplayResponse(
        status: 200, headers: [("Content-Type", "application/json")], body: body, delivery: .truncated(keeping: 1000)))
    let error = try await error([exchange])
    #expect(error.kind == .transport)
  }

  @Test("an answer slower than SCREENRUN_HTTP_TIMEOUT: a transport error")
  func slow() async throws {
    let error = try await error(
      Self.any(200, "{}", delivery: .delayed(.seconds(20))), environment: ["SCREENRUN_HTTP_TIMEOUT": "0.5"])
    #expect(error.kind == .transport)
    #expect(
      error.message.contains("SCREENRUN_HTTP_TIMEOUT") || error.message.contains("SCREENRUN_HTTP_CONNECT_TIMEOUT"))
  }

  @Test("a refused connection: a transport error naming the address")
  func refused() async throws {
    let closed = try ReplayServer.ClosedPort()
    defer { closed.close() }
    let port = closed.port
    let error = try await error([], environment: ["MARVEL_BASE_URL": "http://127.0.0.1:\(port)"])
    #expect(error.kind == .transport)
    #expect(error.message.contains("127.0.0.1:\(port)") && error.message.contains("connection refused"))
  }

  @Test(
    "missing keys fail before any request, naming the variables and no value",
    arguments: [
      ["MARVEL_PUBLIC_KEY": ""], ["MARVEL_PRIVATE_KEY": ""], ["MARVEL_PUBLIC_KEY": " ", "MARVEL_PRIVATE_KEY": ""],
    ])
  func missingKeys(_ blanked: [String: String]) throws {
    let harness = try Harness([])
    defer { harness.finish() }
    do {
      _ = try harness.source(blanked)
      Issue.record("a source was made without keys")
    } catch let error as DataSourceError {
      #expect(error.message.contains("MARVEL_PUBLIC_KEY") && error.message.contains("MARVEL_PRIVATE_KEY"))
      #expect(!error.leaks([Harness.privateKey, Harness.publicKey]))
      #expect(error.message.contains("--live"))
    }
    #expect(harness.server.requests.isEmpty)
  }

  @Test("an id that is not a number is refused before any request", arguments: ["../../x", "12?a=b", ""])
  func badID(_ id: String) async throws {
    let harness = try Harness([])
    defer { harness.finish() }
    let error = try #require(
      await Harness.recordError(try harness.source(), RecordRequest(resource: "character", parameters: ["id": id])))
    #expect(error.kind == .badRequest(parameter: "id"))
    #expect(harness.server.requests.isEmpty)
  }

  @Test("a screen may not set the signature or paging parameters itself")
  func reservedParameter() async throws {
    let harness = try Harness([])
    defer { harness.finish() }
    let error = try #require(
      await Harness.pageError(
        try harness.source(), PageRequest(resource: "characters", parameters: ["hash": "x"], pageSize: 20)))
    #expect(error.kind == .badRequest(parameter: "hash"))
    #expect(harness.server.requests.isEmpty)
  }
}
