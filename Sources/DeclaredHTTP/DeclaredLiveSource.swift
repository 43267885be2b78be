import FoundationEssentials
import PluginHTTP
import PluginHost
import ScreenKit
import Synchronization

/// A declared REST API, live: each request built from the resource's `request`, sent through
/// `LiveService` (the HTTP layer of the compiled-in live sources), and its answer read at the
/// declared JSON pointers. Credentials go only to the base URL's origin: a next-page link to
/// another scheme, host or port is refused (as the compiled-in sources refuse it), and so is a
/// redirect there (PluginHTTP follows redirects on the same origin only).
struct DeclaredLiveSource: DataSource {
  let name: String
  let http: HTTPDeclaration
  /// Each searchable resource's search parameter.
  let searches: [String: String]
  /// Each resource's parameters' defaults (`list:NAME`, `record:NAME`): what a request template
  /// reads for a parameter the request leaves out or blank.
  let defaults: [String: [String: String]]
  let service: LiveService
  let environment: [String: String]
  /// The credential variables' values; nil when the auth is optional and not set.
  let credentials: [String: String]?
  let clock: @Sendable () -> Double
  /// The pages followed in each list since its first page: a next page that repeats is an error.
  let chains = Chains()

  init(
    manifest: PluginManifest, http: HTTPDeclaration, environment: [String: String],
    clock: @escaping @Sendable () -> Double
  ) throws(DataSourceError) {
    name = manifest.name
    self.http = http
    searches = Dictionary(
      manifest.resources.compactMap { resource in resource.search.map { (resource.name, $0) } },
      uniquingKeysWith: { first, _ in first })
    defaults = Dictionary(
      manifest.resources.map { resource in
        (
          "\(resource.kind):\(resource.name)",
          Dictionary(
            resource.parameters.compactMap { parameter in parameter.defaultValue.map { (parameter.name, $0) } },
            uniquingKeysWith: { first, _ in first })
        )
      },
      uniquingKeysWith: { first, _ in first })
    self.environment = environment
    self.clock = clock
    var credentials: [String: String]?
    if let auth = http.auth {
      var values: [String: String] = [:]
      for variable in auth.variables {
        let value = (environment[variable] ?? "").trimmingWhitespace()
        if !value.isEmpty { values[variable] = value }
      }
      let missing = auth.variables.filter { values[$0] == nil }
      if missing.isEmpty {
        credentials = values
      } else if auth.required {
        let said =
          missing.count == auth.variables.count
          ? (missing.count == 1 ? "it is not set" : missing.count == 2 ? "neither is set" : "none is set")
          : "\(Self.list(missing)) \(missing.count == 1 ? "is" : "are") not"
        throw .badRequest(
          "live data of plugin '\(manifest.name)' needs \(Self.list(auth.variables)) set in the environment, and \(said)"
            + (http.sample == nil ? "" : "; or leave out --live to use its sample data"),
          parameter: missing[0])
      }
    }
    self.credentials = credentials
    // A secret sent in a query goes percent-encoded: that form is as secret as the value.
    var secrets = (http.auth?.secrets ?? []).compactMap { credentials?[$0] }
    secrets += secrets.map(HTTPURL.encode).filter { !secrets.contains($0) }
    for secret in secrets { SecretRegistry.shared.register(secret) }
    let errors = http.errors
    service = try LiveService(
      environment: environment, baseURLVariable: http.baseURLVariable, defaultBaseURL: http.defaultBaseURL,
      secrets: secrets,
      errors: HTTPErrorMapping(
        api: errors.api ?? manifest.name, messagePointers: errors.messagePointers,
        credentialAdvice: errors.credentialAdvice, notFoundAdvice: errors.notFoundAdvice,
        rateLimitAdvice: errors.rateLimitAdvice))
  }

  static func list(_ names: [String]) -> String {
    names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
  }

