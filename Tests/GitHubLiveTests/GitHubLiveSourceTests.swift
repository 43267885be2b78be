import Foundation
import ReplayServer
import ScreenKit
import Testing

/// The GitHub source over real HTTP against recorded answers: the headers every request carries,
/// and paging by the recorded `Link` headers, followed exactly as given.
@Suite("GitHub live: requests and paging")
struct GitHubLiveSourceTests {
  typealias Harness = GitHubLiveHarness

  @Test("a search sends q and per_page with GitHub's headers and the token, and answers the recorded items")
  func search() async throws {
    let name = "github_vcr_search_repositories_github3_2017"
    let harness = try Harness(try Harness.recorded(name))
    defer { harness.finish() }
    let page = try await harness.source().page(
      PageRequest(resource: "repositories", parameters: ["q": "github3 language:python"], pageSize: 100))
    #expect(page.records == (try Harness.recordedBody(name))["items"]?.arrayValue)
    #expect(page.total == 8 && page.reachable == 8)
    #expect(page.next == nil)

    let seen = try #require(harness.server.requests.first)
    #expect(seen.path == "/search/repositories")
    #expect(seen.query == [QueryItem("q", "github3 language:python"), QueryItem("per_page", "100")])
    #expect(seen.header("Accept") == "application/vnd.github+json")
    #expect(seen.header("X-GitHub-Api-Version") == "2022-11-28")
    #expect(seen.header("User-Agent") == "screenrun/\(ScreenRun.version)")
    #expect(seen.header("Authorization") == "Bearer \(Harness.token)")
  }

  @Test("without GITHUB_TOKEN no Authorization header is sent")
  func noToken() async throws {
    let harness = try Harness(try Harness.recorded("github_vcr_search_repositories_no_results_2018_pygithub"))
    defer { harness.finish() }
    let page = try await harness.source(["GITHUB_TOKEN": ""]).page(
      PageRequest(resource: "repositories", parameters: ["q": "doesnotexist"], pageSize: 1))
    #expect(page.records.isEmpty && page.total == 0 && page.next == nil)
    #expect(harness.server.requests.first?.header("Authorization") == nil)
  }

