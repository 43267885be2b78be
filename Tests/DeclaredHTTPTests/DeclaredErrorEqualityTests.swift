import Foundation
import GitHubPlugin
import MarvelPlugin
import PluginHost
import ReplayServer
import ScreenKit
import Testing

@testable import DeclaredHTTP

/// Every recorded error answer the live tests use, through the shipped GitHub and Marvel
/// manifests and through the compiled-in live sources: the same kind of error, the same status,
/// and the API's own message in both. (The rest of the wording may differ: PLUGINS.md and the
/// report list how.)
@Suite("Declared GitHub and Marvel error answers against the compiled-in live sources")
struct DeclaredErrorEqualityTests {
  enum Ask: Sendable {
    case page(PageRequest)
    case record(RecordRequest)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var plugin: String
    var exchange: RecordedExchange
    var ask: Ask
    /// The API's words in the answer, which both errors show.
    var apiMessage: String

    var testDescription: String { name }
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func answer(_ file: String, exchange index: Int = 0, at path: String, status: Int? = nil) throws
    -> RecordedExchange
  {
    let url = RecordedFixtures.url(file)
    var exchange: RecordedExchange
    if file.contains("_vcr_") {
      exchange = try RecordedFixtures.exchanges(in: url)[index]
    } else {
      exchange = RecordedExchange(
        path: path,
        response: ReplayResponse(
          status: status ?? 200, headers: [("Content-Type", "application/json")],
          body: try RecordedFixtures.body(of: url)))
    }
    exchange.method = "GET"
    exchange.path = path
    exchange.query = nil
    return exchange
  }

  static let search = Ask.page(PageRequest(resource: "repositories", parameters: ["q": "swift"], pageSize: 30))
  static let characters = Ask.page(PageRequest(resource: "characters", pageSize: 20))

  static let cases: [Case] = {
    do {
      return [
        Case(
          name: "GitHub 401 Bad credentials", plugin: "github",
          exchange: try answer(
            "github/github_vcr_error_401_bad_credentials_2012_pygithub.json", at: "/search/repositories"),
          ask: search, apiMessage: "Bad credentials"),
        Case(
          name: "GitHub 403 without a User-Agent", plugin: "github",
          exchange: try answer(
            "github/github_vcr_error_403_missing_user_agent_2013_pygithub.json", at: "/search/repositories"),
          ask: search, apiMessage: "Missing or invalid User Agent string"),
        Case(
          name: "GitHub 403 primary rate limit", plugin: "github",
          exchange: try answer(
            "github/github_vcr_error_403_primary_rate_limit_2013_pygithub.json", exchange: 1,
            at: "/repos/jacquev6/PyGithub"),
          ask: .record(RecordRequest(resource: "repository", parameters: ["repo": "jacquev6/PyGithub"])),
          apiMessage: "API Rate Limit Exceeded for 92.104.200.119"),
        Case(
          name: "GitHub 422 Validation Failed", plugin: "github",
          exchange: try answer(
            "github/github_vcr_error_422_validation_failed_2022_octokit.json", at: "/search/repositories"),
          ask: search, apiMessage: "Validation Failed"),
        Case(
          name: "Marvel 401 InvalidCredentials", plugin: "marvel",
          exchange: try answer(
            "marvel/marvel_vcr_error_401_InvalidCredentials_2023_tenx.json", at: "/v1/public/characters"),
          ask: characters, apiMessage: "That hash, timestamp and key combination is invalid."),
        Case(
          name: "Marvel 409 limit over 100", plugin: "marvel",
          exchange: try answer("marvel/marvel_error_limit_over_100_oi.json", at: "/v1/public/characters", status: 409),
          ask: characters, apiMessage: "You may not request more than 100 items."),
        Case(
          name: "Marvel 409 empty parameter", plugin: "marvel",
          exchange: try answer("marvel/marvel_error_empty_parameter_oi.json", at: "/v1/public/characters", status: 409),
          ask: characters, apiMessage: "name cannot be blank if it is set"),
        Case(
          name: "Marvel 404 character not found", plugin: "marvel",
          exchange: try answer(
            "marvel/marvel_error_404_character_not_found_vmadalin.json", at: "/v1/public/characters/1", status: 404),
          ask: .record(RecordRequest(resource: "character", parameters: ["id": "1"])),
          apiMessage: "We couldn't find that character"),
      ]
    } catch {
      Issue.record("cannot read the recordings: \(error)")
      return []
    }
  }()

  static func error(_ source: any DataSource, _ ask: Ask) async -> DataSourceError? {
    do throws(DataSourceError) {
      switch ask {
      case .page(let request): _ = try await source.page(request)
      case .record(let request): _ = try await source.record(request)
      }
      return nil
    } catch {
      return error
    }
  }

  @Test("the same kind, status and API message", arguments: cases)
  func sameError(_ test: Case) async throws {
    let server = try ReplayServer(exchanges: [test.exchange])
    defer { server.stop() }
    let environment = [
      "GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": "ghp_declared_token_0b7c", "MARVEL_BASE_URL": server.baseURL,
      "MARVEL_PUBLIC_KEY": "public-5e1f", "MARVEL_PRIVATE_KEY": "private-never-shown-93c1", "SCREENRUN_NO_CACHE": "1",
    ]
    let context = PluginContext(mode: .live, environment: environment)
    let compiled = test.plugin == "github" ? GitHubPlugin.plugin : MarvelPlugin.plugin
    let manifest = try PluginManifest.load(Self.root.path + "/Plugins/Declared/\(test.plugin)/plugin.json")
    let declaredSource = try DeclaredHTTP.source(manifest, context: context)

    let expected = try #require(await Self.error(try compiled.make(context), test.ask))
    let declared = try #require(await Self.error(declaredSource, test.ask))
    #expect(declared.kind.name == expected.kind.name, "declared: \(declared)\ncompiled: \(expected)")
    #expect(declared.kind.status == expected.kind.status)
    #expect(declared.message.contains(test.apiMessage), "\(declared)")
    #expect(expected.message.contains(test.apiMessage), "\(expected)")
    #expect(server.requests.count == 2)
  }
}
