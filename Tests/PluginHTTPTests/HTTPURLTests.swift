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

  @Test("a path segment keeps its slashes and question marks inside it")
  func segment() {
    #expect(HTTPURL.segment("../a?b") == "..%2Fa%3Fb")
  }
}
