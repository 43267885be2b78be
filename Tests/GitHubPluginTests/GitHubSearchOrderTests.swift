import ScreenKit
import Testing

@testable import GitHubPlugin

/// A search sorts keys, keeps the whole order of a query with no words and serves a record it
/// parsed before; every answer is the one the straightforward way gives: filter the whole data
/// parsed in memory, sort the repositories themselves, cut each record of a page from the whole
/// record.
@Suite("GitHub sample search: the fast path against the straightforward one")
struct GitHubSearchOrderTests {
  static let queries = [
    "stars:>=0", "stars:>100", "tetris", "python", "react", "github", "a", "e", "github3", "in:name tetris",
    "in:description game", "tetris fork:true", "fork:only stars:>=0", "language:python", "topic:react",
    "\"tetris game\"",
    "tetris stars:>10", "created:>2015-01-01", "pushed:<2015-01-01", "is:public", "archived:false", "size:<1000",
    "license:mit", "-language:python", "user:sigmavirus24", "nomatchatall",
  ]
  static let sorts: [String?] = [nil, "stars", "forks", "updated"]

  /// The order the straightforward way gives: the matching repositories sorted by a closure.
  static func straightforward(
    _ repositories: [GitHubRepository], query: GitHubSearchQuery, sort: String?, ascending: Bool
  ) -> [GitHubRepository] {
    func compare(_ left: GitHubRepository, _ right: GitHubRepository) -> Int {
      switch sort {
      case "stars": left.stars < right.stars ? -1 : left.stars > right.stars ? 1 : 0
      case "forks": left.forks < right.forks ? -1 : left.forks > right.forks ? 1 : 0
      case "updated":
        (left.updatedAt ?? "") < (right.updatedAt ?? "") ? -1 : (left.updatedAt ?? "") > (right.updatedAt ?? "") ? 1 : 0
      default: 0
      }
    }
    let scored = repositories.filter(query.matches).map { (repository: $0, relevance: query.relevance(of: $0)) }
    return scored.sorted { left, right in
      let order = compare(left.repository, right.repository)
      if order != 0 { return ascending ? order < 0 : order > 0 }
      if left.relevance != right.relevance { return left.relevance > right.relevance }
      return left.repository.id < right.repository.id
    }.map(\.repository)
  }

  /// Every query, sort and direction: the places a search orders are those of the straightforward
  /// order, over the bundled list and over the whole data held in memory, before and after the
  /// whole orders are kept.
  @Test func theOrderIsTheStraightforwardOne() throws {
    for dataset in [try GitHubDataset.bundled.get(), try GitHubDataset(json: try SampleDataTests.wholeJSON.get())] {
      let repositories = try dataset.repositories()
      let fresh = GitHubSearchOrder()
      for round in 0..<2 {
        for text in round == 0 ? Self.queries : Array(Self.queries.prefix(6)) {
          let query = try GitHubSearchQuery(text)
          for sort in Self.sorts {
            for ascending in [false, true] {
              let expected = Self.straightforward(repositories, query: query, sort: sort, ascending: ascending)
                .map(\.id)
              let order = GitHubSampleSource.Sort(rawValue: sort ?? "")
              for searchOrder in [fresh, dataset.searchOrder] {
                let places = searchOrder.places(in: repositories, matching: query, sort: order, ascending: ascending)
                #expect(places.map { repositories[$0].id } == expected, "\(round) \(text) \(sort ?? "-") \(ascending)")
              }
            }
          }
        }
      }
    }
  }

  /// Repositories that differ in nothing the order reads keep the list's order, as a stable
  /// sort of the matches does.
  @Test func fullTiesKeepTheListOrder() throws {
    let repositories = try GitHubDataset.bundled.get().repositories()
    let twin = try #require(repositories.first { $0.fullName.lowercased().contains("tetris") })
    let other = try #require(repositories.first { $0.id != twin.id && $0.fullName.lowercased().contains("tetris") })
    let list = [twin, twin, other, twin, other, twin]
    for sort in [nil, GitHubSampleSource.Sort.stars, .forks, .updated] {
      for text in ["stars:>=0", "tetris"] {
        for ascending in [false, true] {
          let places = GitHubSearchOrder().places(
            in: list, matching: try GitHubSearchQuery(text), sort: sort, ascending: ascending)
          #expect(places.count == list.count)
          for id in [twin.id, other.id] {
            let same = places.filter { list[$0].id == id }
            #expect(same == same.sorted(), "\(text) \(String(describing: sort)) \(ascending)")
          }
        }
      }
    }
  }

