import Foundation
import ScreenKit

/// Answers the GitHub plugin's resources from the bundled recordings, with the REST API's own
/// rules: search words must all match, best match or `sort` orders the results, at most 100 a
/// page, only the first 1,000 results of a search can be paged through, a missing `q` or a
/// `per_page` above 100 is a 422 "Validation Failed", an unknown repository a 404 "Not Found",
/// and commits come newest first.
///
/// Pages are addressed by offset (the cursor is the index of the page's first record), so a list
/// screen can use any page size up to 100.
struct GitHubSampleSource: DataSource {
  /// GitHub's search returns at most this many results of any query, whatever `total_count` says.
  static let searchCap = 1000
  static let maxPageSize = 100

  let dataset: GitHubDataset

  init() throws(DataSourceError) {
    dataset = try GitHubDataset.bundled.get()
  }

  init(dataset: GitHubDataset) {
    self.dataset = dataset
  }

  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    switch request.resource {
    case "repositories": try searchRepositories(request)
    case "commits": try listCommits(request)
    default:
      throw .badRequest(
        "the github plugin has no list resource '\(request.resource)'; its lists are repositories and commits")
    }
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    switch request.resource {
    case "repository": try repository(request.parameters)
    case "commit": try commit(request.parameters)
    default:
      throw .badRequest(
        "the github plugin has no record resource '\(request.resource)'; its records are repository and commit")
    }
  }

  // MARK: - Resources

  /// `GET /search/repositories?q=…&sort=…&order=…`
  private func searchRepositories(_ request: PageRequest) throws(DataSourceError) -> Page {
    let endpoint = "GET /search/repositories"
    let parameters = request.parameters
    try Self.check(parameters, allowed: ["q", "sort", "order"], resource: "repositories")
    let perPage = try Self.perPage(request.pageSize, resource: "Search", endpoint)
    guard let text = Self.value(parameters["q"]) else {
      throw GitHubAPIError.validationFailed(endpoint, [.missing("Search", "q")]).dataSourceError
    }
    let query = try GitHubSearchQuery(text)
    // `q=""` or `q=in:name` names nothing to look for: GitHub answers as if q were missing.
    guard !query.terms.isEmpty || !query.qualifiers.isEmpty else {
      throw GitHubAPIError.validationFailed(endpoint, [.missing("Search", "q")]).dataSourceError
    }
    guard query.terms.joined(separator: " ").count <= 256 else {
      throw GitHubAPIError.validationFailed(
        endpoint, [.invalid("Search", "q", "The search is longer than 256 characters.")]
      ).dataSourceError
    }
    let sort = try Self.sort(parameters["sort"], endpoint)
    let ascending = try Self.ascending(parameters["order"], endpoint)
    let offset = try Self.offset(request.cursor)
    guard offset < Self.searchCap else {
      throw GitHubAPIError.unprocessable(endpoint, "Only the first 1000 search results are available", parameter: nil)
        .dataSourceError
    }

    let matches = Self.ordered(
      try dataset.repositories().filter(query.matches), query: query, sort: sort, ascending: ascending)
    let reachable = min(matches.count, Self.searchCap)
    let end = min(offset + perPage, reachable)
    let records = offset < end ? matches[offset..<end].map(\.record) : []
    return Page(
      records: records, total: matches.count, reachable: reachable,
      next: end < reachable ? PageCursor(String(end)) : nil, attribution: dataset.attribution)
  }

  /// `GET /repos/{owner}/{repo}/commits?sha=…&path=…`
  private func listCommits(_ request: PageRequest) throws(DataSourceError) -> Page {
    let parameters = request.parameters
    try Self.check(parameters, allowed: ["repo", "sha", "path"], resource: "commits")
    let fullName = try Self.repositoryName(parameters)
    let endpoint = "GET /repos/\(fullName)/commits"
    let perPage = try Self.perPage(request.pageSize, resource: "Commit", endpoint)
    let offset = try Self.offset(request.cursor)
    let sha = Self.value(parameters["sha"])
    let path = Self.value(parameters["path"])
    let upper = offset > Int.max - perPage ? Int.max : offset + perPage
    // The whole log, newest first, reads only the page's commits, and of each what the screen
    // reads; `sha` and `path` need every commit.
    let whole = sha != nil || path != nil
    let (found, count) =
      whole
      ? (try dataset.commits(ofRepository: fullName), 0)
      : try dataset.commits(ofRepository: fullName, at: offset..<upper, members: request.members)

    var commits: [JSON]
    switch found {
    case .noSuchRepository:
      throw GitHubAPIError.notFound(endpoint).dataSourceError
    case .notRecorded:
      // The repository is real and has commits; the recordings just never listed them. Say so
      // where the list's attribution shows, rather than let an empty list pass for the truth.
      return Page(records: [], attribution: try notRecordedNote())
    case .recorded(let recorded):
      commits = recorded
    }
    guard whole else {
      let end = min(upper, count)
      return Page(records: commits, next: end < count ? PageCursor(String(end)) : nil, attribution: dataset.attribution)
    }
    if let sha {
      let log = GitHubCommitLog(commits: commits, defaultBranch: defaultBranch(of: fullName))
      commits = log.reachable(from: try Self.find(sha, in: log, endpoint))
    }
    if let path {
      guard let touching = GitHubCommitLog.touching(path, in: commits) else {
        throw .badRequest(
          "the sample data cannot filter the commits of \(fullName) by path: the recorded commits do not list their files (GitHub's list of commits never includes them); leave 'path' out",
          parameter: "path")
      }
      commits = touching
    }
    let end = min(upper, commits.count)
    let records = offset < end ? Array(commits[offset..<end]) : []
    // GitHub's list of commits carries no count (only a Link to the last page), so neither
    // does this: a screen shows what it would show live.
    return Page(
      records: records, next: end < commits.count ? PageCursor(String(end)) : nil,
      attribution: dataset.attribution)
  }

  /// `GET /repos/{owner}/{repo}`
  private func repository(_ parameters: [String: String]) throws(DataSourceError) -> Record {
    try Self.check(parameters, allowed: ["repo"], resource: "repository")
    let fullName = try Self.repositoryName(parameters)
    guard let repository = try dataset.repository(named: fullName) else {
      throw GitHubAPIError.notFound("GET /repos/\(fullName)").dataSourceError
    }
    return Record(repository.record, attribution: dataset.attribution)
  }

  /// `GET /repos/{owner}/{repo}/commits/{ref}`
  private func commit(_ parameters: [String: String]) throws(DataSourceError) -> Record {
    try Self.check(parameters, allowed: ["repo", "sha"], resource: "commit")
    let fullName = try Self.repositoryName(parameters)
    guard let sha = Self.value(parameters["sha"]) else {
      throw .badRequest(
        "'sha' is required: the commit's SHA (at least 4 characters of it) or a branch name", parameter: "sha")
    }
    let endpoint = "GET /repos/\(fullName)/commits/\(sha)"
    switch try dataset.commits(ofRepository: fullName) {
    case .noSuchRepository:
      throw GitHubAPIError.notFound(endpoint).dataSourceError
    case .notRecorded:
      throw .badRequest(
        "no commits of \(fullName) were recorded; the sample data has commits of \(try recordedRepositories()) only",
        parameter: "repo")
    case .recorded(let commits):
      let log = GitHubCommitLog(commits: commits, defaultBranch: defaultBranch(of: fullName))
      return Record(commits[try Self.find(sha, in: log, endpoint)], attribution: dataset.attribution)
    }
  }

  // MARK: - Parts

  private func defaultBranch(of fullName: String) -> String? {
    try? dataset.repository(named: fullName)?.record["default_branch"]?.stringValue
  }

  /// Short enough for one line of an 80-column footer, where the list screen shows it; names
  /// the repositories that have commits when they fit.
  private func notRecordedNote() throws(DataSourceError) -> String {
    let names = try recordedRepositories()
    let note = "Sample data has commits of \(names) only"
    return note.count <= 80
      ? note : "Sample data: its commits were not recorded (\(dataset.commitNames.count) repositories have some)"
  }

  /// "a/b and c/d": the repositories the data holds commits of.
  private func recordedRepositories() throws(DataSourceError) -> String {
    let names = try dataset.repositoriesWithCommits()
    guard let last = names.last else { return "no repository" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
  }

  /// The sorts of GitHub's repository search that the data can answer.
  enum Sort: String {
    case stars, forks, updated

    /// Negative, zero or positive, as `left` comes before, with or after `right` ascending.
    func compare(_ left: GitHubRepository, _ right: GitHubRepository) -> Int {
      switch self {
      case .stars: left.stars < right.stars ? -1 : left.stars > right.stars ? 1 : 0
      case .forks: left.forks < right.forks ? -1 : left.forks > right.forks ? 1 : 0
      case .updated:
        // GitHub's timestamps share one format, so their text orders as their time does.
        (left.updatedAt ?? "") < (right.updatedAt ?? "") ? -1 : (left.updatedAt ?? "") > (right.updatedAt ?? "") ? 1 : 0
      }
    }
  }

  /// Best match first, or by `sort` with best match breaking ties; the id last, so the order
  /// never depends on how the data was read.
  static func ordered(
    _ repositories: [GitHubRepository], query: GitHubSearchQuery, sort: Sort?, ascending: Bool
  ) -> [GitHubRepository] {
    let scored = repositories.map { (repository: $0, relevance: query.relevance(of: $0)) }
    return scored.sorted { left, right in
      if let sort {
        let order = sort.compare(left.repository, right.repository)
        if order != 0 { return ascending ? order < 0 : order > 0 }
      }
      if left.relevance != right.relevance { return left.relevance > right.relevance }
      return left.repository.id < right.repository.id
    }.map(\.repository)
  }

  private static func sort(_ value: String?, _ endpoint: String) throws(DataSourceError) -> Sort? {
    guard let value = Self.value(value) else { return nil }
    if value == "help-wanted-issues" {
      throw .badRequest(
        "the sample data cannot sort by help-wanted-issues: the recorded responses do not count issues labelled help wanted; sort by stars, forks or updated, or leave sort out for best match",
        parameter: "sort")
    }
    guard let sort = Sort(rawValue: value) else {
      throw GitHubAPIError.validationFailed(
        endpoint, [.invalid("Search", "sort", "'\(value)' is not stars, forks, help-wanted-issues or updated")]
      ).dataSourceError
    }
    return sort
  }

  /// GitHub's default order is descending.
  private static func ascending(_ value: String?, _ endpoint: String) throws(DataSourceError) -> Bool {
    guard let value = Self.value(value) else { return false }
    guard value == "asc" || value == "desc" else {
      throw GitHubAPIError.validationFailed(endpoint, [.invalid("Search", "order", "'\(value)' is not asc or desc")])
        .dataSourceError
    }
    return value == "asc"
  }

  private static func perPage(_ size: Int, resource: String, _ endpoint: String) throws(DataSourceError) -> Int {
    guard (1...maxPageSize).contains(size) else {
      throw GitHubAPIError.validationFailed(
        endpoint, [.invalid(resource, "per_page", "\(size) is not from 1 to \(maxPageSize)")]
      ).dataSourceError
    }
    return size
  }

  private static func offset(_ cursor: PageCursor?) throws(DataSourceError) -> Int {
    guard let cursor else { return 0 }
    guard let offset = Int(cursor.value), offset >= 0 else {
      throw .badRequest(
        "the page cursor '\(cursor.value)' is not one the github plugin gave (an offset of 0 or more); reload the list")
    }
    return offset
  }

  private static func find(_ sha: String, in log: GitHubCommitLog, _ endpoint: String) throws(DataSourceError) -> Int {
    switch log.lookup(sha) {
    case .found(let index):
      return index
    case .ambiguous:
      throw .badRequest(
        "'\(sha)' is the start of more than one recorded commit; give more of the SHA", parameter: "sha")
    case .none:
      throw GitHubAPIError.unprocessable(endpoint, "No commit found for SHA: \(sha)", parameter: "sha").dataSourceError
    }
  }

  /// The `repo` parameter, `owner/name`, checked for its shape.
  private static func repositoryName(_ parameters: [String: String]) throws(DataSourceError) -> String {
    guard let text = value(parameters["repo"]) else {
      throw .badRequest(
        "'repo' is required: the repository as owner/name, as in sigmavirus24/github3.py", parameter: "repo")
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else {
      throw .badRequest("'repo' must be owner/name, as in sigmavirus24/github3.py, not '\(text)'", parameter: "repo")
    }
    return text
  }

  /// A parameter's value, trimmed of white space and newlines; nil when absent or blank (GitHub
  /// treats `q=` as no `q`). Trims the scalars of Foundation's `.whitespacesAndNewlines` (Unicode
  /// White_Space and U+200B) without Foundation, whose `trimmingCharacters` goes through NSString
  /// and costs the first page a scan of every conformance record.
  static func value(_ text: String?) -> String? {
    let space = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace || scalar == "\u{200B}" }
    guard let scalars = text?.unicodeScalars, let first = scalars.firstIndex(where: { !space($0) }),
      let last = scalars.lastIndex(where: { !space($0) })
    else { return nil }
    return String(scalars[first...last])
  }

  private static func check(_ parameters: [String: String], allowed: [String], resource: String) throws(DataSourceError)
  {
    if let unknown = parameters.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw .badRequest(
        "'\(unknown)' is not a parameter of github's '\(resource)' (parameters: \(allowed.joined(separator: ", ")))",
        parameter: unknown)
    }
  }
}
