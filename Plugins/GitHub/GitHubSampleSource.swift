import FoundationEssentials
import ScreenKit

/// Answers the GitHub plugin's resources from the bundled recordings, with the REST API's own
/// rules: search words must all match, best match or `sort` orders the results, at most 100 a
/// page, only the first 1,000 results of a search can be paged through, a missing `q` or a
/// `per_page` above 100 is a 422 "Validation Failed", an unknown repository a 404 "Not Found",
/// and commits come newest first.
///
/// Pages are addressed by offset (the cursor is the index of the page's first record), so a list
/// screen can use any page size up to 100.
struct GitHubSampleSource: GitHubAPI {
  /// GitHub's search returns at most this many results of any query, whatever `total_count` says.
  static let searchCap = 1000

  let dataset: GitHubDataset

  init() throws(DataSourceError) {
    dataset = try GitHubDataset.bundled.get()
  }

  init(dataset: GitHubDataset) {
    self.dataset = dataset
  }

  // MARK: - Resources

  /// `GET /search/repositories?q=…&sort=…&order=…`
  func repositories(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let endpoint = "GET /search/repositories"
    let parameters = request.parameters
    guard let text = Parameter.trimmed(parameters["q"]) else {
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
    let sort = try Self.sort(parameters["sort"])
    let ascending = Parameter.trimmed(parameters["order"]) == "asc"  // GitHub's default order is descending
    let offset = try PageCursor.offset(request.cursor)
    guard offset < Self.searchCap else {
      throw GitHubAPIError.unprocessable(endpoint, "Only the first 1000 search results are available", parameter: nil)
        .dataSourceError
    }

    let repositories = try dataset.repositories()
    let matches = dataset.searchOrder.places(in: repositories, matching: query, sort: sort, ascending: ascending)
    return try repositories.withUnsafeBufferPointer { repositories throws(DataSourceError) in
      try Page.slice(
        matches, cursor: request.cursor, pageSize: request.pageSize, reachable: min(matches.count, Self.searchCap),
        attribution: dataset.attribution
      ) { place throws(DataSourceError) in
        try dataset.repositoryRecord(of: repositories[place], members: request.members)
      }
    }
  }

  /// `GET /repos/{owner}/{repo}/commits?sha=…&path=…`
  func commits(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let parameters = request.parameters
    let fullName = try GitHubRepositoryName(parameters["repo"]).text
    let endpoint = "GET /repos/\(fullName)/commits"
    let perPage = request.pageSize
    let offset = try PageCursor.offset(request.cursor)
    let sha = Parameter.trimmed(parameters["sha"])
    let path = Parameter.trimmed(parameters["path"])
    let upper = offset > Int.max - perPage ? Int.max : offset + perPage
    let list: GitHubCommitList
    switch try dataset.commitList(ofRepository: fullName) {
    case .noSuchRepository:
      throw GitHubAPIError.notFound(endpoint).dataSourceError
    case .notRecorded:
      // The repository is real and has commits; the recordings just never listed them. Say so
      // where the list's attribution shows, rather than let an empty list pass for the truth.
      return Page(records: [], attribution: try notRecordedNote())
    case .recorded(let found):
      list = found
    }
    // A page reads only its own commits, and of each what the screen reads; `sha` and `path`
    // read only what they ask of every commit.
    guard sha != nil || path != nil else {
      let commits = try list.commits(at: (offset..<upper).clamped(to: 0..<list.count), members: request.members)
      let end = min(upper, list.count)
      var page = Page(
        records: commits, next: end < list.count ? PageCursor(offset: end) : nil, attribution: dataset.attribution)
      page.digest = PageDigest(slice: min(offset, end)..<end)
      return page
    }
    var positions = Array(0..<list.count)
    if let sha {
      let ancestry = try list.commits(at: positions, members: ["sha", "parents"])
      let log = GitHubCommitLog(commits: ancestry, defaultBranch: defaultBranch(of: fullName))
      positions = log.reachable(from: try Self.find(sha, in: log, endpoint))
    }
    if let path {
      let files = try list.commits(at: positions, members: ["files"])
      guard let touching = GitHubCommitLog.touching(path, in: files) else {
        throw .badRequest(
          "the sample data cannot filter the commits of \(fullName) by path: the recorded commits do not list their files (GitHub's list of commits never includes them); leave 'path' out",
          parameter: "path")
      }
      positions = touching.map { positions[$0] }
    }
    // GitHub's list of commits carries no count (only a Link to the last page), so neither
    // does this: a screen shows what it would show live.
    var page = try Page.slice(positions, cursor: request.cursor, pageSize: perPage, attribution: dataset.attribution) {
      position throws(DataSourceError) in try list.commit(at: position, members: request.members)
    }
    page.total = nil
    return page
  }

  /// `GET /repos/{owner}/{repo}`
  func repository(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    let fullName = try GitHubRepositoryName(request.parameters["repo"]).text
    guard let repository = try dataset.repository(named: fullName) else {
      throw GitHubAPIError.notFound("GET /repos/\(fullName)").dataSourceError
    }
    return Record(repository.record, attribution: dataset.attribution)
  }

  /// `GET /repos/{owner}/{repo}/commits/{ref}`
  func commit(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    let parameters = request.parameters
    let fullName = try GitHubRepositoryName(parameters["repo"]).text
    guard let sha = Parameter.trimmed(parameters["sha"]) else {
      throw .badRequest(
        "'sha' is required: the commit's SHA (at least 4 characters of it) or a branch name", parameter: "sha")
    }
    let endpoint = "GET /repos/\(fullName)/commits/\(sha)"
    switch try dataset.commitList(ofRepository: fullName) {
    case .noSuchRepository:
      throw GitHubAPIError.notFound(endpoint).dataSourceError
    case .notRecorded:
      throw .badRequest(
        "no commits of \(fullName) were recorded; the sample data has commits of \(try recordedRepositories()) only",
        parameter: "repo")
    case .recorded(let list):
      // Finding the commit reads only the `sha` of each; then the one found is read whole.
      let shas = try list.commits(at: 0..<list.count, members: ["sha"])
      let log = GitHubCommitLog(commits: shas, defaultBranch: defaultBranch(of: fullName))
      return Record(
        try list.commit(at: try Self.find(sha, in: log, endpoint), members: nil), attribution: dataset.attribution)
    }
  }

  // MARK: - Parts

  private func defaultBranch(of fullName: String) -> String? {
    try? dataset.repositoryRecord(named: fullName, members: ["default_branch"])?["default_branch"]?.stringValue
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

  /// The sorts of GitHub's repository search that the data can answer (`GitHubSearchOrder`
  /// orders by them).
  enum Sort: String {
    case stars, forks, updated
  }

  /// The sort asked for; the core has checked it is one of GitHub's.
  private static func sort(_ value: String?) throws(DataSourceError) -> Sort? {
    guard let value = Parameter.trimmed(value) else { return nil }
    // The core has let through only GitHub's sorts; the sample can answer all but this one.
    if value == "help-wanted-issues" {
      throw .badRequest(
        "the sample data cannot sort by help-wanted-issues: the recorded responses do not count issues labelled help wanted; sort by stars, forks or updated, or leave sort out for best match",
        parameter: "sort")
    }
    return Sort(rawValue: value)
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
}
