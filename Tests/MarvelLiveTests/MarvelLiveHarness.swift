import Foundation
import MarvelPlugin
import ReplayServer
import ScreenKit
import Testing

/// A live Marvel source pointed at a replay server, with its own cache folder and keys that
/// are easy to spot in any text that should not hold them.
struct MarvelLiveHarness {
  static let publicKey = "public-key-5e1f"
  static let privateKey = "private-key-never-shown-93c1"

  let server: ReplayServer
  let folder: TemporaryDirectory

  init(_ exchanges: [RecordedExchange]) throws {
    server = try ReplayServer(exchanges: exchanges)
    folder = try TemporaryDirectory("marvel")
  }

  var environment: [String: String] {
    [
      "MARVEL_BASE_URL": server.baseURL, "MARVEL_PUBLIC_KEY": Self.publicKey, "MARVEL_PRIVATE_KEY": Self.privateKey,
      "XDG_CACHE_HOME": folder.path,
    ]
  }

  func source(_ extra: [String: String] = [:]) throws -> any DataSource {
    try MarvelPlugin.plugin.make(PluginContext(mode: .live, environment: environment.merging(extra) { _, new in new }))
  }

  func finish() {
    server.stop()
    folder.remove()
  }

  /// A recorded exchange file under `Tests/Fixtures/Recorded/marvel`.
  static func recorded(_ name: String) throws -> [RecordedExchange] {
    try RecordedFixtures.exchanges(in: RecordedFixtures.url("marvel/\(name).json"))
  }

  /// A body-only fixture answering GET `path` (with `query`, or any query).
  static func body(
    _ name: String, path: String, query: [QueryItem]? = nil, status: Int = 200,
    delivery: ReplayResponse.Delivery = .whole
  ) throws -> RecordedExchange {
    let body = try RecordedFixtures.body(of: RecordedFixtures.url("marvel/\(name).json"))
    return RecordedExchange(
      path: path, query: query,
      response: ReplayResponse(
        status: status, headers: [("Content-Type", "application/json")], body: body, delivery: delivery),
      source: name)
  }

  /// The `data.results` of a fixture, to compare what the source returned with what was recorded.
  static func results(_ name: String) throws -> [JSON] {
    let data = try Data(contentsOf: RecordedFixtures.url("marvel/\(name).json"))
    let json = try JSON.parse(Array(data), options: .response)
    let body = json["exchanges"]?[0]?["response"]?["body"] ?? json
    return try #require(body["data"]?["results"]?.arrayValue)
  }

  /// The error a page request ends in; records an issue when it succeeds.
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

extension DataSourceError {
  /// Whether the message holds any of the values no person may see.
  func leaks(_ secrets: [String]) -> Bool {
    secrets.contains { !$0.isEmpty && (message.contains($0) || description.contains($0)) }
  }
}
