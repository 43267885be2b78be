import GitHubSampleData
import ScreenKit

/// The bundled GitHub data read in place: `github-sample.json` and the index build_sample.py
/// writes beside it, both linked into the binary. A repository's commits are read one at a time
/// (each has its own span in the index), so a page of commits parses only that page's commits,
/// and finding a SHA reads only the `sha` of each; a search parses the index's search records
/// (what search reads of each repository) once a process. Records parsed for a page are kept
/// (`ParsedRecordMemo`).
struct GitHubSampleIndex: Sendable {
  static let magic = Array("SRGITHB2".utf8)

  private let json: ResidentBytes
  private let index: ResidentBytes
  private let repositoryCount: Int
  private let repositoryTable: Int
  private let nameCount: Int
  private let nameTable: Int
  private let commitListCount: Int
  private let commitListTable: Int
  private let commitTable: Int
  private let searchOffset: Int
  private let searchLength: Int
  /// Repository records of search pages already parsed, by (ordinal, members), and commits by
  /// (number, members): one memo each for the process, as `bundled` is the only index (bounds in
  /// `ParsedRecordMemo`; the sample's text is 2.9 MB, so the default bounds hold all of it).
  private let repositoryRecords = ParsedRecordMemo()
  /// Repository records as recorded (with the dataset's `_score`), by (ordinal, members).
  private let recordedRepositories = ParsedRecordMemo()
  private let commitRecords = ParsedRecordMemo()

  static let bundled: Result<GitHubSampleIndex, DataSourceError> = Result { () throws(DataSourceError) in
    try GitHubSampleIndex(
      json: ResidentBytes(
        base: UnsafeRawPointer(screenrun_github_sample_json()), count: screenrun_github_sample_json_size()),
      index: ResidentBytes(
        base: UnsafeRawPointer(screenrun_github_sample_index()), count: screenrun_github_sample_index_size())
    )
  }

  /// Every repository, read the first time a search needs them: of each record only what search
  /// reads (`GitHubRepository.searched`), so `record` holds those members; a page reads its own
  /// records again with `repositoryRecord(id:members:)`.
  private static let bundledRepositories: Result<[GitHubRepository], DataSourceError> = Result {
    () throws(DataSourceError) in try bundled.get().searchedRepositories()
  }

  private init(json: ResidentBytes, index: ResidentBytes) throws(DataSourceError) {
    let header = try Self.reader.header(of: index, json: json, magic: Self.magic, count: 11)
    let (repositoryCount, repositoryTable, nameCount, nameTable) = (header[1], header[2], header[3], header[4])
    let (commitListCount, commitListTable) = (header[5], header[6])
    let (commitTable, searchOffset, searchLength) = (header[8], header[9], header[10])
    guard repositoryCount <= index.count / 24, nameCount <= index.count / 24,
      commitListCount <= index.count / 56, index.span(repositoryTable, repositoryCount * 24) != nil,
      index.span(nameTable, nameCount * 24) != nil, index.span(commitListTable, commitListCount * 56) != nil,
      commitTable > 0, index.span(commitTable, commitListCount * 16) != nil,
      index.span(searchOffset, searchLength) != nil
    else { throw Self.reader.misfit }
    self.json = json
    self.index = index
    self.repositoryCount = repositoryCount
    self.repositoryTable = repositoryTable
    self.nameCount = nameCount
    self.nameTable = nameTable
    self.commitListCount = commitListCount
    self.commitListTable = commitListTable
    self.commitTable = commitTable
    self.searchOffset = searchOffset
    self.searchLength = searchLength
  }

  /// Ordered by id, as recorded.
  func repositories() throws(DataSourceError) -> [GitHubRepository] {
    try Self.bundledRepositories.get()
  }

  /// Every repository, in id order, as search reads it: from the index's search records, which
  /// build_sample.py cut from the repository records with the members search reads, so a process's
  /// first search parses 65 KB of small records rather than step through 2.9 MB for them.
  func searchedRepositories() throws(DataSourceError) -> [GitHubRepository] {
    // Each record walked for the members search reads (all it holds) rather than handed to
    // jansson: about a fifth of the instructions, and every search's first page waits on this.
    guard let span = index.span(searchOffset, searchLength) else { throw Self.outside }
    let table: JSON
    do {
      table = try JSON.parse(span, onlyMembersOfEachElement: GitHubRepository.searched, options: .response)
    } catch {
      throw .decoding("the bundled GitHub sample data is not valid JSON at \(error)")
    }
    guard let records = table.arrayValue,
      records.count == repositoryCount
    else {
      throw .decoding("the GitHub sample index's search records do not fit its data: run build_sample.py again")
    }
    var repositories: [GitHubRepository] = []
    repositories.reserveCapacity(records.count)
    for (ordinal, record) in records.enumerated() {
      guard let repository = GitHubRepository(record) else {
        throw .decoding("repository \(ordinal) of the GitHub sample data has no 'id' or 'full_name'")
      }
      guard index.number(at: repositoryTable + ordinal * 24) == repository.id else { throw Self.outside }
      repositories.append(repository)
    }
    return repositories
  }

