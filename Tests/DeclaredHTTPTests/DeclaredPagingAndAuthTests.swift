import Foundation
import PluginHTTP
import PluginHost
import ReplayServer
import ScreenKit
import Synchronization
import Testing

@testable import DeclaredHTTP

/// The paging types and credentials not covered by the shipped manifests: a next URL and a cursor
/// in the body, a credential in a header, in the query and as HTTP basic, and rate-limit fields
/// under other names.
@Suite("Declared REST APIs: next-url and cursor paging, header, query and basic auth, rate-limit names")
struct DeclaredPagingAndAuthTests {
  static let secret = "books-secret-never-shown-8c2f"

  /// A manifest of one list resource `books` with `paging` and `auth`, and its source at `server`.
  static func source(
    paging: String, auth: String, extra: String = "", key: String = secret, server: ReplayServer,
    clock: @escaping @Sendable () -> Double = DeclaredClock.now
  ) throws -> any DataSource {
    let folder = try TemporaryDirectory("paging")
    defer { folder.remove() }
    let text = #"""
      {"name": "books", "summary": "books",
       "http": {"baseURL": {"variable": "BOOKS_URL", "default": "https://books.example"}, "auth": \#(auth)\#(extra)},
       "resources": [{"name": "books", "kind": "list", "summary": "books",
                      "request": {"path": "/books", "records": "/items", "paging": \#(paging)}}]}
      """#
    let file = folder.url.appendingPathComponent("plugin.json")
    try Data(text.utf8).write(to: file)
    let manifest = try PluginManifest.load(file.path)
    return try DeclaredHTTP.source(
      manifest,
      context: PluginContext(
        mode: .live,
        environment: [
          "BOOKS_URL": server.baseURL, "BOOKS_KEY": key, "BOOKS_USER": "reader", "SCREENRUN_NO_CACHE": "1",
        ]),
      clock: clock)
  }

  static func pages(_ source: any DataSource) async throws -> [[JSON]] {
    var request = PageRequest(resource: "books", pageSize: 2)
    var pages: [[JSON]] = []
    for _ in 0..<5 {
      let page = try await source.page(request)
      pages.append(page.records)
      guard let next = page.next else { break }
      request.cursor = next
    }
    return pages
  }

  @Test("next-url: the URL at the pointer, until there is none; a header credential on each request")
  func nextURL() async throws {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    server.add([
      RecordedExchange(
        path: "/books", query: [QueryItem("size", "2")],
        response: .json(200, #"{"items": [{"id": 1}], "links": {"next": "\#(server.baseURL)/books?size=2&after=1"}}"#)),
      RecordedExchange(
        path: "/books", query: [QueryItem("size", "2"), QueryItem("after", "1")],
        response: .json(200, #"{"items": [{"id": 2}], "links": {"next": null}}"#)),
    ])
    let source = try Self.source(
      paging: #"{"type": "next-url", "next": "/links/next", "size": "size"}"#,
      auth: #"{"type": "header", "header": "X-Api-Key", "value": "BOOKS_KEY"}"#, server: server)
    #expect(try await Self.pages(source) == [[["id": 1]], [["id": 2]]])
    #expect(server.requests.map(\.target) == ["/books?size=2", "/books?size=2&after=1"])
    #expect(server.requests.allSatisfy { $0.header("X-Api-Key") == Self.secret })
  }

  @Test("next-url: a relative next URL is resolved against the answer's URL; one to another host is refused")
  func relativeNextURL() async throws {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    server.add([
      RecordedExchange(
        path: "/books", query: [QueryItem("size", "2")],
        response: .json(200, #"{"items": [{"id": 1}], "links": {"next": "/books?size=2&after=1"}}"#)),
      RecordedExchange(
        path: "/books", query: [QueryItem("size", "2"), QueryItem("after", "1")],
        response: .json(200, #"{"items": [{"id": 2}], "links": {"next": "?size=2&after=2"}}"#)),
      RecordedExchange(
        path: "/books", query: [QueryItem("size", "2"), QueryItem("after", "2")],
        response: .json(200, #"{"items": [{"id": 3}], "links": {"next": "//elsewhere.example/books?after=3"}}"#)),
    ])
    let source = try Self.source(
      paging: #"{"type": "next-url", "next": "/links/next", "size": "size"}"#,
      auth: #"{"type": "header", "header": "X-Api-Key", "value": "BOOKS_KEY"}"#, server: server)
    var request = PageRequest(resource: "books", pageSize: 2)
    var ids: [JSON] = []
    do {
      for _ in 0..<4 {
        let page = try await source.page(request)
        ids += page.records
        guard let next = page.next else { break }
        request.cursor = next
      }
      Issue.record("expected the link to another host to be refused")
    } catch {
      #expect("\(error)".contains("another server"), "\(error)")
    }
    #expect(ids == [["id": 1], ["id": 2], ["id": 3]])
    #expect(server.requests.map(\.target) == ["/books?size=2", "/books?size=2&after=1", "/books?size=2&after=2"])
  }

  @Test("cursor: the value at the pointer sent back as its parameter; a query credential on each request")
  func cursor() async throws {
    let server = try ReplayServer(
      exchanges: [
        RecordedExchange(
          path: "/books", query: [QueryItem("limit", "2"), QueryItem("key", Self.secret)],
          response: .json(200, #"{"items": [{"id": 1}], "next_cursor": "abc"}"#)),
        RecordedExchange(
          path: "/books", query: [QueryItem("limit", "2"), QueryItem("cursor", "abc"), QueryItem("key", Self.secret)],
          response: .json(200, #"{"items": [{"id": 2}], "next_cursor": ""}"#)),
      ], ignoredQueryItems: [])
    defer { server.stop() }
    let source = try Self.source(
      paging: #"{"type": "cursor", "next": "/next_cursor", "param": "cursor", "size": "limit"}"#,
      auth: #"{"type": "query", "param": "key", "value": "BOOKS_KEY"}"#, server: server)
    #expect(try await Self.pages(source) == [[["id": 1]], [["id": 2]]])
    #expect(server.requests.map { $0.queryValue("cursor") } == [nil, "abc"])
    #expect(server.requests.allSatisfy { $0.queryValue("key") == Self.secret })
  }

  @Test("maxPages: a chain of next links longer than the plugin allows stops there with an error, asking no more")
  func maxPages() async throws {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    // Every page links to one more, without end: the server would answer for ever.
    server.add(
      (0..<6).map { page in
        RecordedExchange(
          path: "/books",
          query: page == 0 ? [QueryItem("size", "2")] : [QueryItem("size", "2"), QueryItem("after", "\(page)")],
          response: .json(
            200,
            #"{"items": [{"id": \#(page)}], "links": {"next": "\#(server.baseURL)/books?size=2&after=\#(page + 1)"}}"#))
      })
    let source = try Self.source(
      paging: #"{"type": "next-url", "next": "/links/next", "size": "size", "maxPages": 3}"#,
      auth: #"{"type": "header", "header": "X-Api-Key", "value": "BOOKS_KEY"}"#, server: server)
    var request = PageRequest(resource: "books", pageSize: 2)
    var ids: [JSON] = []
    var failure: DataSourceError?
    for _ in 0..<6 {
      do {
        let page = try await source.page(request)
        ids += page.records
        guard let next = page.next else { break }
        request.cursor = next
      } catch {
        failure = error
        break
      }
    }
    #expect(ids == [["id": 0], ["id": 1], ["id": 2]])
    #expect(server.requests.count == 3, "no request past the third page: \(server.requests.map(\.target))")
    let message = failure.map { "\($0)" } ?? "no error"
    #expect(message.contains("more than 3 pages"), "\(message)")
  }

  @Test("a next page that failed (a 503) is asked again and read: only a page read counts as followed")
  func retryAfterFailure() async throws {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    let second = [QueryItem("size", "2"), QueryItem("after", "1")]
    server.add([
      RecordedExchange(
        path: "/books", query: [QueryItem("size", "2")],
        response: .json(200, #"{"items": [{"id": 1}], "links": {"next": "\#(server.baseURL)/books?size=2&after=1"}}"#)),
      RecordedExchange(path: "/books", query: second, response: .json(503, #"{"message": "busy"}"#)),
      RecordedExchange(path: "/books", query: second, response: .json(200, #"{"items": [{"id": 2}], "links": {}}"#)),
    ])
    let source = try Self.source(
      paging: #"{"type": "next-url", "next": "/links/next", "size": "size"}"#,
      auth: #"{"type": "header", "header": "X-Api-Key", "value": "BOOKS_KEY"}"#, server: server)
    let first = try await source.page(PageRequest(resource: "books", pageSize: 2))
    var request = PageRequest(resource: "books", pageSize: 2)
    request.cursor = first.next
    await #expect(throws: DataSourceError.self) { try await source.page(request) }
    let again = try await source.page(request)
    #expect(again.records == [["id": 2]])
  }

  @Test("computed: a header signed from a query value signs that request's own value")
  func computedOnce() async throws {
    let ticks = Mutex(0)
    let server = try ReplayServer(exchanges: [], ignoredQueryItems: ["ts"])
    defer { server.stop() }
    server.add([
      RecordedExchange(
        path: "/books", query: [QueryItem("size", "2")], response: .json(200, #"{"items": [{"id": 1}]}"#))
    ])
    let source = try Self.source(
      paging: #"{"type": "next-url", "next": "/links/next", "size": "size"}"#,
      auth: #"""
        {"type": "computed", "variables": ["BOOKS_KEY"], "secrets": ["BOOKS_KEY"],
         "query": {"ts": "{timestampMs}"}, "headers": {"X-Sig": "{md5(ts, env.BOOKS_KEY)}"}}
        """#, server: server,
      // Each reading of the clock is a millisecond later: a timestamp made twice for one request
      // (once for the query, once for the signature) would differ, and the signature not match.
      clock: {
        ticks.withLock { ticks in
          ticks += 1
          return 1_700_000_000 + Double(ticks) / 8
        }
      })
    for _ in 0..<3 { _ = try await source.page(PageRequest(resource: "books", pageSize: 2)) }
    let stamps = server.requests.compactMap { $0.queryValue("ts") }
    #expect(stamps.count == 3 && Set(stamps).count == 3, "each request its own time: \(stamps)")
    for request in server.requests {
      let ts = try #require(request.queryValue("ts"))
      #expect(request.header("X-Sig") == MD5.hex(ts + Self.secret), "\(request.target)")
    }
  }

  @Test("a query credential is a secret in the form the URL carries it too, percent-encoded")
  func encodedQuerySecret() async throws {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    let key = "Ab+c/xyz=books-secret"
    _ = try Self.source(
      paging: #"{"type": "next-url", "next": "/links/next", "size": "size"}"#,
      auth: #"{"type": "query", "param": "key", "value": "BOOKS_KEY"}"#, key: key, server: server)
    #expect(SecretRegistry.shared.redact("GET /books?key=Ab%2Bc%2Fxyz%3Dbooks-secret") == "GET /books?key=REDACTED")
  }

  @Test("basic: user and password from the environment; a missing required one is named before any request")
  func basic() async throws {
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/books", response: .json(200, #"{"items": [{"id": 1}]}"#))
    ])
    defer { server.stop() }
    let source = try Self.source(
      paging: #"{"type": "link"}"#, auth: #"{"type": "basic", "user": "BOOKS_USER", "password": "BOOKS_KEY"}"#,
      server: server)
    _ = try await source.page(PageRequest(resource: "books", pageSize: 2))
    let expected = "Basic " + Data("reader:\(Self.secret)".utf8).base64EncodedString()
    #expect(server.requests.first?.header("Authorization") == expected)

    do {
      _ = try Self.source(
        paging: #"{"type": "link"}"#, auth: #"{"type": "bearer", "token": "BOOKS_MISSING"}"#, server: server)
      Issue.record("expected an error")
    } catch let error as DataSourceError {
      #expect(error.kind == .badRequest(parameter: "BOOKS_MISSING"))
      #expect(error.message.contains("needs BOOKS_MISSING set in the environment"), "\(error)")
    }
  }

  @Test("rate-limit fields under other names say when the limit resets")
  func rateLimitNames() async throws {
    let server = try ReplayServer(exchanges: [
      RecordedExchange(
        path: "/books",
        response: .json(
          429, #"{"message": "slow down"}"#, headers: [("RateLimit-Remaining", "0"), ("RateLimit-Reset", "4102444800")])
      )
    ])
    defer { server.stop() }
    let source = try Self.source(
      paging: #"{"type": "link"}"#, auth: #"{"type": "bearer", "token": "BOOKS_KEY"}"#,
      extra: #", "rateLimit": {"remaining": "RateLimit-Remaining", "reset": "RateLimit-Reset"}"#, server: server)
    do {
      _ = try await source.page(PageRequest(resource: "books", pageSize: 2))
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .rateLimited(until: 4_102_444_800, retryAfter: nil), "\(error)")
    }
  }
}
