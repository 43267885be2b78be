import Foundation
import PluginHost
import ReplayServer
import ScreenKit
import Testing

@testable import DeclaredHTTP

/// The declared GitHub and Marvel sources against hostile answers, looked at closely: which error,
/// naming what, and what the server's log saw (no credential ever goes to another origin).
@Suite("Declared REST APIs against hostile answers")
struct DeclaredHostileAnswerTests {
  static let token = "ghp_hostile_declared_token_6f3d"
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func source(_ plugin: String, _ server: ReplayServer) throws -> any DataSource {
    let manifest = try PluginManifest.load(root.path + "/Plugins/Declared/\(plugin)/plugin.json")
    return try DeclaredHTTP.source(
      manifest,
      context: PluginContext(
        mode: .live,
        environment: [
          "GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": token, "MARVEL_BASE_URL": server.baseURL,
          "MARVEL_PUBLIC_KEY": "public-7a", "MARVEL_PRIVATE_KEY": "private-never-shown-0e4b", "SCREENRUN_NO_CACHE": "1",
        ]))
  }

  static func error(_ work: () async throws(DataSourceError) -> Void) async -> DataSourceError? {
    do throws(DataSourceError) {
      try await work()
      return nil
    } catch {
      return error
    }
  }

  static let commits = PageRequest(resource: "commits", parameters: ["repo": "octo/cat"], pageSize: 30)

  @Test("a next link to another origin on the same server is refused: the log shows one request, to 127.0.0.1")
  func anotherOrigin() async throws {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    let foreign = "http://localhost:\(server.port)/repos/octo/cat/commits?page=2"
    server.add([
      RecordedExchange(
        path: "/repos/octo/cat/commits",
        response: .json(200, "[{\"sha\": \"1\"}]", headers: [("Link", "<\(foreign)>; rel=\"next\"")]))
    ])
    let source = try Self.source("github", server)
    let first = try await source.page(Self.commits)
    #expect(first.next?.value == foreign)
    var next = Self.commits
    next.cursor = first.next
    let error = await Self.error { () throws(DataSourceError) in _ = try await source.page(next) }
    #expect(error?.kind == .decoding)
    #expect(error?.message.contains("host 'localhost'") == true, "\(String(describing: error))")
    #expect(server.requests.count == 1)
    #expect(server.requests.allSatisfy { $0.header("Host")?.hasPrefix("127.0.0.1") == true })
    #expect(server.requests.first?.header("Authorization") == "Bearer \(Self.token)")
  }

  @Test("a next link that comes round again is an error, not a loop")
  func repeatingLink() async throws {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    let again = "\(server.baseURL)/repos/octo/cat/commits?page=2"
    server.add([
      RecordedExchange(
        path: "/repos/octo/cat/commits",
        response: .json(200, "[{\"sha\": \"1\"}]", headers: [("Link", "<\(again)>; rel=\"next\"")]))
    ])
    let source = try Self.source("github", server)
    var request = Self.commits
    request.cursor = try await source.page(request).next
    request.cursor = try await source.page(request).next
    let error = await Self.error { () throws(DataSourceError) in _ = try await source.page(request) }
    #expect(error?.kind == .decoding)
    #expect(error?.message.contains("leads back to a page already read") == true, "\(String(describing: error))")
    #expect(server.requests.count == 2)
  }

  @Test("a record pointer that finds a string, and a negative total, name the plugin, the resource and the pointer")
  func shapes() async throws {
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/v1/public/characters/1", response: .json(200, #"{"data": {"results": ["x"]}}"#)),
      RecordedExchange(
        path: "/v1/public/characters", response: .json(200, #"{"data": {"results": [], "total": -5}}"#)),
    ])
    defer { server.stop() }
    let source = try Self.source("marvel", server)
    let record = await Self.error { () throws(DataSourceError) in
      _ = try await source.record(RecordRequest(resource: "character", parameters: ["id": "1"]))
    }
    #expect(record?.kind == .decoding)
    #expect(
      record?.message.contains("plugin 'marvel' to resource 'character'") == true, "\(String(describing: record))")
    #expect(record?.message.contains("(at /data/results/0)") == true)
    let total = await Self.error { () throws(DataSourceError) in
      _ = try await source.page(PageRequest(resource: "characters", pageSize: 20))
    }
    #expect(total?.kind == .decoding)
    #expect(total?.message.contains("(at /data/total)") == true, "\(String(describing: total))")
  }

  @Test("an HTML error page is the status's error; an HTML page with 200 is unreadable, naming the plugin")
  func html() async throws {
    let page = Array("<html><body>Bad Gateway</body></html>".utf8)
    let server = try ReplayServer(exchanges: [
      RecordedExchange(
        path: "/repos/octo/cat/commits",
        response: ReplayResponse(status: 502, headers: [("Content-Type", "text/html")], body: page)),
      RecordedExchange(
        path: "/repos/octo/cat",
        response: ReplayResponse(status: 200, headers: [("Content-Type", "text/html")], body: page)),
    ])
    defer { server.stop() }
    let source = try Self.source("github", server)
    let failed = await Self.error { () throws(DataSourceError) in _ = try await source.page(Self.commits) }
    #expect(failed?.kind == .server(status: 502), "\(String(describing: failed))")
    let unreadable = await Self.error { () throws(DataSourceError) in
      _ = try await source.record(RecordRequest(resource: "repository", parameters: ["repo": "octo/cat"]))
    }
    #expect(unreadable?.kind == .decoding)
    #expect(
      unreadable?.message.hasPrefix("plugin 'github', resource 'repository': ") == true,
      "\(String(describing: unreadable))")
  }

  @Test("a value of . or .. in a path is refused before any request, naming the parameter")
  func dotSegments() async throws {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    let source = try Self.source("github", server)
    for repo in ["../cat", "octo/..", "./x"] {
      let error = await Self.error { () throws(DataSourceError) in
        _ = try await source.record(RecordRequest(resource: "repository", parameters: ["repo": repo]))
      }
      #expect(error?.kind == .badRequest(parameter: "repo"), "\(repo): \(String(describing: error))")
    }
    let commit = await Self.error { () throws(DataSourceError) in
      _ = try await source.record(
        RecordRequest(resource: "commit", parameters: ["repo": "octo/cat", "sha": "a/b?c#d"]))
    }
    #expect(commit?.kind.name == "not found")
    #expect(server.requests.map(\.target) == ["/repos/octo/cat/commits/a%2Fb%3Fc%23d"])
  }
}