  /// Every repository, in id order, read from its record with the members search reads: what
  /// `searchedRepositories()` must give.
  func parsedRepositories() throws(DataSourceError) -> [GitHubRepository] {
    var repositories: [GitHubRepository] = []
    for ordinal in 0..<repositoryCount {
      repositories.append(try repository(at: ordinal, members: GitHubRepository.searched))
    }
    return repositories
  }

  /// The repository named `owner/name` (any case), or recorded under that name before or after
  /// a rename.
  func repository(named fullName: String) throws(DataSourceError) -> GitHubRepository? {
    guard let ordinal = repositoryOrdinal(named: fullName) else { return nil }
    return try repository(at: ordinal)
  }

  /// The record of the repository with this id, with only `members` (nil: all), as
  /// `GitHubRepository.record` holds it (without the dataset's `_score`).
  func repositoryRecord(id: Int, members: RecordMembers?) throws(DataSourceError) -> JSON? {
    guard let ordinal = repositoryOrdinal(id: id) else { return nil }
    let span = try repositorySpan(at: ordinal)
    return try repositoryRecords.record(ordinal, members: members, cost: span?.count ?? 0) {
      () throws(DataSourceError) in
      guard case .object(var object) = try Self.reader.parse(span, members: members) else {
        throw .decoding("repository \(ordinal) of the GitHub sample data is not an object")
      }
      object["_score"] = nil
      return .object(object)
    }
  }

  /// Of the repository `repository(named:)` finds, only `members`: reads no more of its record.
  func repositoryRecord(named fullName: String, members: RecordMembers) throws(DataSourceError) -> JSON? {
    guard let ordinal = repositoryOrdinal(named: fullName) else { return nil }
    return try recordedRepository(at: ordinal, members: members)
  }

  /// The commits of `owner/name`: recorded under that name, or under another name of the same
  /// repository id.
  func commits(ofRepository fullName: String) throws(DataSourceError) -> GitHubDataset.Commits<[JSON]> {
    switch try commitListEntry(ofRepository: fullName) {
    case .found(let entry): .recorded(try commitList(at: entry))
    case .notRecorded: .notRecorded
    case .noSuchRepository: .noSuchRepository
    }
  }

  /// The commits of `owner/name`, found but not read: each is parsed when it is asked for.
  func commitList(ofRepository fullName: String) throws(DataSourceError) -> GitHubDataset.Commits<GitHubCommitList> {
    let entry: Int
    switch try commitListEntry(ofRepository: fullName) {
    case .found(let found): entry = found
    case .notRecorded: return .notRecorded
    case .noSuchRepository: return .noSuchRepository
    }
    let list = commitTable + (entry - commitListTable) / 56 * 16
    guard let first = index.number(at: list), let count = index.number(at: list + 8) else { throw Self.outside }
    return .recorded(GitHubCommitList(self, first: first, count: count))
  }

  /// The commit at `number` of the index's commit spans (every list's commits, one list after
  /// another), with only `members` (nil: all).
  func commit(at number: Int, members: RecordMembers?) throws(DataSourceError) -> JSON {
    guard number >= 0, number <= index.count / 16 else { throw Self.outside }
    let entry = commitTable + commitListCount * 16 + number * 16
    guard let offset = index.number(at: entry), let length = index.number(at: entry + 8) else {
      throw Self.outside
    }
    let span = json.span(offset, length)
    return try commitRecords.record(number, members: members, cost: length) { () throws(DataSourceError) in
      try Self.reader.parse(span, members: members)
    }
  }

  /// The names commits were recorded under, as written.
  var commitNames: [String] {
    (0..<commitListCount).compactMap { list in
      let entry = commitListTable + list * 56
      guard let offset = index.number(at: entry + 16), let length = index.number(at: entry + 24),
        let name = index.span(offset, length)
      else { return nil }
      return String(decoding: name, as: UTF8.self)
    }
  }

