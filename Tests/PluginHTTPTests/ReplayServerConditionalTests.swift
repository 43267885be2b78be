import Foundation
import ReplayServer
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The replay server's conditional requests, on the wire: an answer with an ETag, then a request
/// naming it gets `304 Not Modified` with no body, as GitHub's API answers (what P13's refreshes
/// of unchanged data are to get); and recordings that dropped their ETag can be given one.
@Suite("Replay server: conditional requests")
struct ReplayServerConditionalTests {
  static let page = RecordedExchange(path: "/items", response: .json(200, #"{"items": [1, 2]}"#))

  @Test("If-None-Match naming the ETag sent is answered 304 Not Modified, with no body; another tag gets the body")
  func notModified() throws {
    let server = try ReplayServer(exchanges: RecordedFixtures.tagged([Self.page]))
    defer { server.stop() }
    let first = try Self.get(server, "/items")
    #expect(first.head.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(first.head)")
    #expect(first.body == #"{"items": [1, 2]}"#)
    let etag = try #require(Self.header("ETag", in: first.head))

    let second = try Self.get(server, "/items", headers: ["If-None-Match: \(etag)"])
    #expect(second.head.hasPrefix("HTTP/1.1 304 Not Modified\r\n"), "\(second.head)")
    #expect(second.body.isEmpty)
    #expect(Self.header("Content-Length", in: second.head) == nil)
    #expect(Self.header("ETag", in: second.head) == etag)

    let weak = try Self.get(server, "/items", headers: ["If-None-Match: W/\(etag)"])
    #expect(weak.head.hasPrefix("HTTP/1.1 304 Not Modified\r\n"), "a weak tag compares weakly for a GET")

    let other = try Self.get(server, "/items", headers: [#"If-None-Match: "another""#])
    #expect(other.head.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(other.head)")
    #expect(other.body == #"{"items": [1, 2]}"#)
    // The server notes a status once its answer is sent, which the client may have read first.
    let deadline = ContinuousClock.now + .seconds(5)
    while server.requests.contains(where: { $0.status == nil }), ContinuousClock.now < deadline {
      usleep(10_000)
    }
    #expect(server.requests.map(\.status) == [200, 304, 304, 200])
  }

  @Test("tagged gives a 2xx answer with no ETag one made from its body, and leaves the rest as they are")
  func tagging() throws {
    let recorded = RecordedExchange(
      path: "/kept", response: .json(200, "{}", headers: [("ETag", #"W/"recorded""#)]))
    let missing = RecordedExchange(path: "/missing", response: .json(404, #"{"message": "Not Found"}"#))
    let same = RecordedExchange(path: "/same", response: .json(200, #"{"items": [1, 2]}"#))
    let tagged = RecordedFixtures.tagged([Self.page, recorded, missing, same])
    let tag = try #require(tagged[0].response.header("ETag"))
    #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 18, "\(tag)")
    #expect(tagged[3].response.header("ETag") == tag, "the same bytes, the same tag")
    #expect(tagged[1].response.headers.filter { $0.name == "ETag" }.map(\.value) == [#"W/"recorded""#])
    #expect(tagged[2].response.header("ETag") == nil)
  }

  @Test("the recordings the replay-server tool serves, tagged, answer a conditional search with a 304")
  func recordedSearch() throws {
    let ignored = ReplayServer.signatureQueryItems.union(["per_page"])
    let exchanges = RecordedFixtures.serving([RecordedFixtures.directory], ignoring: ignored)
    let server = try ReplayServer(exchanges: RecordedFixtures.tagged(exchanges), ignoredQueryItems: ignored)
    defer { server.stop() }
    let target = "/search/repositories?q=github3+language%3Apython&per_page=30"
    let first = try Self.get(server, target)
    #expect(first.head.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(first.head)")
    let etag = try #require(Self.header("ETag", in: first.head))
    let second = try Self.get(server, target, headers: ["If-None-Match: \(etag)"])
    #expect(second.head.hasPrefix("HTTP/1.1 304 Not Modified\r\n") && second.body.isEmpty, "\(second.head)")
  }

  /// A GET over a plain socket: the answer's head (to its blank line) and its body, read to the
  /// end (the server closes each connection).
  static func get(_ server: ReplayServer, _ target: String, headers: [String] = []) throws -> (
    head: String, body: String
  ) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(server.port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    try #require(connected)
    let request = (["GET \(target) HTTP/1.1", "Host: 127.0.0.1"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
    let bytes = Array(request.utf8)
    try #require(bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) } == bytes.count)
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      answer += buffer[0..<count]
    }
    let text = String(decoding: answer, as: UTF8.self)
    let end = try #require(text.range(of: "\r\n\r\n"))
    return (String(text[..<end.upperBound]), String(text[end.upperBound...]))
  }

  /// The value of the header `name` in `head`, in any case.
  static func header(_ name: String, in head: String) -> String? {
    for line in head.components(separatedBy: "\r\n").dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == name.lowercased() {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }
}
