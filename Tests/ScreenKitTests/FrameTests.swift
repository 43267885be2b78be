import Testing

@testable import ScreenKinds
@testable import ScreenKit

/// `Frame` as a value: URLs found as links, cuts that keep roles and URLs, matches highlighted,
/// and a list's frame carrying its selection and cursor as data.
@Suite("Frame")
struct FrameTests {
  @Test("URLs in a line become link spans; punctuation around them, and a cut URL, do not")
  func linking() {
    func links(_ text: String) -> [String] { Frame.Line(linking: text).spans.compactMap(\.url) }
    #expect(links("see https://a.example/b.") == ["https://a.example/b"])
    #expect(links("(https://a.example/b_(c)) and http://x.y") == ["https://a.example/b_(c)", "http://x.y"])
    #expect(links("topics: a, https://a.example/b, c") == ["https://a.example/b"])
    #expect(links("https://a.example/verylong…") == [], "a URL a cut ended is not whole")
    #expect(links("https://a.example/verylong...") == [])
    #expect(links("xhttps://a.example/b") == [], "not at a word's start")
    #expect(links("https://") == [] && links("http:// x") == [])
    #expect(links("HTTPS://A.EXAMPLE") == ["HTTPS://A.EXAMPLE"])
    let text = "a https://a.example/ü b"
    #expect(Frame.Line(linking: text).text == text, "the text is unchanged")
    #expect(links(text) == ["https://a.example/"])
    // Linear on any input: a megabyte of URL starts in one run, and of unmatched brackets.
    let long = String(repeating: "(http://", count: 1 << 17)
    #expect(links(long).count == 1)
    #expect(links("https://a.b/" + String(repeating: ")", count: 1 << 17)) == ["https://a.b/"])
  }

  @Test("a cut keeps each span's role and URL up to it; the ellipsis takes the cut span's")
  func cuts() {
    var line = Frame.Line(" 1. ", role: .dim)
    line.append("Iron", role: .match)
    line.append(" Man and more")
    let cut = line.truncated(toColumns: 10)
    #expect(cut.text == " 1. Iron …")
    #expect(cut.spans.map(\.role) == [.dim, .match, .body])
    #expect(line.truncated(toColumns: 40) == line)
    let wide = Frame.Line("漢字漢字漢字", role: .title).truncated(toColumns: 5)
    #expect(wide.text == "漢字…" && wide.spans.map(\.role) == [.title])
  }

  @Test("the query is highlighted wherever it matches in a row, in any case; the text is unchanged")
  func highlighting() {
    let line = Frame.Line("Iron Man, iron fist").highlighting("IRON")
    #expect(line.text == "Iron Man, iron fist")
    #expect(line.spans.map(\.role) == [.match, .body, .match, .body])
    #expect(Frame.Line("Iron").highlighting(" ") == Frame.Line("Iron"))
    #expect(Frame.Line("▏›|x").highlighting("▏›|").spans.map(\.text) == ["▏›|", "x"])
  }

  @Test("a list's frame: the selected row and the search field's cursor are data, a typed ▏ is text")
  func listFrame() throws {
    let text = #"""
      {"kind": "list", "title": "Books", "source": {"plugin": "p", "resource": "r"},
       "search": {"param": "q", "placeholder": "Search"}, "row": {"title": "{title}"}}
      """#
    let root = try JSON.parse(Array(text.utf8), options: .document)
    var decoder = SpecDecoder()
    let decoded = decoder.decode(root, file: "t.json", kinds: .standard)
    let spec = try #require(decoded, "\(decoder.problems)")
    var state = ListViewModel.State()
    state.query = "a▏›|"
    state.activeQuery = "a▏›|"
    state.status = .loaded
    state.records = [.object(JSONObject(["title": .string("a▏›| book")])), .object(JSONObject(["title": "other"]))]
    var screen = ScreenState(spec: spec, parameters: [:], content: .of(ListKind.self, state))
    screen.selection = 1
    let frame = TextRenderer.frame(screen, options: RenderOptions(width: 40, height: 12))
    let field = try #require(frame.lines.firstIndex { $0.text.hasPrefix("Search: ") })
    #expect(frame.lines[field].text == "Search: a▏›|▏")
    #expect(frame.cursor == Frame.Cursor(row: field, column: 12))
    let selected = try #require(frame.selectedRow)
    #expect(frame.lines[selected].text == "› 2. other")
    #expect(frame.lines.filter { $0.text.contains("›") }.count == 3, "the query, its match and the marker")
    let first = try #require(frame.lines.first { $0.text.hasSuffix("1. a▏›| book") })
    #expect(first.spans.contains { $0.role == .match && $0.text == "a▏›|" })
    #expect(frame.lines[0].spans.map(\.role) == [.title])
  }
}