  @Test("paging follows the recorded Link headers exactly as given, and the 1,000-result cap bounds what is reachable")
  func searchPaging() async throws {
    let name = "github_vcr_search_repositories_paginated_2014_pygithub"
    let harness = try Harness(try Harness.recorded(name), ignoring: ["per_page"])
    defer { harness.finish() }
    let source = try harness.source()
    let parameters = ["q": "github language:Python", "sort": "stars", "order": "desc"]
    let first = try await source.page(PageRequest(resource: "repositories", parameters: parameters, pageSize: 30))
    let base = harness.server.baseURL
    #expect(first.next?.value == "\(base)/search/repositories?sort=stars&q=github+language%3APython&order=desc&page=2")
    #expect(first.total == 2723 && first.reachable == 1000)

    let cursor = try #require(first.next)
    let second = try await source.page(
      PageRequest(resource: "repositories", parameters: parameters, cursor: cursor, pageSize: 30))
    #expect(second.records == (try Harness.recordedBody(name, exchange: 1))["items"]?.arrayValue)
    #expect(second.next?.value == "\(base)/search/repositories?sort=stars&q=github+language%3APython&order=desc&page=3")
    #expect(
      harness.server.requests.map(\.target) == [
        "/search/repositories?q=github%20language%3APython&sort=stars&order=desc&per_page=30",
        "/search/repositories?sort=stars&q=github+language%3APython&order=desc&page=2",
      ])
  }

  @Test("a commits Link that leads to /repositories/{id}/commits is followed there")
  func commitsPaging() async throws {
    let name = "github_vcr_repo_commits_per_page25_2018_github3"
    let harness = try Harness(try Harness.recorded(name))
    defer { harness.finish() }
    harness.server.add([
      RecordedExchange(
        path: "/repositories/3710711/commits", query: [QueryItem("per_page", "25"), QueryItem("page", "2")],
        response: .json(200, "[]"))
    ])
    let source = try harness.source()
    let parameters = ["repo": "sigmavirus24/github3.py"]
    let first = try await source.page(PageRequest(resource: "commits", parameters: parameters, pageSize: 25))
    #expect(first.records == (try Harness.recordedBody(name, exchange: 1)).arrayValue)
    #expect(first.total == nil)
    let next = try #require(first.next)
    #expect(next.value == "\(harness.server.baseURL)/repositories/3710711/commits?per_page=25&page=2")

    let second = try await source.page(
      PageRequest(resource: "commits", parameters: parameters, cursor: next, pageSize: 25))
    #expect(second.records.isEmpty && second.next == nil)
    #expect(
      harness.server.requests.map(\.path) == [
        "/repos/sigmavirus24/github3.py/commits", "/repositories/3710711/commits",
      ])
  }

  @Test("commits from a branch send sha; the next link keeps it")
  func commitsFromBranch() async throws {
    let harness = try Harness(try Harness.recorded("github_vcr_repo_commits_per_page2_2026_pygithub"))
    defer { harness.finish() }
    let page = try await harness.source().page(
      PageRequest(resource: "commits", parameters: ["repo": "PyGithub/PyGithub", "sha": "release-v2-0"], pageSize: 2))
    #expect(page.records.count == 2)
    #expect(page.next?.value.hasSuffix("/repositories/3544490/commits?sha=release-v2-0&per_page=2&page=2") == true)
    #expect(harness.server.requests.first?.queryValue("sha") == "release-v2-0")
  }

  @Test("a cursor link is followed as given, whatever its parameters")
  func opaqueCursor() async throws {
    let harness = try Harness([])
    defer { harness.finish() }
    let link = "\(harness.server.baseURL)/search/repositories?q=swift&per_page=30&after=Y3Vyc29yOjMw"
    harness.server.add([
      RecordedExchange(
        path: "/search/repositories", query: [QueryItem("q", "swift"), QueryItem("per_page", "30")],
        response: .json(
          200, #"{"total_count": 31, "items": [{"id": 1}]}"#, headers: [("Link", "<\(link)>; rel=\"next\"")])),
      RecordedExchange(
        path: "/search/repositories",
        query: [QueryItem("q", "swift"), QueryItem("per_page", "30"), QueryItem("after", "Y3Vyc29yOjMw")],
        response: .json(200, #"{"total_count": 31, "items": [{"id": 2}]}"#)),
    ])
    let source = try harness.source()
    let first = try await source.page(PageRequest(resource: "repositories", parameters: ["q": "swift"], pageSize: 30))
    #expect(first.next?.value == link)
    let second = try await source.page(
      PageRequest(resource: "repositories", parameters: ["q": "swift"], cursor: first.next, pageSize: 30))
    #expect(second.records == [["id": 2]])
    #expect(harness.server.requests.last?.target == "/search/repositories?q=swift&per_page=30&after=Y3Vyc29yOjMw")
  }

  @Test("a next link to another host is not followed: the token stays home")
  func foreignLink() async throws {
    let harness = try Harness([])
    defer { harness.finish() }
    let error = try #require(
      await Harness.pageError(
        try harness.source(),
        PageRequest(
          resource: "repositories", parameters: ["q": "x"],
          cursor: PageCursor("http://elsewhere.example/search?page=2"), pageSize: 30)))
    #expect(error.kind == .decoding)
    #expect(error.message.contains("elsewhere.example"))
    #expect(harness.server.requests.isEmpty)
  }

  @Test("one repository, and one commit")
  func records() async throws {
    let harness = try Harness(try Harness.recorded("github_vcr_repo_commits_per_page25_2018_github3"))
    defer { harness.finish() }
    harness.server.add([
      RecordedExchange(
        path: "/repos/sigmavirus24/github3.py/commits/977560f",
        response: .json(200, #"{"sha": "977560f205a84449522988b52e196f4bf502f79a"}"#))
    ])
    let source = try harness.source()
    let repository = try await source.record(
      RecordRequest(resource: "repository", parameters: ["repo": "sigmavirus24/github3.py"]))
    #expect(repository.value["full_name"] == "sigmavirus24/github3.py")
    let commit = try await source.record(
      RecordRequest(resource: "commit", parameters: ["repo": "sigmavirus24/github3.py", "sha": "977560f"]))
    #expect(commit.value["sha"] == "977560f205a84449522988b52e196f4bf502f79a")
  }

  @Test("a 304 is answered from the cache, even with the rate limit at 0: it does not count against it")
  func notModifiedDoesNotCount() async throws {
    // The recorded 200 says x-ratelimit-remaining: 0; its ETag makes the next request a 304.
    let exchange = try Harness.recordedAnswer(
      "github_vcr_error_403_primary_rate_limit_2013_pygithub", exchange: 0, at: "/repos/jacquev6/PyGithub")
    let harness = try Harness([exchange])
    defer { harness.finish() }
    let request = RecordRequest(resource: "repository", parameters: ["repo": "jacquev6/PyGithub"])
    let first = try await harness.source().record(request)
    let second = try await harness.source().record(request)
    #expect(second == first)
    #expect(first.value["login"] == "jacquev6")
    let seen = harness.server.requests
    #expect(seen.map(\.status) == [200, 304])
    #expect(seen.last?.header("If-None-Match") == #""de9347ae9c0c83b44d6c81d05aba4877""#)
  }

  @Test("a cached page keeps its Link header, so paging goes on after a 304")
  func cachedLink() async throws {
    let harness = try Harness(try Harness.recorded("github_vcr_repo_commits_per_page2_2026_pygithub"))
    defer { harness.finish() }
    let request = PageRequest(
      resource: "commits", parameters: ["repo": "PyGithub/PyGithub", "sha": "release-v2-0"], pageSize: 2)
    let first = try await harness.source().page(request)
    let second = try await harness.source().page(request)
    #expect(harness.server.requests.map(\.status) == [200, 304])
    #expect(second == first)
    #expect(second.next != nil)
  }
}
