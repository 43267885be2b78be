import FoundationEssentials
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
struct GitHubLiveSource: GitHubAPI {
  static let baseURLVariable = "GITHUB_API_URL"
  static let defaultBaseURL = "https://api.github.com"
  static let tokenVariable = "GITHUB_TOKEN"
  static let apiVersion = "2022-11-28"
  /// GitHub lists at most this many search results, whatever `total_count` says.
  static let searchCap = 1000
  /// The largest `total_count` read: GitHub's own are far below it; a bigger one is not an answer.
  static let maximumTotal = Int(Int32.max)
  static let attribution = "Data from the GitHub REST API"

  private let service: LiveService
  private let token: String?

  init(environment: [String: String]) throws(DataSourceError) {
    let token = environment[Self.tokenVariable]?.trimmingWhitespace()
    self.token = token?.isEmpty == false ? token : nil
    service = try LiveService(
      environment: environment, baseURLVariable: Self.baseURLVariable, defaultBaseURL: Self.defaultBaseURL,
      secrets: self.token.map { [$0] } ?? [], errors: GitHubResponseError.mapping(hasToken: self.token != nil))
  }

  func repository(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    try await service.redacting { () throws(DataSourceError) in
      let repository = try GitHubRepositoryName(request.parameters["repo"])
      return try await record(repository.path, request.resource, repository, "a repository")
    }
  }

  func commit(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    try await service.redacting { () throws(DataSourceError) in
      let repository = try GitHubRepositoryName(request.parameters["repo"])
      let sha = request.parameters["sha"]?.trimmingSpaces() ?? ""
      let path = repository.path + "/commits/\(sha, parameter: "sha")"
      return try await record(path, request.resource, repository, "a commit")
    }
  }

  private func record(
    _ path: HTTPPath, _ resource: String, _ repository: GitHubRepositoryName, _ what: String
  ) async throws(DataSourceError) -> Record {
    let response = try await get(try service.url(path))
    guard response.status == 200 else {
      throw error(response, resource, repository)
    }
    let body = try ResponseReader("the GitHub answer to \(path)").object(try response.json(), at: .root, what)
    return Record(body, attribution: Self.attribution)
  }

  // MARK: - Lists

  /// `GET /search/repositories`: `items`, `total_count`, and at most the first 1,000 reachable.
  func repositories(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try await service.redacting { () throws(DataSourceError) in
      let url: URL
      if let cursor = request.cursor {
        url = try service.follow(cursor, api: "GitHub")
      } else {
        var query: [(String, String)] = []
        for name in ["q", "sort", "order"] {
          if let value = request.parameters[name] { query.append((name, value)) }
        }
        url = try service.url("/search/repositories", query: query + [("per_page", String(request.pageSize))])
      }
      let response = try await get(url)
      if response.status == 422, request.cursor != nil {
        // Past the 1,000-result cap GitHub answers 422: the list simply ends there.
        return Page(records: [], reachable: Self.searchCap, next: nil, attribution: Self.attribution)
      }
      guard response.status == 200 else {
        throw GitHubResponseError.error(
          for: response, context: .search, hasToken: token != nil, redactor: service.redactor)
      }
      let body = try response.json()
      let reader = ResponseReader("the GitHub answer to \(response.url.path)")
      _ = try reader.object(body, at: .root, "a search answer")
      let items = try reader.records(body["items"], at: .root / "items", each: "a repository")
      let total = try reader.integer(
        body["total_count"], at: .root / "total_count", in: 0...Self.maximumTotal, "a count")
      return Page(
        records: items, total: total, reachable: total.map { min($0, Self.searchCap) },
        next: service.nextLink(response), attribution: Self.attribution)
    }
  }

  /// `GET /repos/{owner}/{repo}/commits`: an array, newest first; GitHub gives no total.
  func commits(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try await service.redacting { () throws(DataSourceError) in
      let repository = try GitHubRepositoryName(request.parameters["repo"])
      let url: URL
      if let cursor = request.cursor {
        url = try service.follow(cursor, api: "GitHub")
      } else {
        var query: [(String, String)] = []
        for name in ["sha", "path"] {
          if let value = request.parameters[name] { query.append((name, value)) }
        }
        url = try service.url(repository.path + "/commits", query: query + [("per_page", String(request.pageSize))])
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
      return Page(records: commits, next: service.nextLink(response), attribution: Self.attribution)
    }
  }

  // MARK: - HTTP

  /// A GET whose error answers come back to read: GitHub's 422 and 409 say more than a status
  /// (`GitHubResponseError`, on the shared `HTTPErrorMapping`).
  private func get(_ url: URL) async throws(DataSourceError) -> HTTPResponse {
    var headers = service.headers(accept: "application/vnd.github+json")
    headers["X-GitHub-Api-Version"] = Self.apiVersion
    if let token, HTTPURL.sameOrigin(url, service.base) { headers["Authorization"] = "Bearer \(token)" }
    return try await service.get(
      HTTPRequest(url: url, headers: headers, cachedHeaders: ["Content-Type", "Link"], returnsErrorStatus: true))
  }

  private func error(_ response: HTTPResponse, _ resource: String, _ repository: GitHubRepositoryName)
    -> DataSourceError
  {
    GitHubResponseError.error(
      for: response, context: .repository(repository.text, resource: resource), hasToken: token != nil,
      redactor: service.redactor)
  }
}
