import Foundation
import ReplayServer
import ScreenKit
import TestSupport
import Testing

/// A declared API's 429 (issue 40, part 7): the frame shows the API's own words, and the status
/// line says the rate limit is used up and whether the server said when it resets, where it read
/// `live · fresh · rate limit 0`.
@Suite("A declared API's rate limit")
struct DeclaredRateLimitTests {
  static func run(_ response: ReplayResponse) async throws -> Screenrun.Result {
    let server = try ReplayServer(exchanges: [RecordedExchange(path: "/v1/breweries", response: response)])
    defer { server.stop() }
    return try await Screenrun.run(
      [
        BreweriesExampleTests.screen, "--plugin-path", BreweriesExampleTests.folder, "--live", "--once", "--status",
        "--no-cache", "--width", "100",
      ],
      environment: ["SCREENRUN_NO_USER_PLUGINS": "1", "BREWERIES_API_URL": server.baseURL, "TZ": "UTC"])
  }

  @Test("the API's message, and a status line that says the limit is used up with no reset given")
  func usedUpWithNoReset() async throws {
    let result = try await Self.run(
      .json(429, #"{"message": "Too many requests"}"#, headers: [("X-RateLimit-Remaining", "0")]))
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stdout.contains("(Too many requests)"), "\(result)")
    let status = result.stdout.split(separator: "\n").last.map(String.init)
    #expect(status == "source: live · rate limit used up (429), no reset time given · no token", "\(result)")
  }

  @Test("a Retry-After is when to ask again; an HTML page's words are shown as text")
  func retryAfterAndHTML() async throws {
    let result = try await Self.run(
      .init(
        status: 429,
        headers: [("Content-Type", "text/html"), ("Retry-After", "120")],
        body: Array("<html><head><title>Slow down</title></head><body><h1>429</h1></body></html>".utf8)))
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stdout.contains("(Slow down): wait 2 minutes before asking again"), "\(result)")
    let status = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    #expect(status.hasPrefix("source: live · rate limited (429), retry after "), "\(result)")
    #expect(!status.contains("fresh"), "\(result)")
  }
}
