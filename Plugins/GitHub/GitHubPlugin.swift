import ScreenKit

/// GitHub repository search and a repository's recent commits, as a screenrun data source.
///
/// Sample mode answers from real recorded REST API responses bundled into the binary (see
/// Sample/PROVENANCE.md), with the API's own rules for searching, paging and errors.
public enum GitHubPlugin {
  public static let name = "github"
  /// GitHub's largest `per_page`.
  static let maxPageSize = 100

  /// GitHub's resources, each with its handler. The core checks every request against them
  /// before a handler runs, and words what it refuses as GitHub's 422s do.
  static let declaration = Declaration<any GitHubAPI>(
    [
      .list(
        "repositories",
        summary:
          "repositories matching a search, best match first (GET /search/repositories); only the first 1,000 results can be listed",
        parameters: [
          Parameter(
            "q", required: true, allowsBlank: false,
            summary:
              "words that must all appear in the name, description or topics, and qualifiers such as language:python, user:NAME, topic:NAME, stars:>100"
          ),
          Parameter(
            "sort", values: ["stars", "forks", "help-wanted-issues", "updated"],
            summary: "stars, forks, help-wanted-issues or updated (best match when absent)"),
          Parameter("order", values: ["desc", "asc"], summary: "desc (the default) or asc; applies with sort"),
        ],
        search: "q", maxPageSize: maxPageSize, refusal: refusal("Search") { _ in "GET /search/repositories" }
      ) { api, request throws(DataSourceError) in try await api.repositories(request) },
      .record(
        "repository", summary: "one repository (GET /repos/{owner}/{repo})",
        parameters: [Parameter("repo", required: true, allowsBlank: false, summary: "the repository, as owner/name")],
        refusal: refusal("Repository") { "GET /repos/\($0["repo"] ?? "")" }
      ) { api, request throws(DataSourceError) in try await api.repository(request) },
      .list(
        "commits", summary: "a repository's commits, newest first (GET /repos/{owner}/{repo}/commits)",
        parameters: [
          Parameter("repo", required: true, allowsBlank: false, summary: "the repository, as owner/name"),
          Parameter("sha", summary: "a commit SHA or branch to list from (the default branch when absent)"),
          Parameter("path", summary: "only commits that touch this file or folder"),
        ],
        maxPageSize: maxPageSize, refusal: refusal("Commit") { "GET /repos/\($0["repo"] ?? "")/commits" }
      ) { api, request throws(DataSourceError) in try await api.commits(request) },
      .record(
        "commit", summary: "one commit (GET /repos/{owner}/{repo}/commits/{ref})",
        parameters: [
          Parameter("repo", required: true, allowsBlank: false, summary: "the repository, as owner/name"),
          Parameter(
            "sha", required: true, allowsBlank: false, summary: "the commit's SHA (at least 4 characters) or a branch"),
        ],
        refusal: refusal("Commit") { "GET /repos/\($0["repo"] ?? "")/commits/\($0["sha"] ?? "")" }
      ) { api, request throws(DataSourceError) in try await api.commit(request) },
    ]
  )

  /// The variables the plugin reads: the live server and an optional token.
  static let environment = [
    EnvironmentVariable(
      GitHubLiveSource.baseURLVariable, summary: "the GitHub API's server, for live data",
      defaultValue: GitHubLiveSource.defaultBaseURL),
    EnvironmentVariable(
      GitHubLiveSource.tokenVariable, summary: "a GitHub token, for a higher rate limit and private repositories",
      secret: true),
  ]

  public static let plugin = Plugin(
    name: name,
    summary: "GitHub repository search and a repository's commits (bundled recordings; live: the REST API)",
    declaration: declaration, environment: environment
  ) { context throws(DataSourceError) -> any GitHubAPI in
    switch context.mode {
    case .sample: try GitHubSampleSource()
    case .live: try GitHubLiveSource(environment: context.environment)
    }
  }

  /// How a resource refuses a request that breaks a declared rule, in GitHub's words: a 422
  /// "Validation Failed" naming the field of `resource` ("Search") for what GitHub validates, at
  /// the `endpoint` the request would have gone to, and what to write for a missing repo or SHA.
  static func refusal(
    _ resource: String, endpoint: @escaping @Sendable ([String: String]) -> String
  ) -> ResourceHandler<any GitHubAPI>.Refusal {
    { _, violation in
      let name = violation.parameter ?? ""
      let endpoint = endpoint(violation.parameters)
      switch (violation.kind, name) {
      case (.missingParameter, "q"), (.blankParameter, "q"):
        // GitHub answers `q=` as if q were missing.
        return GitHubAPIError.validationFailed(endpoint, [.missing(resource, "q")]).dataSourceError
      case (.missingParameter, "repo"), (.blankParameter, "repo"):
        return .badRequest(
          "'repo' is required: the repository as owner/name, as in sigmavirus24/github3.py", parameter: "repo")
      case (.missingParameter, _), (.blankParameter, _):
        return .badRequest(
          "'\(name)' is required: the commit's SHA (at least 4 characters of it) or a branch name", parameter: name)
      case (.valueNotAllowed, _):
        let values = violation.resource.parameter(named: name)?.values ?? []
        let said = values.dropLast().joined(separator: ", ") + (values.count > 1 ? " or " : "") + (values.last ?? "")
        return GitHubAPIError.validationFailed(
          endpoint, [.invalid(resource, name, "'\(violation.value ?? "")' is not \(said)")]
        ).dataSourceError
      case (.pageSize, _):
        return GitHubAPIError.validationFailed(
          endpoint, [.invalid(resource, "per_page", "\(violation.value ?? "") is not from 1 to \(maxPageSize)")]
        ).dataSourceError
      case (.unknownParameter, _):
        return violation.error
      }
    }
  }
}

/// What both GitHub sources answer: the sample over the bundled recordings, and live over HTTP.
/// A request reaches these only after the core has checked it against `GitHubPlugin.declaration`.
protocol GitHubAPI: DataSource {
  func repositories(_ request: PageRequest) async throws(DataSourceError) -> Page
  func commits(_ request: PageRequest) async throws(DataSourceError) -> Page
  func repository(_ request: RecordRequest) async throws(DataSourceError) -> Record
  func commit(_ request: RecordRequest) async throws(DataSourceError) -> Record
}

extension GitHubAPI {
  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try await GitHubPlugin.declaration.page(request, on: self)
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    try await GitHubPlugin.declaration.record(request, on: self)
  }
}
