import ScreenKit
import Testing

@testable import GitHubPlugin

@Suite("Repositories and commits on the sample data")
struct RepositoryAndCommitTests {
  let source: GitHubSampleSource

  init() throws {
    source = try GitHubSampleSource()
  }

  func repository(_ repo: String?) async throws(DataSourceError) -> Record {
    try await source.record(RecordRequest(resource: "repository", parameters: repo.map { ["repo": $0] } ?? [:]))
  }

  func commit(_ repo: String, _ sha: String) async throws(DataSourceError) -> Record {
    try await source.record(RecordRequest(resource: "commit", parameters: ["repo": repo, "sha": sha]))
  }

  // MARK: - repository

  @Test func aRepositoryIsFoundByOwnerAndNameInAnyCase() async throws {
    let record = try await repository("FACEBOOK/React")
    #expect(record.value["id"] == 10_270_250)
    #expect(record.value["full_name"] == "facebook/react")
    #expect(record.value["_score"] == nil)
    #expect(record.attribution == "Sample data: recorded GitHub responses")
  }

  /// GitHub redirects a renamed repository's old name; the data knows PyGithub/PyGithub by the
  /// id its commits were recorded with (see PROVENANCE.md).
  @Test func aRenamedRepositoryIsFoundByItsOtherName() async throws {
    let record = try await repository("PyGithub/PyGithub")
    #expect(record.value["id"] == 3_544_490)
    #expect(record.value["full_name"] == "jacquev6/PyGithub")
  }

  @Test func anUnknownRepositoryIsGitHubsNotFound() async throws {
    let error = try #require(await failure { try await repository("octocat/no-such-repo") })
    #expect(error == .notFound("Not Found (GET /repos/octocat/no-such-repo)"))
    #expect(error.description == "not found: Not Found (GET /repos/octocat/no-such-repo)")
  }