  // MARK: - Requests

  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try await service.redacting { () throws(DataSourceError) in try await list(request) }
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    try await service.redacting { () throws(DataSourceError) in try await one(request) }
  }

  private func declared(_ resource: String) throws(DataSourceError) -> ResourceRequest {
    guard let declared = http.requests[resource] else {
      throw .badRequest("plugin '\(name)' declares no request for resource '\(resource)'")
    }
    return declared
  }

  private func list(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let declared = try declared(request.resource)
    let resource = request.resource
    if declared.emptySearch == .nothing, let search = searchParameter(resource),
      (request.parameters[search] ?? "").trimmingWhitespace().isEmpty
    {
      return Page(records: [], total: 0, next: nil, attribution: http.attribution)
    }
    let paging = declared.paging
    let values = TemplateValues(
      parameters: withDefaults(request.parameters, of: "list:\(resource)"), environment: environment, now: clock())
    let credentials = try self.credentials(for: http.auth)
    // The pages followed are this list's: its resource and its parameters, the search among them.
    let list = ([resource] + request.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
      .joined(separator: "\u{0}")
    let url: URL
    var place = 0
    var followed: String?
    if let cursor = request.cursor, paging?.kind == .link || paging?.kind == .nextURL {
      // Checked as the server gave it, before credentials: a signature changes on every request.
      let target = try service.follow(cursor, api: apiName)
      try chains.check(target.absoluteString, list: list, resource: resource, limit: paging?.maxPages)
      followed = target.absoluteString
      url = withCredentials(target, credentials)
    } else {
      var query = try self.query(declared, values)
      if let paging {
        if let size = paging.size { query.append((size, String(request.pageSize))) }
        switch paging.kind {
        case .offset, .page:
          // Counted as requests, not as the offset over the page size: a server that answers
          // one record a page would get `maxPages` times the page size of requests.
          let isOffset = paging.kind == .offset
          place = try isOffset ? PageCursor.offset(request.cursor) : pageNumber(request.cursor, first: paging.first)
          if request.cursor != nil {
            // An offset or page number asked again is the same page, not a loop (the list opened
            // anew on another screen started it afresh); a server that ignores it is caught by its
            // records (`PagedList`).
            let page = "\(isOffset ? "offset" : "page") \(place)"
            try chains.check(page, list: list, resource: resource, limit: paging.maxPages, repeats: true)
            followed = page
          }
          if let parameter = paging.parameter { query.append((parameter, String(place))) }
        case .cursor:
          if let cursor = request.cursor, let parameter = paging.parameter {
            try chains.check(cursor.value, list: list, resource: resource, limit: paging.maxPages)
            followed = cursor.value
            query.append((parameter, cursor.value))
          }
        case .link, .nextURL:
          break
        }
      }
      let bare = try service.url(try values.path(declared.path), query: query)
      if request.cursor == nil { chains.start(list, with: bare.absoluteString) }
      url = withCredentials(bare, credentials)
    }
    let response = try await send(url, credentials)
    if declared.emptyStatuses.contains(response.status) {
      return Page(records: [], next: nil, attribution: http.attribution)
    }
    guard (200...299).contains(response.status) else { throw error(response, declared, values) }
    let body = try json(response, resource)
    let reader = ResponseReader("the answer of plugin '\(name)' to resource '\(resource)' (\(response.url.path))")
    let records = try reader.records(
      declared.records.tokens.isEmpty ? body : body[path: declared.records.tokens], at: declared.records,
      each: "a record")
    var total: Int?
    if let pointer = declared.total {
      total = try reader.integer(body[path: pointer.tokens], at: pointer, in: 0...PageCursor.largestPlace, "a total")
    }
    let reachable = paging?.cap.flatMap { cap in total.map { min($0, cap) } }
    var next: PageCursor?
    if let paging, !records.isEmpty {
      switch paging.kind {
      case .offset:
        let end = place + records.count
        let limit = [total, paging.cap].compactMap { $0 }.min()
        next = limit.map { end < $0 } ?? (records.count >= request.pageSize) ? PageCursor(offset: end) : nil
      case .page:
        let seen = (place - paging.first + 1) * request.pageSize
        let limit = [total, paging.cap].compactMap { $0 }.min()
        let more = limit.map { seen < $0 } ?? (records.count >= request.pageSize)
        next = more && place < PageCursor.largestPlace ? PageCursor(pageNumber: place + 1) : nil
      case .link:
        next = service.nextLink(response)
      case .nextURL:
        next = try text(body, paging.next, reader).flatMap { HTTPURL.resolving($0, against: response.url) }
          .map(PageCursor.init)
      case .cursor:
        next = try text(body, paging.next, reader).map(PageCursor.init)
      }
    }
    // Only a page read is a page followed: a failed one (a rate limit, a timeout) may be asked again.
    if let followed { chains.record(followed, list: list) }
    return Page(records: records, total: total, reachable: reachable, next: next, attribution: attribution(body))
  }

  private func one(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    let declared = try declared(request.resource)
    let values = TemplateValues(
      parameters: withDefaults(request.parameters, of: "record:\(request.resource)"), environment: environment,
      now: clock())
    let credentials = try self.credentials(for: http.auth)
    let bare = try service.url(try values.path(declared.path), query: try query(declared, values))
    let response = try await send(withCredentials(bare, credentials), credentials)
    guard (200...299).contains(response.status) else { throw error(response, declared, values) }
    let body = try json(response, request.resource)
    let reader = ResponseReader(
      "the answer of plugin '\(name)' to resource '\(request.resource)' (\(response.url.path))")
    let pointer = declared.records
    guard let value = pointer.tokens.isEmpty ? body : body[path: pointer.tokens] else {
      let what = try declared.notFound.map { template throws(DataSourceError) in try values.text(template) }
      throw .notFound(
        "\(apiName) has no \(what ?? "record") (its answer holds nothing at \(pointer))"
          + (declared.notFoundParameter.map { "; check the parameter '\($0)'" } ?? ""),
        resource: what, parameter: declared.notFoundParameter)
    }
    return Record(try reader.object(value, at: pointer, "a record"), attribution: attribution(body))
  }

  // MARK: - Parts

  private var apiName: String { http.errors.api ?? name }

  /// The request's parameters, each one it leaves out or blank that has a default given that.
  private func withDefaults(_ parameters: [String: String], of resource: String) -> [String: String] {
    var parameters = parameters
    for (name, value) in defaults[resource] ?? [:] where Parameter.isBlank(parameters[name] ?? "") {
      parameters[name] = value
    }
    return parameters
  }

  private func searchParameter(_ resource: String) -> String? {
    searches[resource]
  }

  private func pageNumber(_ cursor: PageCursor?, first: Int) throws(DataSourceError) -> Int {
    guard let cursor else { return first }
    return try PageCursor.offset(cursor)
  }

  private func query(_ declared: ResourceRequest, _ values: TemplateValues) throws(DataSourceError) -> [(
    String, String
  )] {
    var query: [(String, String)] = []
    for field in declared.query {
      let value = try values.text(field.value)
      if !value.trimmingWhitespace().isEmpty { query.append((field.name, value)) }
    }
    return query
  }

  /// The credentials of one request, made once, so that a signature in a header and the
  /// timestamp in the query it signs are of the same moment.
  struct Credentials {
    var query: [(String, String)] = []
    var headers: [(String, String)] = []
  }

  private func credentials(for auth: HTTPDeclaration.Auth?) throws(DataSourceError) -> Credentials {
    guard let auth, let credentials else { return Credentials() }
    switch auth.kind {
    case .bearer:
      guard let token = credentials[auth.variables[0]] else { return Credentials() }
      return Credentials(headers: [("Authorization", "Bearer \(token)")])
    case .header:
      guard let name = auth.name, let value = credentials[auth.variables[0]] else { return Credentials() }
      return Credentials(headers: [(name, value)])
    case .basic:
      let pair = (credentials[auth.variables[0]] ?? "") + ":" + (credentials[auth.variables[1]] ?? "")
      let encoded = Data(pair.utf8).base64EncodedString()
      SecretRegistry.shared.register(encoded)
      return Credentials(headers: [("Authorization", "Basic \(encoded)")])
    case .query:
      guard let name = auth.name, let value = credentials[auth.variables[0]] else { return Credentials() }
      return Credentials(query: [(name, value)])
    case .computed:
      return try computed(auth)
    }
  }

  /// `url` with the credentials' query parameters, when it is on the base URL's origin; any of
  /// theirs that a server echoed into a next link is taken out first, not sent twice.
  private func withCredentials(_ url: URL, _ credentials: Credentials) -> URL {
    guard !credentials.query.isEmpty, HTTPURL.sameOrigin(url, service.base),
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return url }
    let names = Set(credentials.query.map { HTTPURL.encode($0.0) })
    let kept = (components.percentEncodedQuery ?? "").split(separator: "&", omittingEmptySubsequences: true).filter {
      pair in !names.contains(String(pair.prefix { $0 != "=" }))
    }
    let added = HTTPURL.query(credentials.query)
    components.percentEncodedQuery = (kept.map(String.init) + [added]).joined(separator: "&")
    return components.url ?? url
  }

  /// The computed credentials of one request, each made from the values before it; one made from
  /// a secret is registered as a secret too.
  private func computed(_ auth: HTTPDeclaration.Auth) throws(DataSourceError) -> Credentials {
    var values = TemplateValues(parameters: [:], environment: credentials ?? [:], now: clock())
    var secretNames = Set(auth.secrets)
    var query: [(String, String)] = []
    var headers: [(String, String)] = []
    for (index, field) in (auth.query + auth.headers).enumerated() {
      let value = try values.text(field.value)
      if !secretNames.isDisjoint(with: field.value.environmentNames + field.value.names) {
        SecretRegistry.shared.register(value)
        SecretRegistry.shared.register(HTTPURL.encode(value))
        secretNames.insert(field.name)
      }
      values.computed[field.name] = value
      if index < auth.query.count { query.append((field.name, value)) } else { headers.append((field.name, value)) }
    }
    return Credentials(query: query, headers: headers)
  }

  private func send(_ url: URL, _ credentials: Credentials) async throws(DataSourceError) -> HTTPResponse {
    var accept = "application/json"
    var extra: [(String, String)] = []
    let values = TemplateValues(parameters: [:], environment: environment)
    for field in http.headers {
      let value = try values.text(field.value)
      if field.name.lowercased() == "accept" { accept = value } else { extra.append((field.name, value)) }
    }
    var headers = service.headers(accept: accept)
    for (name, value) in extra { headers[name] = value }
    // Credentials go to the base URL's origin only; their query items key no cache entry.
    let unkeyed = Set(credentials.query.map(\.0))
    if HTTPURL.sameOrigin(url, service.base) {
      for (name, value) in credentials.headers { headers[name] = value }
    }
    let request = HTTPRequest(
      url: url, headers: headers, unkeyedQueryItems: unkeyed, cachedHeaders: ["Content-Type", "Link"],
      returnsErrorStatus: true)
    let names = http.rateLimit
    guard names != HTTPDeclaration.RateLimitNames() else { return try await service.get(request) }
    SourceActivity.sent(service.sentRequest(request))
    var response = try await service.client.get(request)
    // The declared rate-limit fields, under the names the shared mapping and status line read.
    var renamed = HTTPHeaders()
    for (name, value) in response.headers {
      switch name.lowercased() {
      case names.remaining.lowercased(): renamed["X-RateLimit-Remaining"] = value
      case names.limit.lowercased(): renamed["X-RateLimit-Limit"] = value
      case names.reset.lowercased(): renamed["X-RateLimit-Reset"] = value
      case "x-ratelimit-remaining", "x-ratelimit-limit", "x-ratelimit-reset": continue
      default: renamed[name] = renamed[name] ?? value
      }
    }
    // Every Link field, not only the last: a next link and a last link may come apart.
    renamed["Link"] = nil
    for (name, value) in response.headers where name.lowercased() == "link" { renamed.add(name, value) }
    response.headers = renamed
    SourceActivity.report(service.status(of: response))
    return response
  }

  private func json(_ response: HTTPResponse, _ resource: String) throws(DataSourceError) -> JSON {
    do {
      return try response.json()
    } catch {
      throw DataSourceError(error.kind, "plugin '\(name)', resource '\(resource)': \(error.message)")
    }
  }

  private func error(_ response: HTTPResponse, _ declared: ResourceRequest, _ values: TemplateValues) -> DataSourceError
  {
    let what = declared.notFound.flatMap { try? values.text($0) }
    if let error = service.errors.error(for: response, resource: what, parameter: declared.notFoundParameter) {
      return error
    }
    return .server(
      status: response.status, "\(apiName) answered \(response.status) \(response.reason); expected 2xx with JSON")
  }

  /// The text at `pointer`: a string, or a number as written; nil when absent, null or empty.
  private func text(_ body: JSON, _ pointer: JSONPointer?, _ reader: ResponseReader) throws(DataSourceError) -> String?
  {
    guard let pointer, let value = body[path: pointer.tokens] else { return nil }
    switch value {
    case .null: return nil
    case .string(let text): return text.isEmpty ? nil : text
    case .int(let number): return String(number)
    default:
      throw .decoding(
        "\(reader.place) is not what the plugin declares: the next page at \(pointer) is \(value.typeDescription), not text"
      )
    }
  }

  private func attribution(_ body: JSON) -> String? {
    if let pointer = http.attributionPointer { return body[path: pointer.tokens]?.stringValue ?? http.attribution }
    return http.attribution
  }
}