  /// The linked-in bytes of the JSON and of the index, for the test that they are the files.
  var jsonBytes: UnsafeBufferPointer<UInt8>? { json.span(0, json.count) }
  var indexBytes: UnsafeBufferPointer<UInt8>? { index.span(0, index.count) }

  // MARK: - Parts

  private func repository(at ordinal: Int, members: RecordMembers? = nil) throws(DataSourceError) -> GitHubRepository {
    guard let repository = GitHubRepository(try recordedRepository(at: ordinal, members: members)) else {
      throw .decoding("repository \(ordinal) of the GitHub sample data has no 'id' or 'full_name'")
    }
    return repository
  }

  /// The record at `ordinal` as recorded, with only `members` (nil: all).
  private func recordedRepository(at ordinal: Int, members: RecordMembers?) throws(DataSourceError) -> JSON {
    let span = try repositorySpan(at: ordinal)
    return try recordedRepositories.record(ordinal, members: members, cost: span?.count ?? 0) {
      () throws(DataSourceError) in try Self.reader.parse(span, members: members)
    }
  }

  private func repositorySpan(at ordinal: Int) throws(DataSourceError) -> UnsafeBufferPointer<UInt8>? {
    let entry = repositoryTable + ordinal * 24
    guard ordinal >= 0, ordinal < repositoryCount, let offset = index.number(at: entry + 8),
      let length = index.number(at: entry + 16)
    else { throw Self.outside }
    return json.span(offset, length)
  }

  /// The place in id order of the repository named `owner/name` (any case), or recorded under
  /// that name before or after a rename.
  private func repositoryOrdinal(named fullName: String) -> Int? {
    let key = Array(fullName.lowercased().utf8)
    if let entry = find(key, in: nameTable, count: nameCount, stride: 24), let ordinal = index.number(at: entry + 16) {
      return ordinal
    }
    if let entry = find(key, in: commitListTable, count: commitListCount, stride: 56),
      let id = index.number(at: entry + 48), id > 0
    {
      return repositoryOrdinal(id: id)
    }
    return nil
  }

  private enum ListEntry {
    case found(Int)
    case notRecorded
    case noSuchRepository
  }

  /// The commit list of `owner/name`: recorded under that name, or under another name of the
  /// same repository id.
  private func commitListEntry(ofRepository fullName: String) throws(DataSourceError) -> ListEntry {
    if let entry = find(Array(fullName.lowercased().utf8), in: commitListTable, count: commitListCount, stride: 56) {
      return .found(entry)
    }
    // The repository's id is in its entry of the repository table: no record is read.
    guard let ordinal = repositoryOrdinal(named: fullName) else { return .noSuchRepository }
    guard ordinal < repositoryCount, let id = index.number(at: repositoryTable + ordinal * 24) else {
      throw Self.outside
    }
    for list in 0..<commitListCount {
      let entry = commitListTable + list * 56
      if index.number(at: entry + 48) == id { return .found(entry) }
    }
    return .notRecorded
  }

  private func repositoryOrdinal(id: Int) -> Int? {
    SampleIndexReader.place(of: id, in: index, table: repositoryTable, count: repositoryCount, stride: 24)
  }

  private func commitList(at entry: Int) throws(DataSourceError) -> [JSON] {
    guard let offset = index.number(at: entry + 32), let length = index.number(at: entry + 40) else {
      throw Self.outside
    }
    guard let commits = try Self.reader.parse(json.span(offset, length)).arrayValue else {
      throw .decoding("a commit list of the GitHub sample data is not an array")
    }
    return commits
  }

  /// The entry of a table sorted by its key (the first two numbers: offset and length of the
  /// key in the index) whose key is `key`, by binary search.
  private func find(_ key: [UInt8], in table: Int, count: Int, stride: Int) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      let entry = table + middle * stride
      guard let offset = index.number(at: entry), let length = index.number(at: entry + 8),
        let found = index.span(offset, length)
      else { return nil }
      let order = Self.compare(found, key)
      if order == 0 { return entry }
      if order < 0 { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: [UInt8]) -> Int {
    for (a, b) in zip(left, right) where a != b { return a < b ? -1 : 1 }
    return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
  }

  private static let reader = SampleIndexReader(name: "GitHub")
  private static var outside: DataSourceError { reader.outside }
}
