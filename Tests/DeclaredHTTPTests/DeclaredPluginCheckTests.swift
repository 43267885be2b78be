import Foundation
import ReplayServer
import ScreenKit
import TestSupport
import Testing

/// `screenrun plugin check` of a declared REST API (issue 40, part 5): a record resource is
/// checked with no `--param`, its id taken from a record that a list answered (from the sample,
/// or live at the base URL), and each resource's outcome is a line on stdout with its reason.
@Suite("plugin check of a declared API")
struct DeclaredPluginCheckTests {
  static let folder = BreweriesExampleTests.folder
  static let environment = ["SCREENRUN_NO_USER_PLUGINS": "1"]

  static func check(_ arguments: [String]) async throws -> Screenrun.Result {
    try await Screenrun.run(["plugin", "check", folder] + arguments, environment: environment)
  }

  /// The last line on stdout: the summary.
  static func last(_ result: Screenrun.Result) -> String? {
    result.stdout.split(separator: "\n").last.map(String.init)
  }

  @Test("from the sample, every resource of breweries is checked with no --param")
  func sampleChecksEveryResource() async throws {
    let records = try BreweriesExampleTests.records()
    let id = try #require(records[0]["id"]?.stringValue)
    let result = try await Self.check([])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("  ok    'breweries': 5 records of \(records.count); the next page: 5"), "\(result)")
    #expect(
      result.stdout.contains(
        "  ok    'brewery': a record of \(records[0].objectValue?.count ?? 0) members (id '\(id)', taken from a record of 'breweries')"
      ), "\(result)")
    #expect(Self.last(result) == "plugin 'breweries' answers", "\(result)")
    #expect(!result.stdout.contains("not checked"), "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
  }

  @Test("from per-resource samples, the Hacker News item's id is the search hit's objectID")
  func hackerNewsChecksEveryResourceFromItsSamples() async throws {
    let result = try await Screenrun.run(["plugin", "check", "Plugins/Declared/hn"], environment: Self.environment)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("  ok    'stories': "), "\(result)")
    #expect(result.stdout.contains("taken from a record of 'stories')"), "\(result)")
    #expect(Self.last(result) == "plugin 'hn' answers", "\(result)")
  }

  @Test("live, the record's id comes from the first page the server listed")
  func liveTakesTheIdFromTheFirstPage() async throws {
    let records = try BreweriesExampleTests.records()
    let id = try #require(records[0]["id"]?.stringValue)
    let server = try ReplayServer(
      exchanges: [
        RecordedExchange(
          path: "/v1/breweries", query: [QueryItem("per_page", "5"), QueryItem("page", "1")],
          response: .json(200, JSON.array(Array(records[0..<5])).lineText)),
        RecordedExchange(
          path: "/v1/breweries", query: [QueryItem("per_page", "5"), QueryItem("page", "2")],
          response: .json(200, "[]")),
        RecordedExchange(path: "/v1/breweries/\(id)", response: .json(200, records[0].lineText)),
      ], ignoredQueryItems: [])
    defer { server.stop() }
    let result = try await Self.check([server.baseURL])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("  ok    'breweries': 5 records; the next page: 0"), "\(result)")
    #expect(result.stdout.contains("  ok    'brewery': a record of"), "\(result)")
    #expect(result.stdout.contains("(id '\(id)', taken from a record of 'breweries')"), "\(result)")
    #expect(server.requests.map(\.target).last == "/v1/breweries/\(id)", "\(server.requests.map(\.target))")
  }

  @Test("a taken id the server does not know is a note, not a failure; --param still chooses")
  func aTakenIdNotFoundIsANote() async throws {
    let records = try BreweriesExampleTests.records()
    let id = try #require(records[0]["id"]?.stringValue)
    let server = try ReplayServer(
      exchanges: [
        RecordedExchange(path: "/v1/breweries", response: .json(200, JSON.array(Array(records[0..<2])).lineText)),
        RecordedExchange(path: "/v1/breweries/\(id)", response: .json(404, #"{"message": "Couldn't find Brewery"}"#)),
        RecordedExchange(path: "/v1/breweries/given-1", response: .json(200, records[1].lineText)),
      ], ignoredQueryItems: [])
    defer { server.stop() }
    let result = try await Self.check([server.baseURL])
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout.contains(
        "  note  'brewery': not checked: the check took id '\(id)' from a record of 'breweries', and the API answered"),
      "\(result)")
    #expect(result.stdout.contains("give one that exists with --param id=VALUE"), "\(result)")
    #expect(Self.last(result) == "plugin 'breweries' answers in what was checked; not checked: 'brewery' (not found)")

    let given = try await Self.check([server.baseURL, "--param", "id=given-1"])
    #expect(given.exitCode == 0, "\(given)")
    #expect(given.stdout.contains("  ok    'brewery': a record of"), "\(given)")
    #expect(!given.stdout.contains("taken from"), "\(given)")
    #expect(server.requests.map(\.target).last == "/v1/breweries/given-1")
  }

  @Test("each failure is a line on stdout with its reason, the errors on stderr too, and exit 1")
  func failuresAreOnStdout() async throws {
    let refused = try ReplayServer.ClosedPort()
    defer { refused.close() }
    let result = try await Self.check(["http://127.0.0.1:\(refused.port)"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stdout.contains("  fail  'breweries': connection failed: "), "\(result)")
    #expect(
      result.stdout.contains(
        "  note  'brewery': not checked: give --param id=VALUE (no list answered a record with a member 'id' to take it from)"
      ), "\(result)")
    #expect(
      Self.last(result) == "plugin 'breweries': 1 of 2 resources failed; not checked: 'brewery' (needs 'id')",
      "\(result)")
    #expect(result.stderr.contains("resource 'breweries': connection failed"), "\(result)")

    let records = try BreweriesExampleTests.records()
    let id = try #require(records[0]["id"]?.stringValue)
    let server = try ReplayServer(
      exchanges: [
        RecordedExchange(path: "/v1/breweries", response: .json(200, JSON.array(Array(records[0..<1])).lineText)),
        RecordedExchange(path: "/v1/breweries/\(id)", response: .json(500, #"{"message": "database down"}"#)),
      ], ignoredQueryItems: [])
    defer { server.stop() }
    let failed = try await Self.check([server.baseURL])
    #expect(failed.exitCode == 1, "\(failed)")
    #expect(failed.stdout.contains("  ok    'breweries': 1 record; no next page"), "\(failed)")
    #expect(
      failed.stdout.contains(
        "  fail  'brewery': server error 500: Open Brewery DB failed (500 Internal Server Error: database down)"),
      "\(failed)")
    #expect(Self.last(failed) == "plugin 'breweries': 1 of 2 resources failed", "\(failed)")
  }
}
