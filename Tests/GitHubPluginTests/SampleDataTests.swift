import Foundation
import ScreenKit
import Testing

@testable import GitHubPlugin

@Suite("GitHub sample data")
struct SampleDataTests {
  static let wholeJSON: Result<JSON, Error> = Result {
    try JSON.parse(Array(try Data(contentsOf: Paths.sampleJSON)), options: .response)
  }

  /// The binary carries the generated files as bytes (`.incbin`); this catches one regenerated
  /// without a rebuild.
  @Test func embeddedBytesAreTheGeneratedFiles() throws {
    let index = try GitHubSampleIndex.bundled.get()
    #expect(Data(try #require(index.jsonBytes)) == (try Data(contentsOf: Paths.sampleJSON)))
    #expect(
      Data(try #require(index.indexBytes))
        == (try Data(contentsOf: Paths.sampleJSON.deletingPathExtension().appendingPathExtension("index"))))
  }

  /// The bundled data, read in place through its index, answers every question as the same
  /// data parsed whole does.
  @Test func theIndexAgreesWithTheWholeDataset() throws {
    let bundled = try GitHubDataset.bundled.get()
    let whole = try GitHubDataset(json: try Self.wholeJSON.get())
    let repositories = try bundled.repositories()
    let held = try whole.repositories()
    #expect(repositories.count == held.count)
    for (read, full) in zip(repositories, held) {
      // Search reads only some members of the bundled records; a page reads its own again.
      #expect(try bundled.repositoryRecord(of: read, members: nil) == full.record)
      #expect(read.record == GitHubRepository.searched.project(full.record))
      #expect(Self.searchedFields(read) == Self.searchedFields(full), "\(full.fullName)")
    }
    #expect(bundled.commitNames.sorted() == whole.commitNames.sorted())
    let names = repositories.map(\.fullName) + bundled.commitNames + ["nobody/nothing", "SIGMAVIRUS24/GITHUB3.PY"]
    for name in names {
      #expect(try bundled.repository(named: name)?.record == (try whole.repository(named: name)?.record), "\(name)")
      #expect(try bundled.commits(ofRepository: name) == (try whole.commits(ofRepository: name)), "\(name)")
      let read: RecordMembers = ["full_name", "default_branch", "nope"]
      let part = try bundled.repositoryRecord(named: name, members: read)
      #expect(part == (try whole.repository(named: name)?.record).map(read.project), "\(name)")
    }
  }

  /// The search records build_sample.py wrote into the index are what parsing each repository's
  /// record with the members search reads gives.
  @Test func theIndexSearchRecordsAreTheParsedOnes() throws {
    let index = try GitHubSampleIndex.bundled.get()
    let written = try index.searchedRepositories()
    let parsed = try index.parsedRepositories()
    #expect(written.count == 134 && written.count == parsed.count)
    for (written, parsed) in zip(written, parsed) {
      #expect(written.record == parsed.record)
      #expect(Self.searchedFields(written) == Self.searchedFields(parsed), "\(parsed.fullName)")
    }
  }

  /// Everything search reads of a repository, as text.
  static func searchedFields(_ repository: GitHubRepository) -> String {
    let r = repository
    let fields: [Any?] = [
      r.id, r.fullName, r.name, r.lowercasedFullName, r.owner, r.description, r.topics, r.language, r.stars, r.forks,
      r.size, r.recordedScore, r.createdAt, r.pushedAt, r.updatedAt, r.isArchived, r.isFork, r.isPrivate, r.isMirror,
      r.licenses,
    ]
    return fields.map { String(describing: $0) }.joined(separator: "|")
  }

  @Test func bundledDatasetLoadsEveryRecordedRepositoryAndCommit() throws {
    let dataset = try GitHubDataset.bundled.get()
    let repositories = try dataset.repositories()
    #expect(repositories.count == 134)
    #expect(repositories.map(\.id) == repositories.map(\.id).sorted())
    #expect(dataset.commitNames.count == 32)
    #expect(dataset.attribution == "Sample data: recorded GitHub responses")
  }

  /// Every repository whose commits were recorded opens a list that has them.
  @Test func everyRepositoryWithRecordedCommitsListsThem() async throws {
    let dataset = try GitHubDataset.bundled.get()
    let source = GitHubSampleSource(dataset: dataset)
    for name in dataset.commitNames + (try dataset.repositoriesWithCommits()) {
      guard case .recorded(let commits) = try dataset.commits(ofRepository: name) else {
        Issue.record("no commits for \(name)")
        continue
      }
      #expect(!commits.isEmpty)
      let page = try await source.page(PageRequest(resource: "commits", parameters: ["repo": name], pageSize: 30))
      #expect(page.records == Array(commits.prefix(30)), "\(name)")
    }
  }

  /// stapler/stapler's 30 recorded commits, ten a page.
  @Test func aRepositoryWithPagedCommits() async throws {
    let source = GitHubSampleSource(dataset: try GitHubDataset.bundled.get())
    var shas: [String] = []
    var cursor: PageCursor?
    var pages = 0
    repeat {
      let page = try await source.page(
        PageRequest(resource: "commits", parameters: ["repo": "stapler/stapler"], cursor: cursor, pageSize: 10))
      shas += page.records.compactMap { $0["sha"]?.stringValue }
      cursor = page.next
      pages += 1
    } while cursor != nil && pages < 10
    #expect(pages == 3)
    #expect(shas.count == 30)
    #expect(Set(shas).count == 30)
  }

  /// The search-only score is kept apart as `_score`; records leave the plugin as GitHub sends
  /// them, and the score still orders best matches.
  @Test func recordedScoreIsTakenOffTheRecord() throws {
    let dataset = try GitHubDataset.bundled.get()
    let pyGithub = try #require(try dataset.repository(named: "jacquev6/PyGithub"))
    #expect(pyGithub.record["_score"] == nil)
    #expect(pyGithub.recordedScore == 43.148933)
    #expect(try dataset.repositories().allSatisfy { $0.record["_score"] == nil })
  }

  @Test func datasetWithoutRepositoriesIsADecodingError() {
    #expect(throws: DataSourceError.decoding("the GitHub sample data has no 'repositories' array")) {
      try GitHubDataset(json: ["commits": [:]])
    }
  }
}
