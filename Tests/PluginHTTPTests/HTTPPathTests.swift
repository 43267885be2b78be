import Foundation
import PluginHTTP
import ReplayServer
import ScreenKit
import Testing

/// A value in a request path is one segment, whatever it holds, and `.` or `..` never reaches a
/// server: checked against what the replay server saw.
@Suite("Request paths")
struct HTTPPathTests {
  static let id = "GHCND:X/../Y"

  func service(_ base: String = "http://127.0.0.1:9/v1") throws -> LiveService {
    try LiveService(environment: ["X_URL": base], baseURLVariable: "X_URL", defaultBaseURL: "https://api.example")
  }

  @Test("an id of GHCND:X/../Y reaches the server as one encoded segment, in every form")
  func oneSegmentAtTheServer() async throws {
    let server = try ReplayServer(exchanges: [
      RecordedExchange(path: "/stations/GHCND:X/../Y/data", response: .json(200, #"{"ok": true}"#))
    ])
    defer { server.stop() }
    let service = try service(server.baseURL)
    let id = Self.id
    let urls = [
      try service.url(["stations", .parameter("id", id), "data"], query: [("units", "metric")]),
      try service.url("/stations/\(id, parameter: "id")/data", query: [("units", "metric")]),
      try service.url("/stations/\(id)/data", query: [("units", "metric")]),
    ]
    for url in urls {
      let response = try await service.get(HTTPRequest(url: url, usesCache: false))
      #expect(response.status == 200)
    }
    let seen = server.requests
    #expect(seen.count == 3)
    for request in seen {
      #expect(request.path == "/stations/GHCND%3AX%2F..%2FY/data", "\(request.target)")
      #expect(request.path.split(separator: "/").count == 3)
      #expect(request.queryValue("units") == "metric")
    }
  }

  @Test("'/', '?', '#', '%' and non-ASCII in a value are encoded; '~-._' are kept")
  func encoding() throws {
    let url = try service().url(["a", .value("x/y?z#w%20ü~-._")])
    #expect(url.absoluteString == "http://127.0.0.1:9/v1/a/x%2Fy%3Fz%23w%2520%C3%BC~-._")
  }

  @Test("a value of '.' or '..' is refused, naming the parameter, in every form", arguments: [".", ".."])
  func dotValues(_ id: String) throws {
    let service = try service()
    let expected =
      "bad request: the parameter 'id' is '\(id)', which cannot be a path segment: a server would resolve it to "
      + "another path"
    let fromSegments = #expect(throws: DataSourceError.self) { try service.url(["stations", .parameter("id", id)]) }
    let fromText = #expect(throws: DataSourceError.self) { try service.url("/stations/\(id, parameter: "id")/data") }
    for error in [fromSegments, fromText] {
      #expect(error?.kind == .badRequest(parameter: "id"))
      #expect(error?.description == expected)
    }
  }

  @Test("an empty value is refused where it would be a whole segment, and allowed inside one")
  func emptyValues() throws {
    let service = try service()
    let errors = [
      #expect(throws: DataSourceError.self) { try service.url("/stations/\("", parameter: "id")/data") },
      #expect(throws: DataSourceError.self) { try service.url("/stations/\("", parameter: "id")") },
      #expect(throws: DataSourceError.self) { try service.url(["stations", .parameter("id", "")]) },
    ]
    for error in errors {
      #expect(error?.kind == .badRequest(parameter: "id"))
      #expect(error?.message.contains("the parameter 'id' is empty") == true)
    }
    #expect(try service.url("/v2\("", parameter: "suffix")/x").path == "/v1/v2/x")
  }

  @Test(
    "a raw path with a '.' or '..' segment is refused, %2e included",
    arguments: ["/a/../b", "/./a", "/a/%2e%2E", "/a/.%2e/b"])
  func rawDotSegments(_ path: String) throws {
    let error = #expect(throws: DataSourceError.self) { try self.service().url(HTTPPath(encoded: path)) }
    #expect(error?.kind == .badRequest, "\(String(describing: error))")
    #expect(error?.message.contains("which a server would resolve to another path") == true)
  }

  @Test("literal text stays as written, and paths join with +")
  func literalAndJoin() throws {
    let owner = "oc/to"
    let path: HTTPPath = "/repos/\(owner, parameter: "repo")" + "/commits/\(7)"
    #expect(path.description == "/repos/oc%2Fto/commits/7")
    #expect(try service().url(HTTPPath(encoded: "/a%20b/.well-known")).path == "/v1/a b/.well-known")
  }
}
