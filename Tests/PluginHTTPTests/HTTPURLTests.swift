import Foundation
import PluginHTTP
import ScreenKit
import Testing

@Suite("Request URLs")
struct HTTPURLTests {
  @Test("query values are encoded strictly: + & = space and non-ASCII arrive as typed")
  func encoding() throws {
    let base = try #require(URL(string: "http://127.0.0.1:9/api/"))
    let url = try #require(
      HTTPURL.make(base: base, path: "/search", query: [("q", "C++ & co=1 ü"), ("per_page", "20")]))
    #expect(url.absoluteString == "http://127.0.0.1:9/api/search?q=C%2B%2B%20%26%20co%3D1%20%C3%BC&per_page=20")
  }

  @Test("the base URL comes from its variable, or the default")
  func baseURL() throws {
    let fromVariable = try HTTPURL.base(
      from: ["API_URL": " http://127.0.0.1:5000/prefix "], variable: "API_URL", default: "https://api.example.com",
      redactor: Redactor())
    #expect(fromVariable.absoluteString == "http://127.0.0.1:5000/prefix")
    let fallback = try HTTPURL.base(
      from: [:], variable: "API_URL", default: "https://api.example.com", redactor: Redactor())
    #expect(fallback.absoluteString == "https://api.example.com")
  }

  @Test(
    "a base URL that is not http or https is an error naming the variable",
    arguments: ["ftp://x", "localhost:80", "http://", "http://h/?q=1"])
  func badBaseURL(_ value: String) {
    #expect {
      try HTTPURL.base(
        from: ["API_URL": value], variable: "API_URL", default: "https://a.example", redactor: Redactor())
    } throws: { error in
      guard let error = error as? DataSourceError else { return false }
      return error.kind == .badRequest(parameter: "API_URL") && error.message.contains("API_URL is '")
    }
  }

  @Test("a default that stands in for an unset variable is blamed as the default, and not offered as the example")
  func badDefaultBaseURL() {
    let defaults = [("http://", "has no host"), ("http://h/?a=1#x", "has a query"), ("http://h/#x", "has a fragment")]
    for (fallback, why) in defaults {
      #expect {
        try HTTPURL.base(from: [:], variable: "API_URL", default: fallback, redactor: Redactor())
      } throws: { error in
        guard let error = error as? DataSourceError else { return false }
        return error.message.hasPrefix("API_URL is not set, and its default '\(fallback)' \(why)")
          && error.message.hasSuffix("; set API_URL to an http or https address such as https://api.example.com")
      }
      #expect {
        try HTTPURL.base(from: ["API_URL": " "], variable: "API_URL", default: fallback, redactor: Redactor())
      } throws: { error in
        guard let error = error as? DataSourceError else { return false }
        return error.message.hasPrefix("API_URL is blank, and its default '\(fallback)' \(why)")
      }
    }
  }

  @Test("a password in the base URL is not repeated in the error")
  func badBaseURLWithPassword() {
    #expect {
      try HTTPURL.base(
        from: ["API_URL": "ftp://me:hunter22@h"], variable: "API_URL", default: "https://a.example",
        redactor: Redactor())
    } throws: { error in
      guard let error = error as? DataSourceError else { return false }
      return !error.message.contains("hunter22") && error.message.contains("REDACTED")
    }
  }

  @Test("a path segment keeps its slashes, question marks, hashes and percents inside it")
  func segment() throws {
    #expect(try HTTPURL.segment("../a?b#c%2e") == "..%2Fa%3Fb%23c%252e")
    #expect(try HTTPURL.segment("GHCND:X/../Y", parameter: "id") == "GHCND%3AX%2F..%2FY")
  }

  @Test("a segment value of '.', '..' or nothing is refused, naming the parameter", arguments: [".", "..", ""])
  func dotSegmentValue(_ value: String) {
    let error = #expect(throws: DataSourceError.self) { try HTTPURL.segment(value, parameter: "id") }
    #expect(error?.kind == .badRequest(parameter: "id"))
    #expect(error?.message.contains("the parameter 'id' is") == true, "\(String(describing: error))")
  }

  @Test(
    "a raw path with a '.' or '..' segment, encoded or not, makes no URL",
    arguments: ["/a/../b", "/a/./b", "/..", "/a/%2e%2e/b", "/a/%2E/b", "/a/.%2E", "/a/..?"])
  func dotSegmentPath(_ path: String) throws {
    let base = try #require(URL(string: "http://127.0.0.1:9/api"))
    #expect(HTTPURL.make(base: base, path: path) == nil)
  }

  @Test("dots inside a segment are kept: '...', 'a..b', '.well-known'")
  func dotsInsideASegment() throws {
    let base = try #require(URL(string: "http://127.0.0.1:9/api"))
    #expect(HTTPURL.make(base: base, path: "/.../a..b/.well-known")?.path == "/api/.../a..b/.well-known")
  }
}
