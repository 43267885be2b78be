import Foundation
import PluginHost
import ReplayServer
import ScreenKit
import Testing

/// A broken `http` manifest is told at load time, every problem located by the file and a JSON
/// pointer, with a near name where there is one.
@Suite("Declared REST API manifests: located problems at load time")
struct ManifestProblemTests {
  static func problems(_ http: String, resources: String? = nil, extra: String = "") throws -> [String] {
    let folder = try TemporaryDirectory("manifest")
    defer { folder.remove() }
    let resources =
      resources
        ?? #"""
        [{"name": "books", "kind": "list", "summary": "books", "search": "q",
          "parameters": [{"name": "q", "summary": "words"}],
          "request": {"path": "/books", "query": {"q": "{q}"}, "records": "/items", "paging": {"type": "link"}}}]
        """#
    let text = #"{"name": "books", "summary": "books", "http": \#(http), "resources": \#(resources)\#(extra)}"#
    let file = folder.url.appendingPathComponent("plugin.json")
    try Data(text.utf8).write(to: file)
    let reading = PluginManifest.read(file.path)
    return reading.problems.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
  }

  static let base = #"{"baseURL": {"variable": "BOOKS_URL", "default": "https://books.example"}"#

  @Test("a valid declaration has no problem")
  func valid() throws {
    #expect(try Self.problems(Self.base + "}") == [])
  }

  @Test("a misspelled paging type gets a did-you-mean, at its pointer")
  func pagingType() throws {
    let problems = try Self.problems(
      Self.base + "}",
      resources: #"""
        [{"name": "books", "kind": "list", "summary": "books",
          "request": {"path": "/books", "paging": {"type": "ofset", "limit": "limit", "offset": "offset"}}}]
        """#)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("/resources/0/request/paging/type") == true, "\(problems)")
    #expect(problems.first?.contains("unknown paging type 'ofset'; did you mean 'offset'?") == true, "\(problems)")
  }

  @Test("a misspelled auth type gets a did-you-mean, at its pointer")
  func authType() throws {
    let problems = try Self.problems(Self.base + #", "auth": {"type": "baerer", "token": "BOOKS_TOKEN"}}"#)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("/http/auth/type") == true, "\(problems)")
    #expect(problems.first?.contains("unknown auth type 'baerer'; did you mean 'bearer'?") == true, "\(problems)")
  }

  @Test("an unknown template variable is found when the manifest loads")
  func unknownVariable() throws {
    let problems = try Self.problems(
      Self.base + "}",
      resources: #"""
        [{"name": "book", "kind": "record", "summary": "a book",
          "parameters": [{"name": "id", "required": true, "summary": "its id"}],
          "request": {"path": "/books/{bookId}"}}]
        """#)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("/resources/0/request/path") == true, "\(problems)")
    #expect(problems.first?.contains("unknown template variable 'bookId' in a path") == true, "\(problems)")
  }

  @Test("a computed credential may use only the variables it declares and the values before it")
  func computed() throws {
    let problems = try Self.problems(
      Self.base
        + #", "auth": {"type": "computed", "variables": ["KEY"], "query": {"sig": "{md5(ts, env.KEY)}", "ts": "{timestamp}", "x": "{env.OTHER}"}}}"#
    )
    #expect(problems.count == 2, "\(problems)")
    #expect(problems.contains { $0.contains("/http/auth/query/sig") && $0.contains("unknown template variable 'ts'") })
    #expect(problems.contains { $0.contains("/http/auth/query/x") && $0.contains("'env.OTHER'") })
  }

  @Test("a missing request, a bad pointer, an unknown key and both command and http are each located")
  func several() throws {
    let problems = try Self.problems(
      Self.base + #", "atribution": "x"}"#,
      resources: #"""
        [{"name": "books", "kind": "list", "summary": "books"},
         {"name": "book", "kind": "record", "summary": "a book", "request": {"path": "/b", "record": "data"}}]
        """#, extra: #", "command": ["python3", "x.py"]"#)
    #expect(
      problems.contains { $0.contains("/http/atribution") && $0.contains("did you mean 'attribution'?") }, "\(problems)"
    )
    #expect(problems.contains { $0.contains("/resources/0") && $0.contains("missing required key 'request'") })
    #expect(problems.contains { $0.contains("/resources/1/request/record") && $0.contains("not a JSON pointer") })
    #expect(problems.contains { $0.contains("/command") && $0.contains("not both") })
  }
}
