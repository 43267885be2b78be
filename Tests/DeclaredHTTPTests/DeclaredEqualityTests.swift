import Foundation
import ReplayServer
import ScreenKit
import TestSupport
import Testing

/// The shipped manifests of Plugins/Declared (GitHub and Marvel, declared with no code) held to
/// the compiled-in live sources over every recorded exchange the live tests use: the shipped
/// screens run with `--live` on the replay server print the same frames, byte for byte, and send
/// the same request lines and headers; an error answer is the same kind, status and API message.
@Suite("Declared GitHub and Marvel against the compiled-in live sources")
struct DeclaredEqualityTests {
  static let githubToken = "ghp_declared_token_never_shown_77a1"
  static let marvelPublicKey = "public-key-declared-4d2e"
  static let marvelPrivateKey = "private-key-declared-never-shown-1b9f"

  /// A shipped screen run against recorded answers.
  struct Scenario: Sendable, CustomTestStringConvertible {
    var name: String
    var plugin: String
    var exchanges: [RecordedExchange]
    var arguments: [String]
    var script: String?

    var testDescription: String { name }
  }

  static func github(_ name: String) throws -> [RecordedExchange] {
    try RecordedFixtures.exchanges(in: RecordedFixtures.url("github/\(name).json"))
  }

  static func marvel(_ name: String) throws -> [RecordedExchange] {
    try RecordedFixtures.exchanges(in: RecordedFixtures.url("marvel/\(name).json"))
  }

  /// A body-only Marvel recording answering GET `path` (with `query`, or any).
  static func marvelBody(_ name: String, path: String, query: [QueryItem]? = nil, status: Int = 200) throws
    -> RecordedExchange
  {
    RecordedExchange(
      path: path, query: query,
      response: ReplayResponse(
        status: status, headers: [("Content-Type", "application/json")],
        body: try RecordedFixtures.body(of: RecordedFixtures.url("marvel/\(name).json"))),
      source: name)
  }

  /// The exchanges answering whatever query is sent, in turn: the recordings were made with other
  /// page sizes and parameters than the shipped screens send.
  static func anyQuery(_ exchanges: [RecordedExchange], at path: String? = nil) -> [RecordedExchange] {
    exchanges.map { exchange in
      var exchange = exchange
      exchange.query = nil
      exchange.method = "GET"
      if let path { exchange.path = path }
      return exchange
    }
  }

  static let scenarios: [Scenario] = {
    do {
      let commits = try github("github_vcr_repo_commits_per_page25_2018_github3")
      return [
        Scenario(
          name: "GitHub search (github3)", plugin: "github",
          exchanges: anyQuery(try github("github_vcr_search_repositories_github3_2017")),
          arguments: ["Screens/repositories.json"], script: "search github3 language:python\n"),
        Scenario(
          name: "GitHub search with no results", plugin: "github",
          exchanges: anyQuery(try github("github_vcr_search_repositories_no_results_2018_pygithub")),
          arguments: ["Screens/repositories.json"], script: "search doesnotexist\n"),
        Scenario(
          name: "GitHub search, two pages by the Link header", plugin: "github",
          exchanges: anyQuery(try github("github_vcr_search_repositories_paginated_2014_pygithub")),
          arguments: ["Screens/repositories.json"], script: "search github language:Python\nnext\n"),
        Scenario(
          name: "GitHub commits", plugin: "github", exchanges: anyQuery(Array(commits.dropFirst())),
          arguments: ["Screens/commits.json", "--param", "repo=sigmavirus24/github3.py"]),
        Scenario(
          name: "GitHub commits of a branch", plugin: "github",
          exchanges: anyQuery(try github("github_vcr_repo_commits_per_page2_2026_pygithub")),
          arguments: ["Screens/commits.json", "--param", "repo=PyGithub/PyGithub"]),
        Scenario(
          name: "GitHub repository", plugin: "github", exchanges: anyQuery(Array(commits.prefix(1))),
          arguments: ["Screens/repository.json", "--param", "repo=sigmavirus24/github3.py"]),
        Scenario(
          name: "Marvel characters", plugin: "marvel",
          exchanges: anyQuery(try marvel("marvel_vcr_characters_offset0_limit20_2023_tenx")),
          arguments: ["Screens/characters.json"]),
        Scenario(
          name: "Marvel characters, two pages by offset", plugin: "marvel",
          exchanges: [
            try marvelBody(
              "marvel_characters_offset0_limit20_riverpod", path: "/v1/public/characters",
              query: [QueryItem("limit", "20"), QueryItem("offset", "0")]),
            try marvelBody(
              "marvel_characters_offset20_limit20_riverpod", path: "/v1/public/characters",
              query: [QueryItem("limit", "20"), QueryItem("offset", "20")]),
          ],
          arguments: ["Screens/characters.json"], script: "next\n"),
        Scenario(
          name: "Marvel search with no match", plugin: "marvel",
          exchanges: anyQuery(try marvel("marvel_vcr_characters_name_nomatch_total0_2019_mhero")),
          arguments: ["Screens/characters.json"], script: "search happy_hero\n"),
        Scenario(
          name: "Marvel character", plugin: "marvel",
          exchanges: [
            try marvelBody(
              "marvel_character_1009368_iron_man_2023_jeanespindola", path: "/v1/public/characters/1009368")
          ],
          arguments: ["Screens/character.json", "--param", "id=1009368"]),
        Scenario(
          name: "Marvel character's comics", plugin: "marvel",
          exchanges: [
            try marvelBody(
              "marvel_character_1009368_comics_2023_jeanespindola", path: "/v1/public/characters/1009368/comics")
          ],
          arguments: ["Screens/character-comics.json", "--param", "id=1009368", "--param", "name=Iron Man"]),
      ]
    } catch {
      Issue.record("cannot read the recordings: \(error)")
      return []
    }
  }()

