import Foundation
import ReplayServer
import ScreenKit
import TestSupport
import Testing

/// docs/plugins/declared.md's example of a declared REST API (Plugins/Declared/breweries): its shipped screens
/// list, search, page and open records from its sample file, and live from a local server
/// answering as Open Brewery DB does, with the requests the manifest declares.
@Suite("The declared breweries example, from its sample and live")
struct BreweriesExampleTests {
  static let folder = "Plugins/Declared/breweries"
  static let screen = folder + "/Screens/breweries.json"

  /// The example's sample records, which the expectations are made from.
  static func records() throws -> [JSON] {
    let data = try Data(contentsOf: Screenrun.repositoryRoot.appendingPathComponent(folder + "/sample.json"))
    return try #require(try JSON.parse(Array(data)).arrayValue)
  }

  static func name(_ record: JSON) -> String { record["name"]?.stringValue ?? "" }

  /// The detail screen's City field of a record.
  static func place(_ record: JSON) -> String {
    ["city", "state_province", "country"].map { record[$0]?.stringValue ?? "" }.joined(separator: ", ")
  }

  static func run(_ script: String, environment: [String: String] = [:], live: Bool = false) async throws
    -> Screenrun.Result
  {
    let folder = try TemporaryDirectory("breweries")
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("script.txt")
    try Data(script.utf8).write(to: file)
    var arguments = [screen, "--plugin-path", Self.folder, "--script", file.path, "--width", "80", "--no-cache"]
    if live { arguments.append("--live") }
    return try await Screenrun.run(
      arguments, environment: environment.merging(["SCREENRUN_NO_USER_PLUGINS": "1"]) { a, _ in a })
  }

  @Test("from the sample: lists, pages, searches by substring in any case, and opens a record")
  func sample() async throws {
    let records = try Self.records()
    let matches = records.filter {
      Self.name($0).lowercased().contains("brewing") || ($0["city"]?.stringValue ?? "").lowercased().contains("brewing")
    }
    try #require(records.count > 20 && matches.count > 2)
    let result = try await Self.run("next\nsearch BREWING\nopen 2\n")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("1-20 of \(records.count)"), "\(result)")
    #expect(result.stdout.contains(Self.name(records[20])), "\(result)")
    #expect(result.stdout.contains("1-\(matches.count) of \(matches.count)"), "\(result)")
    let opened = matches[1]
    #expect(result.stdout.contains(Self.place(opened)), "\(result)")
    #expect(result.stdout.contains(Self.name(opened)))
    #expect(result.stdout.contains("Data from Open Brewery DB"))
  }

  @Test("live: the declared requests, pages by number until a short page, a search, and a record by id")
  func live() async throws {
    let records = try Self.records()
    let matches = records.filter { Self.name($0).lowercased().contains("brewing") }
    let opened = try #require(matches.dropFirst().first)
    let id = try #require(opened["id"]?.stringValue)
    func page(_ slice: ArraySlice<JSON>, _ query: [QueryItem]) -> RecordedExchange {
      RecordedExchange(path: "/v1/breweries", query: query, response: .json(200, JSON.array(Array(slice)).lineText))
    }
    let server = try ReplayServer(
      exchanges: [
        page(records[0..<20], [QueryItem("per_page", "20"), QueryItem("page", "1")]),
        page(records[20..<40], [QueryItem("per_page", "20"), QueryItem("page", "2")]),
        page(records[40...], [QueryItem("per_page", "20"), QueryItem("page", "3")]),
        page(matches[...], [QueryItem("by_name", "brewing"), QueryItem("per_page", "20"), QueryItem("page", "1")]),
        RecordedExchange(path: "/v1/breweries/\(id)", response: .json(200, opened.lineText)),
      ], ignoredQueryItems: [])
    defer { server.stop() }
    let result = try await Self.run(
      "next\nnext\nsearch brewing\nopen 2\n", environment: ["BREWERIES_API_URL": server.baseURL], live: true)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains(Self.name(records[44])), "\(result)")
    #expect(result.stdout.contains("1-45"), "\(result)")
    #expect(result.stdout.contains(Self.place(opened)), "\(result)")
    #expect(
      server.requests.map { $0.target } == [
        "/v1/breweries?per_page=20&page=1", "/v1/breweries?per_page=20&page=2", "/v1/breweries?per_page=20&page=3",
        "/v1/breweries?by_name=brewing&per_page=20&page=1", "/v1/breweries/\(id)",
      ])
    #expect(server.requests.allSatisfy { $0.header("User-Agent") == "screenrun/\(ScreenRun.version)" })
    #expect(server.requests.allSatisfy { $0.status == 200 })
  }

  @Test("plugin check asks each resource at the base URL on its command line, and a next page")
  func pluginCheck() async throws {
    let records = try Self.records()
    let id = try #require(records[3]["id"]?.stringValue)
    func page(_ slice: ArraySlice<JSON>, _ number: String) -> RecordedExchange {
      RecordedExchange(
        path: "/v1/breweries", query: [QueryItem("per_page", "5"), QueryItem("page", number)],
        response: .json(200, JSON.array(Array(slice)).lineText))
    }
    let server = try ReplayServer(
      exchanges: [
        page(records[0..<5], "1"), page(records[5..<10], "2"),
        RecordedExchange(path: "/v1/breweries/\(id)", response: .json(200, records[3].lineText)),
      ], ignoredQueryItems: [])
    defer { server.stop() }
    let result = try await Screenrun.run(
      ["plugin", "check", Self.folder, server.baseURL, "--param", "id=\(id)"],
      environment: ["SCREENRUN_NO_USER_PLUGINS": "1"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("  asks: \(server.baseURL)"), "\(result)")
    #expect(result.stdout.contains("  ok    'breweries': 5 records; the next page: 5"), "\(result)")
    #expect(result.stdout.contains("  ok    'brewery': a record of \(records[3].objectValue?.count ?? 0) members"))
    #expect(result.stdout.contains("plugin 'breweries' answers"))
    #expect(server.requests.map { $0.target }.last == "/v1/breweries/\(id)")

    let refused = try await Screenrun.run(
      ["plugin", "check", Self.folder, "http://127.0.0.1:1"], environment: ["SCREENRUN_NO_USER_PLUGINS": "1"])
    #expect(refused.exitCode == 1, "\(refused)")
    #expect(refused.stderr.contains("resource 'breweries': connection failed"), "\(refused)")
  }
}
