import Foundation
import GitHubPlugin
import ReplayServer
import ScreenKit
import Testing

/// A live GitHub source pointed at a replay server, with its own cache folder and a token that
/// is easy to spot in any text that should not hold it.
struct GitHubLiveHarness {
  static let token = "ghp_test_token_never_shown_5c2e"

  let server: ReplayServer
  let folder: TemporaryDirectory

  /// `per_page` is left out of matching where a recording was made with another page size.
  init(_ exchanges: [RecordedExchange], ignoring: Set<String> = []) throws {
    server = try ReplayServer(exchanges: exchanges, ignoredQueryItems: ignoring)
    folder = try TemporaryDirectory("github")
  }

  var environment: [String: String] {
    ["GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": Self.token, "XDG_CACHE_HOME": folder.path]
  }

  func source(_ extra: [String: String] = [:]) throws -> any DataSource {
    try GitHubPlugin.plugin.make(PluginContext(mode: .live, environment: environment.merging(extra) { _, new in new }))
  }

  func finish() {
    server.stop()
    folder.remove()
  }

  /// The exchanges of a recording under `Tests/Fixtures/Recorded/github`.
  static func recorded(_ name: String) throws -> [RecordedExchange] {
    try RecordedFixtures.exchanges(in: RecordedFixtures.url("github/\(name).json"))
  }

  /// A recorded answer, served at another request: the recordings of errors were made on
  /// endpoints screenrun does not call, but the answer is what matters.
  static func recordedAnswer(
    _ name: String, exchange index: Int = 0, at path: String, query: [QueryItem]? = nil
  ) throws -> RecordedExchange {
    var exchange = try #require(try recorded(name).dropFirst(index).first)
    exchange.method = "GET"
    exchange.path = path
    exchange.query = query
    return exchange
  }

  /// The recorded body of exchange `index` of a recording, parsed.
  static func recordedBody(_ name: String, exchange index: Int = 0) throws -> JSON {
    let data = try Data(contentsOf: RecordedFixtures.url("github/\(name).json"))
    return try #require(try JSON.parse(Array(data), options: .response)["exchanges"]?[index]?["response"]?["body"])
  }

  static func pageError(_ source: any DataSource, _ request: PageRequest) async -> DataSourceError? {
    do throws(DataSourceError) {
      let page = try await source.page(request)
      Issue.record("expected an error, got a page of \(page.records.count)")
      return nil
    } catch {
      return error
    }
  }

  static func recordError(_ source: any DataSource, _ request: RecordRequest) async -> DataSourceError? {
    do throws(DataSourceError) {
      let record = try await source.record(request)
      Issue.record("expected an error, got \(record.value)")
      return nil
    } catch {
      return error
    }
  }
}
