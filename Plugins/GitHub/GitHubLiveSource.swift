import Foundation
import PluginHTTP
import ScreenKit

/// The GitHub REST API over HTTP: `GITHUB_API_URL` (default https://api.github.com), with
/// `GITHUB_TOKEN` when set.
///
///     GET /search/repositories?q=swift&per_page=30
///     GET /repos/{owner}/{repo}
///     GET /repos/{owner}/{repo}/commits?per_page=30
///     GET /repos/{owner}/{repo}/commits/{sha}
///
/// The next page is whatever the `Link` header's `rel="next"` says, followed exactly as given:
/// GitHub may send a `/repositories/{id}/…` path or a cursor instead of a page number. Only a
/// link on the same host as `GITHUB_API_URL` is followed, so the token never goes elsewhere.
struct GitHubLiveSource: DataSource {
  static let baseURLVariable = "GITHUB_API_URL"
  static let defaultBaseURL = "https://api.github.com"
  static let tokenVariable = "GITHUB_TOKEN"
  static let apiVersion = "2022-11-28"
  /// GitHub lists at most this many search results, whatever `total_count` says.
  static let searchCap = 1000
  /// The largest `total_count` read: GitHub's own are far below it; a bigger one is not an answer.
  static let maximumTotal = Int(Int32.max)
  static let attribution = "Data from the GitHub REST API"

  private let base: URL
  private let token: String?
  private let client: HTTPClient
  private let redactor: Redactor

