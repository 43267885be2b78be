import ScreenKit

/// The bundled GitHub data: every distinct repository and commit in the recorded responses
/// (see Sample/PROVENANCE.md), carried inside the binary so an installed screenrun needs no files.
///
/// GitHub names are case-insensitive, and a repository keeps its id when it is renamed or moved,
/// so repositories are found by any case of their name, and commits recorded under another name
/// (PyGithub/PyGithub, recorded in 2026, is jacquev6/PyGithub of 2014) are found by id.
///
/// The bundled data is read in place through its index (`GitHubSampleIndex`); a dataset made
/// from one JSON value (tests) is held in memory. Both answer the same questions the same way.
struct GitHubDataset: Sendable {
  /// Shown with the data, so nobody takes 2014's star counts for today's.
  static let sampleAttribution = "Sample data: recorded GitHub responses"

  let attribution: String
  private let store: Store
  /// Orders search results; keeps the whole order of each sort for queries with no words.
  let searchOrder = GitHubSearchOrder()

  private enum Store: Sendable {
    case index(GitHubSampleIndex)
    case memory(Records)
  }

  /// The dataset in the binary: opening it reads the index's header only.
  static let bundled: Result<GitHubDataset, DataSourceError> = GitHubSampleIndex.bundled.map {
    GitHubDataset(attribution: sampleAttribution, store: .index($0))
  }

  private init(attribution: String, store: Store) {
    self.attribution = attribution
    self.store = store
  }

  /// Reads a dataset of the sample's shape: `{"repositories": [...], "commits": {"owner/name":
  /// [...]}, "commitRepositoryIds": {"owner/name": id}}` (the last is optional).
  init(json: JSON, attribution: String = GitHubDataset.sampleAttribution) throws(DataSourceError) {
    self.attribution = attribution
    store = .memory(try Records(json: json))
  }

  /// Every repository, ordered by id; search orders its results itself. From the bundled data
  /// each `record` holds only what search reads: `repositoryRecord(of:members:)` reads a page's.
  func repositories() throws(DataSourceError) -> [GitHubRepository] {
    switch store {
    case .index(let index): try index.repositories()
    case .memory(let records): records.repositories
    }
  }

  /// The repository named `owner/name` (any case), or recorded under that name before or after
  /// a rename, as GitHub redirects an old name to the repository it became.
  func repository(named fullName: String) throws(DataSourceError) -> GitHubRepository? {
    switch store {
    case .index(let index): try index.repository(named: fullName)
    case .memory(let records): records.repository(named: fullName)
    }
  }

  /// The record of the repository with this id, for a page of search results: with only
  /// `members` (nil: all) from the bundled data, whole from a dataset in memory.
  func repositoryRecord(of repository: GitHubRepository, members: RecordMembers?) throws(DataSourceError) -> JSON {
    switch store {
    case .index(let index): try index.repositoryRecord(id: repository.id, members: members) ?? repository.record
    case .memory: repository.record
    }
  }

  /// Of the repository `repository(named:)` finds, `members`: the bundled data parses only those;
  /// a dataset in memory gives the whole record.
  func repositoryRecord(named fullName: String, members: RecordMembers) throws(DataSourceError) -> JSON? {
    switch store {
    case .index(let index): try index.repositoryRecord(named: fullName, members: members)
    case .memory(let records): records.repository(named: fullName)?.record
    }
  }

  /// What is known of a repository's commits: `List` is the commits (`[JSON]`) or where to read
  /// them one at a time (`GitHubCommitList`).
  enum Commits<List> {
    /// Its commits, newest first.
    case recorded(List)
    /// The repository exists in the data, but no response listing its commits was recorded.
    case notRecorded
    /// No repository of that name.
    case noSuchRepository
  }

  /// The commits of `owner/name`: recorded under that name, or under another name of the same
  /// repository id.
  func commits(ofRepository fullName: String) throws(DataSourceError) -> Commits<[JSON]> {
    switch store {
    case .index(let index): try index.commits(ofRepository: fullName)
    case .memory(let records): records.commits(ofRepository: fullName)
    }
  }

  /// The commits of `owner/name`, to read one at a time: the bundled data parses a commit when
  /// it is asked for, and only the members asked for; a dataset in memory gives them whole.
  func commitList(ofRepository fullName: String) throws(DataSourceError) -> Commits<GitHubCommitList> {
    switch store {
    case .index(let index):
      return try index.commitList(ofRepository: fullName)
    case .memory(let records):
      switch records.commits(ofRepository: fullName) {
      case .recorded(let commits): return .recorded(GitHubCommitList(commits))
      case .notRecorded: return .notRecorded
      case .noSuchRepository: return .noSuchRepository
      }
    }
  }

