import Foundation
import ReplayServer
import TestSupport
import Testing

/// A rate limit's reset is shown in the machine's time zone. `FoundationEssentials` alone knows
/// only GMT, so screenrun reads the zone with the C library (`localtime_r`); these run the built
/// `screenrun` under `TZ=America/New_York` (the other tests pin `TZ=UTC`), where the same reset
/// is five hours earlier in the day.
@Suite("The local time zone")
struct LocalTimeZoneTests {
  static let commits = "/repos/octo/cat/commits"

  @Test("a rate limit's reset is shown in New York's time under TZ=America/New_York")
  func rateLimitResetInNewYork() async throws {
    // 1893456000 is 2030-01-01 00:00:00 UTC: in New York (EST, UTC-5), the evening before.
    let server = try ReplayServer(exchanges: [
      RecordedExchange(
        path: Self.commits,
        response: .json(
          403, #"{"message": "API rate limit exceeded for user ID 1."}"#,
          headers: [("x-ratelimit-limit", "60"), ("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "1893456000")]))
    ])
    defer { server.stop() }
    let cache = try TemporaryDirectory("timezone")
    defer { cache.remove() }
    let arguments = ["Screens/commits.json", "--param", "repo=octo/cat", "--live", "--once", "--width", "200"]
    func run(_ zone: String) async throws -> Screenrun.Result {
      try await Screenrun.run(
        arguments,
        environment: [
          "GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": "", "XDG_CACHE_HOME": cache.path, "TZ": zone,
        ])
    }
    let newYork = try await run("America/New_York")
    #expect(newYork.exitCode == 1, "\(newYork)")
    #expect(newYork.stderr.contains(") until 2029-12-31 19:00:00 (local time)"), "\(newYork)")
    let utc = try await run("UTC")
    #expect(utc.stderr.contains(") until 2030-01-01 00:00:00 (local time)"), "\(utc)")
  }

  @Test("--explain shows the reset in New York's time under TZ=America/New_York")
  func explainResetInNewYork() async throws {
    let server = try ReplayServer(
      exchanges: try RecordedFixtures.exchanges(
        in: RecordedFixtures.url("github/github_vcr_repo_commits_per_page25_2018_github3.json")),
      ignoredQueryItems: ["per_page"])
    defer { server.stop() }
    let result = try await Screenrun.run(
      ["Screens/commits.json", "--param", "repo=sigmavirus24/github3.py", "--live", "--no-cache", "--explain"],
      environment: ["GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": "", "TZ": "America/New_York"])
    #expect(result.exitCode == 0, "\(result)")
    // The recording's reset is 2018-01-01 22:10 UTC (ExplainLiveTests shows it under TZ=UTC).
    #expect(result.stdout.contains("rate limit 44/60, resets 2018-01-01 17:10"), "\(result.stdout)")
  }
}
