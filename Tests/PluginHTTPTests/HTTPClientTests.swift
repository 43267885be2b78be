import Foundation
import PluginHTTP
import ReplayServer
import ScreenKit
import Testing

/// The shared HTTP layer against a replay server on 127.0.0.1: what it sends, the ETag cache,
/// and every way a transfer can fail.
@Suite("HTTP client")
struct HTTPClientTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory("http")
  }

  var cacheDirectory: URL { folder.url.appendingPathComponent("screenrun/http") }

  func client(
    connectTimeout: Duration = .seconds(10), timeout: Duration = .seconds(30), cache: Bool = true
  ) -> HTTPClient {
    HTTPClient(
      configuration: HTTPConfiguration(
        connectTimeout: connectTimeout, timeout: timeout, cacheDirectory: cache ? cacheDirectory : nil),
      redactor: Redactor(secrets: ["private-key-0123"]))
  }

  func request(_ server: ReplayServer, _ target: String, headers: [(String, String)] = []) throws -> HTTPRequest {
    let url = try #require(URL(string: server.baseURL + target))
    return HTTPRequest(url: url, headers: HTTPHeaders(headers), unkeyedQueryItems: ["ts"], cachedHeaders: ["Link"])
  }

  static let page = RecordedExchange(
    path: "/items", query: nil,
    response: .json(
      200, #"{"items": [1, 2]}"#, headers: [("ETag", #""v1""#), ("Link", "</items?page=2>; rel=\"next\"")]))

  @Test("a GET carries the caller's headers, and any status comes back as a response")
  func headersAndStatus() async throws {
    defer { folder.remove() }
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/boom", response: .json(500, #"{"message": "down"}"#))
    ])
    defer { server.stop() }
    let response = try await client().get(
      request(server, "/boom?x=1", headers: [("Accept", "application/json"), ("X-Test", "yes")]))
    #expect(response.status == 500)
    #expect(try response.json()["message"] == "down")
    let seen = try #require(server.requests.first)
    #expect(seen.method == "GET" && seen.path == "/boom" && seen.queryValue("x") == "1")
    #expect(seen.header("Accept") == "application/json")
    #expect(seen.header("X-Test") == "yes")
    #expect(seen.header("If-None-Match") == nil)
  }

  @Test("a 200 with an ETag is cached; the next request asks If-None-Match and a 304 is answered from the cache")
  func etagRoundTrip() async throws {
    defer { folder.remove() }
    let server = try ReplayServer(exchanges: [Self.page])
    defer { server.stop() }
    let client = client()
    let first = try await client.get(request(server, "/items?ts=1"))
    #expect(first.status == 200 && !first.fromCache)
    let second = try await client.get(request(server, "/items?ts=2"))
    #expect(second.status == 200)
    #expect(second.fromCache)
    #expect(second.body == first.body)
    #expect(second.headers["Link"] == "</items?page=2>; rel=\"next\"", "the cached Link header was lost")
    let seen = server.requests
    #expect(seen.count == 2)
    #expect(seen.last?.header("If-None-Match") == #""v1""#)
    #expect(seen.last?.status == 304)
  }

  @Test("a corrupt cache file is ignored (no If-None-Match) and replaced by the next answer")
  func corruptCacheFile() async throws {
    defer { folder.remove() }
    let server = try ReplayServer(exchanges: [Self.page])
    defer { server.stop() }
    let client = client()
    _ = try await client.get(request(server, "/items"))
    let files = try FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path)
    #expect(files.count == 1)
    let file = cacheDirectory.appendingPathComponent(try #require(files.first))
    try Data("screenrun-cache 1\nkey: ha".utf8).write(to: file)

    let again = try await client.get(request(server, "/items"))
    #expect(again.status == 200 && !again.fromCache)
    #expect(server.requests.last?.header("If-None-Match") == nil)
    _ = try await client.get(request(server, "/items"))
    #expect(server.requests.last?.header("If-None-Match") == #""v1""#, "the damaged file was not replaced")
  }

  @Test("with the cache off nothing is read or written")
  func cacheOff() async throws {
    defer { folder.remove() }
    let server = try ReplayServer(exchanges: [Self.page])
    defer { server.stop() }
    var noCache = try request(server, "/items")
    noCache.usesCache = false
    _ = try await client().get(noCache)
    _ = try await client().get(noCache)
    #expect(server.requests.allSatisfy { $0.header("If-None-Match") == nil })
    #expect(folder.files().isEmpty)
  }

  @Test("a 304 with nothing cached is a defined error, not a crash")
  func unexpected304() async throws {
    defer { folder.remove() }
    let server = try ReplayServer(exchanges: [RecordedExchange(path: "/x", response: ReplayResponse(status: 304))])
    defer { server.stop() }
    let error = try await failure(client(), request(server, "/x"))
    #expect(error.kind == .server(status: 304))
    #expect(error.message.contains("--no-cache"))
  }

  @Test("a body cut short is a transport error")
  func truncated() async throws {
    defer { folder.remove() }
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/x", response: .json(200, #"{"items": [1, 2, 3, 4]}"#, delivery: .truncated(keeping: 9)))
    ])
    defer { server.stop() }
    let error = try await failure(client(), request(server, "/x"))
    #expect(error.kind == .transport)
    #expect(error.message.contains("broke off"), "\(error)")
  }

  @Test("a connection closed without an answer is a transport error")
  func closedWithoutAnswer() async throws {
    defer { folder.remove() }
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/x", response: ReplayResponse(status: 200, delivery: .closeWithoutAnswer))
    ])
    defer { server.stop() }
    let error = try await failure(client(), request(server, "/x"))
    #expect(error.kind == .transport)
  }

  @Test("no connection within the connect timeout is a transport error that names the setting")
  func connectTimeout() async throws {
    defer { folder.remove() }
    let listener = try SilentListener()
    defer { listener.close() }
    let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/slow"))
    let error = try await failure(
      client(connectTimeout: .milliseconds(300), timeout: .seconds(20)), HTTPRequest(url: url))
    #expect(error.kind == .transport)
    #expect(
      error.message.contains("could not connect") && error.message.contains("connect timeout")
        && error.message.contains("SCREENRUN_HTTP_CONNECT_TIMEOUT"), "\(error)")
  }

  @Test("a head slower than the connect timeout is waited for: the connect timeout bounds connecting only")
  func slowHeadWithinTheWhole() async throws {
    defer { folder.remove() }
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/slow", response: .json(200, #"{"late": true}"#, delivery: .delayed(.seconds(1))))
    ])
    defer { server.stop() }
    let response = try await client(connectTimeout: .milliseconds(200), timeout: .seconds(20)).get(
      request(server, "/slow"))
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"late": true}"#)
  }

  @Test("a body slower than the overall timeout is a transport error that names the setting")
  func overallTimeout() async throws {
    defer { folder.remove() }
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/slow", response: .json(200, "{}", delivery: .bodyDelayed(.seconds(20))))
    ])
    defer { server.stop() }
    let error = try await failure(
      client(connectTimeout: .seconds(10), timeout: .milliseconds(500)), request(server, "/slow"))
    #expect(error.kind == .transport)
    #expect(error.message.contains("overall timeout") && error.message.contains("SCREENRUN_HTTP_TIMEOUT"), "\(error)")
  }

  @Test("a refused connection is a transport error that says so")
  func refused() async throws {
    defer { folder.remove() }
    let closed = try ReplayServer.ClosedPort()
    defer { closed.close() }
    let port = closed.port
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/x"))
    let error = try await failure(client(), HTTPRequest(url: url))
    #expect(error.kind == .transport)
    #expect(
      error.message
        == "could not connect to 127.0.0.1:\(port) (connection refused); is a server running at http://127.0.0.1:\(port)?"
    )
  }

  @Test("cancelling the task cancels the request: the server sees the client hang up")
  func cancellation() async throws {
    defer { folder.remove() }
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/slow", response: .json(200, "{}", delivery: .delayed(.seconds(20))))
    ])
    defer { server.stop() }
    let request = try request(server, "/slow")
    let client = client()
    let task = Task { await client.result(request) }
    #expect(await server.waitFor { !$0.isEmpty }, "the request never arrived")
    task.cancel()
    let result = await task.value
    guard case .failure(let error) = result else {
      Issue.record("a cancelled request answered: \(result)")
      return
    }
    #expect(error.kind == .transport && error.message.contains("cancelled"), "\(error)")
    #expect(await server.waitFor { $0.first?.abandoned == true }, "the connection stayed open after cancelling")
  }

  /// The error `client` throws for `request`; a test fails when it throws none.
  func failure(_ client: HTTPClient, _ request: HTTPRequest) async throws -> DataSourceError {
    try await client.failure(request)
  }
}

