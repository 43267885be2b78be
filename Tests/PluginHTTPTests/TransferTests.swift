import Foundation
import PluginHTTP
import ReplayServer
import ScreenKit
import Testing

/// The libcurl transfer under HTTPClient, against a replay server on 127.0.0.1: redirects, the
/// millisecond clocks, cancellation once the body has begun, the body limit, what goes on the
/// wire, and a libcurl that cannot be loaded.
@Suite("HTTP transfer through libcurl")
struct TransferTests {
  func client(
    connectTimeout: Duration = .seconds(10), timeout: Duration = .seconds(30), maximumBodySize: Int = 64 << 20
  ) -> HTTPClient {
    HTTPClient(
      configuration: HTTPConfiguration(
        connectTimeout: connectTimeout, timeout: timeout, maximumBodySize: maximumBodySize))
  }

  func request(_ server: ReplayServer, _ target: String, headers: [(String, String)] = []) throws -> HTTPRequest {
    HTTPRequest(url: try #require(URL(string: server.baseURL + target)), headers: HTTPHeaders(headers))
  }

  @Test("a same-server redirect is followed with the same headers; the URL and headers are the last answer's")
  func sameOriginRedirect() async throws {
    let server = try ReplayServer(exchanges: [
      RecordedExchange(
        path: "/old", response: ReplayResponse(status: 301, headers: [("Location", "/middle"), ("X-Hop", "first")])),
      RecordedExchange(path: "/middle", response: ReplayResponse(status: 307, headers: [("Location", "/new?page=2")])),
      RecordedExchange(path: "/new", response: .json(200, #"{"arrived": true}"#, headers: [("X-Hop", "last")])),
    ])
    defer { server.stop() }
    let response = try await client().get(request(server, "/old", headers: [("Authorization", "Bearer t0k3n")]))
    #expect(response.status == 200)
    #expect(try response.json()["arrived"] == true)
    #expect(response.url.absoluteString == server.baseURL + "/new?page=2")
    #expect(response.headers.values("X-Hop") == ["last"], "headers of an earlier response leaked: \(response.headers)")
    #expect(response.headers["Location"] == nil)
    let seen = server.requests
    #expect(seen.map(\.path) == ["/old", "/middle", "/new"])
    #expect(seen.allSatisfy { $0.header("Authorization") == "Bearer t0k3n" })
    #expect(seen.last?.queryValue("page") == "2")
  }

  @Test("a redirect to another port of the same host is not followed: the 3xx comes back with its Location")
  func otherPortRedirect() async throws {
    let other = try ReplayServer(exchanges: [RecordedExchange(path: "/x", response: .json(200, "{}"))])
    defer { other.stop() }
    let server = try ReplayServer(exchanges: [
      RecordedExchange(
        path: "/away", response: ReplayResponse(status: 302, headers: [("Location", other.baseURL + "/x")]))
    ])
    defer { server.stop() }
    let response = try await client().get(request(server, "/away", headers: [("Authorization", "Bearer t0k3n")]))
    #expect(response.status == 302)
    #expect(response.headers["Location"] == other.baseURL + "/x")
    #expect(response.url.absoluteString == server.baseURL + "/away")
    #expect(other.requests.isEmpty, "the token went to another port")
  }

  @Test("a redirect to another scheme on the same host and port is not followed")
  func otherSchemeRedirect() async throws {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    let secure = server.baseURL.replacingOccurrences(of: "http://", with: "https://") + "/x"
    server.add([RecordedExchange(path: "/away", response: ReplayResponse(status: 308, headers: [("Location", secure)]))]
    )
    let response = try await client().get(request(server, "/away"))
    #expect(response.status == 308)
    #expect(server.requests.count == 1)
  }

  @Test("a redirect loop on one server ends with an error after 10 redirects")
  func redirectLoop() async throws {
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/loop", response: ReplayResponse(status: 302, headers: [("Location", "/loop")]))
    ])
    defer { server.stop() }
    let error = try await client().failure(request(server, "/loop"))
    #expect(error.kind == .transport)
    #expect(error.message.contains("redirected more than 10 times"), "\(error)")
    #expect(server.requests.count == 11)
  }

  @Test("the connect timeout is kept to the millisecond and named in the error")
  func millisecondConnectTimeout() async throws {
    let listener = try SilentListener()
    defer { listener.close() }
    let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/slow"))
    let error = try await client(connectTimeout: .milliseconds(250), timeout: .seconds(20)).failure(
      HTTPRequest(url: url))
    #expect(error.kind == .transport)
    #expect(error.message.contains("within 0.2 s") || error.message.contains("within 0.3 s"), "\(error)")
    #expect(error.message.contains("connect timeout"), "\(error)")
  }

  @Test("a head that never comes is the overall timeout, not the connect timeout: the connection was made")
  func noHeadIsTheOverallTimeout() async throws {
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/slow", response: .json(200, "{}", delivery: .delayed(.seconds(20))))
    ])
    defer { server.stop() }
    let error = try await client(connectTimeout: .milliseconds(250), timeout: .milliseconds(700)).failure(
      request(server, "/slow"))
    #expect(error.kind == .transport)
    #expect(error.message.contains("longer than 0.7 s (overall timeout)"), "\(error)")
    #expect(await server.waitFor { $0.first?.abandoned == true }, "the client did not hang up")
  }

  @Test("the overall timeout is kept to the millisecond once the head has come")
  func millisecondOverallTimeout() async throws {
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/slow", response: .json(200, "{}", delivery: .bodyDelayed(.seconds(20))))
    ])
    defer { server.stop() }
    let error = try await client(connectTimeout: .seconds(5), timeout: .milliseconds(700)).failure(
      request(server, "/slow"))
    #expect(error.kind == .transport)
    #expect(error.message.contains("longer than 0.7 s (overall timeout)"), "\(error)")
    #expect(await server.waitFor { $0.first?.abandoned == true }, "the client did not hang up")
  }

  @Test("cancelling while the body is awaited ends the request, and the server sees the client hang up")
  func cancellationMidBody() async throws {
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/slow", response: .json(200, #"{"late": 1}"#, delivery: .bodyDelayed(.seconds(20))))
    ])
    defer { server.stop() }
    let request = try request(server, "/slow")
    let client = client()
    let task = Task { await client.result(request) }
    #expect(await server.waitFor { !$0.isEmpty }, "the request never arrived")
    // The head goes out as soon as the request is read; give it a moment to arrive.
    try await Task.sleep(for: .milliseconds(200))
    task.cancel()
    guard case .failure(let error) = await task.value else {
      Issue.record("a cancelled request answered")
      return
    }
    #expect(error.kind == .transport && error.message.contains("cancelled"), "\(error)")
    #expect(await server.waitFor { $0.first?.abandoned == true }, "the connection stayed open after cancelling")
  }

  @Test("a task cancelled before it asks makes no request")
  func cancelledBeforeStart() async throws {
    let server = try ReplayServer(exchanges: [RecordedExchange(path: "/x", response: .json(200, "{}"))])
    defer { server.stop() }
    let request = try request(server, "/x")
    let client = client()
    let task = Task { () async throws -> DataSourceError in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await client.failure(request)
    }
    let error = try await task.value
    #expect(error.message.contains("cancelled"), "\(error)")
    #expect(server.requests.isEmpty)
  }

  @Test("a body over the limit is refused; one at the limit is read whole")
  func bodyLimit() async throws {
    let body = String(repeating: "x", count: 4000)
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/big", response: .json(200, #"{"b": "\#(body)"}"#))
    ])
    defer { server.stop() }
    let size = body.utf8.count + 9
    let error = try await client(maximumBodySize: size - 1).failure(request(server, "/big"))
    #expect(error.kind == .transport)
    #expect(error.message.contains("larger than") && error.message.contains("stopped reading"), "\(error)")
    let whole = try await client(maximumBodySize: size).get(request(server, "/big"))
    #expect(whole.body.count == size)
  }

  /// `HTTP/1.1 200 OK` with `head` lines, then `body`.
  static func answer(_ head: [String], body: [UInt8]) -> [UInt8] {
    Array(
      (["HTTP/1.1 200 OK"] + head + ["Content-Length: \(body.count)", "Connection: close", "", ""]).joined(
        separator: "\r\n"
      ).utf8) + body
  }

  @Test("a gzip answer is asked for and arrives decoded")
  func gzip() async throws {
    // gzip of {"packed": "yes, gzip"}
    let packed: [UInt8] = [
      31, 139, 8, 0, 0, 0, 0, 0, 2, 255, 171, 86, 42, 72, 76, 206, 78, 77, 81, 178, 82, 80, 170, 76, 45, 214, 81, 72,
      175, 202, 44, 80, 170, 5, 0, 222, 171, 74, 71, 23, 0, 0, 0,
    ]
    let server = try RawServer(
      answer: Self.answer(["Content-Type: application/json", "Content-Encoding: gzip"], body: packed))
    defer { server.stop() }
    let response = try await client().get(HTTPRequest(url: try #require(URL(string: server.baseURL + "/z"))))
    #expect(try response.json()["packed"] == "yes, gzip")
    let head = try #require(server.requests.first).lowercased()
    #expect(head.contains("\r\naccept-encoding: ") && head.contains("gzip"), "\(head)")
  }

  @Test("the headers are the final response's: those of a 1xx head before it are dropped; a folded line is joined")
  func headersOfTheFinalResponse() async throws {
    let early = Array("HTTP/1.1 103 Early Hints\r\nLink: </early>; rel=preload\r\nX-Early: yes\r\n\r\n".utf8)
    let server = try RawServer(
      answer: early + Self.answer(["Link: </page2>; rel=\"next\"", "X-Folded: one", "\ttwo"], body: Array("{}".utf8)))
    defer { server.stop() }
    let response = try await client().get(HTTPRequest(url: try #require(URL(string: server.baseURL + "/h"))))
    #expect(response.status == 200)
    #expect(response.headers.values("Link") == ["</page2>; rel=\"next\""], "\(response.headers)")
    #expect(response.headers["X-Early"] == nil)
    #expect(response.headers["X-Folded"] == "one two")
  }

  @Test("a header value cannot add a header line of its own")
  func headerInjection() async throws {
    let server = try ReplayServer(exchanges: [RecordedExchange(path: "/x", response: .json(200, "{}"))])
    defer { server.stop() }
    _ = try await client().get(request(server, "/x", headers: [("X-Test", "a\r\nX-Injected: yes"), ("X-Empty", "")]))
    let seen = try #require(server.requests.first)
    #expect(seen.header("X-Injected") == nil)
    #expect(seen.header("X-Test") == "aX-Injected: yes")
    #expect(seen.header("X-Empty") == "")
  }

  @Test("without libcurl, live mode fails with an error naming the library and the package, and asks nothing")
  func libcurlMissing() async throws {
    let server = try ReplayServer(exchanges: [RecordedExchange(path: "/x", response: .json(200, "{}"))])
    defer { server.stop() }
    var client = client()
    client.libcurl = "libcurl-not-installed.so.4"
    let error = try await client.failure(request(server, "/x"))
    #expect(error.kind == .transport)
    #expect(error.message.contains("libcurl-not-installed.so.4"), "\(error)")
    #expect(error.message.contains("libcurl4"), "\(error)")
    #expect(server.requests.isEmpty)
  }

  @Test("https to a server that speaks plain HTTP is a failed secure connection, in those words")
  func secureConnectionFails() async throws {
    let server = try RawServer(answer: Self.answer([], body: Array("{}".utf8)))
    defer { server.stop() }
    let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/x"))
    let error = try await client().failure(HTTPRequest(url: url))
    #expect(error.kind == .transport)
    #expect(error.message.hasPrefix("the secure connection to 127.0.0.1:\(server.port) failed ("), "\(error)")
  }
}
