import ScreenKit
import Testing

@testable import GitHubPlugin

/// Finding a commit reads only the `sha` of each (and `parents` for `commits?sha=`), yet finds
/// what searching the whole parsed list found: by full, upper-case, short and too-short SHA, by
/// the default branch, an ambiguous start, and the commits a SHA reaches, page by page.
@Suite("GitHub sample: finding commits by SHA")
struct GitHubSampleCommitLookupTests {
  /// What a lookup found in the whole list.
  enum Found: Equatable {
    case commit(JSON)
    case none
    case ambiguous
  }

  /// The commit `reference` names in the whole list, by the rules of the commits endpoints.
  static func find(_ reference: String, in commits: [JSON], defaultBranch: String?) -> Found {
    if reference == defaultBranch, let newest = commits.first { return .commit(newest) }
    let text = reference.lowercased()
    guard text.count >= 4, text.allSatisfy(\.isHexDigit) else { return .none }
    let matches = commits.filter { ($0["sha"]?.stringValue ?? "").lowercased().hasPrefix(text) }
    if matches.count == 1 { return .commit(matches[0]) }
    if let exact = matches.first(where: { $0["sha"]?.stringValue?.lowercased() == text }) { return .commit(exact) }
    return matches.isEmpty ? .none : .ambiguous
  }

  /// The commits reachable from `start` through `parents`, in the list's order.
  static func reachable(from start: JSON, in commits: [JSON]) -> [JSON] {
    var reached: Set<String> = []
    var pending = [start]
    while let commit = pending.popLast() {
      guard let sha = commit["sha"]?.stringValue, reached.insert(sha).inserted else { continue }
      for parent in commit["parents"]?.arrayValue ?? [] {
        if let next = commits.first(where: { $0["sha"] == parent["sha"] }) { pending.append(next) }
      }
    }
    var listed: Set<String> = []
    return commits.filter { commit in
      guard let sha = commit["sha"]?.stringValue, reached.contains(sha) else { return false }
      return listed.insert(sha).inserted
    }
  }

  /// What the source answers for `GET /repos/{repo}/commits/{reference}`.
  static func lookup(_ source: GitHubSampleSource, _ repo: String, _ reference: String) async throws -> Found {
    do {
      return .commit(
        try await source.record(RecordRequest(resource: "commit", parameters: ["repo": repo, "sha": reference])).value)
    } catch {
      if error.message.contains("more than one recorded commit") { return .ambiguous }
      #expect(error.message.contains("No commit found for SHA"), "\(repo) \(reference): \(error)")
      return .none
    }
  }

  /// Every page of `commits?sha=reference`, each checked against the slice of the whole list.
  static func pages(
    _ source: GitHubSampleSource, _ repo: String, _ reference: String, expected: [JSON], pageSize: Int,
    members: RecordMembers? = nil
  ) async throws {
    var cursor: PageCursor?
    var seen = 0
    repeat {
      let page = try await source.page(
        PageRequest(
          resource: "commits", parameters: ["repo": repo, "sha": reference], cursor: cursor, pageSize: pageSize,
          members: members))
      var whole = try Page.slice(expected, cursor: cursor, pageSize: pageSize, attribution: source.dataset.attribution)
      whole.total = nil
      if let members { whole.records = whole.records.map(members.project) }
      #expect(page == whole, "\(repo) \(reference) at \(cursor?.value ?? "start")")
      seen += page.records.count
      cursor = page.next
    } while cursor != nil && seen <= expected.count
    #expect(seen == expected.count, "\(repo) \(reference)")
  }

  /// References to try in a list: every commit's full, upper-case and 7- and 4-character SHA
  /// where `every`, else the newest, a middle and the oldest commit's; and ones that name nothing.
  static func references(_ commits: [JSON], every: Bool) -> [String] {
    let positions = every ? Array(commits.indices) : [0, commits.count / 2, commits.count - 1]
    var references = ["deadbeef", "abc", "zzzz", "HEAD"]
    for position in Set(positions) where commits.indices.contains(position) {
      guard let sha = commits[position]["sha"]?.stringValue else { continue }
      references += [sha, sha.uppercased(), String(sha.prefix(7)), String(sha.prefix(4))]
    }
    return references
  }

