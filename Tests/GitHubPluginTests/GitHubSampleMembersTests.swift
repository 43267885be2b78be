import Testing

@testable import GitHubPlugin
@testable import ScreenJSON
@testable import ScreenKit

/// A page of commits asked for some members of each record (`PageRequest.members`: what a list
/// screen reads) holds exactly those members of the whole records, in their order, and pages
/// the same way.
@Suite("GitHub sample: the members asked for")
struct GitHubSampleMembersTests {
  @Test(arguments: [["commit", "author", "sha"], ["parents", "url"], ["nope"], []] as [Set<String>])
  func aPageOfCommitsHoldsOnlyTheMembersAskedFor(_ members: Set<String>) async throws {
    let source = try GitHubSampleSource()
    for repo in ["sigmavirus24/github3.py", "sferik/rails_admin", "PyGithub/PyGithub"] {
      for (offset, pageSize) in [(0, 30), (0, 7), (7, 7), (35, 10), (1_000, 5)] {
        let cursor = offset == 0 ? nil : PageCursor(String(offset))
        let parameters = ["repo": repo]
        let whole = try await source.page(
          PageRequest(resource: "commits", parameters: parameters, cursor: cursor, pageSize: pageSize))
        let part = try await source.page(
          PageRequest(
            resource: "commits", parameters: parameters, cursor: cursor, pageSize: pageSize,
            members: RecordMembers(members))
        )
        #expect(part.records.count == whole.records.count, "\(repo) \(offset)")
        #expect(part.next == whole.next && part.total == whole.total, "\(repo) \(offset)")
        for (full, projected) in zip(whole.records, part.records) {
          let keys = try #require(full.objectValue?.keys)
          #expect(projected.objectValue?.keys == keys.filter(members.contains))
          for key in members { #expect(projected[key] == full[key]) }
        }
      }
    }
  }

  /// Read in place, a page of commits is the same slice of the list as the whole data parsed in
  /// memory gives, with the same count.
  @Test func aPageReadInPlaceIsASliceOfTheWholeList() throws {
    let bundled = try GitHubDataset.bundled.get()
    let whole = try GitHubDataset(json: try SampleDataTests.wholeJSON.get())
    for name in bundled.commitNames + ["nobody/nothing", "SIGMAVIRUS24/GITHUB3.PY", "stapler/stapler"] {
      for positions in [0..<30, 3..<9, 29..<31, 500..<600, 0..<Int.max] {
        let read = try bundled.commits(ofRepository: name, at: positions, members: nil)
        let held = try whole.commits(ofRepository: name, at: positions, members: nil)
        #expect(read.commits == held.commits && read.count == held.count, "\(name) \(positions)")
        if case .recorded(let all) = try whole.commits(ofRepository: name) {
          #expect(read.count == all.count)
          #expect(read.commits == .recorded(Array(all[positions.clamped(to: all.indices)])))
        }
      }
    }
  }

  /// A cursor far past the end pages to nothing, without overflow.
  @Test func aCursorPastTheEndIsAnEmptyLastPage() async throws {
    let source = try GitHubSampleSource()
    let page = try await source.page(
      PageRequest(
        resource: "commits", parameters: ["repo": "sigmavirus24/github3.py"], cursor: PageCursor(String(Int.max)),
        pageSize: 100, members: ["sha"]))
    #expect(page.records.isEmpty && page.next == nil)
  }

  /// The commits screen reads members of members (`{commit.message}`, `{commit.author.name}`): a
  /// page holds only those, as if cut from the whole records.
  @Test func aPageOfCommitsHoldsOnlyTheNestedMembersAskedFor() async throws {
    let source = try GitHubSampleSource()
    let read = try #require(
      RecordMembers(paths: [["sha"], ["commit", "message"], ["commit", "author", "name"], ["author", "login"]]))
    for repo in ["sigmavirus24/github3.py", "sferik/rails_admin"] {
      let parameters = ["repo": repo]
      let whole = try await source.page(PageRequest(resource: "commits", parameters: parameters, pageSize: 30))
      let part = try await source.page(
        PageRequest(resource: "commits", parameters: parameters, pageSize: 30, members: read))
      #expect(!part.records.isEmpty && part.records == whole.records.map(read.project), "\(repo)")
      #expect(part.records.first?["commit"]?.objectValue?.keys == ["author", "message"])
    }
  }
}