/// Redirects stay on one server, so a token in the headers never reaches another.
@Suite("HTTP client redirects")
struct HTTPClientRedirectTests {
  @Test("a redirect on the same server is followed; one to another server comes back as the 3xx it is")
  func redirects() async throws {
    let other = try ReplayServer(exchanges: [RecordedExchange(path: "/elsewhere", response: .json(200, "{}"))])
    defer { other.stop() }
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/moved", response: ReplayResponse(status: 301, headers: [("Location", "/here")])),
      RecordedExchange(path: "/here", response: .json(200, #"{"here": true}"#)),
      RecordedExchange(
        path: "/away", response: ReplayResponse(status: 302, headers: [("Location", other.baseURL + "/elsewhere")])),
    ])
    defer { server.stop() }
    let client = HTTPClient(configuration: HTTPConfiguration())
    let followed = try await client.get(HTTPRequest(url: try #require(URL(string: server.baseURL + "/moved"))))
    #expect(followed.status == 200)
    #expect(try followed.json()["here"] == true)
    let kept = try await client.get(HTTPRequest(url: try #require(URL(string: server.baseURL + "/away"))))
    #expect(kept.status == 302)
    #expect(other.requests.isEmpty, "the redirect to another server was followed")
  }
}

@Suite("HTTPClient's seconds")
struct HTTPClientSecondsTests {
  @Test("whole seconds are written bare, others rounded to tenths; a sign only where that is not zero")
  func seconds() {
    let cases: [(Duration, String)] = [
      (.seconds(30), "30 s"), (.milliseconds(2500), "2.5 s"), (.milliseconds(100), "0.1 s"),
      (.milliseconds(260), "0.3 s"),
      (.seconds(3600), "3600 s"), (.milliseconds(1040), "1.0 s"), (.zero, "0 s"),
      (.milliseconds(-40), "0.0 s"), (.milliseconds(-50), "-0.1 s"), (.milliseconds(-1500), "-1.5 s"),
      (.seconds(-2), "-2 s"),
    ]
    for (duration, text) in cases { #expect(HTTPClient.seconds(duration) == text, "\(duration)") }
  }
}
