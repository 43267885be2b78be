import Foundation
import PluginHTTP
import ScreenKit
import ScreenRunTesting
import Testing

/// The Swift kit of issue 40: bearer auth in one argument, one call from a path to a record at a
/// JSON pointer, and `HTTPStub`, which answers the whole client from a table with no server.
@Suite("Swift kit")
struct SwiftKitTests {
  static let stops: JSON = [
    "stops": [["id": "S1", "name": "Central"], ["id": "S2", "name": "Harbour"]], "total": 41,
  ]

  func service(_ api: HTTPStub, token: String? = "tok-bearer-123", errors: HTTPErrorMapping? = nil) throws
    -> LiveService
  {
    var environment = ["T_URL": api.baseURL]
    environment["T_TOKEN"] = token
    return try LiveService(
      environment: environment, baseURLVariable: "T_URL", defaultBaseURL: "https://t.example", bearer: "T_TOKEN",
      errors: errors)
  }

  @Test func theBearerTokenIsSentAndRedacted() async throws {
    let api = try HTTPStub([
      "/stops?q=c": ["body": Self.stops],
      "/echo": ["status": 401, "body": ["message": "your token tok-bearer-123 is bad"]],
    ])
    let service = try service(api)
    let answer = try await service.fetch("/stops", query: [("q", "c")])
    #expect(try answer.records(at: .root / "stops", each: "a stop").count == 2)
    #expect(try answer.integer(at: .root / "total", in: 0...Int.max, "the total") == 41)
    let sent = try #require(api.sent.first)
    #expect(sent.target == "/stops?q=c")
    #expect(sent.headers["Authorization"] == "Bearer tok-bearer-123")
    #expect(sent.headers["Accept"] == "application/json")
    #expect(sent.headers["User-Agent"] == "screenrun/\(ScreenRun.version)")
    // The token is a secret: echoed back in an error, it is masked, and the advice names the variable.
    let error = await #expect(throws: DataSourceError.self) { try await service.fetch("/echo") }
    #expect(error?.kind == .badCredentials)
    #expect(error?.message.contains("tok-bearer-123") == false)
    #expect(error?.message.hasSuffix("(401 Unauthorized: your token REDACTED is bad); check T_TOKEN") == true)
    #expect(SecretRegistry.shared.contains("tok-bearer-123"))
    // A request with its own Authorization keeps it.
    var headers = HTTPHeaders()
    headers["Authorization"] = "Token x"
    _ = try await service.get(HTTPRequest(url: try service.url("/stops", query: [("q", "c")]), headers: headers))
    #expect(api.sent.last?.headers["Authorization"] == "Token x")
  }

