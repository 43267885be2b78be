import Foundation
import ReplayServer
import TestSupport
import Testing

/// The shipped GitHub dashboard, live against the replay server: every tab asks its own search
/// at the start, and a refresh five minutes on asks again with the ETag it was given, is answered
/// 304 Not Modified, and draws the frame it drew.
@Suite("Dashboards (live)")
struct DashboardLiveTests {
  /// A recorded search's body (GitHub's answer to /search/repositories), with an ETag.
  static func search() throws -> RecordedExchange {
    let file = RecordedFixtures.url("github/github_search_repositories_react_2024_nmakarevich.json")
    let recorded = try JSONSerialization.jsonObject(with: Data(RecordedFixtures.body(of: file))) as? [String: Any]
    let body = try JSONSerialization.data(withJSONObject: try #require(recorded?["body"]))
    return RecordedExchange(
      path: "/search/repositories",
      response: ReplayResponse(
        status: 200, headers: [("Content-Type", "application/json"), ("ETag", #""dashboard-1""#)], body: Array(body)),
      source: file.lastPathComponent)
  }

  @Test("each tab asks its own search; a refresh is answered 304 from the cache and draws the same frame")
  func githubDashboard() async throws {
    let server = try ReplayServer(exchanges: [try Self.search()])
    defer { server.stop() }
    let folder = try TemporaryDirectory("dashboard")
    defer { folder.remove() }
    let script = URL(fileURLWithPath: folder.path).appendingPathComponent("script")
    try "tab 2\nwait 300000\n".write(to: script, atomically: true, encoding: .utf8)
    let result = try await Screenrun.run(
      ["Screens/github-dashboard.json", "--live", "--script", script.path, "--width", "100", "--height", "16"],
      environment: ["GITHUB_API_URL": server.baseURL, "XDG_CACHE_HOME": folder.path, "TZ": "UTC"])
    #expect(result.exitCode == 0, "\(result)")

    let requests = server.requests
    let sorts = requests.prefix(2).map { $0.queryValue("sort") }
    #expect(Set(sorts) == ["stars", "updated"], "both tabs' searches at the start: \(requests.map(\.target))")
    #expect(requests.prefix(2).allSatisfy { $0.queryValue("q") == "stars:>1000" && $0.status == 200 })
    // Five minutes on, the tab shown (Recently active) refreshes: a conditional request, a 304.
    let refresh = try #require(requests.dropFirst(2).first, "no refresh: \(requests.map(\.target))")
    #expect(refresh.queryValue("sort") == "updated")
    #expect(refresh.header("If-None-Match") == #""dashboard-1""#)
    #expect(refresh.status == 304)
    #expect(requests.count == 3, "the tab not shown does not refresh: \(requests.map(\.target))")

    let frames = result.stdout.components(separatedBy: "$ ").filter { !$0.isEmpty }
    try #require(frames.count == 3, "\(result.stdout)")
    #expect(frames[1].contains("[Recently active ("), "\(frames[1])")
    // The same rows after the refresh (the header line names the command).
    #expect(frames[1].split(separator: "\n").dropFirst() == frames[2].split(separator: "\n").dropFirst())
  }
}
