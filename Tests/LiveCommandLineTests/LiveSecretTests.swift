import Foundation
import ReplayServer
import TestSupport
import Testing

/// Every live error path, printed by the real `screenrun` binary with secrets in its
/// environment; then no secret may be found in stdout, stderr, or the cache's file names and
/// contents.
@Suite("Live errors through the screenrun binary keep secrets")
struct LiveSecretTests {
  static let marvelPublicKey = "marvel-public-4d2b"
  static let marvelPrivateKey = "MARVEL-PRIVATE-never-print-7f3a9c"
  static let githubToken = "ghp_NEVERprintTHIStoken0123456789abcd"

  /// One way to fail: what the server does, what screen is run, and words the error must hold.
  struct Scenario: Sendable, CustomTestStringConvertible {
    var name: String
    var exchanges: @Sendable () throws -> [RecordedExchange]
    var arguments: [String] = ["Screens/characters.json"]
    var environment: [String: String] = [:]
    /// Point the base URL here instead of at the replay server (`{port}`: a port nobody serves).
    var baseURL: String?
    var says: [String]

    var testDescription: String { name }
  }

  static func marvel(_ name: String) throws -> [RecordedExchange] {
    try RecordedFixtures.exchanges(in: RecordedFixtures.url("marvel/\(name).json"))
  }

  /// A recorded GitHub answer, served at `path` (the errors were recorded on other endpoints).
  static func github(_ name: String, exchange index: Int = 0, at path: String) throws -> [RecordedExchange] {
    var exchange = try RecordedFixtures.exchanges(in: RecordedFixtures.url("github/\(name).json"))[index]
    exchange.method = "GET"
    exchange.path = path
    exchange.query = nil
    return [exchange]
  }

  static func answer(_ path: String, _ response: ReplayResponse) -> [RecordedExchange] {
    [RecordedExchange(path: path, response: response)]
  }

  static let characters = "/v1/public/characters"