  init(environment: [String: String]) throws(DataSourceError) {
    let token = environment[Self.tokenVariable]?.trimmingCharacters(in: .whitespacesAndNewlines)
    self.token = token?.isEmpty == false ? token : nil
    if let token = self.token { SecretRegistry.shared.register(token) }
    redactor = Redactor(secrets: self.token.map { [$0] } ?? [])
    base = try HTTPURL.base(
      from: environment, variable: Self.baseURLVariable, default: Self.defaultBaseURL, redactor: redactor)
    client = HTTPClient(configuration: try HTTPConfiguration(environment: environment), redactor: redactor)
  }

  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try await redacting { () throws(DataSourceError) in
      switch request.resource {
      case "repositories":
        return try await searchRepositories(request)
      case "commits":
        return try await commits(request)
      default:
        throw .badRequest(
          "the github plugin has no list resource '\(request.resource)'; its lists are repositories and commits")
      }
    }
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    try await redacting { () throws(DataSourceError) in
      let repository = try GitHubRepositoryName(request.parameters["repo"])
      let path: String
      switch request.resource {
      case "repository":
        path = repository.path
      case "commit":
        let sha = request.parameters["sha"]?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !sha.isEmpty else { throw .badRequest("a commit needs its sha", parameter: "sha") }
        path = repository.path + "/commits/" + HTTPURL.segment(sha)
      default:
        throw .badRequest(
          "the github plugin has no record resource '\(request.resource)'; its records are repository and commit")
      }
      let response = try await get(try url(path))
      guard response.status == 200 else {
        throw error(response, request.resource, repository)
      }
      let body = try ResponseReader("the GitHub answer to \(path)")
        .object(try response.json(), at: .root, request.resource == "commit" ? "a commit" : "a repository")
      return Record(body, attribution: Self.attribution)
    }
  }

  // MARK: - Lists

  /// `GET /search/repositories`: `items`, `total_count`, and at most the first 1,000 reachable.
  private func searchRepositories(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let url: URL
    if let cursor = request.cursor {
      url = try follow(cursor)
    } else {
      var query: [(String, String)] = []
      for name in ["q", "sort", "order"] {
        if let value = request.parameters[name] { query.append((name, value)) }
      }
      try Self.checkOnly(request.parameters, allowed: ["q", "sort", "order"])
      url = try self.url("/search/repositories", query: query + [("per_page", String(request.pageSize))])
    }
    let response = try await get(url)
    if response.status == 422, request.cursor != nil {
      // Past the 1,000-result cap GitHub answers 422: the list simply ends there.
      return Page(records: [], reachable: Self.searchCap, next: nil, attribution: Self.attribution)
    }
    guard response.status == 200 else {
      throw GitHubResponseError.error(for: response, context: .search, hasToken: token != nil)
    }
    let body = try response.json()
    let reader = ResponseReader("the GitHub answer to \(response.url.path)")
    _ = try reader.object(body, at: .root, "a search answer")
    let items = try reader.records(body["items"], at: .root / "items", each: "a repository")
    let total = try reader.integer(body["total_count"], at: .root / "total_count", in: 0...Self.maximumTotal, "a count")
    return Page(
      records: items, total: total, reachable: total.map { min($0, Self.searchCap) },
      next: next(response), attribution: Self.attribution)
  }

  /// `GET /repos/{owner}/{repo}/commits`: an array, newest first; GitHub gives no total.
  private func commits(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let repository = try GitHubRepositoryName(request.parameters["repo"])
    let url: URL
    if let cursor = request.cursor {
      url = try follow(cursor)
    } else {
      try Self.checkOnly(request.parameters, allowed: ["repo", "sha", "path"])
      var query: [(String, String)] = []
      for name in ["sha", "path"] {
        if let value = request.parameters[name] { query.append((name, value)) }
      }
      url = try self.url(repository.path + "/commits", query: query + [("per_page", String(request.pageSize))])
    }
    let response = try await get(url)
    if response.status == 409 {
      // "Git Repository is empty.": a repository with no commits has an empty list, not an error.
      return Page(records: [], next: nil, attribution: Self.attribution)
    }
    guard response.status == 200 else {
      throw error(response, "commits", repository)
    }
    let commits = try ResponseReader("the GitHub answer to \(url.path)")
      .records(try response.json(), at: .root, each: "a commit")
    return Page(records: commits, next: next(response), attribution: Self.attribution)
  }

  // MARK: - HTTP

  private func get(_ url: URL) async throws(DataSourceError) -> HTTPResponse {
    var headers = HTTPHeaders()
    headers["Accept"] = "application/vnd.github+json"
    headers["X-GitHub-Api-Version"] = Self.apiVersion
    headers["User-Agent"] = "screenrun/\(ScreenRun.version)"
    if let token, Self.sameOrigin(url, base) { headers["Authorization"] = "Bearer \(token)" }
    return try await client.get(HTTPRequest(url: url, headers: headers, cachedHeaders: ["Content-Type", "Link"]))
  }

  private func url(_ path: String, query: [(String, String)] = []) throws(DataSourceError) -> URL {
    guard let url = HTTPURL.make(base: base, path: path, query: query) else {
      throw .badRequest("cannot make a URL from \(Self.baseURLVariable) and \(path)", parameter: Self.baseURLVariable)
    }
    return url
  }

  /// The next page's URL from the `Link` header, as the cursor; nil on the last page.
  private func next(_ response: HTTPResponse) -> PageCursor? {
    LinkHeader(response.headers.values("Link")).target("next").map(PageCursor.init)
  }

  /// A cursor back to a URL: one from a `Link` header, on the API's own host.
  private func follow(_ cursor: PageCursor) throws(DataSourceError) -> URL {
    guard let url = HTTPURL.absolute(cursor.value) else {
      let scheme = URLComponents(string: cursor.value)?.scheme.map { "; its scheme is \(CheckedNumber.quoted($0))" }
      throw .badRequest(
        "the next-page link from GitHub's Link header is not an http or https URL\(scheme ?? "")", parameter: nil)
    }
    let differences = HTTPURL.originDifference(url, base)
    guard differences.isEmpty else {
      throw .decoding(
        "GitHub's next-page link leads to another server than \(Self.baseURLVariable): "
          + "\(redactor(differences.joined(separator: ", "))); screenrun does not follow it there")
    }
    return url
  }

  private static func sameOrigin(_ left: URL, _ right: URL) -> Bool {
    HTTPURL.sameOrigin(left, right)
  }

  private func error(_ response: HTTPResponse, _ resource: String, _ repository: GitHubRepositoryName)
    -> DataSourceError
  {
    GitHubResponseError.error(
      for: response, context: .repository(repository.text, resource: resource), hasToken: token != nil)
  }

  /// Runs `work`, and passes any error's message through the redactor once more.
  private func redacting<T>(_ work: () async throws(DataSourceError) -> T) async throws(DataSourceError) -> T {
    do {
      return try await work()
    } catch {
      throw DataSourceError(error.kind, redactor(error.message))
    }
  }

  private static func checkOnly(_ parameters: [String: String], allowed: Set<String>) throws(DataSourceError) {
    if let unknown = parameters.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw .badRequest(
        "the GitHub API takes no parameter '\(unknown)' here; it takes \(allowed.sorted().joined(separator: ", "))",
        parameter: unknown)
    }
  }
}

/// A repository as `owner/name`, checked, so nothing else can slip into a request path.
struct GitHubRepositoryName: Sendable {
  let owner: String
  let name: String

  init(_ value: String?) throws(DataSourceError) {
    let text = value?.trimmingCharacters(in: .whitespaces) ?? ""
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    let allowed = { (character: Character) in
      character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
    }
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.allSatisfy(allowed) })
    else {
      throw .badRequest("'\(text)' is not a repository; write it as owner/name, as in apple/swift", parameter: "repo")
    }
    owner = String(parts[0])
    name = String(parts[1])
  }

  var text: String { "\(owner)/\(name)" }
  var path: String { "/repos/\(owner)/\(name)" }
}
