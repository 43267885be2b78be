import Foundation
import ReplayServer
import TestSupport
import Testing

/// `--status` against the replay server: the status line after a 200 with GitHub's rate-limit
/// headers, then after a 304 answered from the cache; the token is said to be in use, never shown.
@Suite("Status line (live)")
struct StatusLineTests {
  static let token = "ghp_STATUSlineNEVERshown0123456789abcd"

  @Test func afterA200ThenA304() async throws {
    let server = try ReplayServer(
      exchanges: try RecordedFixtures.exchanges(
        in: RecordedFixtures.url("github/github_vcr_repo_commits_per_page25_2018_github3.json")),
      ignoredQueryItems: ["per_page"])
    defer { server.stop() }
    let cache = try TemporaryDirectory("status")
    defer { cache.remove() }
    let environment = [
      "GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": Self.token, "XDG_CACHE_HOME": cache.path, "TZ": "UTC",
    ]
    let arguments = [
      "Screens/commits.json", "--param", "repo=sigmavirus24/github3.py", "--live", "--once", "--status", "--width",
      "120",
    ]
    let first = try await Screenrun.run(arguments, environment: environment)
    let second = try await Screenrun.run(arguments, environment: environment)
    #expect(server.requests.map(\.status) == [200, 304])
    #expect(first.exitCode == 0 && second.exitCode == 0, "\(first)\n\(second)")
    // The recording's x-ratelimit-reset, 1514844622, is 2018-01-01 22:10:22 UTC.
    let firstLine = first.stdout.split(separator: "\n").last.map(String.init)
    #expect(firstLine == "source: live · fresh · rate limit 44/60, resets 2018-01-01 22:10 · token in use", "\(first)")
    let secondLine = second.stdout.split(separator: "\n").last.map(String.init)
    #expect(
      secondLine == "source: live · from the cache (304) · rate limit 44/60, resets 2018-01-01 22:10 · token in use",
      "\(second)")
    #expect(!first.stdout.contains(Self.token) && !second.stdout.contains(Self.token))
  }

  @Test func withoutStatusTheFrameHasNoStatusLine() async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--once"], environment: [:])
    #expect(!result.stdout.contains("source: "), "\(result)")
    let shown = try await Screenrun.run(["Screens/characters.json", "--once", "--status"], environment: [:])
    #expect(shown.stdout.hasSuffix("\nsource: sample data\n"), "\(shown)")
  }
}
