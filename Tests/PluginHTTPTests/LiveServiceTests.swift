import Foundation
import PluginHTTP
import ScreenKit
import Testing

/// The set-up every live source shares, and the rate-limit headers read once for all.
@Suite("Live service")
struct LiveServiceTests {
  @Test func theBaseURLComesFromItsVariableOrTheDefault() throws {
    let fallback = try LiveService(environment: [:], baseURLVariable: "X_URL", defaultBaseURL: "https://api.example")
    #expect(try fallback.url("/a%20b", query: [("q", "x&y")]).absoluteString == "https://api.example/a%20b?q=x%26y")
    // A path is percent-encoded already: one that is not is refused, not trapped on.
    for path in ["/a b", "/%zz", "/%4", "/ü", "/a\u{0}"] {
      #expect(throws: DataSourceError.self, "\(path)") { try fallback.url(HTTPPath(encoded: path)) }
    }
    let set = try LiveService(
      environment: ["X_URL": " http://127.0.0.1:9/v1/ "], baseURLVariable: "X_URL",
      defaultBaseURL: "https://api.example")
    #expect(try set.url("/books").absoluteString == "http://127.0.0.1:9/v1/books")
    let error = #expect(throws: DataSourceError.self) {
      try LiveService(
        environment: ["X_URL": "ftp://user:sekrit-key@host"], baseURLVariable: "X_URL", defaultBaseURL: "https://a.b",
        secrets: ["sekrit-key"])
    }
    #expect(error?.kind == .badRequest(parameter: "X_URL"))
    #expect(error?.message.contains("sekrit-key") == false)
  }

  @Test func requestsCarryTheUserAgentAndErrorsLoseTheSecrets() async throws {
    let service = try LiveService(
      environment: [:], baseURLVariable: "X_URL", defaultBaseURL: "https://api.example", secrets: ["tok-12345"])
    let headers = service.headers(accept: "application/vnd.x+json")
    #expect(headers["User-Agent"] == "screenrun/\(ScreenRun.version)")
    #expect(headers["Accept"] == "application/vnd.x+json")
    let error = await #expect(throws: DataSourceError.self) {
      try await service.redacting { () throws(DataSourceError) -> Int in
        throw .server(status: 500, "the server echoed tok-12345 and ?token=abc")
      }
    }
    #expect(error?.message == "the server echoed REDACTED and ?token=REDACTED")
    #expect(error?.kind == .server(status: 500))
  }

  @Test func rateLimitHeadersAreReadWithinTheirRanges() {
    let used = RateLimitHeaders(
      HTTPHeaders([("X-RateLimit-Limit", "60"), ("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "1372700873")]))
    #expect(used.isUsedUp && used.limit == 60 && used.reset == 1_372_700_873 && used.retryAfter == nil)
    let wild = RateLimitHeaders(
      HTTPHeaders([("Retry-After", "99999999"), ("X-RateLimit-Remaining", "-1"), ("X-RateLimit-Reset", "1e99")]))
    #expect(wild.retryAfterText == "99999999" && wild.retryAfter == nil)
    #expect(!wild.isUsedUp && wild.resetText == "1e99" && wild.reset == nil)
    #expect(RateLimitHeaders(HTTPHeaders([("retry-after", "30")])).retryAfter == 30)
  }
}