/// The next pages followed in each list (a resource and its parameters) since its first page,
/// so that one that comes round again is an error and not a loop, and a list that never ends
/// stops at its declared most pages. A page counts as followed once it is read, so a page that
/// failed (a rate limit, a timeout) may be asked again.
final class Chains: Sendable {
  private let followed = Mutex<[String: Set<String>]>([:])

  /// A list's first page, at `url`.
  func start(_ list: String, with url: String) {
    followed.withLock { $0[list] = [url] }
  }

  /// Checks that `value` has not been read in this list (unless `repeats`: it is then no new
  /// page), and that the list has room for it.
  func check(_ value: String, list: String, resource: String, limit: Int?, repeats: Bool = false)
    throws(DataSourceError)
  {
    let (known, count) = followed.withLock { ($0[list]?.contains(value) ?? false, $0[list]?.count ?? 0) }
    if known {
      guard repeats else {
        throw .decoding(
          "the server's next page of '\(resource)' leads back to a page already read; screenrun stops rather than loop")
      }
      return
    }
    try Self.checkCount(count + 1, resource: resource, limit: limit)
  }

  /// Records that `value`'s page of this list was read.
  func record(_ value: String, list: String) {
    followed.withLock { _ = $0[list, default: []].insert(value) }
  }

  /// Refuses the `count`th page (request) of a list past its most pages.
  static func checkCount(_ count: Int, resource: String, limit: Int?) throws(DataSourceError) {
    guard let limit, count > limit else { return }
    throw .decoding("'\(resource)' has more than \(limit) pages; screenrun stops there (the plugin's paging.maxPages)")
  }
}
