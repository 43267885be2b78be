import Foundation
import ReplayServer
import TestSupport
import Testing

/// `--output json --pages N` against the replay server, whose second page is GitHub's recorded
/// rate limit: the first page's records are printed as a valid JSON array, then the error on
/// stderr, exit 1; each page was asked for once.
@Suite("Output for pipes: a rate limit part way (live)")
struct OutputRateLimitTests {
  static let query = "github language:Python"

  static func exchanges() throws -> [RecordedExchange] {
    var first = try RecordedFixtures.exchanges(
      in: RecordedFixtures.url("github/github_vcr_search_repositories_paginated_2014_pygithub.json"))[0]
    // The screen asks with its search alone; the recorded Link header leads on with the rest.
    first.query = [QueryItem("q", query)]
    var limited = try RecordedFixtures.exchanges(
      in: RecordedFixtures.url("github/github_vcr_error_403_primary_rate_limit_2013_pygithub.json"))[1]
    limited.method = "GET"
    limited.path = "/search/repositories"
    limited.query = [
      QueryItem("sort", "stars"), QueryItem("q", query), QueryItem("order", "desc"), QueryItem("page", "2"),
    ]
    return [first, limited]
  }

  @Test(
    "the first page's records, then the rate limit on stderr, exit 1",
    arguments: [("json", "2"), ("jsonl", "all"), ("csv", "3")])
  func rateLimitedSecondPage(format: String, pages: String) async throws {
    let server = try ReplayServer(exchanges: try Self.exchanges(), ignoredQueryItems: ["per_page"])
    defer { server.stop() }
    let cache = try TemporaryDirectory("output-rate-limit")
    defer { cache.remove() }
    let result = try await Screenrun.run(
      ["Screens/repositories.json", "--query", Self.query, "--live", "--output", format, "--pages", pages],
      environment: ["GITHUB_API_URL": server.baseURL, "XDG_CACHE_HOME": cache.path, "TZ": "UTC"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(server.requests.map(\.status) == [200, 403], "\(server.requests.map(\.target))")
    #expect(result.stderr.contains("rate limited"), "\(result)")
    #expect(result.stderr.hasPrefix("Screens/repositories.json: error: "), "\(result)")
    #expect(!result.stdout.contains("rate limited"), "\(result)")
    let recorded = try RecordedFixtures.exchanges(
      in: RecordedFixtures.url("github/github_vcr_search_repositories_paginated_2014_pygithub.json"))[0]
    let names = try #require(
      (try JSONSerialization.jsonObject(with: Data(recorded.response.body)) as? [String: Any])?["items"]
        as? [[String: Any]]
    ).compactMap { $0["full_name"] as? String }
    #expect(names.count == 30)
    switch format {
    case "json":
      let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
      #expect(records.compactMap { $0["full_name"] as? String } == names)
      #expect(records.allSatisfy { $0["owner"] is [String: Any] }, "whole records")
    case "jsonl":
      let lines = result.stdout.split(separator: "\n").map(String.init)
      let records = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
      #expect(records.compactMap { $0?["full_name"] as? String } == names)
    default:
      let lines = result.stdout.components(separatedBy: "\r\n")
      #expect(lines.count == 32 && lines.last == "", "a header, 30 rows, each ended by CRLF")
      #expect(lines.dropFirst().dropLast().map { String($0.prefix { $0 != "," }) } == names)
    }
  }

  /// Secrets that JSON would write otherwise than they are: a plain one; one that a JSON string
  /// escapes (a quote, a backslash), which a redaction of the written text would miss; and one of
  /// digits, which a record's number holds (a mask in it would break the JSON).
  static let secrets = ["ghp_OUTPUTneverSHOWSthis0123456789abcd", #"ghp_"quoted\inside"#, "8172635490"]

  @Test(
    "a registered secret in a record is redacted in json and csv, and the JSON stays valid",
    arguments: secrets)
  func secretsRedacted(token: String) async throws {
    var page = try Self.exchanges()[0]
    var body = try #require(try JSONSerialization.jsonObject(with: Data(page.response.body)) as? [String: Any])
    var items = try #require(body["items"] as? [[String: Any]])
    items[0]["description"] = "the token is \(token), \"quoted\""
    items[0]["id"] = 99_817_263_549_000
    body["items"] = items
    page.response.body = Array(try JSONSerialization.data(withJSONObject: body))
    page.response.headers.removeAll { $0.name.lowercased() == "content-length" }
    let server = try ReplayServer(exchanges: [page], ignoredQueryItems: ["per_page"])
    defer { server.stop() }
    let cache = try TemporaryDirectory("output-secret")
    defer { cache.remove() }
    for format in ["json", "csv"] {
      let result = try await Screenrun.run(
        ["Screens/repositories-table.json", "--query", Self.query, "--live", "--output", format],
        environment: ["GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": token, "XDG_CACHE_HOME": cache.path])
      #expect(result.exitCode == 0, "\(result)")
      let escaped = token.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      for shown in [token, escaped] {
        #expect(!result.stdout.contains(shown) && !result.stderr.contains(shown), "\(result)")
      }
      #expect(result.stdout.contains("the token is REDACTED"), "\(result)")
      if format == "json" {
        let records = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(records?.count == 30, "valid JSON, every record: \(result.stdout.prefix(300))")
        if token.allSatisfy(\.isNumber) {
          #expect(records?.first?["id"] as? String == "99REDACTED00", "a number holding it is its masked text")
        }
      }
    }
  }
}
