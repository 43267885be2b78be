import Foundation
import PluginHTTP
import ReplayServer
import TestSupport
import Testing

@testable import ScreenRunCLI

/// A live Swift plugin written as PLUGINS.md shows it (a `LiveService` and a handler that reads
/// only good answers), against the replay server: an HTTP error is the error screen and exit
/// status 1, never a blank record.
@Suite("A live Swift plugin's HTTP errors")
@MainActor
struct LivePluginErrorTests {
  /// The weather plugin of a new user: one record resource, `station`, by `id`.
  static func weather(defaultBaseURL: String) -> Plugin {
    Plugin(
      name: "weather", summary: "Weather stations",
      resources: [
        .record(
          "station", summary: "one station", parameters: [Parameter("id", required: true, summary: "the station id")]
        ) {
          service, request throws(DataSourceError) in
          let id = request.parameters["id"] ?? ""
          let url = try service.url(["stations", .parameter("id", id)])
          let response = try await service.get(
            HTTPRequest(url: url, headers: service.headers(), resource: "station '\(id)'", parameter: "id"))
          return Record(try ResponseReader("the weather answer").object(try response.json(), at: .root, "a station"))
        }
      ]
    ) { context throws(DataSourceError) -> LiveService in
      try LiveService(
        environment: context.environment, baseURLVariable: "WEATHER_API_URL", defaultBaseURL: defaultBaseURL,
        errors: HTTPErrorMapping(api: "Weather"))
    }
  }

  static let screen = #"""
    {"version": 1, "kind": "detail", "title": "Station {name}",
     "source": {"plugin": "weather", "resource": "station", "params": {"id": "{params.id}"}},
     "sections": [{"type": "fields", "fields": [{"label": "Elevation", "value": "{elevation}"}]}]}
    """#

  @Test("a 404 is the not-found error screen, naming the station and the parameter, and exit status 1")
  func notFound() async throws {
    let server = try ReplayServer(exchanges: [
      RecordedExchange(
        path: "/stations/GHCND:X/../Y",
        response: .json(404, #"{"message": "no station with this id"}"#))
    ])
    defer { server.stop() }
    let folder = try ScreenFolder(["station.json": Self.screen])
    let plugin = Self.weather(defaultBaseURL: server.baseURL)

    let driver = ScreenDriver(plugins: [plugin], context: PluginContext(mode: .live, environment: [:]), width: 160)
    try await driver.open(folder.file("station.json"), parameters: ["id": "GHCND:X/../Y"])
    let frame = driver.frame()
    #expect(
      frame.contains(
        "error: not found: Weather has no station 'GHCND:X/../Y' (404 Not Found: no station with this id); check the "
          + "parameter 'id'"), "\(frame)")
    #expect(!frame.contains("Elevation"), "a blank record: \(frame)")
    #expect(driver.navigator.current?.error?.kind == .notFound(resource: "station 'GHCND:X/../Y'", parameter: "id"))

    guard
      case .run(let run) = try Arguments.parse([
        folder.file("station.json"), "--once", "--live", "--param", "id=GHCND:X/../Y", "--width", "100",
      ])
    else {
      Issue.record("not a run")
      return
    }
    let status = await ScreenRunCommand.runOnce(run, registry: ScreenRunCommand.registry(adding: [plugin]))
    #expect(status.rawValue == 1)
    // Both requests went out as one encoded segment, and nothing else was asked.
    #expect(server.requests.map(\.path) == Array(repeating: "/stations/GHCND%3AX%2F..%2FY", count: 2))
  }

  @Test("a 403 with none remaining is the rate-limit error with its reset time, and exit status 1")
  func rateLimited() async throws {
    let reset = Int(Date().timeIntervalSince1970) + 1800
    let server = try ReplayServer(exchanges: [
      RecordedExchange(
        path: "/stations/A1",
        response: .json(
          403, #"{"message": "API rate limit exceeded"}"#,
          headers: [("X-RateLimit-Limit", "60"), ("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "\(reset)")]))
    ])
    defer { server.stop() }
    let folder = try ScreenFolder(["station.json": Self.screen])
    let plugin = Self.weather(defaultBaseURL: server.baseURL)
    let driver = ScreenDriver(plugins: [plugin], context: PluginContext(mode: .live, environment: [:]), width: 120)
    try await driver.open(folder.file("station.json"), parameters: ["id": "A1"])
    let frame = driver.frame()
    // The message wraps at the width: read it as one line.
    #expect(
      frame.replacingOccurrences(of: "\n", with: " ").contains(
        "error: rate limited: Weather's rate limit of 60 requests is used up (API rate limit exceeded) until "
          + "\(HTTPErrorMapping.localTime(Double(reset))) (local time)"), "\(frame)")
    #expect(driver.navigator.current?.error?.kind == .rateLimited(until: Double(reset), retryAfter: nil))
    guard
      case .run(let run) = try Arguments.parse([folder.file("station.json"), "--once", "--live", "--param", "id=A1"])
    else {
      Issue.record("not a run")
      return
    }
    let status = await ScreenRunCommand.runOnce(run, registry: ScreenRunCommand.registry(adding: [plugin]))
    #expect(status.rawValue == 1)
  }
}
