import ScreenKinds
import ScreenKit
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenFormat
@testable import ScreenJSON

/// Trees (issue 40, part 2): a list section and a list screen read a nested array depth-first
/// (`children`), with `{depth}` for templates, the indent of each level, and a limit counted over
/// the whole tree; hostile trees cost no stack.
@Suite("Trees")
struct TreeTests {
  let registry = PluginRegistry([TestPlugins.books()])

  /// A thread: a, its replies b (with its reply c) and d, then e.
  static let thread: JSON = [
    "title": "Thread",
    "comments": [
      ["by": "a", "kids": [["by": "b", "kids": [["by": "c"]]], ["by": "d", "kids": []]]],
      ["by": "e"],
    ],
  ]

  /// The body of a detail screen of `sections` over `record`, as the detail sections' tests draw it.
  func detail(_ sections: String, record: JSON, width: Int = 60) throws -> [String] {
    let sectionTests = DetailSectionTests()
    return sectionTests.body(try sectionTests.frame(sections, record: record, width: width))
  }

  func problems(_ sections: String) throws -> [String] { try DetailSectionTests().problems(sections) }

  @Test func theWalkIsDepthFirstWithDepths() {
    let tree = JSONTree(Self.thread["comments"]?.arrayValue ?? [], children: ["kids"])
    #expect(tree.nodes.map { $0.record["by"]?.stringValue ?? "" } == ["a", "b", "c", "d", "e"])
    #expect(tree.nodes.map(\.depth) == [0, 1, 2, 1, 0])
    #expect(tree.count == 5)
    let limited = JSONTree(Self.thread["comments"]?.arrayValue ?? [], children: ["kids"], limit: 2)
    #expect(limited.nodes.count == 2 && limited.count == 5)
  }

  @Test func aListSectionShowsATreeIndentedByDepth() throws {
    let lines = try detail(
      #"[ { "type": "list", "header": "Comments", "items": "comments", "children": "kids", "row": "{by} ({depth})" } ]"#,
      record: Self.thread)
    #expect(lines == ["Comments", "  • a (0)", "    • b (1)", "      • c (2)", "    • d (1)", "  • e (0)"])
  }

  @Test func aTreesLimitCountsEveryItem() throws {
    let lines = try detail(
      #"[ { "type": "list", "items": "comments", "children": "kids", "row": "{by}", "limit": 3 } ]"#,
      record: Self.thread)
    #expect(lines == ["  • a", "    • b", "      • c", "  … and 2 more"])
  }

  @Test func aWrappedItemHangsUnderItsText() throws {
    let record: JSON = ["comments": [["by": "a", "kids": [["by": "one two three four five six"]]]]]
    let lines = try detail(
      #"[ { "type": "list", "items": "comments", "children": "kids", "row": "{by}" } ]"#, record: record, width: 20)
    #expect(lines == ["  • a", "    • one two three", "      four five six"])
  }

  @Test func aTreesLinksAreItsItemsInOrder() throws {
    let folder = try ScreenFolder([
      "book.json": """
      {"kind": "detail", "title": "{title}", "source": {"plugin": "books", "resource": "book", "params": {"id": "1"}},
       "sections": [ { "type": "list", "items": "comments", "children": "kids", "row": "{by}", "limit": 4,
                       "select": { "screen": "book.json", "params": { "id": "{by}" } } } ]}
      """
    ])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("book.json"))
    let links = try #require(spec.detail).links(in: TemplateContext(record: Self.thread))
    #expect(links.map { $0.opening(from: spec.file).parameters["id"] ?? "" } == ["a", "b", "c", "d"])
  }

  @Test func depthOutsideATreeIsTheRecordsMember() throws {
    #expect(try Template("{depth}").render(in: TemplateContext(record: ["depth": 7])) == "7")
    #expect(try Template("{depth}").render(in: TemplateContext(record: ["depth": 7], depth: 2)) == "2")
  }

