import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenFormat
@testable import ScreenKinds
@testable import ScreenKit

@Suite("Screen spec")
struct SpecTests {
  let registry = PluginRegistry([TestPlugins.books()])

  static let list = """
    {
      "version": 1,
      "kind": "list",
      "title": "Books",
      "source": { "plugin": "books", "resource": "books", "params": { "shelf": "{params.shelf}" } },
      "search": { "param": "q", "placeholder": "Search books", "debounceMs": 300, "minLength": 2, "required": true },
      "paging": { "pageSize": 10, "prefetch": 3 },
      "row": { "title": "{name}", "subtitle": "#{id}" },
      "empty": "No book starts with '{query}'.",
      "select": { "screen": "book.json", "params": { "id": "{id}" } },
      "footer": "{meta.attribution}"
    }
    """

  static let detail = """
    {
      "kind": "detail",
      "title": "{name}",
      "source": { "plugin": "books", "resource": "book", "params": { "id": "{params.id}" } },
      "sections": [
        { "type": "image", "value": "{cover}" },
        { "type": "text", "header": "About", "value": "{description}", "empty": "No description." },
        { "type": "fields", "fields": [ { "label": "Id", "value": "{id}" } ] },
        { "type": "list", "header": "Tags", "items": "tags", "row": "{name}", "limit": 3 }
      ]
    }
    """

  func problems(_ text: String, extra: [String: String] = [:]) throws -> [String] {
    let folder = try ScreenFolder(["screen.json": text, "book.json": Self.detail].merging(extra) { $1 })
    let diagnostics = ScreenLoader(registry: registry, kinds: .standard).check([folder.file("screen.json")])
    return diagnostics.map { $0.description.replacingOccurrences(folder.path + "/", with: "") }
  }

  /// The column (from 1) where `needle` first starts in a one-line `text`.
  func column(_ needle: String, in text: String) -> Int {
    guard let range = text.range(of: needle) else { return 0 }
    return text.distance(from: text.startIndex, to: range.lowerBound) + 1
  }

