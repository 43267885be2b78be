import Foundation
import GitHubPlugin
import PluginHost
import ScreenKinds
import ScreenKit
import ScreenRuntime
import TestSupport
import Testing

/// The four GitHub screens as a person sees them: each spec loaded from Screens/ and checked
/// against the registry, its view model run on the bundled data, its state drawn by the text
/// renderer at 40, 80 and 120 columns.
@MainActor
@Suite("GitHub screens")
struct ScreenSnapshotTests {
  let loader = ScreenLoader(registry: PluginRegistry([GitHubPlugin.plugin]), kinds: .standard)

  static func sample() throws -> any DataSource {
    try GitHubPlugin.plugin.make(PluginContext(mode: .sample))
  }

  /// The source parameters of a spec, filled in from navigation parameters.
  static func sourceParameters(_ spec: ScreenSpec, _ params: [String: String]) -> [String: String] {
    let context = TemplateContext(params: params)
    var values: [String: String] = [:]
    for (name, template) in spec.source.parameters { values[name] = template.render(in: context) }
    return values
  }

  /// A list screen's state after its first page loads, after `query` when one is given, and
  /// after `pages` pages in all.
  func list(
    _ file: String, params: [String: String] = [:], query: String? = nil, pages: Int = 1,
    source: (any DataSource)? = nil
  ) async throws -> ScreenState {
    let spec = try loader.load(Paths.screen(file))
    let list = try #require(spec.list)
    let model = Store(
      ListViewModel(
        source: try source ?? Self.sample(),
        configuration: .init(
          resource: spec.source.resource, parameters: Self.sourceParameters(spec, params), search: list.search,
          paging: list.paging)),
      state: ListViewModel.State(), scheduler: VirtualScheduler())
    model.send(.appear)
    if let query { model.send(.search(query)) }
    await model.settle()
    for _ in 1..<max(1, pages) {
      model.send(.loadNextPage)
      await model.settle()
    }
    return ScreenState(spec: spec, parameters: params, content: .of(ListKind.self, model.state))
  }

  /// A detail screen's state after its record loads.
  func detail(_ file: String, params: [String: String], source: (any DataSource)? = nil) async throws -> ScreenState {
    let spec = try loader.load(Paths.screen(file))
    let model = Store(
      DetailViewModel(
        source: try source ?? Self.sample(),
        request: RecordRequest(resource: spec.source.resource, parameters: Self.sourceParameters(spec, params))),
      state: DetailViewModel.State(), scheduler: VirtualScheduler())
    model.send(.appear)
    await model.settle()
    return ScreenState(spec: spec, parameters: params, content: .of(DetailKind.self, model.state))
  }

  func frame(_ state: ScreenState, width: Int) -> String {
    TextRenderer.render(state, options: RenderOptions(width: width))
  }

  /// Every line fits the width in terminal columns, wide characters counted as two, except a URL
  /// alone on its line, which is never broken (`FrameLine`).
  func expectFits(_ frame: String, _ width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    for line in frame.split(separator: "\n") where !FrameLine.fits(line, width: width) {
      Issue.record("line wider than \(width) columns: \(line)", sourceLocation: sourceLocation)
    }
  }

  // MARK: - repositories.json

  @Test(arguments: [40, 80, 120])
  func repositoriesBeforeASearch(width: Int) async throws {
    let frame = frame(try await list("repositories.json"), width: width)
    assertSnapshot(frame, named: "repositories-empty-\(width)")
    #expect(frame.contains("Type to search."))
  }

  @Test(arguments: [40, 80, 120])
  func repositoriesSearchedForReact(width: Int) async throws {
    let frame = frame(try await list("repositories.json", query: "react"), width: width)
    assertSnapshot(frame, named: "repositories-react-\(width)")
    expectFits(frame, width)
    #expect(frame.contains(" 1. facebook/react\n"))
    #expect(frame.contains("1-10 of 10"))
    #expect(frame.contains("Sample data: recorded GitHub responses"))
  }

