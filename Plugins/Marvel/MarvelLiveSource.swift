import Foundation
import PluginHTTP
import ScreenKit

/// The Marvel Comics API over HTTP: `MARVEL_BASE_URL` (default https://gateway.marvel.com),
/// signed with `MARVEL_PUBLIC_KEY` and `MARVEL_PRIVATE_KEY`.
///
/// Marvel shut its public API down in 2025, so this serves anyone who runs a compatible server;
/// the tests run it against recorded answers replayed on 127.0.0.1.
///
///     GET /v1/public/characters?nameStartsWith=Iron&limit=20&offset=0&ts=…&apikey=…&hash=…
///     GET /v1/public/characters/1009368?ts=…&apikey=…&hash=…
///     GET /v1/public/characters/1009368/comics?limit=20&offset=0&ts=…&apikey=…&hash=…
struct MarvelLiveSource: DataSource {
  static let baseURLVariable = "MARVEL_BASE_URL"
  static let defaultBaseURL = "https://gateway.marvel.com"
  /// Names the request may not set: the paging and the signature are the source's to send.
  static let reservedParameters: Set<String> = ["limit", "offset", "ts", "apikey", "hash"]
  /// The largest offset, count or total read from an answer: Marvel's own are far below it, and
  /// anything above is not a page but a hostile or broken server.
  static let maximumCount = Int(Int32.max)

  private let base: URL
  private let credentials: MarvelCredentials
  private let client: HTTPClient
  private let redactor: Redactor
  private let timestamp: @Sendable () -> String

  init(
    environment: [String: String],
    timestamp: @escaping @Sendable () -> String = { String(Int((Date().timeIntervalSince1970 * 1000).rounded())) }
  ) throws(DataSourceError) {
    let credentials = try MarvelCredentials(environment: environment)
    redactor = Redactor(secrets: credentials.secrets)
    base = try HTTPURL.base(
      from: environment, variable: Self.baseURLVariable, default: Self.defaultBaseURL, redactor: redactor)
    client = HTTPClient(configuration: try HTTPConfiguration(environment: environment), redactor: redactor)
    self.credentials = credentials
    self.timestamp = timestamp
  }

  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try await redacting { () throws(DataSourceError) in
      var parameters = request.parameters
      let path: String
      let record: String
      switch request.resource {
      case "characters":
        path = "/v1/public/characters"
        record = "a character"
      case "character-comics":
        path = "/v1/public/characters/\(try Self.id(parameters.removeValue(forKey: "id")))/comics"
        record = "a comic"
      default:
        throw .server(status: 404, "\(request.resource) does not exist")
      }
      let offset = try Self.offset(request.cursor)
      let query = try Self.query(parameters) + [("limit", String(request.pageSize)), ("offset", String(offset))]
      let body = try await get(path, query: query)
      let reader = ResponseReader("the Marvel answer to \(path)")
      _ = try reader.object(body, at: .root, "an answer")
      let data = try reader.object(body["data"], at: .root / "data", "the data container")
      let results = try reader.records(data["results"], at: .root / "data" / "results", each: record)
      // Each is at most `maximumCount`, so `start + count` cannot overflow.
      let counts = 0...Self.maximumCount
      let start = try reader.integer(data["offset"], at: .root / "data" / "offset", in: counts, "an offset") ?? offset
      let count =
        try reader.integer(data["count"], at: .root / "data" / "count", in: counts, "a count") ?? results.count
      let total = try reader.integer(data["total"], at: .root / "data" / "total", in: counts, "a total")
      let end = start + count
      let more = count > 0 && total.map { end < $0 } == true
      return Page(
        records: results, total: total, next: more ? PageCursor(String(end)) : nil,
        attribution: body["attributionText"]?.stringValue)
    }
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    try await redacting { () throws(DataSourceError) in
      guard request.resource == "character" else {
        throw .server(status: 404, "\(request.resource) does not exist")
      }
      var parameters = request.parameters
      let id = try Self.id(parameters.removeValue(forKey: "id"))
      let path = "/v1/public/characters/\(id)"
      let body = try await get(path, query: try Self.query(parameters))
      let reader = ResponseReader("the Marvel answer to \(path)")
      _ = try reader.object(body, at: .root, "an answer")
      let data = try reader.object(body["data"], at: .root / "data", "the data container")
      let results = try reader.records(data["results"], at: .root / "data" / "results", each: "a character")
      guard let character = results.first else {
        throw .server(status: 404, "Marvel has no character with id \(id)")
      }
      return Record(character, attribution: body["attributionText"]?.stringValue)
    }
  }

  /// GETs `path` signed, and returns the body of a 200 or throws the error Marvel gave.
  private func get(_ path: String, query: [(String, String)]) async throws(DataSourceError) -> JSON {
    guard let url = HTTPURL.make(base: base, path: path, query: query + credentials.signature(timestamp: timestamp()))
    else {
      throw .badRequest("cannot make a URL from \(Self.baseURLVariable) and \(path)", parameter: Self.baseURLVariable)
    }
    var headers = HTTPHeaders()
    headers["Accept"] = "application/json"
    headers["User-Agent"] = "screenrun/\(ScreenRun.version)"
    let request = HTTPRequest(url: url, headers: headers, unkeyedQueryItems: ["ts", "apikey", "hash"])
    let response = try await client.get(request)
    guard response.status == 200 else {
      throw MarvelAPIError.error(for: response, parameters: query.map(\.0), redactor: redactor)
    }
    return try response.json()
  }

  /// Runs `work`, and passes any error's message through the redactor once more: whatever a
  /// server echoes, no secret reaches a person.
  private func redacting<T>(_ work: () async throws(DataSourceError) -> T) async throws(DataSourceError) -> T {
    do {
      return try await work()
    } catch {
      throw DataSourceError(error.kind, redactor(error.message))
    }
  }

  /// The request's own parameters as query items, in name order.
  private static func query(_ parameters: [String: String]) throws(DataSourceError) -> [(String, String)] {
    if let reserved = parameters.keys.sorted().first(where: reservedParameters.contains) {
      throw .badRequest(
        "'\(reserved)' is set by screenrun for the Marvel API; remove it from the screen's params", parameter: reserved)
    }
    return parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// A character id: Marvel's are numbers, and checking keeps anything else out of the path.
  private static func id(_ value: String?) throws(DataSourceError) -> String {
    let id = value?.trimmingCharacters(in: .whitespaces) ?? ""
    guard !id.isEmpty else { throw .badRequest("a character id is required", parameter: "id") }
    guard id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber) else {
      throw .badRequest("a Marvel character id is a number, not '\(id)'", parameter: "id")
    }
    return id
  }

  private static func offset(_ cursor: PageCursor?) throws(DataSourceError) -> Int {
    guard let cursor else { return 0 }
    guard let offset = CheckedNumber.integer(cursor.value, in: 0...maximumCount) else {
      throw .badRequest("the page cursor '\(cursor.value)' is not an offset of 0 or more", parameter: "offset")
    }
    return offset
  }
}