  @Test func repoMustBeOwnerSlashName() async throws {
    for bad in ["react", "a/b/c", "/react", "face book/react"] {
      let error = try #require(await failure { try await repository(bad) })
      #expect(
        error
          == .badRequest("'repo' must be owner/name, as in sigmavirus24/github3.py, not '\(bad)'", parameter: "repo"))
    }
    let missing = try #require(await failure { try await repository(nil) })
    #expect(missing.kind == .badRequest(parameter: "repo"))
  }

  // MARK: - commits

  @Test func commitsComeNewestFirst() async throws {
    let page = try await source.commits("sigmavirus24/github3.py")
    #expect(page.records.count == 25)
    let dates = page.records.compactMap { $0[path: ["commit", "committer", "date"]]?.stringValue }
    #expect(dates.count == 25)
    #expect(dates == dates.sorted(by: >))
    #expect(page.shas.first == "977560f205a84449522988b52e196f4bf502f79a")
    // GitHub's list of commits has no count, only a Link to the last page.
    #expect(page.total == nil)
  }

  @Test func commitsAreFoundByRepositoryIdUnderAnotherName() async throws {
    // Recorded as PyGithub/PyGithub (2013 and 2026), listed in search as jacquev6/PyGithub (2014):
    // two recordings of 2026 and fifteen of 2013's author-filtered pages.
    let byOldName = try await source.commits("jacquev6/PyGithub")
    let byNewName = try await source.commits("pygithub/pygithub")
    #expect(byOldName.shas.count == 17)
    #expect(byOldName.shas == byNewName.shas)
    #expect(byOldName.shas.first?.hasPrefix("0791cc7") == true)
  }

  @Test func commitsPageByOffset() async throws {
    var shas: [String] = []
    var sizes: [Int] = []
    var cursor: String?
    repeat {
      let page = try await source.commits("sigmavirus24/github3.py", cursor: cursor, pageSize: 10)
      shas += page.shas
      sizes.append(page.records.count)
      cursor = page.next?.value
    } while cursor != nil
    #expect(sizes == [10, 10, 5])
    #expect(shas == (try await source.commits("sigmavirus24/github3.py", pageSize: 100)).shas)
  }

  @Test func commitsOfAnUnknownRepositoryAreNotFound() async throws {
    let error = try #require(await failure { try await source.commits("octocat/nothing") })
    #expect(error == .notFound("Not Found (GET /repos/octocat/nothing/commits)"))
  }

  /// The repository is real; only its commits were never recorded. The page says so, and where
  /// to look instead, instead of passing an empty list off as the repository's history.
  @Test func commitsThatWereNeverRecordedAreAnEmptyPageThatSaysSo() async throws {
    let page = try await source.commits("facebook/react")
    #expect(page.records.isEmpty)
    #expect(page.next == nil)
    // 32 repositories have commits: too many to name in a footer line.
    #expect(page.attribution == "Sample data: its commits were not recorded (32 repositories have some)")
  }

  @Test func perPageAbove100IsValidationFailedForCommitsToo() async throws {
    let error = try #require(await failure { try await source.commits("sigmavirus24/github3.py", pageSize: 101) })
    #expect(
      error
        == .badRequest(
          "422 Validation Failed (GET /repos/sigmavirus24/github3.py/commits): Commit.per_page is invalid: 101 is not from 1 to 100",
          parameter: "per_page"))
  }

  // MARK: - sha and path

  /// From 50cad0a the walk goes through its parent b70bd33 and on; the merge above it and the
  /// sibling branch (54e1be1) are not reachable.
  @Test func shaListsTheCommitsReachableFromIt() async throws {
    let all = try await source.commits("sigmavirus24/github3.py", pageSize: 100).shas
    let reachable = try await source.commits("sigmavirus24/github3.py", sha: "50cad0a", pageSize: 100).shas
    #expect(reachable.first?.hasPrefix("50cad0a") == true)
    #expect(reachable.count > 1)
    #expect(!reachable.contains { $0.hasPrefix("977560f") || $0.hasPrefix("54e1be1") })
    #expect(reachable.contains { $0.hasPrefix("b70bd33") })
    #expect(reachable == all.filter(reachable.contains))  // still newest first
  }

  @Test func theDefaultBranchListsEverything() async throws {
    let all = try await source.commits("sigmavirus24/github3.py").shas
    #expect(try await source.commits("sigmavirus24/github3.py", sha: "develop").shas == all)
  }

  @Test func anUnknownShaIsGitHubsNoCommitFound() async throws {
    let error = try #require(await failure { try await source.commits("sigmavirus24/github3.py", sha: "deadbeef") })
    #expect(
      error
        == .badRequest(
          "422 No commit found for SHA: deadbeef (GET /repos/sigmavirus24/github3.py/commits)", parameter: "sha"))
  }

  @Test func pathNeedsFileListsTheRecordingsDoNotHave() async throws {
    let error = try #require(await failure { try await source.commits("sigmavirus24/github3.py", path: "setup.py") })
    #expect(error.kind == .badRequest(parameter: "path"))
    #expect(error.message.contains("do not list their files"))
  }

  @Test func pathKeepsCommitsThatTouchTheFileOrFolder() async throws {
    let commits = [
      Synthetic.commit(
        sha: "c3c3c3c3", message: "Docs", login: "a", date: "2024-03-03T00:00:00Z", parents: ["b2b2b2b2"],
        files: ["docs/index.md"]),
      Synthetic.commit(
        sha: "b2b2b2b2", message: "Code", login: "a", date: "2024-02-02T00:00:00Z", parents: ["a1a1a1a1"],
        files: ["src/app.swift", "README.md"]),
      Synthetic.commit(
        sha: "a1a1a1a1", message: "Start", login: "a", date: "2024-01-01T00:00:00Z", files: ["src/main.swift"]),
    ]
    let dataset = try Synthetic.dataset(
      repositories: [Synthetic.repository(id: 1, owner: "octo", name: "app")], commits: ["octo/app": commits])
    let source = GitHubSampleSource(dataset: dataset)
    #expect(try await source.commits("octo/app", path: "src").shas == ["b2b2b2b2", "a1a1a1a1"])
    #expect(try await source.commits("octo/app", path: "/README.md").shas == ["b2b2b2b2"])
    #expect(try await source.commits("octo/app", path: "src/app.swift").shas == ["b2b2b2b2"])
    #expect(try await source.commits("octo/app", path: "nowhere").shas.isEmpty)
  }

  // MARK: - commit

  @Test func aCommitIsFoundByFullOrShortSha() async throws {
    let short = try await commit("sigmavirus24/github3.py", "50cad0a")
    let full = try await commit("sigmavirus24/github3.py", try #require(short.value["sha"]?.stringValue))
    #expect(short == full)
    #expect(
      short.value[path: ["commit", "message"]]?.stringValue?.hasPrefix("Update .travis.yml configuration\n") == true)
    #expect(try await commit("jacquev6/PyGithub", "9f7850b").value[path: ["author", "login"]] == "EnricoMi")
  }

  @Test func anUnknownCommitIsGitHubsNoCommitFound() async throws {
    let error = try #require(await failure { try await commit("sigmavirus24/github3.py", "0000000") })
    #expect(
      error
        == .badRequest(
          "422 No commit found for SHA: 0000000 (GET /repos/sigmavirus24/github3.py/commits/0000000)", parameter: "sha")
    )
    let tooShort = try #require(await failure { try await commit("sigmavirus24/github3.py", "50c") })
    #expect(tooShort.kind == .badRequest(parameter: "sha"))
  }

  @Test func anAmbiguousShortShaAsksForMore() async throws {
    let commits = [
      Synthetic.commit(sha: "abcd1111", message: "One", login: "a", date: "2024-01-02T00:00:00Z"),
      Synthetic.commit(sha: "abcd2222", message: "Two", login: "a", date: "2024-01-01T00:00:00Z"),
    ]
    let source = GitHubSampleSource(
      dataset: try Synthetic.dataset(
        repositories: [Synthetic.repository(id: 1, owner: "octo", name: "app")], commits: ["octo/app": commits]))
    let error = try #require(
      await failure {
        try await source.record(RecordRequest(resource: "commit", parameters: ["repo": "octo/app", "sha": "abcd"]))
      })
    #expect(
      error
        == .badRequest("'abcd' is the start of more than one recorded commit; give more of the SHA", parameter: "sha"))
    let one = try await source.record(
      RecordRequest(resource: "commit", parameters: ["repo": "octo/app", "sha": "abcd2"]))
    #expect(one.value["sha"] == "abcd2222")
  }

  @Test func aCommitOfARepositoryWithoutRecordedCommitsSaysWhereToLook() async throws {
    let error = try #require(await failure { try await commit("facebook/react", "abcdef1") })
    #expect(error.kind == .badRequest(parameter: "repo"))
    #expect(error.message.contains("sigmavirus24/github3.py"))
  }

  @Test func unknownResourcesAreRefused() async throws {
    let list = try #require(await failure { try await source.page(PageRequest(resource: "issues", pageSize: 10)) })
    #expect(list.message.contains("repositories and commits"))
    let record = try #require(
      await failure { try await source.record(RecordRequest(resource: "user", parameters: [:])) })
    #expect(record.message.contains("repository and commit"))
  }
}
