import Foundation
import ReplayServer
import ScreenKit
import Testing

/// Hand-made hostile answers, not recordings: shapes that are not GitHub's, numbers no server
/// should send in rate-limit headers, and next-page links in odd case or on another origin.
@Suite("GitHub live: hostile answers")
struct GitHubHostileAnswerTests {
  typealias Harness = GitHubLiveHarness

  static let search = PageRequest(resource: "repositories", parameters: ["q": "swift"], pageSize: 30)
  static let commits = PageRequest(resource: "commits", parameters: ["repo": "octo/cat"], pageSize: 30)

  func error(_ path: String, _ response: ReplayResponse, request: PageRequest = search) async throws
    -> DataSourceError
  {
    let harness = try Harness([RecordedExchange(path: path, response: response)])
    defer { harness.finish() }
    let error = try #require(await Harness.pageError(try harness.source(), request))
    #expect(!error.message.contains(Harness.token), "the token in: \(error)")
    return error
  }

  // MARK: - Shapes

  @Test("a commits answer of [1,2,3] is a data error naming the first bad element, not three blank rows")
  func commitsOfNumbers() async throws {
    let error = try await error("/repos/octo/cat/commits", .json(200, "[1,2,3]"), request: Self.commits)
    #expect(error.kind == .decoding)
    #expect(
      error.message
        == "the GitHub answer to /repos/octo/cat/commits is not what the API sends: the answer's element 0 is an "
        + "integer, not a commit (an object) (at /0)")
  }

  @Test(
    "a search answer not shaped like GitHub's is a data error that says what and where",
    arguments: [
      (#"{"total_count": 1}"#, "the answer's items is missing; expected an array of records (at /items)"),
      (#"{"total_count": 1, "items": {"id": 1}}"#, "the answer's items is an object, not an array of records"),
      (#"{"total_count": 2, "items": [{"id": 1}, "x"]}"#, "the answer's items.1 is a string, not a repository"),
      (#"{"total_count": -5, "items": []}"#, "the answer's total_count is -5, not a count from 0 to"),
      (#"{"total_count": 1e308, "items": []}"#, "the answer's total_count is 1e+308, not a count"),
      (#"{"total_count": "many", "items": []}"#, "the answer's total_count is a string, not a count"),
      (#"[{"id": 1}]"#, "the answer is an array, not a search answer (an object)"),
    ])
  func searchShapes(_ body: String, _ expected: String) async throws {
    let error = try await error("/search/repositories", .json(200, body))
    #expect(error.kind == .decoding)
    #expect(error.message.contains(expected), "\(error)")
  }

  @Test("a repository answer that is not an object is a data error")
  func repositoryNotAnObject() async throws {
    let harness = try Harness([RecordedExchange(path: "/repos/octo/cat", response: .json(200, "[1]"))])
    defer { harness.finish() }
    let error = try #require(
      await Harness.recordError(
        try harness.source(), RecordRequest(resource: "repository", parameters: ["repo": "octo/cat"])))
    #expect(error.kind == .decoding)
    #expect(error.message.contains("the answer is an array, not a repository (an object)"), "\(error)")
  }

  // MARK: - Rate-limit numbers

  @Test(
    "a retry-after that is no usable time says so, and gives no number of minutes",
    arguments: ["9223372036854775807", "86401", "-1", "1e9", "soon", "Wed, 21 Oct 2015 07:28:00 GMT"])
  func unusableRetryAfter(_ value: String) async throws {
    let error = try await error(
      "/search/repositories",
      .json(403, #"{"message": "You have exceeded a secondary rate limit."}"#, headers: [("retry-after", value)]))
    #expect(error.kind == .rateLimited(until: nil, retryAfter: nil))
    #expect(error.message.contains("the server gave no usable retry time"), "\(error)")
    #expect(!error.message.contains("153722867280912930"))
    #expect(!error.message.contains("minutes"), "\(error)")
  }

  @Test("a retry-after of an hour and a half is shown in minutes; of five hours, in hours")
  func longRetryAfter() async throws {
    let ninety = try await error("/search/repositories", .json(429, "{}", headers: [("retry-after", "5400")]))
    #expect(ninety.kind == .rateLimited(until: nil, retryAfter: 5400))
    #expect(ninety.message.contains("wait 90 minutes"), "\(ninety)")
    let five = try await error("/search/repositories", .json(429, "{}", headers: [("retry-after", "18000")]))
    #expect(five.message.contains("wait 5 hours"), "\(five)")
  }

  @Test(
    "an x-ratelimit-reset that is no usable time says so, and never prints a blank time",
    arguments: ["nan", "NaN", "inf", "-inf", "1e308", "9223372036854775807", "-1", "1700000000.5"])
  func unusableReset(_ value: String) async throws {
    let error = try await error(
      "/search/repositories",
      .json(
        403, #"{"message": "API rate limit exceeded"}"#,
        headers: [("x-ratelimit-limit", "60"), ("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", value)]))
    #expect(error.kind == .rateLimited(until: nil, retryAfter: nil))
    #expect(error.message.contains("GitHub's rate limit of 60 requests is used up"), "\(error)")
    #expect(error.message.contains("the server gave no usable reset time"), "\(error)")
    #expect(!error.message.contains("until"), "\(error)")
  }

  @Test("an x-ratelimit-limit that is not a sane number is left out of the message")
  func unusableLimit() async throws {
    let error = try await error(
      "/search/repositories",
      .json(
        403, "{}",
        headers: [
          ("x-ratelimit-limit", "\u{1B}]52;c;aGk=\u{07}"), ("x-ratelimit-remaining", "0"),
          ("x-ratelimit-reset", "1700000000"),
        ]))
    #expect(error.message.hasPrefix("GitHub's rate limit is used up until "), "\(error)")
    #expect(!error.message.contains("\u{1B}"))
  }

  // MARK: - Link

  @Test("a next link written HTTP:// (any case) on the same host is followed")
  func upperCaseScheme() async throws {
    let harness = try Harness([])
    defer { harness.finish() }
    let shouting = harness.server.baseURL.replacingOccurrences(of: "http://", with: "HTTP://")
    let link = "\(shouting)/search/repositories?q=swift&page=2"
    harness.server.add([
      RecordedExchange(
        path: "/search/repositories", query: [QueryItem("q", "swift"), QueryItem("per_page", "30")],
        response: .json(
          200, #"{"total_count": 2, "items": [{"id": 1}]}"#, headers: [("Link", "<\(link)>; rel=\"next\"")])),
      RecordedExchange(
        path: "/search/repositories", query: [QueryItem("q", "swift"), QueryItem("page", "2")],
        response: .json(200, #"{"total_count": 2, "items": [{"id": 2}]}"#)),
    ])
    let source = try harness.source()
    let first = try await source.page(Self.search)
    let cursor = try #require(first.next)
    let second = try await source.page(
      PageRequest(resource: "repositories", parameters: ["q": "swift"], cursor: cursor, pageSize: 30))
    #expect(second.records == [["id": 2]])
    // The token went with it: the link is on the API's own origin.
    #expect(harness.server.requests.last?.header("Authorization") == "Bearer \(Harness.token)")
  }

  @Test("a refused next link says what differs: scheme, host or port, with both values")
  func refusedLinkSaysWhatDiffers() async throws {
    let harness = try Harness([])
    defer { harness.finish() }
    let source = try harness.source()
    let base = try #require(URL(string: harness.server.baseURL))
    let port = try #require(base.port)
    func refusal(_ link: String) async throws -> DataSourceError {
      try #require(
        await Harness.pageError(
          source,
          PageRequest(resource: "repositories", parameters: ["q": "x"], cursor: PageCursor(link), pageSize: 30)))
    }
    let otherPort = try await refusal("http://127.0.0.1:\(port == 1 ? 2 : port - 1)/search/repositories?page=2")
    #expect(otherPort.kind == .decoding)
    #expect(otherPort.message.contains("port \(port == 1 ? 2 : port - 1) (not \(port))"), "\(otherPort)")
    let otherScheme = try await refusal("HTTPS://127.0.0.1:\(port)/search/repositories?page=2")
    #expect(otherScheme.message.contains("scheme 'https' (not 'http')"), "\(otherScheme)")
    let otherHost = try await refusal("http://Elsewhere.Example:\(port)/search?page=2")
    #expect(otherHost.message.contains("host 'elsewhere.example' (not '127.0.0.1')"), "\(otherHost)")
    let secretHost = try await refusal("http://user:\(Harness.token)@elsewhere.example/x")
    #expect(!secretHost.message.contains(Harness.token), "\(secretHost)")
    let ftp = try await refusal("ftp://127.0.0.1/x")
    #expect(ftp.message.contains("not an http or https URL; its scheme is 'ftp'"), "\(ftp)")
    #expect(harness.server.requests.isEmpty)
  }
}