  /// What one run printed and sent.
  struct Run {
    var result: Screenrun.Result
    var requests: [SeenRequest]
  }

  static func run(_ scenario: Scenario, declared: Bool) async throws -> Run {
    let server = try ReplayServer(exchanges: scenario.exchanges)
    defer { server.stop() }
    let folder = try TemporaryDirectory("declared")
    defer { folder.remove() }
    var arguments = scenario.arguments + ["--live", "--no-cache", "--width", "100"]
    if let script = scenario.script {
      let file = folder.url.appendingPathComponent("script.txt")
      try Data(script.utf8).write(to: file)
      arguments += ["--script", file.path]
    } else {
      arguments.append("--once")
    }
    if declared { arguments += ["--plugin-path", "Plugins/Declared/\(scenario.plugin)"] }
    let environment = [
      "GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": githubToken, "MARVEL_BASE_URL": server.baseURL,
      "MARVEL_PUBLIC_KEY": marvelPublicKey, "MARVEL_PRIVATE_KEY": marvelPrivateKey, "XDG_CACHE_HOME": folder.path,
      "SCREENRUN_NO_USER_PLUGINS": "1",
    ]
    let result = try await Screenrun.run(arguments, environment: environment)
    return Run(result: result, requests: server.requests)
  }

  /// A request line with the signature's values (which change with the time) masked.
  static func line(_ request: SeenRequest) -> String {
    let query = request.query.map { item in
      ReplayServer.signatureQueryItems.contains(item.name) && item.name != "apikey"
        ? "\(item.name)=…" : item.description
    }
    return "\(request.method) \(request.path)?\(query.joined(separator: "&"))"
  }

  static let comparedHeaders = ["Authorization", "Accept", "X-GitHub-Api-Version", "User-Agent"]

  @Test("the same frames, request lines and headers as the compiled-in source", arguments: scenarios)
  func sameRun(_ scenario: Scenario) async throws {
    let compiled = try await Self.run(scenario, declared: false)
    let declared = try await Self.run(scenario, declared: true)
    #expect(compiled.result.exitCode == 0, "\(compiled.result)")
    #expect(declared.result.exitCode == compiled.result.exitCode, "\(declared.result)")
    #expect(
      declared.result.stdout == compiled.result.stdout, "declared:\n\(declared.result)\ncompiled:\n\(compiled.result)")
    #expect(!compiled.requests.isEmpty)
    #expect(declared.requests.map(Self.line) == compiled.requests.map(Self.line))
    for (left, right) in zip(declared.requests, compiled.requests) {
      for name in Self.comparedHeaders {
        #expect(left.header(name) == right.header(name), "\(name) of \(Self.line(left))")
      }
      // Marvel's signature: a fresh ts and its own hash each time, never the private key.
      #expect(left.queryValue("apikey") == right.queryValue("apikey"))
      #expect((left.queryValue("hash") == nil) == (right.queryValue("hash") == nil))
      #expect(!left.target.contains(Self.marvelPrivateKey))
    }
  }
}