  /// The commits of `owner/name` at `positions` (newest first; positions past the last left
  /// out), and how many it has. The bundled data parses only those commits, and of each only
  /// `members` (nil: all); a dataset in memory returns them whole.
  func commits(ofRepository fullName: String, at positions: Range<Int>, members: RecordMembers?)
    throws(DataSourceError) -> (commits: Commits<[JSON]>, count: Int)
  {
    switch try commitList(ofRepository: fullName) {
    case .recorded(let list):
      return (.recorded(try list.commits(at: positions.clamped(to: 0..<list.count), members: members)), list.count)
    case .notRecorded: return (.notRecorded, 0)
    case .noSuchRepository: return (.noSuchRepository, 0)
    }
  }

  /// The names commits were recorded under, as written (for messages).
  var commitNames: [String] {
    switch store {
    case .index(let index): index.commitNames
    case .memory(let records): records.commitNames
    }
  }

  /// The repositories whose commits are in the data, by the names search lists them under, so
  /// a person told "not recorded" knows which ones to open instead.
  func repositoriesWithCommits() throws(DataSourceError) -> [String] {
    var names: [String] = []
    for name in commitNames {
      names.append(try repositoryRecord(named: name, members: ["full_name"])?["full_name"]?.stringValue ?? name)
    }
    return names.sorted { $0.lowercased() < $1.lowercased() }
  }

  /// A dataset held in memory, read from one JSON value.
  private struct Records: Sendable {
    /// Ordered by id, as recorded.
    let repositories: [GitHubRepository]
    private let indexByName: [String: Int]
    private let indexByID: [Int: Int]
    /// Commit lists, newest first, by the lowercased name they were recorded under.
    private let commitsByName: [String: [JSON]]
    private let commitNameByRepositoryID: [Int: String]
    private let repositoryIDByCommitName: [String: Int]
    let commitNames: [String]

    init(json: JSON) throws(DataSourceError) {
      guard let records = json["repositories"]?.arrayValue else {
        throw .decoding("the GitHub sample data has no 'repositories' array")
      }
      guard let commits = json["commits"]?.objectValue else {
        throw .decoding("the GitHub sample data has no 'commits' object")
      }
      var repositories: [GitHubRepository] = []
      for (index, record) in records.enumerated() {
        guard let repository = GitHubRepository(record) else {
          throw .decoding("repository \(index) of the GitHub sample data has no 'id' or 'full_name'")
        }
        repositories.append(repository)
      }
      self.repositories = repositories.sorted { $0.id < $1.id }
      var indexByName: [String: Int] = [:]
      var indexByID: [Int: Int] = [:]
      for (index, repository) in self.repositories.enumerated() {
        indexByName[repository.lowercasedFullName] = indexByName[repository.lowercasedFullName] ?? index
        indexByID[repository.id] = indexByID[repository.id] ?? index
      }
      self.indexByName = indexByName
      self.indexByID = indexByID

      var commitsByName: [String: [JSON]] = [:]
      for (name, list) in commits.members {
        guard let list = list.arrayValue else {
          throw .decoding("the GitHub sample data's commits of '\(name)' are not an array")
        }
        commitsByName[name.lowercased()] = list
      }
      self.commitsByName = commitsByName
      commitNames = commits.keys
      var repositoryIDByCommitName: [String: Int] = [:]
      var commitNameByRepositoryID: [Int: String] = [:]
      for (name, id) in json["commitRepositoryIds"]?.objectValue?.members ?? [] {
        guard let id = id.intValue, commitsByName[name.lowercased()] != nil else { continue }
        repositoryIDByCommitName[name.lowercased()] = id
        commitNameByRepositoryID[id] = commitNameByRepositoryID[id] ?? name.lowercased()
      }
      // Commits recorded under a repository's own name belong to it even when no id was recorded.
      for name in commitsByName.keys where repositoryIDByCommitName[name] == nil {
        if let index = indexByName[name] {
          let id = self.repositories[index].id
          repositoryIDByCommitName[name] = id
          commitNameByRepositoryID[id] = commitNameByRepositoryID[id] ?? name
        }
      }
      self.repositoryIDByCommitName = repositoryIDByCommitName
      self.commitNameByRepositoryID = commitNameByRepositoryID
    }

    /// The repository named `owner/name` (any case), or recorded under that name before or after
    /// a rename, as GitHub redirects an old name to the repository it became.
    func repository(named fullName: String) -> GitHubRepository? {
      let key = fullName.lowercased()
      if let index = indexByName[key] { return repositories[index] }
      if let id = repositoryIDByCommitName[key], let index = indexByID[id] { return repositories[index] }
      return nil
    }

    /// The commits of `owner/name`: recorded under that name, or under another name of the same
    /// repository id.
    func commits(ofRepository fullName: String) -> GitHubDataset.Commits<[JSON]> {
      let key = fullName.lowercased()
      if let commits = commitsByName[key] { return .recorded(commits) }
      guard let repository = repository(named: fullName) else { return .noSuchRepository }
      if let name = commitNameByRepositoryID[repository.id], let commits = commitsByName[name] {
        return .recorded(commits)
      }
      return .notRecorded
    }
  }
}

extension GitHubDataset.Commits: Equatable where List: Equatable {}
