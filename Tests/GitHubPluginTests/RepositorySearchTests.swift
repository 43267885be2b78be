import ScreenKit
import Testing

@testable import GitHubPlugin

@Suite("Repository search on the sample data")
struct RepositorySearchTests {
  let source: GitHubSampleSource

  init() throws {
    source = try GitHubSampleSource()
  }

  // MARK: - Words

  @Test func everyWordMustAppearInTheNameDescriptionOrTopics() async throws {
    let page = try await source.search("react webpack")
    // duxianwei520/react says webpack in its description, react-redux-antd-es6/react in its topics.
    #expect(Set(page.fullNames) == ["duxianwei520/react", "react-redux-antd-es6/react"])
    #expect(page.total == 2)
  }

  @Test func wordsMatchInAnyCaseAndInCJKText() async throws {
    #expect(try await source.search("REACT").fullNames == (try await source.search("react").fullNames))
    #expect(try await source.search("react 中文").fullNames == ["discountry/react"])
    #expect(try await source.search("京东").fullNames == ["Cathy0807/react"])
  }

  @Test func aTopicIsSearchedToo() async throws {
    // "declarative" is only a topic of facebook/react, in no name or description.
    #expect(try await source.search("declarative").fullNames == ["facebook/react"])
  }

  @Test func everyResultHoldsEveryWord() async throws {
    let words = ["python", "github"]
    let page = try await source.search(words.joined(separator: " "), pageSize: 100)
    #expect(page.total == 17)
    for record in page.records {
      let text = [record["full_name"], record["description"]].compactMap { $0?.stringValue }.joined(separator: " ")
        .lowercased()
      let topics = record["topics"]?.arrayValue?.compactMap(\.stringValue) ?? []
      for word in words {
        #expect(
          text.contains(word) || topics.contains { $0.contains(word) },
          "\(record["full_name"]?.stringValue ?? "?") lacks \(word)")
      }
    }
  }

  @Test func aQueryWithNoMatchIsAnEmptyPage() async throws {
    let page = try await source.search("doesnotexist")
    #expect(page.records.isEmpty)
    #expect(page.total == 0)
    #expect(page.next == nil)
  }

  @Test func aQuotedPhraseMustAppearWhole() async throws {
    #expect(try await source.search("\"web and native\"").fullNames == ["facebook/react"])
    #expect(try await source.search("\"native web\"").fullNames.isEmpty)
  }

  // MARK: - Order

  /// The name first, then the description or topics, then the recorded score, then stars.
  @Test func bestMatchPutsNameMatchesFirstThenDescriptionMatchesThenStars() async throws {
    let names = try await source.search("react").fullNames
    #expect(names.count == 10)
    // Named "react" and saying react in the description or topics, by stars:
    #expect(
      Array(names.prefix(8)) == [
        "facebook/react", "typescript-cheatsheets/react", "duxianwei520/react", "primer/react", "ysymyth/ReAct",
        "discountry/react", "react-redux-antd-es6/react", "HackYourFuture/React",
      ])
    // Named "react" with a description in Chinese only, then react only in the description.
    #expect(Array(names.suffix(2)) == ["Cathy0807/react", "vercel/next.js"])
  }

  /// "github3" starts both names, and covers more of `github3.py` than of `github3.py-webhooks`
  /// (which also says github3.py in its description); then names that hold it further in.
  @Test func aNameTheWordStartsAndCoversMoreComesFirst() async throws {
    let names = try await source.search("github3").fullNames
    #expect(Array(names.prefix(2)) == ["sigmavirus24/github3.py", "megawac/github3.py-webhooks"])
    // Only its description says github3.py: last.
    #expect(names.last == "sigmavirus24/mock_github_api")
  }

  /// Equal names, no description: the score GitHub gave when recording, then stars (a record
  /// recorded outside a search has no score and counts as 0).
  @Test func theRecordedScoreBreaksTiesBeforeStars() async throws {
    let source = GitHubSampleSource(
      dataset: try Synthetic.dataset(repositories: [
        Synthetic.repository(id: 1, owner: "a", name: "tool", stars: 1000, score: 1.5),
        Synthetic.repository(id: 2, owner: "b", name: "tool", stars: 10, score: 9.25),
        Synthetic.repository(id: 3, owner: "c", name: "tool", stars: 500),
        Synthetic.repository(id: 4, owner: "d", name: "tool", stars: 500),
      ]))
    #expect(try await source.search("tool").fullNames == ["b/tool", "a/tool", "c/tool", "d/tool"])
  }

  @Test func sortByStarsIsDescendingUnlessAscIsAsked() async throws {
    let descending = try await source.search("react", sort: "stars").records.compactMap {
      $0["stargazers_count"]?.intValue
    }
    #expect(descending == descending.sorted(by: >))
    #expect(descending.first == 225_265)
    let ascending = try await source.search("react", sort: "stars", order: "asc").records.compactMap {
      $0["stargazers_count"]?.intValue
    }
    #expect(ascending == descending.reversed())
  }

  @Test func sortByForksAndUpdated() async throws {
    let forks = try await source.search("react", sort: "forks").records.compactMap { $0["forks_count"]?.intValue }
    #expect(forks == forks.sorted(by: >))
    let updated = try await source.search("github", sort: "updated", pageSize: 100).records.compactMap {
      $0["updated_at"]?.stringValue
    }
    #expect(updated.count == 70)
    #expect(updated == updated.sorted(by: >))
  }

  @Test func orderWithoutSortKeepsBestMatch() async throws {
    #expect(try await source.search("react", order: "asc").fullNames == (try await source.search("react").fullNames))
  }

  // MARK: - Qualifiers

  @Test func qualifiersFilterOnTheRecordsFields() async throws {
    #expect(
      try await source.search("github language:javascript").fullNames == [
        "aaasen/github_globe", "t0m4uk1991/t0m4uk1991.github.io",
      ])
    #expect(try await source.search("language:Python", pageSize: 100).total == 70)
    #expect(
      Set(try await source.search("github user:sigmavirus24").fullNames) == [
        "sigmavirus24/github3.py", "sigmavirus24/mock_github_api",
      ])
    #expect(Set(try await source.search("stars:>100000").fullNames) == ["facebook/react", "vercel/next.js"])
    #expect(try await source.search("react stars:1000..1200").fullNames == ["react-redux-antd-es6/react"])
    #expect(try await source.search("react topic:docs").fullNames == ["discountry/react"])
    #expect(try await source.search("repo:facebook/react").fullNames == ["facebook/react"])
    #expect(try await source.search("react language:\"Jupyter Notebook\"").fullNames == ["ysymyth/ReAct"])
  }

  @Test func aNegatedQualifierExcludes() async throws {
    let all = try await source.search("react").fullNames
    let notJavaScript = try await source.search("react -language:javascript").fullNames
    #expect(notJavaScript == ["primer/react", "ysymyth/ReAct"])
    #expect(notJavaScript.allSatisfy(all.contains))
  }

  /// 2014 records have no license and no topics: they pass no filter on them.
  @Test func aRecordWithoutTheFieldDoesNotPassItsQualifier() async throws {
    let licensed = try await source.search("license:mit", pageSize: 100).fullNames
    #expect(!licensed.contains("jacquev6/PyGithub"))
    #expect(licensed.contains("facebook/react"))
    #expect(try await source.search("github topic:python").fullNames.isEmpty)
  }

  @Test func inLimitsWhereWordsAreSearched() async throws {
    // next.js says React only in its description.
    #expect(!(try await source.search("react in:name").fullNames.contains("vercel/next.js")))
    #expect(try await source.search("react in:description").fullNames.contains("vercel/next.js"))
  }

  @Test func aQualifierTheDataCannotAnswerIsRefusedClearly() async throws {
    let error = try #require(await failure { try await source.search("react followers:>10") })
    #expect(error.kind == .badRequest(parameter: "q"))
    #expect(error.message.contains("cannot apply 'followers:'"))
    #expect(error.message.contains("language:"))
  }

  @Test func aMalformedQualifierValueSaysWhatItNeeds() async throws {
    let error = try #require(await failure { try await source.search("stars:lots") })
    #expect(
      error
        == .badRequest("'stars:lots' needs a whole number or a range, as in stars:>100 or stars:10..50", parameter: "q")
    )
  }

  @Test func aColonInAnOrdinaryWordIsJustAWord() async throws {
    // "http:" is no GitHub qualifier, so it is searched for like any word.
    #expect(try await source.search("http://github.com/gmate").fullNames == ["lexrupy/gmate"])
  }

  /// Whatever is typed, the answer is a page or an error that names `q`: never a crash.
  @Test(arguments: [
    "\"", "\"\"", "\"react", "react\"", ":", "-", "-:", "language:", "stars:>", "stars:..", "stars:*..*",
    "created:2020-13-01", "in:", "in:readme", "fork:maybe", "is:template", "OR", "NOT react", "react AND redux",
    "🙂", "\u{1B}[31mred", "c++", "日本語", "a:b:c", "repo:", "-in:name",
  ])
  func oddQueriesAnswerOrSayWhatIsWrong(q: String) async throws {
    do {
      let page = try await source.search(q)
      #expect(page.records.count <= 30)
    } catch {
      #expect(error.kind == .badRequest(parameter: "q"), "\(error)")
    }
  }

  // MARK: - GitHub's validation

  @Test func aMissingQIsValidationFailed() async throws {
    for q in [nil, "", "   ", "\"\"", "in:name"] {
      let error = try #require(await failure { try await source.search(q) })
      #expect(
        error == .badRequest("422 Validation Failed (GET /search/repositories): Search.q is missing", parameter: "q"))
    }
  }

  @Test func perPageAbove100IsValidationFailed() async throws {
    let error = try #require(await failure { try await source.search("react", pageSize: 101) })
    #expect(error.kind == .badRequest(parameter: "per_page"))
    #expect(
      error.message
        == "422 Validation Failed (GET /search/repositories): Search.per_page is invalid: 101 is not from 1 to 100")
    #expect(try await source.search("react", pageSize: 100).records.count == 10)
  }

  @Test func anUnknownSortOrOrderIsValidationFailed() async throws {
    let sort = try #require(await failure { try await source.search("react", sort: "name") })
    #expect(sort.kind == .badRequest(parameter: "sort"))
    #expect(sort.message.hasPrefix("422 Validation Failed"))
    let order = try #require(await failure { try await source.search("react", sort: "stars", order: "up") })
    #expect(order.kind == .badRequest(parameter: "order"))
  }

  @Test func helpWantedIssuesCannotBeSortedOnRecordedData() async throws {
    let error = try #require(await failure { try await source.search("react", sort: "help-wanted-issues") })
    #expect(error.kind == .badRequest(parameter: "sort"))
    #expect(error.message.contains("do not count issues labelled help wanted"))
  }

  @Test func aSearchLongerThan256CharactersIsValidationFailed() async throws {
    let error = try #require(await failure { try await source.search(String(repeating: "a", count: 257)) })
    #expect(error.message.hasSuffix("Search.q is invalid: The search is longer than 256 characters."))
  }

  @Test func anUnknownParameterIsRefused() async throws {
    let error = try #require(
      await failure {
        try await source.page(
          PageRequest(resource: "repositories", parameters: ["q": "react", "per": "1"], pageSize: 30))
      })
    #expect(error.kind == .badRequest(parameter: "per"))
  }

  // MARK: - Paging and the 1,000 cap

  @Test func pagesFollowEachOtherWithoutGapsOrRepeats() async throws {
    var names: [String] = []
    var cursor: String?
    repeat {
      let page = try await source.search("github", cursor: cursor, pageSize: 20)
      names += page.fullNames
      #expect(page.total == 70)
      #expect(page.reachable == 70)
      cursor = page.next?.value
    } while cursor != nil
    #expect(names == (try await source.search("github", pageSize: 100).fullNames))
    #expect(Set(names).count == 70)
  }

  /// The recorded 2014 search `github language:Python` said total_count 2723 and linked its last
  /// page as page 34 of 30: GitHub lists only the first 1,000 results.
  @Test func pagingStopsAtTheThousandthResult() async throws {
    let source = GitHubSampleSource(dataset: try Synthetic.manyMatches(2723))
    var pages: [Page] = []
    var cursor: String?
    repeat {
      let page = try await source.search("github language:python", cursor: cursor, pageSize: 30)
      pages.append(page)
      cursor = page.next?.value
    } while cursor != nil
    #expect(pages.count == 34)
    #expect(pages.last?.records.count == 10)
    #expect(pages.allSatisfy { $0.total == 2723 && $0.reachable == 1000 })
    let names = pages.flatMap(\.fullNames)
    #expect(names.count == 1000)
    #expect(Set(names).count == 1000)
    #expect(names.first == "user1/github-tool-1")  // the most stars
  }

  @Test func aPageAtOrPastTheCapIsRefusedWithGitHubsMessage() async throws {
    let source = GitHubSampleSource(dataset: try Synthetic.manyMatches(1200))
    let last = try await source.search("github", cursor: "900", pageSize: 100)
    #expect(last.records.count == 100)
    #expect(last.next == nil)
    let error = try #require(await failure { try await source.search("github", cursor: "1000", pageSize: 100) })
    #expect(error == .badRequest("422 Only the first 1000 search results are available (GET /search/repositories)"))
  }

  @Test func aCursorThePluginDidNotGiveIsRefused() async throws {
    let error = try #require(await failure { try await source.search("react", cursor: "page-2") })
    #expect(error.kind == .badRequest(parameter: nil))
    #expect(error.message.contains("'page-2'"))
  }
}
