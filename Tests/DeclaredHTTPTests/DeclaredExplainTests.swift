import Foundation
import ReplayServer
import ScreenKit
import TestSupport
import Testing

/// `--explain` of a screen on a declared API shows the request sent, its credentials masked.
@Suite("Declared REST APIs under --explain")
struct DeclaredExplainTests {
  @Test("the declared Marvel's signed request, with the hash masked and no private key anywhere")
  func marvel() async throws {
    let server = try ReplayServer(
      exchanges: try RecordedFixtures.exchanges(
        in: RecordedFixtures.url("marvel/marvel_vcr_characters_offset0_limit20_2023_tenx.json")))
    defer { server.stop() }
    let privateKey = "private-key-explain-never-shown-5d0c"
    let result = try await Screenrun.run(
      [
        "Screens/characters.json", "--live", "--no-cache", "--explain", "--plugin-path", "Plugins/Declared/marvel",
      ],
      environment: [
        "MARVEL_BASE_URL": server.baseURL, "MARVEL_PUBLIC_KEY": "public-key-explain", "MARVEL_PRIVATE_KEY": privateKey,
        "SCREENRUN_NO_USER_PLUGINS": "1",
      ])
    #expect(result.exitCode == 0, "\(result)")
    let hash = try #require(server.requests.first?.queryValue("hash"))
    #expect(
      result.stdout.contains("sent        GET \(server.baseURL)/v1/public/characters?limit=20&offset=0&ts="),
      "\(result)")
    #expect(result.stdout.contains("hash=REDACTED"), "\(result)")
    #expect(!result.stdout.contains(hash) && !result.stderr.contains(hash))
    #expect(!result.stdout.contains(privateKey) && !result.stderr.contains(privateKey))
  }

  @Test("the declared GitHub's request with its headers, the token masked")
  func github() async throws {
    let server = try ReplayServer(
      exchanges: try RecordedFixtures.exchanges(
        in: RecordedFixtures.url("github/github_vcr_repo_commits_per_page25_2018_github3.json")),
      ignoredQueryItems: ["per_page"])
    defer { server.stop() }
    let token = "ghp_explain_token_never_shown_3e8a"
    let result = try await Screenrun.run(
      [
        "Screens/commits.json", "--param", "repo=sigmavirus24/github3.py", "--live", "--no-cache", "--explain",
        "--plugin-path", "Plugins/Declared/github",
      ],
      environment: ["GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": token, "SCREENRUN_NO_USER_PLUGINS": "1"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout.contains("sent        GET \(server.baseURL)/repos/sigmavirus24/github3.py/commits?per_page=30"),
      "\(result)")
    #expect(result.stdout.contains("              Authorization: Bearer REDACTED"), "\(result)")
    #expect(result.stdout.contains("              X-GitHub-Api-Version: 2022-11-28"), "\(result)")
    #expect(!result.stdout.contains(token) && !result.stderr.contains(token))
  }
}
