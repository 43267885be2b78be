import Foundation
import ReplayServer
import ScreenKit
import TestSupport
import Testing

/// The declared Hacker News example (Plugins/Declared/hn) live, against a local server that
/// answers as the HN Search API does: a search by page number from 0, with `tags` from its
/// default, and an item whose comments are nested in `children`, drawn threaded.
@Suite("The declared Hacker News example, live")
struct HackerNewsExampleTests {
  static let folder = "Plugins/Declared/hn"

  static func sample(_ file: String) throws -> JSON {
    let data = try Data(contentsOf: Screenrun.repositoryRoot.appendingPathComponent(folder + "/" + file))
    return try JSON.parse(Array(data))
  }

  @Test("live: a search sends query, tags, page and hitsPerPage; an item's comments show threaded")
  func live() async throws {
    let search = try Self.sample("search.json")
    let items = try #require(try Self.sample("items.json").arrayValue)
    let story = try #require(items.first)
    let server = try ReplayServer(
      exchanges: [
        RecordedExchange(
          path: "/api/v1/search",
          query: [QueryItem("tags", "story"), QueryItem("hitsPerPage", "20"), QueryItem("page", "0")],
          response: .json(200, search.lineText)),
        RecordedExchange(
          path: "/api/v1/search",
          query: [
            QueryItem("query", "sqlite"), QueryItem("tags", "story"), QueryItem("hitsPerPage", "20"),
            QueryItem("page", "0"),
          ],
          response: .json(200, search.lineText)),
        RecordedExchange(path: "/api/v1/items/46201001", response: .json(200, story.lineText)),
      ], ignoredQueryItems: [])
    defer { server.stop() }
    let folder = try TemporaryDirectory("hn")
    defer { folder.remove() }
    let script = folder.url.appendingPathComponent("script.txt")
    try Data("search sqlite\nopen 1\n".utf8).write(to: script)
    let result = try await Screenrun.run(
      [
        Self.folder + "/Screens/stories.json", "--plugin-path", Self.folder, "--script", script.path, "--width", "72",
        "--no-cache", "--live",
      ], environment: ["HN_API_URL": server.baseURL + "/api/v1", "SCREENRUN_NO_USER_PLUGINS": "1"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      server.requests.map { $0.target } == [
        "/api/v1/search?tags=story&hitsPerPage=20&page=0",
        "/api/v1/search?query=sqlite&tags=story&hitsPerPage=20&page=0", "/api/v1/items/46201001",
      ], "\(result)")
    #expect(result.stdout.contains("412 points by tablescan"), "\(result)")
    #expect(result.stdout.contains("  • fts_user "), "\(result)")
    #expect(result.stdout.contains("    • tablescan "), "\(result)")
    #expect(result.stdout.contains("      • fts_user "), "\(result)")
    #expect(result.stdout.contains("FTS5's bm25() ranking"), "\(result)")
    #expect(server.requests.allSatisfy { $0.status == 200 })
    #expect(!result.stdout.contains("&#x27;") && !result.stdout.contains("<p>"), "\(result)")
  }
}