  /// GitHub's total can pass the 1,000 results search lists; the footer says both.
  @Test func repositoriesPastTheSearchCap() async throws {
    let dataset = try Synthetic.manyMatches(2723)
    let source = try Synthetic.registry(dataset).makeSource(named: "github", context: PluginContext())
    let first = frame(try await list("repositories.json", query: "github", source: source), width: 80)
    assertSnapshot(first, named: "repositories-cap-80")
    #expect(first.contains("1-30 of 2,723 (the first 1,000 can be listed), more to load"))
    let third = frame(try await list("repositories.json", query: "github", pages: 3, source: source), width: 40)
    #expect(third.contains("1-90 of 2,723 (the first 1,000 can be l…"))
  }

  @Test func repositoriesWithNoMatch() async throws {
    let frame = frame(try await list("repositories.json", query: "zzzz"), width: 80)
    assertSnapshot(frame, named: "repositories-no-match-80")
    #expect(frame.contains("No repositories match 'zzzz'."))
  }

  @Test func repositoriesWithAQualifierTheDataCannotApply() async throws {
    let frame = frame(try await list("repositories.json", query: "react followers:>5"), width: 120)
    assertSnapshot(frame, named: "repositories-unsupported-qualifier-120")
    #expect(frame.contains("error: bad request: the sample data cannot apply 'followers:'"))
  }

  // MARK: - repository.json

  /// facebook/react has a license and topics; Cathy0807/react a CJK description, `license: null`
  /// and no topics; jacquev6/PyGithub is a 2014 record with no license or topics field at all.
  @Test(arguments: [
    ("facebook/react", 40), ("facebook/react", 80), ("facebook/react", 120),
    ("Cathy0807/react", 40), ("Cathy0807/react", 80), ("Cathy0807/react", 120),
    ("jacquev6/PyGithub", 80),
  ])
  func repositoryDetail(repo: String, width: Int) async throws {
    let frame = frame(try await detail("repository.json", params: ["repo": repo]), width: width)
    let name = repo.replacingOccurrences(of: "/", with: "_")
    assertSnapshot(frame, named: "repository-\(name)-\(width)")
    expectFits(frame, width)
    #expect(frame.hasPrefix(repo + "\n"))
    if repo != "facebook/react" {
      #expect(frame.contains("License         none"))
      #expect(frame.contains("Topics          none"))
    }
  }

  @Test func repositoryNotFound() async throws {
    let frame = frame(try await detail("repository.json", params: ["repo": "octocat/nothing"]), width: 80)
    assertSnapshot(frame, named: "repository-not-found-80")
    #expect(frame.contains("error: not found: Not Found (GET /repos/octocat/nothing)"))
  }

  // MARK: - commits.json

  @Test(arguments: [40, 80, 120])
  func commitsOfGitHub3py(width: Int) async throws {
    let frame = frame(try await list("commits.json", params: ["repo": "sigmavirus24/github3.py"]), width: width)
    assertSnapshot(frame, named: "commits-github3py-\(width)")
    expectFits(frame, width)
    #expect(frame.contains("25. Fix User.organization_events test"))
  }

  /// With `author: null` (no GitHub account for the commit's email) the commit's own author
  /// name shows instead of the login.
  @Test func commitsWithoutAGitHubAccount() async throws {
    let commits = [
      Synthetic.commit(
        sha: "b0b0b0b0b0b0", message: "Second\n\nBody text", login: nil, name: "Ada Lovelace",
        date: "2024-02-01T10:00:00Z", parents: ["a0a0a0a0a0a0"]),
      Synthetic.commit(sha: "a0a0a0a0a0a0", message: "First", login: "octocat", date: "2024-01-01T10:00:00Z"),
    ]
    let dataset = try Synthetic.dataset(
      repositories: [Synthetic.repository(id: 1, owner: "octo", name: "app")], commits: ["octo/app": commits])
    let source = try Synthetic.registry(dataset).makeSource(named: "github", context: PluginContext())
    let frame = frame(try await list("commits.json", params: ["repo": "octo/app"], source: source), width: 80)
    assertSnapshot(frame, named: "commits-null-author-80")
    #expect(frame.contains("Ada Lovelace · 2024-02-01 · b0b0b0b"))
    #expect(frame.contains("octocat · 2024-01-01 · a0a0a0a"))
  }

