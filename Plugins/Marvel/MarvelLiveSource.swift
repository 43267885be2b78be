import FoundationEssentials
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
struct MarvelLiveSource: MarvelAPI {
  static let baseURLVariable = "MARVEL_BASE_URL"
  static let defaultBaseURL = "https://gateway.marvel.com"
  /// The largest offset, count or total read from an answer: Marvel's own are far below it, and
  /// anything above is not a page but a hostile or broken server.
  static let maximumCount = PageCursor.largestPlace

  private let service: LiveService
  private let credentials: MarvelCredentials
  private let timestamp: @Sendable () -> String

  init(
    environment: [String: String],
    timestamp: @escaping @Sendable () -> String = { String(Int((Date().timeIntervalSince1970 * 1000).rounded())) }
  ) throws(DataSourceError) {
    let credentials = try MarvelCredentials(environment: environment)
    service = try LiveService(
      environment: environment, baseURLVariable: Self.baseURLVariable, defaultBaseURL: Self.defaultBaseURL,
      secrets: credentials.secrets, errors: MarvelAPIError.mapping())
    self.credentials = credentials
    self.timestamp = timestamp
  }

  func characters(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try await service.redacting { () throws(DataSourceError) in
      try await page("/v1/public/characters", request.parameters, request, each: "a character")
    }
  }

  func comics(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try await service.redacting { () throws(DataSourceError) in
      var parameters = request.parameters
      let id = try Self.id(parameters.removeValue(forKey: "id"))
      return try await page(
        "/v1/public/characters/\(id, parameter: "id")/comics", parameters, request, each: "a comic",
        resource: "character \(id)")
    }
  }

  func character(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    try await service.redacting { () throws(DataSourceError) in
      var parameters = request.parameters
      let id = try Self.id(parameters.removeValue(forKey: "id"))
      let path: HTTPPath = "/v1/public/characters/\(id, parameter: "id")"
      let body = try await get(path, query: Self.query(parameters), resource: "character \(id)")
      let reader = ResponseReader("the Marvel answer to \(path)")
      _ = try reader.object(body, at: .root, "an answer")
      let data = try reader.object(body["data"], at: .root / "data", "the data container")
      let results = try reader.records(data["results"], at: .root / "data" / "results", each: "a character")
      guard let character = results.first else {
        throw .notFound(
          "Marvel has no character \(id) (its answer holds no result); check the parameter 'id'",
          resource: "character \(id)", parameter: "id")
      }
      return Record(character, attribution: body["attributionText"]?.stringValue)
    }
  }

  /// Marvel's 409, as the server's own answer reads.
  func refused(_ status: String, parameter: String?) -> DataSourceError {
    .badRequest("Marvel refused the request (409): \(status)", parameter: parameter)
  }

  /// A page of `path`: Marvel's `data.results`, with its `offset`, `count` and `total`.
  private func page(
    _ path: HTTPPath, _ parameters: [String: String], _ request: PageRequest, each record: String,
    resource: String? = nil
  ) async throws(DataSourceError) -> Page {
    let offset = try PageCursor.offset(request.cursor)
    let query = Self.query(parameters) + [("limit", String(request.pageSize)), ("offset", String(offset))]
    let body = try await get(path, query: query, resource: resource)
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
    return Page(
      records: results, total: total, next: total.flatMap { PageCursor.next(offset: start, count: count, total: $0) },
      attribution: body["attributionText"]?.stringValue)
  }

  /// GETs `path` signed, and returns the body of a 200 or throws the error Marvel gave (its
  /// error answers come back to read, since a 409 names the parameter at fault). `resource` is
  /// the character a 404 did not find.
  private func get(
    _ path: HTTPPath, query: [(String, String)], resource: String? = nil
  ) async throws(DataSourceError) -> JSON {
    let url = try service.url(path, query: query + credentials.signature(timestamp: timestamp()))
    let request = HTTPRequest(
      url: url, headers: service.headers(), unkeyedQueryItems: ["ts", "apikey", "hash"], returnsErrorStatus: true)
    let response = try await service.get(request)
    guard response.status == 200 else {
      throw MarvelAPIError.error(
        for: response, parameters: query.map(\.0), resource: resource, parameter: resource == nil ? nil : "id",
        redactor: service.redactor)
    }
    return try response.json()
  }

  /// The request's own parameters as query items, in name order (the core has let through only
  /// those the resource declares).
  private static func query(_ parameters: [String: String]) -> [(String, String)] {
    parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// A character id: Marvel's are numbers, and checking keeps anything else out of the path.
  private static func id(_ value: String?) throws(DataSourceError) -> String {
    guard let id = Parameter.trimmed(value) else { throw .badRequest("a character id is required", parameter: "id") }
    guard id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber) else {
      throw .badRequest("a Marvel character id is a number, not '\(id)'", parameter: "id")
    }
    return id
  }
}
