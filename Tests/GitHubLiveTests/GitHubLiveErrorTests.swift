import Foundation
import PluginHTTP
import ReplayServer
import ScreenKit
import Testing

@testable import GitHubPlugin

/// Every way a GitHub request can fail ends in a typed error a person can act on, and the token
/// never shows.
@Suite("GitHub live: errors")
struct GitHubLiveErrorTests {
  typealias Harness = GitHubLiveHarness

  static let search = PageRequest(resource: "repositories", parameters: ["q": "swift"], pageSize: 30)
  static let commits = PageRequest(resource: "commits", parameters: ["repo": "octo/cat"], pageSize: 30)

  func error(
    _ exchanges: [RecordedExchange], request: PageRequest = search, environment: [String: String] = [:]
  ) async throws -> DataSourceError {
    let harness = try Harness(exchanges)
    defer { harness.finish() }
    let error = try #require(await Harness.pageError(try harness.source(environment), request))
    #expect(
      !error.message.contains(Harness.token) && !error.description.contains(Harness.token), "the token in: \(error)")
    return error
  }

  static func at(_ path: String, _ response: ReplayResponse) -> [RecordedExchange] {
    [RecordedExchange(path: path, response: response)]
  }

  @Test("401 Bad credentials (recorded) with a token: says the token in GITHUB_TOKEN is bad")
  func badToken() async throws {
    let error = try await error([
      try Harness.recordedAnswer("github_vcr_error_401_bad_credentials_2012_pygithub", at: "/search/repositories")
    ])
    #expect(error.kind == .badCredentials)
    #expect(
      error.description
        == "bad credentials: GitHub asks for valid credentials (401 Unauthorized: Bad credentials); check that the "
        + "token in GITHUB_TOKEN is right and not expired, or unset it")
  }

  @Test("401 without a token: says to set GITHUB_TOKEN")
  func noToken() async throws {
    let error = try await error(
      Self.at("/search/repositories", .json(401, #"{"message": "Requires authentication"}"#)),
      environment: ["GITHUB_TOKEN": ""])
    #expect(error.kind == .badCredentials)
    #expect(error.message.hasSuffix("(401 Unauthorized: Requires authentication); set GITHUB_TOKEN"), "\(error)")
  }

  @Test("403 primary rate limit (recorded, no reset time): rate limited, try again later")
  func primaryRecorded() async throws {
    let error = try await error([
      try Harness.recordedAnswer(
        "github_vcr_error_403_primary_rate_limit_2013_pygithub", exchange: 1, at: "/search/repositories")
    ])
    #expect(error.kind == .rateLimited(until: nil, retryAfter: nil))
    #expect(error.message.contains("of 60 requests is used up"))
  }

  @Test(
    "403 or 429 with x-ratelimit-remaining 0: rate limited until the reset, shown in local time", arguments: [403, 429])
  func primaryWithReset(_ status: Int) async throws {
    let reset = Int(Date().timeIntervalSince1970) + 1800
    let error = try await error(
      Self.at(
        "/search/repositories",
        .json(
          status,
          #"{"message": "API rate limit exceeded for 203.0.113.7.", "documentation_url": "https://docs.github.com/rest"}"#,
          headers: [("x-ratelimit-limit", "60"), ("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", String(reset))])),
      environment: ["GITHUB_TOKEN": ""])
    #expect(error.kind == .rateLimited(until: Double(reset), retryAfter: nil))
    #expect(error.message.contains("until \(HTTPErrorMapping.localTime(Double(reset))) (local time)"), "\(error)")
    #expect(error.message.contains("set GITHUB_TOKEN for a higher limit"))
  }

  @Test("403 secondary rate limit with retry-after: says how long to wait")
  func secondary() async throws {
    let error = try await error(
      Self.at(
        "/search/repositories",
        .json(
          403,
          #"{"message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."}"#,
          headers: [("retry-after", "30")])))
    #expect(error.kind == .rateLimited(until: nil, retryAfter: 30))
    #expect(error.message.contains("wait 30 seconds"))
  }

  @Test("403 secondary rate limit without retry-after (quoted body): wait at least a minute")
  func secondaryWithoutRetryAfter() async throws {
    let error = try await error(
      Self.at(
        "/search/repositories",
        .json(
          403,
          #"{"message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."}"#))
    )
    #expect(error.kind == .rateLimited(until: nil, retryAfter: 60))
  }

  @Test("403 for another reason (recorded: no User-Agent) is not allowed, with GitHub's words")
  func forbidden() async throws {
    let error = try await error([
      try Harness.recordedAnswer("github_vcr_error_403_missing_user_agent_2013_pygithub", at: "/search/repositories")
    ])
    #expect(error.kind == .forbidden)
    #expect(error.description.hasPrefix("not allowed: GitHub does not allow this (403 Forbidden: "), "\(error)")
    #expect(error.message.contains("Missing or invalid User Agent string"))
  }

  @Test("422 Validation Failed (recorded): a bad request naming the field")
  func validation() async throws {
    let error = try await error([
      try Harness.recordedAnswer("github_vcr_error_422_validation_failed_2022_octokit", at: "/search/repositories")
    ])
    #expect(error.kind == .badRequest(parameter: "color"))
    #expect(error.message == "422 Validation Failed (GET /search/repositories): Label.color is invalid")
  }

  @Test("422 for a missing q on the first page (quoted body): a bad request naming q")
  func missingQuery() async throws {
    let error = try await error(
      Self.at(
        "/search/repositories",
        .json(
          422, #"{"message": "Validation Failed", "errors": [{"resource": "Search", "field": "q", "code": "missing"}]}"#
        )))
    #expect(error.kind == .badRequest(parameter: "q"))
    #expect(error.message.contains("Search.q is missing"))
  }

  @Test("422 past the 1,000-result cap ends the list: an empty last page, no error")
  func pastTheCap() async throws {
    let harness = try Harness(
      Self.at(
        "/search/repositories",
        .json(
          422,
          #"{"message": "Only the first 1000 search results are available", "documentation_url": "https://docs.github.com/v3/search/"}"#
        )))
    defer { harness.finish() }
    let cursor = PageCursor("\(harness.server.baseURL)/search/repositories?q=swift&per_page=30&page=35")
    let page = try await harness.source().page(
      PageRequest(resource: "repositories", parameters: ["q": "swift"], cursor: cursor, pageSize: 30))
    #expect(page.records.isEmpty)
    #expect(page.next == nil)
    #expect(harness.server.requests.first?.queryValue("page") == "35")
  }

  @Test("404 for a repository: says which, and that a private one needs a token")
  func noSuchRepository() async throws {
    let error = try await error(
      Self.at("/repos/octo/cat/commits", .json(404, #"{"message": "Not Found"}"#)), request: Self.commits,
      environment: ["GITHUB_TOKEN": ""])
    #expect(error.kind == .notFound(resource: "repository octo/cat", parameter: "repo"))
    #expect(
      error.description
        == "not found: GitHub has no repository octo/cat (404 Not Found); check the parameter 'repo', "
        + "set GITHUB_TOKEN if it is private")
  }

  @Test("409 for an empty repository's commits is an empty list")
  func emptyRepository() async throws {
    let harness = try Harness(
      Self.at("/repos/octo/cat/commits", .json(409, #"{"message": "Git Repository is empty."}"#)))
    defer { harness.finish() }
    let page = try await harness.source().page(Self.commits)
    #expect(page.records.isEmpty && page.next == nil)
  }

  @Test("500: a server error that says to try again later")
  func serverFailure() async throws {
    let error = try await error(Self.at("/search/repositories", .json(500, "")))
    #expect(error.kind == .server(status: 500))
    #expect(error.message.contains("try again later"))
  }

  @Test("invalid JSON, a wrong shape, a body cut short, slowness and a refused connection end in typed errors")
  func transportAndDecoding() async throws {
    #expect(try await error(Self.at("/search/repositories", .json(200, "{\"items\": [1,"))).kind == .decoding)
    #expect(try await error(Self.at("/search/repositories", .json(200, #"{"total_count": 1}"#))).kind == .decoding)
    #expect(
      try await error(Self.at("/repos/octo/cat/commits", .json(200, "{}")), request: Self.commits).kind == .decoding)
    let long = #"{"total_count": 1, "items": ["# + String(repeating: #"{"id": 1},"#, count: 200) + "{}]}"
    #expect(
      try await error(Self.at("/search/repositories", .json(200, long, delivery: .truncated(keeping: 300)))).kind
        == .transport)
    #expect(
      try await error(
        Self.at("/search/repositories", .json(200, "{}", delivery: .delayed(.seconds(20)))),
        environment: ["SCREENRUN_HTTP_TIMEOUT": "0.5"]
      ).kind == .transport)
    let closed = try ReplayServer.ClosedPort()
    defer { closed.close() }
    let port = closed.port
    #expect(try await error([], environment: ["GITHUB_API_URL": "http://127.0.0.1:\(port)"]).kind == .transport)
  }

  @Test(
    "a repository that is not owner/name is refused before any request",
    arguments: ["octo", "octo/cat/x", "../x", "octo/c at", ""])
  func badRepository(_ repo: String) async throws {
    let harness = try Harness([])
    defer { harness.finish() }
    let error = try #require(
      await Harness.pageError(
        try harness.source(), PageRequest(resource: "commits", parameters: ["repo": repo], pageSize: 30)))
    #expect(error.kind == .badRequest(parameter: "repo"))
    #expect(harness.server.requests.isEmpty)
  }
}