  @Test func theIndentFilter() throws {
    func indent(_ template: String, _ depth: Int?, _ record: JSON = [:]) throws -> String {
      try Template(template).render(in: TemplateContext(record: record, depth: depth))
    }
    #expect(try indent("{depth|indent:2}x", 0) == "x")
    #expect(try indent("{depth|indent:2}x", 3) == "      x")
    #expect(try indent("{depth|indent:4}x", 1) == "    x")
    #expect(try indent("{level|indent:2}x", nil, ["level": "2"]) == "    x")
    #expect(try indent("{level|indent:2}x", nil, ["level": "two"]) == "x")
    #expect(try indent("{level|indent:2}x", nil, ["level": -3]) == "x")
    // However deep, the indent stops at 200 columns.
    #expect(try indent("{depth|indent:1000000}x", 1_000_000) == String(repeating: " ", count: 200) + "x")
    #expect(throws: TemplateError.self) { try Template("{depth|indent}") }
  }

  @Test func childrenIsChecked() throws {
    #expect(
      try problems(#"[ { "type": "list", "items": "comments", "children": "kids..x", "row": "{by}" } ]"#)
        .contains { $0.contains("/sections/0/children") && $0.contains("'children' must be a field path") })
    #expect(
      try problems(#"[ { "type": "text", "value": "{by}", "children": "kids" } ]"#)
        .contains { $0.contains("'children' does not belong in a 'text' section") })
  }

  /// A tree as deep as the parser allows (2,048 nested values, each level an object and an
  /// array) and one a megabyte wide: no recursion, nothing lost.
  @Test func hostileTreesCostNoStack() throws {
    let depth = 1_000
    var text = ""
    for _ in 0..<depth { text += #"{"by":"x","kids":["# }
    text += #"{"by":"leaf"}"#
    for _ in 0..<depth { text += "]}" }
    let deep = try JSON.parse(Array(#"{"title":"t","comments":["#.utf8) + Array(text.utf8) + Array("]}".utf8))
    let lines = try detail(
      #"[ { "type": "list", "items": "comments", "children": "kids", "row": "{by} {depth}" } ]"#, record: deep,
      width: 40)
    #expect(lines.count == depth + 1)
    #expect(lines.last?.hasSuffix("leaf 1000") == true)
    // The indent stops growing at half the width: the text keeps its room.
    #expect(lines.allSatisfy { $0.count <= 40 })
    let wide = JSONTree(Array(repeating: ["by": "w"], count: 200_000), children: ["kids"], limit: 10)
    #expect(wide.nodes.count == 10 && wide.count == 200_000)
  }

  @Test func aListScreenShowsATree() throws {
    let text = #"""
      {"kind": "list", "title": "Files", "source": {"plugin": "books", "resource": "books"},
       "children": "kids", "row": {"title": "{depth|indent:2}{by}"}}
      """#
    let folder = try ScreenFolder(["files.json": text])
    let loader = ScreenLoader(registry: registry, kinds: .standard)
    let problems = loader.check([folder.file("files.json")])
    #expect(problems.isEmpty, "\(problems.map(\.description))")
    let spec = try loader.load(folder.file("files.json"))
    let list = try #require(spec.list)
    #expect(list.children == ["kids"])
    let model = ListViewModel(
      source: CountingSource(count: 3),
      configuration: .init(
        resource: "books", parameters: [:], search: nil, paging: list.paging, members: spec.recordMembers,
        children: list.children))
    var state = ListViewModel.State()
    _ = model.reduce(&state, .appear)
    _ = model.reduce(
      &state,
      .pageLoaded(
        generation: state.generation, page: 0, cursor: nil,
        .success(Page(records: Self.thread["comments"]?.arrayValue ?? [], total: 2))))
    #expect(state.records.count == 5 && state.depths == [0, 1, 2, 1, 0])
    let screen = ScreenState(spec: spec, parameters: [:], content: .of(ListKind.self, state))
    let lines = TextRenderer.render(screen, options: RenderOptions(width: 40)).split(separator: "\n").map(String.init)
    #expect(lines.contains("1. a") && lines.contains("2.   b") && lines.contains("3.     c"))
    #expect(lines.contains("5. e"))
  }
}