  static let marvelScenarios: [Scenario] = [
    Scenario(
      name: "Marvel 401 InvalidCredentials (recorded)",
      exchanges: { try marvel("marvel_vcr_error_401_InvalidCredentials_2023_tenx") },
      says: ["bad credentials: Marvel asks for valid credentials", "MARVEL_PRIVATE_KEY"]),
    Scenario(
      name: "Marvel 409",
      exchanges: {
        answer(characters, .json(409, #"{"code": 409, "status": "You may not request more than 100 items."}"#))
      }, says: ["Marvel refused the request (409)"]),
    Scenario(
      name: "Marvel 404 echoing the signed URL",
      exchanges: {
        answer(
          characters,
          ReplayResponse(
            status: 404, body: Array(#"{"code": "ResourceNotFound", "message": "%TARGET% does not exist"}"#.utf8),
            echoPlaceholder: "%TARGET%"))
      }, says: ["hash=REDACTED"]),
    Scenario(
      name: "Marvel 500", exchanges: { answer(characters, .json(500, "{}")) },
      says: ["server error 500", "try again later"]),
    Scenario(
      name: "Marvel 429",
      exchanges: { answer(characters, .json(429, #"{"code": "RequestThrottled", "message": "slow down"}"#)) },
      says: ["rate limited"]),
    Scenario(
      name: "invalid JSON", exchanges: { answer(characters, .json(200, "{not json")) },
      says: ["unreadable response", "not valid JSON"]),
    Scenario(
      name: "truncated body",
      exchanges: {
        answer(characters, .json(200, String(repeating: " ", count: 500) + "{}", delivery: .truncated(keeping: 100)))
      }, says: ["connection failed"]),
    Scenario(
      name: "slower than the timeout",
      exchanges: { answer(characters, .json(200, "{}", delivery: .delayed(.seconds(20)))) },
      environment: ["SCREENRUN_HTTP_TIMEOUT": "0.5"], says: ["connection failed", "timeout"]),
    Scenario(
      name: "refused connection", exchanges: { [] }, baseURL: "http://127.0.0.1:{port}", says: ["connection refused"]),
    Scenario(
      name: "refused, with the private key as the base URL's password", exchanges: { [] },
      baseURL: "http://user:\(marvelPrivateKey)@127.0.0.1:{port}", says: ["connection refused"]),
    Scenario(
      name: "missing public key", exchanges: { [] }, environment: ["MARVEL_PUBLIC_KEY": ""],
      says: ["MARVEL_PUBLIC_KEY", "MARVEL_PRIVATE_KEY"]),
    Scenario(
      name: "Marvel 404 on the detail screen",
      exchanges: {
        answer("/v1/public/characters/1", .json(404, #"{"code": 404, "status": "We couldn't find that character"}"#))
      },
      arguments: ["Screens/character.json", "--param", "id=1"], says: ["We couldn't find that character"]),
  ]

  static let commits = "/repos/octo/cat/commits"
  static let commitsScreen = ["Screens/commits.json", "--param", "repo=octo/cat"]

  static let githubScenarios: [Scenario] = [
    Scenario(
      name: "GitHub 401 Bad credentials (recorded)",
      exchanges: { try github("github_vcr_error_401_bad_credentials_2012_pygithub", at: commits) },
      arguments: commitsScreen, says: ["bad credentials: ", "the token in GITHUB_TOKEN"]),
    Scenario(
      name: "GitHub 403 primary rate limit (recorded)",
      exchanges: { try github("github_vcr_error_403_primary_rate_limit_2013_pygithub", exchange: 1, at: commits) },
      arguments: commitsScreen, says: ["rate limited", "used up"]),
    Scenario(
      name: "GitHub 403 primary rate limit with a reset time",
      exchanges: {
        answer(
          commits,
          .json(
            403, #"{"message": "API rate limit exceeded for user ID 1."}"#,
            headers: [("x-ratelimit-limit", "60"), ("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "1893456000")])
        )
      }, arguments: commitsScreen, environment: ["TZ": "UTC", "GITHUB_TOKEN": ""],
      says: [
        "error: rate limited: GitHub's rate limit of 60 requests is used up (API rate limit exceeded for user ID 1.) "
          + "until 2030-01-01 00:00:00 (local time); "
          + "set GITHUB_TOKEN for a higher limit"
      ]),
    Scenario(
      name: "GitHub 403 secondary rate limit with retry-after",
      exchanges: {
        answer(
          commits,
          .json(403, #"{"message": "You have exceeded a secondary rate limit."}"#, headers: [("Retry-After", "30")]))
      }, arguments: commitsScreen, says: ["rate limited", "wait 30 seconds"]),
    Scenario(
      name: "GitHub 422 (recorded)",
      exchanges: { try github("github_vcr_error_422_validation_failed_2022_octokit", at: commits) },
      arguments: commitsScreen, says: ["422 Validation Failed"]),
    Scenario(
      name: "GitHub 404", exchanges: { answer(commits, .json(404, #"{"message": "Not Found"}"#)) },
      arguments: commitsScreen, says: ["not found: GitHub has no repository octo/cat"]),
    Scenario(
      name: "GitHub 500", exchanges: { answer(commits, .json(500, "")) }, arguments: commitsScreen,
      says: ["server error 500"]),
    Scenario(
      name: "GitHub refused, with the token as the base URL's password", exchanges: { [] },
      arguments: commitsScreen, baseURL: "http://x:\(githubToken)@127.0.0.1:{port}", says: ["connection refused"]),
  ]

  @Test("each error is printed, exits 1, and shows no secret", arguments: marvelScenarios + githubScenarios)
  func errorPath(_ scenario: Scenario) async throws {
    let server = try ReplayServer(exchanges: try scenario.exchanges())
    defer { server.stop() }
    let cache = try TemporaryDirectory("cli")
    defer { cache.remove() }
    var base = server.baseURL
    let closed = try ReplayServer.ClosedPort()
    defer { closed.close() }
    if let override = scenario.baseURL {
      base = override.replacingOccurrences(of: "{port}", with: String(closed.port))
    }
    var environment = [
      "MARVEL_BASE_URL": base, "MARVEL_PUBLIC_KEY": Self.marvelPublicKey, "MARVEL_PRIVATE_KEY": Self.marvelPrivateKey,
      "GITHUB_API_URL": base, "GITHUB_TOKEN": Self.githubToken, "XDG_CACHE_HOME": cache.path,
    ]
    environment.merge(scenario.environment) { _, new in new }

    let result = try await Screenrun.run(
      scenario.arguments + ["--live", "--once", "--width", "200"], environment: environment)
    #expect(!result.crashed && !result.timedOut, "\(result)")
    #expect(result.exitCode == 1, "\(result)")
    for words in scenario.says {
      #expect(result.stderr.contains(words), "'\(words)' is not in the error\n\(result)")
    }
    let secrets = [Self.marvelPrivateKey, Self.githubToken] + server.requests.compactMap { $0.queryValue("hash") }
    for secret in secrets {
      #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "a secret was printed\n\(result)")
    }
    for file in cache.files() {
      #expect(!secrets.contains { file.contains($0) }, "a secret in the cache file name \(file)")
    }
  }

  @Test(
    "a good run, twice: the recorded page is shown, answered from the cache the second time, and the cache holds no secret"
  )
  func goodRuns() async throws {
    let server = try ReplayServer(exchanges: try Self.marvel("marvel_vcr_characters_offset0_limit20_2023_tenx"))
    defer { server.stop() }
    let cache = try TemporaryDirectory("cli")
    defer { cache.remove() }
    let environment = [
      "MARVEL_BASE_URL": server.baseURL, "MARVEL_PUBLIC_KEY": Self.marvelPublicKey,
      "MARVEL_PRIVATE_KEY": Self.marvelPrivateKey,
      "XDG_CACHE_HOME": cache.path,
    ]
    let first = try await Screenrun.run(["Screens/characters.json", "--live", "--once"], environment: environment)
    let second = try await Screenrun.run(["Screens/characters.json", "--live", "--once"], environment: environment)
    #expect(first.exitCode == 0, "\(first)")
    #expect(first.stdout.contains("3-D Man") && first.stdout.contains("1-20 of 1,562"), "\(first)")
    #expect(second.stdout == first.stdout)
    #expect(server.requests.map(\.status) == [200, 304])

    let secrets = [Self.marvelPrivateKey] + server.requests.compactMap { $0.queryValue("hash") }
    let files = cache.files()
    #expect(files.count == 1)
    for file in files {
      #expect(!secrets.contains { file.contains($0) })
      let content = String(decoding: try Data(contentsOf: cache.url.appendingPathComponent(file)), as: UTF8.self)
      #expect(!secrets.contains { content.contains($0) }, "a secret inside \(file)")
    }
  }

  @Test("GitHub, twice: the recorded commits, then a 304 from the cache; the token is sent and kept out of the cache")
  func goodGitHubRuns() async throws {
    let server = try ReplayServer(
      exchanges: try RecordedFixtures.exchanges(
        in: RecordedFixtures.url("github/github_vcr_repo_commits_per_page25_2018_github3.json")),
      ignoredQueryItems: ["per_page"])
    defer { server.stop() }
    let cache = try TemporaryDirectory("cli")
    defer { cache.remove() }
    let environment = [
      "GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": Self.githubToken, "XDG_CACHE_HOME": cache.path,
    ]
    let arguments = ["Screens/commits.json", "--param", "repo=sigmavirus24/github3.py", "--live", "--once"]
    let first = try await Screenrun.run(arguments, environment: environment)
    let second = try await Screenrun.run(arguments, environment: environment)
    #expect(first.exitCode == 0, "\(first)")
    #expect(first.stdout.contains("Merge pull request #759 from sigmavirus24/add-py36"), "\(first)")
    #expect(second.stdout == first.stdout)
    #expect(server.requests.map(\.status) == [200, 304])
    #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer \(Self.githubToken)" })
    for file in cache.files() {
      let content = String(decoding: try Data(contentsOf: cache.url.appendingPathComponent(file)), as: UTF8.self)
      #expect(!file.contains(Self.githubToken) && !content.contains(Self.githubToken))
    }
  }

  @Test("--no-cache leaves the cache alone; SCREENRUN_DATA=live is the same as --live")
  func noCacheAndEnvironment() async throws {
    let server = try ReplayServer(exchanges: try Self.marvel("marvel_vcr_characters_offset0_limit20_2023_tenx"))
    defer { server.stop() }
    let cache = try TemporaryDirectory("cli")
    defer { cache.remove() }
    let environment = [
      "MARVEL_BASE_URL": server.baseURL, "MARVEL_PUBLIC_KEY": Self.marvelPublicKey,
      "MARVEL_PRIVATE_KEY": Self.marvelPrivateKey,
      "XDG_CACHE_HOME": cache.path, "SCREENRUN_DATA": "live",
    ]
    let result = try await Screenrun.run(["Screens/characters.json", "--once", "--no-cache"], environment: environment)
    #expect(result.exitCode == 0, "\(result)")
    #expect(server.requests.count == 1, "SCREENRUN_DATA=live did not ask the server")
    #expect(cache.files().isEmpty)
  }

  @Test("without --live no request is made, keys or not")
  func sampleByDefault() async throws {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    let result = try await Screenrun.run(
      ["Screens/characters.json", "--once"],
      environment: [
        "MARVEL_BASE_URL": server.baseURL, "MARVEL_PUBLIC_KEY": "k", "MARVEL_PRIVATE_KEY": Self.marvelPrivateKey,
      ])
    #expect(result.exitCode == 0, "\(result)")
    #expect(server.requests.isEmpty)
  }

  @Test("a bad SCREENRUN_DATA is a usage error")
  func badDataMode() async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--once"], environment: ["SCREENRUN_DATA": "lve"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.stderr.contains("SCREENRUN_DATA is 'lve'"))
  }
}