  @Test func withoutTheTokenRequestsGoWithoutItAndA401SaysToSetIt() async throws {
    let api = try HTTPStub(["/stops": ["status": 401, "body": ["message": "token required"]]])
    for token in [nil, "", "  "] {
      let service = try service(api, token: token)
      let error = await #expect(throws: DataSourceError.self) { try await service.fetch("/stops") }
      #expect(
        error?.description
          == "bad credentials: \(api.baseURL.dropFirst(7)) asks for valid credentials (401 Unauthorized: token required); set T_TOKEN"
      )
    }
    #expect(api.sent.allSatisfy { $0.headers["Authorization"] == nil })
    let advised = try service(api, token: nil, errors: HTTPErrorMapping(api: "T", credentialAdvice: "get a key"))
    let error = await #expect(throws: DataSourceError.self) { try await advised.fetch("/stops") }
    #expect(error?.message.hasSuffix("; get a key") == true)
  }

  @Test func oneCallReadsTheRecordAtAPointer() async throws {
    let api = try HTTPStub(
      [
        "/stops/S1": ["body": ["stop": ["id": "S1", "name": "Central", "departures": [["line": "4"]]]]],
        "/stops/S2": ["body": ["stop": "closed"]],
        "/stops/S3": ["text": "<html>"],
      ], host: "transit.invalid")
    let service = try service(api)
    let stop = try await service.fetch("/stops/\("S1", parameter: "id")").object(at: .root / "stop", "a stop")
    #expect(stop["name"] == "Central")
    let wrong = await #expect(throws: DataSourceError.self) {
      try await service.fetch("/stops/S2").object(at: .root / "stop", "a stop")
    }
    #expect(
      wrong?.message
        == "the answer from transit.invalid to /stops/S2 is not what the API sends: the answer's stop is a string, "
        + "not a stop (an object) (at /stop)")
    let missing = await #expect(throws: DataSourceError.self) {
      try await service.fetch("/stops/S1").object(at: .root / "record", "a stop")
    }
    #expect(
      missing?.message.contains("the answer's record is missing; expected a stop (an object) (at /record)") == true)
    let html = await #expect(throws: DataSourceError.self) { try await service.fetch("/stops/S3") }
    #expect(html?.message.hasPrefix("the answer from transit.invalid to /stops/S3 is not valid JSON") == true)
    // A 404 names the one parameter of the path, and shows the path as sent.
    let absent = await #expect(throws: DataSourceError.self) {
      try await service.fetch("/stops/\("GHCND:X/../Y", parameter: "id")")
    }
    #expect(absent?.kind == .notFound(resource: nil, parameter: "id"))
    #expect(
      absent?.message.hasPrefix("transit.invalid has nothing at /stops/GHCND%3AX%2F..%2FY (404 Not Found: ") == true)
    #expect(absent?.message.hasSuffix("; check the parameter 'id'") == true)
    #expect(api.requests.last == "/stops/GHCND%3AX%2F..%2FY")
    // A reader made from a response reads the same; one made from a place alone reads nothing.
    let response = try await service.get(HTTPRequest(url: try service.url("/stops/S1")))
    #expect(try ResponseReader(response).object(at: .root / "stop" / "departures" / 0, "a departure")["line"] == "4")
    #expect(throws: DataSourceError.self) { try ResponseReader("nothing").object(at: .root, "a stop") }
  }

  @Test func aPageByNumberFollowsTheTotalOrTheLengthOfThePage() async throws {
    let api = try HTTPStub([
      "/stops?page=1": ["body": Self.stops], "/stops?page=3": ["body": ["stops": [["id": "S9"]], "total": 41]],
      "/stops?page=9": ["body": ["stops": [], "total": 9999]],
      "/untold": ["body": ["stops": [["id": "S1"], ["id": "S2"]]]],
      "/lying": ["body": ["stops": [["id": "S1"]], "total": -1]],
    ])
    let service = try service(api)
    func page(_ path: HTTPPath, _ number: Int, size: Int = 20) async throws -> Page {
      let answer = try await service.fetch(path, query: [("page", "\(number)")])
      return try answer.page(at: .root / "stops", total: .root / "total", pageNumber: number, size: size)
    }
    let first = try await page("/stops", 1)
    #expect(first.records.count == 2 && first.total == 41 && first.next == PageCursor(pageNumber: 2))
    #expect(try await page("/stops", 3).next == nil)
    #expect(try await page("/stops", 9).next == nil)  // empty: the last, whatever the total
    #expect(try await page("/untold", 1, size: 2).next == PageCursor(pageNumber: 2))
    #expect(try await page("/untold", 1, size: 3).next == nil)
    await #expect(throws: DataSourceError.self) { try await page("/lying", 1) }
  }

  @Test func aRequestReadsItsParametersByName() {
    let list = PageRequest(resource: "stops", parameters: ["q": "central"], pageSize: 20)
    #expect(list["q"] == "central" && list["zone"] == "")
    let record = RecordRequest(resource: "stop", parameters: ["id": "S1"])
    #expect(record["id"] == "S1" && record["other"] == "")
  }

  @Test func theStubAnswersByPathAndStatusAndBodyAndHeaders() async throws {
    let api = try HTTPStub([
      "/limited": ["status": 429, "headers": ["Retry-After": "30"], "body": ["message": "slow down"]],
      "/any": ["text": #"{"ok": true}"#],
    ])
    let service = try service(api, errors: HTTPErrorMapping(api: "T"))
    let limited = await #expect(throws: DataSourceError.self) { try await service.fetch("/limited") }
    #expect(limited?.kind == .rateLimited(until: nil, retryAfter: 30))
    #expect(try await service.fetch("/any", query: [("x", "1")]).body["ok"] == true)
    let unknown = await #expect(throws: DataSourceError.self) { try await service.fetch("/nowhere") }
    #expect(
      unknown?.message == "T has nothing at /nowhere (404 Not Found: the HTTPStub table has no answer for /nowhere)")
    #expect(api.requests == ["/limited", "/any?x=1", "/nowhere"])
  }

  @Test func aStubReadsItsTableFromAFileAndSaysWhatIsWrongInOne() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("httpstub-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("api.json")
    try #"""
    { "/stops": { "body": { "stops": [], "total": 0 }, "headers": { "X-RateLimit-Remaining": "9" } },
      "/plain": { "status": 503, "text": "down" } }
    """#.write(to: file, atomically: true, encoding: .utf8)
    let api = try HTTPStub(file: file.path)
    let service = try service(api, errors: HTTPErrorMapping(api: "T"))
    #expect(try await service.fetch("/stops").integer(at: .root / "total", in: 0...Int.max, "the total") == 0)
    let down = await #expect(throws: DataSourceError.self) { try await service.fetch("/plain") }
    #expect(down?.description == "server error 503: T failed (503 Service Unavailable); try again later")
    for (table, problem) in [
      ("[]", "is an array, not an object"), (#"{"/a": 1}"#, "the answer to '/a' is an integer, not an object"),
      (#"{"/a": {"status": 7}}"#, "has a status that is not a whole number from 100 to 599"),
      (#"{"/a": {"headers": {"A": 1}}}"#, "has a header 'A' that is not a string"), ("{", "cannot read"),
    ] {
      try table.write(to: file, atomically: true, encoding: .utf8)
      let error = #expect(throws: (any Error).self) { try HTTPStub(file: file.path) }
      #expect(error.map { "\($0)" }?.contains(problem) == true, "\(String(describing: error))")
    }
  }

  @Test func aStubAnswersOnlyForItsMadeUpHostAndWhileItLives() async throws {
    var api: HTTPStub? = try HTTPStub(["/a": ["body": ["ok": true]]], host: "kit-lifetime.invalid")
    let service = try service(try #require(api))
    #expect(try await service.fetch("/a").body["ok"] == true)
    // Another stub alive cannot take the host; once the first is released, one can.
    withKnownIssue { _ = try HTTPStub([:], host: "kit-lifetime.invalid") }
    api = nil
    let next = try HTTPStub(["/a": ["body": ["ok": false]]], host: "kit-lifetime.invalid")
    #expect(try await service.fetch("/a").body["ok"] == false)
    #expect(next.requests.count == 1)
    // A real host is never answered from a table.
    withKnownIssue { _ = try HTTPStub([:], host: "example.com") }
  }
}
