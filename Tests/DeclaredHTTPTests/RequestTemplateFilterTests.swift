import Foundation
import PluginHTTP
import PluginHost
import ReplayServer
import ScreenKit
import Testing

@testable import DeclaredHTTP

/// A declared request's templates take the filters of a screen's templates, checked when the
/// manifest loads: `{tags|default:"story"}` sends `story` when the screen gives no `tags`; so does
/// a parameter declared with `"default": "story"`.
@Suite("Declared REST APIs: filters in request templates, and parameters' defaults")
struct RequestTemplateFilterTests {
  @Test("a placeholder's filters are read as a screen's template reads them")
  func parses() throws {
    let template = try RequestTemplate(#"/search/{ tags | default:"story" | lower }/{q|trim}"#)
    #expect(template.names == ["tags", "q"])
    guard case .value(.filtered(.name("tags"), let filters)) = template.parts[1] else {
      Issue.record("\(template.parts)")
      return
    }
    #expect(filters.map(\.spelled) == [#"default:"story""#, "lower"])
  }

  @Test(
    "a filter a request cannot take is refused, located",
    arguments: [
      (#"{tags|defualt:"story"}"#, 6, "unknown filter 'defualt'; did you mean 'default'?"),
      (#"{tags|or:other}"#, 6, "'or:other' reads a field of a record, and a request has none"),
      (#"{tags|truncate:0}"#, 15, "'truncate' takes a positive whole number"),
      (#"{tags x}"#, 6, "expected '}' to close the placeholder, or '|' and a filter"),
      (#"{tags|upper x}"#, 12, "expected '}' to close the placeholder, or '|' and a filter"),
      (#"{tags|}"#, 6, "expected a filter name after '|'"),
    ])
  func refused(_ text: String, _ offset: Int, _ message: String) {
    #expect {
      _ = try RequestTemplate(text)
    } throws: { error in
      guard let problem = error as? TemplateProblem else { return false }
      return problem.offset == offset && problem.message.hasPrefix(message)
    }
  }

  @Test("an unknown filter in a manifest is told at load time, at its pointer")
  func manifestProblem() throws {
    let problems = try ManifestProblemTests.problems(
      ManifestProblemTests.base + "}",
      resources: #"""
        [{"name": "books", "kind": "list", "summary": "books", "parameters": [{"name": "tags", "summary": "tags"}],
          "request": {"path": "/books", "query": {"tags": "{tags|defualt:\"story\"}"}, "records": "/items"}}]
        """#)
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.contains("/resources/0/request/query/tags") == true, "\(problems)")
    #expect(problems.first?.contains("unknown filter 'defualt'; did you mean 'default'?") == true, "\(problems)")
  }

  /// The targets a source of `resource` (one `stories` list on a replay server) asks for, one
  /// request for each of `requests`.
  static func targets(resource: String, requests: [[String: String]]) async throws -> [String] {
    let server = try ReplayServer(exchanges: [])
    defer { server.stop() }
    server.add([RecordedExchange(path: "/search", response: .json(200, #"{"hits": [{"id": 1}]}"#))])
    let folder = try TemporaryDirectory("request-filters")
    defer { folder.remove() }
    let text = #"""
      {"name": "hn", "summary": "stories",
       "http": {"baseURL": {"variable": "HN_URL", "default": "https://hn.example"}},
       "resources": [\#(resource)]}
      """#
    let file = folder.url.appendingPathComponent("plugin.json")
    try Data(text.utf8).write(to: file)
    let source = try DeclaredHTTP.source(
      try PluginManifest.load(file.path),
      context: PluginContext(mode: .live, environment: ["HN_URL": server.baseURL, "SCREENRUN_NO_CACHE": "1"]))
    for parameters in requests {
      _ = try await source.page(PageRequest(resource: "stories", parameters: parameters, pageSize: 20))
    }
    return server.requests.map(\.target)
  }

  @Test("a parameter's default is what its request templates read when a request leaves it out or blank")
  func parameterDefault() async throws {
    let targets = try await Self.targets(
      resource: #"""
        {"name": "stories", "kind": "list", "summary": "stories", "search": "query",
         "parameters": [{"name": "query", "summary": "words"},
                        {"name": "tags", "summary": "tags", "values": ["story", "comment"], "default": "story"}],
         "request": {"path": "/search", "records": "/hits", "query": {"query": "{query}", "tags": "{tags}"}}}
        """#,
      requests: [["query": "fts"], ["query": "fts", "tags": ""], ["query": "fts", "tags": "comment"]])
    #expect(
      targets == ["/search?query=fts&tags=story", "/search?query=fts&tags=story", "/search?query=fts&tags=comment"])
  }

  @Test(
    "a default is refused, located, on a required parameter, outside its values, and in a program's manifest",
    arguments: [
      (#""required": true, "default": "story""#, true, "/resources/0/parameters/0/default", "never missing"),
      (#""values": ["a", "b"], "default": "story""#, true, "/resources/0/parameters/0/default", "not one of"),
      (#""default": 1"#, true, "/resources/0/parameters/0/default", "string"),
      (
        #""default": "story""#, false, "/resources/0/parameters/0/default", "'default' is for a parameter of a declared"
      ),
    ])
  func refusedDefault(_ keys: String, _ declared: Bool, _ pointer: String, _ message: String) throws {
    let folder = try TemporaryDirectory("parameter-default")
    defer { folder.remove() }
    let how =
      declared
      ? #""http": {"baseURL": {"variable": "X_URL", "default": "https://x.example"}}"# : #""command": ["./x"]"#
    let request = declared ? #", "request": {"path": "/x", "records": "/items"}"# : ""
    let text = #"""
      {"name": "x", "summary": "x", \#(how),
       "resources": [{"name": "xs", "kind": "list", "summary": "xs",
                      "parameters": [{"name": "tags", "summary": "tags", \#(keys)}]\#(request)}]}
      """#
    let file = folder.url.appendingPathComponent("plugin.json")
    try Data(text.utf8).write(to: file)
    let problems = PluginManifest.read(file.path).problems.map(\.description)
    // A program's manifest is told of its missing program too.
    #expect(problems.count == (declared ? 1 : 2), "\(problems)")
    #expect(problems.contains { $0.contains(pointer) && $0.contains(message) }, "\(problems)")
  }

  @Test("a request sends the filtered value: the default when the parameter is missing or blank")
  func sendsTheFilteredValue() async throws {
    let targets = try await Self.targets(
      resource: #"""
        {"name": "stories", "kind": "list", "summary": "stories", "search": "query",
         "parameters": [{"name": "query", "summary": "words"}, {"name": "tags", "summary": "tags"}],
         "request": {"path": "/search", "records": "/hits",
                     "query": {"query": "{query|trim}", "tags": "{tags|default:\"story\"|lower}"}}}
        """#,
      requests: [["query": " fts "], ["query": "fts", "tags": " "], ["query": "fts", "tags": "COMMENT"]])
    #expect(
      targets == ["/search?query=fts&tags=story", "/search?query=fts&tags=story", "/search?query=fts&tags=comment"])
  }
}