  /// Pages of every query, sort, direction, page size and set of members, twice (the second time
  /// from the records kept): the records, counts and cursors that cutting the straightforward
  /// order's whole records gives.
  @Test func pagesAreThoseOfTheStraightforwardSearch() async throws {
    let source = try GitHubSampleSource()
    let whole = try GitHubDataset(json: try SampleDataTests.wholeJSON.get())
    let held = try whole.repositories()
    let memberSets: [RecordMembers?] = [
      nil, ["id"], ["full_name", "stargazers_count", "language", "updated_at", "description", "nope"],
      RecordMembers(paths: [["owner", "login"], ["name"], ["license", "spdx_id"]]),
    ]
    for round in 0..<2 {
      for text in round == 0 ? Self.queries : Array(Self.queries.prefix(6)) {
        for sort in Self.sorts {
          for order in ["desc", "asc"] {
            let expected = Self.straightforward(
              held, query: try GitHubSearchQuery(text), sort: sort, ascending: order == "asc")
            var parameters = ["q": text, "order": order]
            parameters["sort"] = sort
            for (pageSize, members) in zip([100, 30, 7, 100], memberSets) {
              var cursor: PageCursor? = nil
              var offset = 0
              repeat {
                let page = try await source.repositories(
                  PageRequest(
                    resource: "repositories", parameters: parameters, cursor: cursor, pageSize: pageSize,
                    members: members))
                let slice = expected[min(offset, expected.count)..<min(offset + pageSize, expected.count)]
                let want = slice.map { members?.project($0.record) ?? $0.record }
                #expect(page.records == want, "\(text) \(sort ?? "-") \(order) \(offset)")
                #expect(page.total == expected.count && page.reachable == expected.count)
                #expect(page.attribution == GitHubDataset.sampleAttribution)
                cursor = page.next
                offset += pageSize
              } while cursor != nil && offset < 3 * pageSize
            }
          }
        }
      }
    }
  }

  /// A repository, its default branch and its commits, asked for again (from the records kept),
  /// are what the whole data held in memory gives.
  @Test func repositoriesReadAgainAreTheSame() throws {
    let bundled = try GitHubDataset.bundled.get()
    let whole = try GitHubDataset(json: try SampleDataTests.wholeJSON.get())
    let names =
      try whole.repositories().map(\.fullName) + bundled.commitNames + ["nobody/nothing", "PYGITHUB/pygithub"]
    for _ in 0..<2 {
      for name in names {
        let expected = try whole.repository(named: name)?.record
        #expect(try bundled.repository(named: name)?.record == expected, "\(name)")
        let read: RecordMembers = ["default_branch", "full_name"]
        #expect(try bundled.repositoryRecord(named: name, members: read) == expected.map(read.project), "\(name)")
        #expect(try bundled.commits(ofRepository: name) == (try whole.commits(ofRepository: name)), "\(name)")
      }
    }
  }

  /// Sources on many threads get the same pages as one source alone.
  @Test func concurrentSearchesGetTheSamePages() async throws {
    let source = try GitHubSampleSource()
    let requests = Self.queries.prefix(8).flatMap { text in
      Self.sorts.map { sort in
        var parameters = ["q": text, "order": "asc"]
        parameters["sort"] = sort
        return PageRequest(resource: "repositories", parameters: parameters, pageSize: 30, members: ["id", "name"])
      }
    }
    var alone: [Page] = []
    for request in requests { alone.append(try await source.repositories(request)) }
    let together = try await withThrowingTaskGroup(of: (Int, Page).self) { group in
      for (index, request) in requests.enumerated() {
        group.addTask { (index, try await GitHubSampleSource().repositories(request)) }
      }
      var pages = [Page?](repeating: nil, count: requests.count)
      for try await (index, page) in group { pages[index] = page }
      return pages
    }
    #expect(together == alone)
  }
}