  @Test func commitsThatWereNeverRecorded() async throws {
    let frame = frame(try await list("commits.json", params: ["repo": "facebook/react"]), width: 80)
    assertSnapshot(frame, named: "commits-not-recorded-80")
    #expect(frame.contains("No commits of facebook/react to list."))
    #expect(frame.contains("Sample data: its commits were not recorded (32 repositories have some)"))
  }

  // MARK: - commit.json

  @Test(arguments: [40, 80, 120])
  func commitDetail(width: Int) async throws {
    let frame = frame(
      try await detail("commit.json", params: ["repo": "sigmavirus24/github3.py", "sha": "50cad0a"]), width: width)
    assertSnapshot(frame, named: "commit-50cad0a-\(width)")
    expectFits(frame, width)
    #expect(frame.contains("Add python 3.6 and nightly (3.7)"))
    #expect(frame.contains("Parents\n  • b70bd33"))
  }

  @Test func aMergeCommitListsBothParents() async throws {
    let frame = frame(
      try await detail("commit.json", params: ["repo": "sigmavirus24/github3.py", "sha": "977560f"]), width: 80)
    assertSnapshot(frame, named: "commit-977560f-80")
    #expect(frame.contains("Author      omgjlk"))
    #expect(
      frame.contains("  • 95df621823d8215ed12bc41da473f78dfe81cb76\n  • 50cad0ac5db5874084704afc1b04d8b3b16eb3a0"))
  }

  /// Recorded as PyGithub/PyGithub in 2026, opened by the name search lists it under (2014).
  @Test func aCommitOpensByTheRepositorysOtherName() async throws {
    let frame = frame(
      try await detail("commit.json", params: ["repo": "jacquev6/PyGithub", "sha": "0791cc7"]), width: 80)
    assertSnapshot(frame, named: "commit-0791cc7-80")
    #expect(frame.contains("Author      EnricoMi"))
    #expect(frame.contains("https://github.com/PyGithub/PyGithub/commit/0791cc7"))
  }

  // MARK: - Navigation

  /// A repository row opens its commits (what the GitHub sample app does); a commit opens its
  /// detail; back returns.
  /// A row opens the repository its preview shows; the commits are its link, one step further
  /// (issue 39, item 11).
  @Test func aRepositoryOpensItsCommitsAndACommitItsDetail() async throws {
    let navigator = Navigator(loader: loader, context: PluginContext(), scheduler: VirtualScheduler())
    try navigator.open(Paths.screen("repositories.json"))
    await navigator.settle()
    navigator.sendToCurrent(ListKind.self, .search("github3.py"))
    await navigator.settle()
    let row = try #require(
      navigator.state(of: ListKind.self)?.records.firstIndex { $0["full_name"] == "sigmavirus24/github3.py" })
    try navigator.select(row)
    await navigator.settle()
    #expect(navigator.current?.spec.file.hasSuffix("Screens/repository.json") == true)
    #expect(navigator.current?.parameters == ["repo": "sigmavirus24/github3.py"])
    try navigator.select(0)
    await navigator.settle()
    #expect(navigator.current?.spec.file.hasSuffix("Screens/commits.json") == true)
    #expect(navigator.current?.parameters == ["repo": "sigmavirus24/github3.py"])

    try navigator.select(2)
    await navigator.settle()
    #expect(navigator.current?.spec.file.hasSuffix("Screens/commit.json") == true)
    #expect(navigator.current?.parameters["sha"] == "50cad0ac5db5874084704afc1b04d8b3b16eb3a0")
    let frame = TextRenderer.render(try #require(navigator.current).screenState)
    #expect(frame.hasPrefix("Update .travis.yml configuration\n"))

    #expect(navigator.back())
    #expect(navigator.back())
    #expect(navigator.back())
    #expect(TextRenderer.render(try #require(navigator.current).screenState).contains("Search: github3.py"))
  }
}