  @Test func everyRecordedCommitIsFoundAsInTheWholeList() async throws {
    let source = try GitHubSampleSource()
    let dataset = source.dataset
    let names = dataset.commitNames + ["jacquev6/PyGithub", "SIGMAVIRUS24/GITHUB3.PY"]
    var found = 0
    for name in names {
      guard case .recorded(let commits) = try dataset.commits(ofRepository: name) else {
        Issue.record("\(name) has no recorded commits")
        continue
      }
      let branch = try dataset.repository(named: name)?.record["default_branch"]?.stringValue
      let every = ["sigmavirus24/github3.py", "sferik/rails_admin", "jacquev6/PyGithub"].contains(name)
      for reference in Self.references(commits, every: every) + [branch ?? "main"] {
        let expected = Self.find(reference, in: commits, defaultBranch: branch)
        #expect(try await Self.lookup(source, name, reference) == expected, "\(name) \(reference)")
        if case .commit = expected { found += 1 }
      }
    }
    #expect(found > 300)
  }

  @Test(arguments: [7, 100])
  func commitsFromAShaAreWhatItReachesInTheWholeList(_ pageSize: Int) async throws {
    let source = try GitHubSampleSource()
    let dataset = source.dataset
    var walks = 0
    for name in dataset.commitNames {
      guard case .recorded(let commits) = try dataset.commits(ofRepository: name) else { continue }
      let branch = try dataset.repository(named: name)?.record["default_branch"]?.stringValue
      let every = name == "sigmavirus24/github3.py"
      for reference in Self.references(commits, every: every) + (branch.map { [$0] } ?? []) {
        guard case .commit(let start) = Self.find(reference, in: commits, defaultBranch: branch) else { continue }
        let expected = Self.reachable(from: start, in: commits)
        try await Self.pages(source, name, reference, expected: expected, pageSize: pageSize)
        walks += 1
      }
    }
    #expect(walks > 50)
  }

  @Test func commitsFromAShaReadOnlyTheMembersAskedFor() async throws {
    let source = try GitHubSampleSource()
    let read = try #require(RecordMembers(paths: [["sha"], ["commit", "message"], ["author", "login"]]))
    for name in ["sigmavirus24/github3.py", "TryGhost/Ghost"] {
      guard case .recorded(let commits) = try source.dataset.commits(ofRepository: name) else {
        Issue.record("\(name) has no recorded commits")
        continue
      }
      for start in commits.enumerated().filter({ $0.offset % 3 == 0 }).map(\.element) {
        let sha = try #require(start["sha"]?.stringValue)
        let expected = Self.reachable(from: start, in: commits)
        try await Self.pages(source, name, sha, expected: expected, pageSize: 10, members: read)
      }
    }
  }

  /// The bundled recordings hold no two commits of one repository that share 4 characters, so
  /// an ambiguous start, a full SHA among longer ones and branches come from a list in memory.
  @Test func aListInMemoryIsSearchedTheSameWay() async throws {
    let shas = ["abcd1111", "abcd2222", "abcd22221", "0123abcd", "ABCDEF99"]
    let commits = shas.enumerated().map { place, sha in
      Synthetic.commit(
        sha: sha, message: "Commit \(place)", login: "a", date: "2024-01-0\(9 - place)T00:00:00Z",
        parents: place + 1 < shas.count ? [shas[place + 1]] : [])
    }
    let source = GitHubSampleSource(
      dataset: try Synthetic.dataset(
        repositories: [Synthetic.repository(id: 1, owner: "octo", name: "app")], commits: ["octo/app": commits]))
    for reference in ["abcd", "abcd2", "abcd2222", "abcd22221", "ABCD1", "abcdef", "0123", "main", "develop", "01"] {
      let expected = Self.find(reference, in: commits, defaultBranch: "main")
      #expect(try await Self.lookup(source, "octo/app", reference) == expected, "\(reference)")
      if case .commit(let start) = expected {
        let reached = Self.reachable(from: start, in: commits)
        try await Self.pages(source, "octo/app", reference, expected: reached, pageSize: 2)
      }
    }
    #expect(try await Self.lookup(source, "octo/app", "abcd") == .ambiguous)
  }
}