  @Test func decodesAListScreen() throws {
    let folder = try ScreenFolder(["books.json": Self.list, "book.json": Self.detail])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("books.json"))
    #expect(spec.kind.name == "list")
    #expect(spec.source.plugin == "books")
    #expect(spec.source.parameters.map(\.name) == ["shelf"])
    let list = try #require(spec.list)
    #expect(
      list.search
        == SearchSpec(
          parameter: "q", placeholder: Template(literal: "Search books"), debounceMilliseconds: 300, minLength: 2,
          required: true))
    #expect(list.paging == PagingSpec(pageSize: 10, prefetch: 3))
    #expect(list.select?.screen == "book.json")
    #expect(spec.parameterNames == ["shelf"])
  }

  @Test func decodesADetailScreenWithDefaults() throws {
    let folder = try ScreenFolder(["book.json": Self.detail])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("book.json"))
    #expect(spec.version == 1)
    let sections = try #require(spec.detail?.sections)
    #expect(sections.count == 4)
    guard case .image(let label, _) = sections[0] else {
      Issue.record("not an image")
      return
    }
    #expect(label.source == "Image")
    guard case .list(let header, let items, _, _, let limit, _, _, _) = sections[3] else {
      Issue.record("not a list")
      return
    }
    #expect(header?.source == "Tags")
    #expect(items == ["tags"])
    #expect(limit == 3)
    #expect(spec.parameterNames == ["id"])
  }

  @Test("a whole number may be written 20.0, as JSON Schema's integer takes it; 20.5 is refused")
  func wholeNumbersWithAFraction() throws {
    let written = Self.list.replacingOccurrences(of: #""pageSize": 10"#, with: #""pageSize": 10.0"#)
    let folder = try ScreenFolder(["books.json": written, "book.json": Self.detail])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("books.json"))
    #expect(spec.list?.paging == PagingSpec(pageSize: 10, prefetch: 3))
    let found = try problems(Self.list.replacingOccurrences(of: #""pageSize": 10"#, with: #""pageSize": 10.5"#))
    #expect(found.count == 1)
    #expect(found.first?.hasSuffix("error at /paging/pageSize: 'pageSize' must be a whole number, not 10.5") == true)
  }

  @Test func listsEveryProblemAtOnceWithPositions() throws {
    let text = """
      {
        "kind": "list",
        "titel": "Books",
        "source": { "plugin": "books", "resource": "books" },
        "paging": { "pageSze": 10, "prefetch": "3" },
        "row": { "title": "{name|uper}" }
      }
      """
    let found = try problems(text)
    #expect(
      found == [
        "screen.json:1:1: error at /: missing required key 'title'",
        "screen.json:3:3: error at /titel: unknown key 'titel'; did you mean 'title'?",
        "screen.json:5:15: error at /paging/pageSze: unknown key 'pageSze'; did you mean 'pageSize'?",
        "screen.json:5:42: error at /paging/prefetch: 'prefetch' must be a whole number, not the string '3'",
        "screen.json:6:28: error at /row/title: in template \"{name|uper}\": unknown filter 'uper'; did you mean 'upper'?",
      ])
  }

  @Test func aTemplateInAMessageIsQuotedAsTheFileSpellsIt() throws {
    let text = #"""
      {"kind": "list", "title": "x", "source": {"plugin": "books", "resource": "books"},
       "row": {"title": "{x|numbr|default:\"?\"}\tend"}}
      """#
    let found = try problems(text)
    #expect(
      found == [
        #"screen.json:2:23: error at /row/title: in template "{x|numbr|default:\"?\"}\tend": unknown filter 'numbr'; did you mean 'number'?"#
      ])
  }

  @Test func checksTheSourceAgainstTheRegistry() throws {
    var text =
      #"{"kind": "list", "title": "x", "source": {"plugin": "bokos", "resource": "books"}, "row": {"title": "{name}"}}"#
    #expect(
      try problems(text) == [
        "screen.json:1:\(column("\"bokos", in: text)): error at /source/plugin: unknown plugin 'bokos'; did you mean 'books'? (plugins: books)"
      ])
    text =
      #"{"kind": "list", "title": "x", "source": {"plugin": "books", "resource": "book"}, "row": {"title": "{name}"}}"#
    let recordForList = try problems(text)
    #expect(
      recordForList == [
        "screen.json:1:\(column("\"source", in: text)): error at /source: 'book' needs parameter 'id' (the book's id); add it to source.params",
        "screen.json:1:\(column("\"book\"", in: text)): error at /source/resource: 'book' is a record resource, and a list screen needs a list resource (books has: books)",
      ])
    text = #"{"kind": "detail", "title": "x", "source": {"plugin": "books", "resource": "bok"}, "sections": []}"#
    #expect(
      try problems(text) == [
        "screen.json:1:\(column("\"bok\"", in: text)): error at /source/resource: plugin 'books' has no resource 'bok'; did you mean 'book'? (resources: books, book)"
      ])
    text = #"{"kind": "detail", "title": "x", "source": {"plugin": "books", "resource": "book"}, "sections": []}"#
    #expect(
      try problems(text) == [
        "screen.json:1:\(column("\"source", in: text)): error at /source: 'book' needs parameter 'id' (the book's id); add it to source.params"
      ])
    text =
      #"{"kind": "list", "title": "x", "source": {"plugin": "books", "resource": "books", "params": {"shelve": "a"}}, "search": {"param": "query"}, "paging": {"pageSize": 80}, "row": {"title": "{name}"}}"#
    #expect(
      try problems(text) == [
        "screen.json:1:\(column("\"shelve", in: text)): error at /source/params/shelve: 'books' has no parameter 'shelve'; did you mean 'shelf'? (parameters: q, shelf)",
        "screen.json:1:\(column("\"query", in: text)): error at /search/param: search param 'query' is not a parameter of 'books' (parameters: q, shelf)",
        "screen.json:1:\(column("80", in: text)): error at /paging/pageSize: pageSize 80 is more than 'books' allows (50)",
      ])
  }

  @Test func checksTheSelectTarget() throws {
    let missing = Self.list.replacingOccurrences("book.json", with: "bok.json")
    #expect(try problems(missing).first?.contains("select screen 'bok.json' does not exist") == true)
    #expect(try problems(missing).first?.contains("did you mean 'book.json'?") == true)

    let noParams = Self.list.replacingOccurrences(#""params": { "id": "{id}" }"#, with: #""params": {}"#)
    let withoutParams = try problems(noParams)
    #expect(
      withoutParams == [
        "screen.json:10:38: error at /select/params: 'book.json' reads {params.id}, but select does not pass 'id'; add it to select.params"
      ])

    let brokenTarget = Self.detail.replacingOccurrences(#""type": "image""#, with: #""type": "picture""#)
    let found = try problems(Self.list, extra: ["book.json": brokenTarget])
    #expect(
      found == [
        "book.json:6:15: error at /sections/0/type: unknown section type 'picture'; expected one of text, image, fields, list, link",
        "screen.json:10:25: error at /select/screen: select screen 'book.json' is invalid (its own problems are listed under its name)",
      ])
  }

  @Test func checksADetailScreensLinkAndItemTargets() throws {
    // A detail screen's list section and link section lead somewhere: --check walks both.
    let linked = Self.detail.replacingOccurrences(
      #""limit": 3 }"#,
      with: #""limit": 3, "select": { "screen": "tag.json", "params": {} } },"#
        + #" { "type": "link", "label": "More", "select": { "screen": "author.json", "params": {} } }"#)
    let found = try problems(Self.list, extra: ["book.json": linked, "author.json": Self.detail])
    #expect(found.count == 3, "\(found)")
    #expect(found.last?.contains("select screen 'book.json' is invalid") == true, "\(found)")
    #expect(
      found.contains { $0.contains("error at /sections/3/select/screen: select screen 'tag.json' does not exist") })
    #expect(
      found.contains {
        $0.contains(
          "error at /sections/4/select/params: 'author.json' reads {params.id}, but select does not pass 'id'")
      })

    let fixed = linked.replacingOccurrences("tag.json", with: "book.json")
      .replacingOccurrences(#""params": {}"#, with: #""params": { "id": "{id}" }"#)
    #expect(try problems(Self.list, extra: ["book.json": fixed, "author.json": Self.detail]).isEmpty)
    let folder = try ScreenFolder(["book.json": fixed, "author.json": Self.detail])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("book.json"))
    #expect(spec.detail?.targets.map(\.pointer.description) == ["/sections/3/select", "/sections/4/select"])

    let noSelect = Self.detail.replacingOccurrences(
      #""limit": 3 }"#, with: #""limit": 3 }, { "type": "link", "label": "More" }"#)
    let folder2 = try ScreenFolder(["book.json": noSelect])
    let broken = ScreenLoader(registry: registry, kinds: .standard).check([folder2.file("book.json")]).map(
      \.description)
    #expect(broken.contains { $0.contains("/sections/4: missing required key 'select'") }, "\(broken)")
  }

  @Test func checksTheSourceEvenWhenTheRestIsBroken() throws {
    let text =
      #"{"kind": "list", "title": "{name|uper}", "source": {"plugin": "bokos", "resource": "books"}, "paging": {"pageSze": 1}, "row": {}}"#
    #expect(
      try problems(text).map { $0.components(separatedBy: ": error at ").last ?? "" } == [
        "/title: in template \"{name|uper}\": unknown filter 'uper'; did you mean 'upper'?",
        "/source/plugin: unknown plugin 'bokos'; did you mean 'books'? (plugins: books)",
        "/paging/pageSze: unknown key 'pageSze'; did you mean 'pageSize'?",
        "/row: missing required key 'title' in /row",
      ])
  }

  @Test func aCycleOfScreensIsCheckedOnce() throws {
    let a =
      #"{"kind": "list", "title": "A", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{name}"}, "select": {"screen": "b.json"}}"#
    let b =
      #"{"kind": "list", "title": "B", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{name}"}, "select": {"screen": "screen.json"}}"#
    #expect(try problems(a, extra: ["b.json": b]) == [])
  }

  @Test func aSelectBackAlongACycleMustPassWhatItsScreenReads() throws {
    // screen.json reads {params.shelf}; b.json selects it back without passing it.
    let a =
      #"{"kind": "list", "title": "A {params.shelf}", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{name}"}, "select": {"screen": "b.json", "params": {"shelf": "{params.shelf}"}}}"#
    let b =
      #"{"kind": "list", "title": "B", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{name}"}, "select": {"screen": "screen.json"}}"#
    let found = try problems(a, extra: ["b.json": b])
    #expect(
      found.contains { $0.contains("'screen.json' reads {params.shelf}, but select does not pass 'shelf'") }, "\(found)"
    )
  }

  @Test func templatesOutsideARecordCannotReadFields() throws {
    let text =
      #"{"kind": "list", "title": "{name}", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{name}"}, "footer": "{meta.atribution}"}"#
    #expect(
      try problems(text) == [
        #"screen.json:1:\#(column("\"{name}", in: text)): error at /title: a list screen's title has no record to read fields from; use {params.…}, {query} or {meta.…} in "{name}""#,
        "screen.json:1:\(column("\"{meta", in: text)): error at /footer: unknown metadata '{meta.atribution}'; did you mean 'meta.attribution'? (metadata: meta.attribution, meta.total, meta.count)",
      ])
  }

  @Test func aSearchPlaceholderAndAColumnHeaderAreTemplatesWithoutARecord() throws {
    let list =
      #"{"kind": "list", "title": "x", "source": {"plugin": "books", "resource": "books"}, "search": {"param": "q", "placeholder": "Search {nme|upper}"}, "row": {"title": "{name}"}}"#
    #expect(
      try problems(list) == [
        #"screen.json:1:\#(column("\"Search {nme", in: list)): error at /search/placeholder: the search placeholder has no record to read fields from; use {params.…}, {query} or {meta.…} in "Search {nme|upper}""#
      ])
    let table =
      #"{"kind": "table", "title": "x", "source": {"plugin": "books", "resource": "books"}, "columns": [{"header": "{{Stars}} {x|uper}", "value": "{name}"}]}"#
    #expect(
      try problems(table).first?.contains("error at /columns/0/header: in template \"{{Stars}} {x|uper}\"") == true)
    let folder = try ScreenFolder([
      "books.json":
        #"{"kind": "table", "title": "x", "source": {"plugin": "books", "resource": "books"}, "search": {"param": "q", "placeholder": "Search {params.shelf} {{books}}"}, "columns": [{"header": "{{Title}} of {params.shelf}", "value": "{name}"}]}"#
    ])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("books.json"))
    var state = TableViewModel.State()
    state.list.status = .loaded
    state.list.records = [["name": "Dune"]]
    let frame = TextRenderer.render(
      ScreenState(spec: spec, parameters: ["shelf": "SF"], content: .of(TableKind.self, state)))
    #expect(frame.contains("Search SF {books}…"), "\(frame)")
    #expect(frame.contains("{Title} of SF"), "\(frame)")
  }

  @Test func kindSpecificKeys() throws {
    var text =
      #"{"kind": "detail", "title": "x", "source": {"plugin": "books", "resource": "book", "params": {"id": "1"}}, "sections": [], "row": {"title": "{name}"}}"#
    #expect(
      try problems(text) == [
        "screen.json:1:\(column("\"row", in: text)): error at /row: 'row' belongs to list screens, and this screen's kind is 'detail'"
      ])
    text = #"{"kind": "lst"}"#
    #expect(
      try problems(text).contains(
        "screen.json:1:\(column("\"lst", in: text)): error at /kind: unknown kind 'lst'; did you mean 'list'?"))
    #expect(try problems("[1, 2]") == ["screen.json:1:1: error at /: a screen is a JSON object, not an array"])
    text =
      #"{"kind": "list", "version": 2, "title": "x", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{name}"}}"#
    #expect(
      try problems(text) == [
        "screen.json:1:\(column("2,", in: text)): error at /version: unsupported version 2; this screenrun reads version 1"
      ])
  }

  @Test func fileProblems() throws {
    let folder = try ScreenFolder(["bad.json": "{\n  \"kind\": \"list\",,\n}", "empty.json": "  \n"])
    let loader = ScreenLoader(registry: registry, kinds: .standard)
    let syntax = loader.check([folder.file("bad.json")]).map(\.description)
    #expect(syntax.count == 1)
    #expect(syntax[0].hasPrefix(folder.file("bad.json") + ":2:"))
    #expect(syntax[0].contains("error: invalid JSON"))
    #expect(
      loader.check([folder.file("empty.json")]).map(\.message) == [
        "the file is empty; a screen is a JSON object such as {\"kind\": \"list\", …}"
      ])
    #expect(loader.check([folder.file("none.json")]).map(\.message) == ["no such file"])
    #expect(loader.check([folder.path]).map(\.message) == ["is a folder; expected a screen file (.json)"])
  }

  @Test func resolvesSelectPaths() {
    #expect(ScreenLoader.resolve("character.json", relativeTo: "Screens/characters.json") == "Screens/character.json")
    #expect(ScreenLoader.resolve("../x.json", relativeTo: "Screens/sub/a.json") == "Screens/x.json")
    #expect(ScreenLoader.resolve("./b.json", relativeTo: "a.json") == "./b.json")
    #expect(ScreenLoader.resolve("./b.json", relativeTo: "dir/a.json") == "dir/b.json")
    #expect(ScreenLoader.resolve("/abs/b.json", relativeTo: "Screens/a.json") == "/abs/b.json")
  }
}
