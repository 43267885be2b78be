import ScreenKit

/// GitHub repository search and a repository's recent commits, as a screenrun data source.
///
/// Sample mode answers from real recorded REST API responses bundled into the binary (see
/// Sample/PROVENANCE.md), with the API's own rules for searching, paging and errors.
public enum GitHubPlugin {
  public static let name = "github"

  public static let plugin = Plugin(
    name: name,
    summary: "GitHub repository search and a repository's commits (bundled recordings; live: the REST API)",
    resources: [
      Resource(
        name: "repositories", kind: .list,
        summary:
          "repositories matching a search, best match first (GET /search/repositories); only the first 1,000 results can be listed",
        parameters: [
          Parameter(
            "q", required: true,
            summary:
              "words that must all appear in the name, description or topics, and qualifiers such as language:python, user:NAME, topic:NAME, stars:>100"
          ),
          Parameter("sort", summary: "stars, forks, help-wanted-issues or updated (best match when absent)"),
          Parameter("order", summary: "desc (the default) or asc; applies with sort"),
        ],
        maxPageSize: GitHubSampleSource.maxPageSize),
      Resource(
        name: "repository", kind: .record, summary: "one repository (GET /repos/{owner}/{repo})",
        parameters: [Parameter("repo", required: true, summary: "the repository, as owner/name")]),
      Resource(
        name: "commits", kind: .list,
        summary: "a repository's commits, newest first (GET /repos/{owner}/{repo}/commits)",
        parameters: [
          Parameter("repo", required: true, summary: "the repository, as owner/name"),
          Parameter("sha", summary: "a commit SHA or branch to list from (the default branch when absent)"),
          Parameter("path", summary: "only commits that touch this file or folder"),
        ],
        maxPageSize: GitHubSampleSource.maxPageSize),
      Resource(
        name: "commit", kind: .record, summary: "one commit (GET /repos/{owner}/{repo}/commits/{ref})",
        parameters: [
          Parameter("repo", required: true, summary: "the repository, as owner/name"),
          Parameter("sha", required: true, summary: "the commit's SHA (at least 4 characters) or a branch"),
        ]),
    ]
  ) { context throws(DataSourceError) in
    switch context.mode {
    case .sample:
      return try GitHubSampleSource()
    case .live:
      return try GitHubLiveSource(environment: context.environment)
    }
  }
}
