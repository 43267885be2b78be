import Foundation
import ReplayServer
import TestSupport
import Testing

/// `--explain` and `--trace` with live data: the request shown is the one sent over HTTP, with
/// the token, the key and the signature removed, here and in the trace file.
@Suite("Explain and trace (live)")
struct ExplainLiveTests {
  static let token = "ghp_EXPLAINneverSHOWN0123456789abcdef"
  static let publicKey = "marvel-public-9e1c"
  static let privateKey = "MARVEL-PRIVATE-explain-never-5d2e8a"

  @Test func gitHubWithAToken() async throws {
    let server = try ReplayServer(
      exchanges: try RecordedFixtures.exchanges(
        in: RecordedFixtures.url("github/github_vcr_repo_commits_per_page25_2018_github3.json")),
      ignoredQueryItems: ["per_page"])
    defer { server.stop() }
    let cache = try TemporaryDirectory("explain")
    defer { cache.remove() }
    let trace = cache.url.appendingPathComponent("trace.jsonl")
    let result = try await Screenrun.run(
      [
        "Screens/commits.json", "--param", "repo=sigmavirus24/github3.py", "--live", "--no-cache", "--explain",
        "--trace", trace.path,
      ],
      environment: ["GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": Self.token, "TZ": "UTC"])
    #expect(result.exitCode == 0, "\(result)")
    let text = result.stdout
    #expect(
      text.contains("sent        GET \(server.baseURL)/repos/sigmavirus24/github3.py/commits?per_page=30"), "\(text)")
    #expect(text.contains("              Authorization: Bearer REDACTED"), "\(text)")
    #expect(text.contains("              X-GitHub-Api-Version: 2022-11-28"), "\(text)")
    #expect(
      text.contains("status      live · fresh · rate limit 44/60, resets 2018-01-01 22:10 · token in use"), "\(text)")
    #expect(text.contains(#"  sha: "977560f205a84449522988b52e196f4bf502f79a""#), "\(text)")
    let traced = try String(contentsOf: trace, encoding: .utf8)
    #expect(traced.contains(#""Authorization: Bearer REDACTED""#), "\(traced)")
    #expect(traced.contains(#""event":"answer""#), "\(traced)")
    #expect(!text.contains(Self.token) && !traced.contains(Self.token) && !result.stderr.contains(Self.token))
  }

  @Test func marvelsSignatureIsRemoved() async throws {
    let server = try ReplayServer(
      exchanges: try RecordedFixtures.exchanges(
        in: RecordedFixtures.url("marvel/marvel_vcr_characters_offset0_limit20_2023_tenx.json")))
    defer { server.stop() }
    let cache = try TemporaryDirectory("explain")
    defer { cache.remove() }
    let trace = cache.url.appendingPathComponent("trace.jsonl")
    let result = try await Screenrun.run(
      ["Screens/characters.json", "--live", "--no-cache", "--explain", "--trace", trace.path],
      environment: [
        "MARVEL_BASE_URL": server.baseURL, "MARVEL_PUBLIC_KEY": Self.publicKey, "MARVEL_PRIVATE_KEY": Self.privateKey,
      ])
    #expect(result.exitCode == 0, "\(result)")
    let text = result.stdout
    #expect(text.contains("apikey=REDACTED") && text.contains("hash=REDACTED"), "\(text)")
    #expect(text.contains("status      live · fresh · token in use"), "\(text)")
    let traced = try String(contentsOf: trace, encoding: .utf8)
    let hashes = server.requests.compactMap { $0.queryValue("hash") }
    #expect(!hashes.isEmpty)
    for secret in [Self.publicKey, Self.privateKey] + hashes {
      #expect(!text.contains(secret) && !traced.contains(secret), "\(secret) was written")
    }
  }
}
