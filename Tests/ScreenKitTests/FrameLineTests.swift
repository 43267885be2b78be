import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenText

/// The one rule for the lines of a plain frame: every line fits the width, except a URL, which
/// stands whole and alone on its own line.
@Suite("Frame lines: widths and URLs")
struct FrameLineTests {
  static let screen = """
    {
      "kind": "detail",
      "title": "{name}",
      "source": { "plugin": "books", "resource": "book", "params": { "id": "{params.id}" } },
      "sections": [
        { "type": "image", "label": "Cover", "value": "{cover}" },
        { "type": "text", "value": "{description}" },
        { "type": "fields", "fields": [
          { "label": "Web", "value": "{web}" },
          { "label": "Name", "value": "{name}" }
        ] }
      ]
    }
    """

  static let cover = "http://i.annihil.us/u/prod/marvel/i/mg/9/c0/527bb7b37ff55/standard_large.jpg"
  static let web = "https://github.com/facebook/react/tree/main/packages/react-dom"

  let loader = ScreenLoader(registry: PluginRegistry([TestPlugins.books()]), kinds: .standard)
  let folder: ScreenFolder

  init() throws {
    folder = try ScreenFolder(["book.json": Self.screen])
  }

  func frame(_ record: JSON, options: RenderOptions) throws -> [String] {
    var state = DetailViewModel.State()
    state.status = .loaded
    state.record = record
    let screen = ScreenState(
      spec: try loader.load(folder.file("book.json")), parameters: ["id": "1"], content: .of(DetailKind.self, state))
    var lines = TextRenderer.render(screen, options: options).split(separator: "\n", omittingEmptySubsequences: false)
    lines.removeLast()
    return lines.map(String.init)
  }

  static let record: JSON = [
    "name": .string("Soft\u{AD}hyphen \u{600}\u{601}\u{602}\u{603}\u{604}\u{605} " + String(repeating: "x", count: 40)),
    "cover": .string(cover),
    "description": .string(
      "Read more at \(web) or look at the long word " + String(repeating: "y", count: 300) + " here."),
    "web": .string(web),
  ]

  @Test(arguments: [20, 33, 40, 80])
  func plainFrameLinesFitExceptLoneURLs(width: Int) throws {
    let lines = try frame(Self.record, options: RenderOptions(width: width))
    for line in lines {
      #expect(FrameLine.fits(line, width: width), "\(TextWidth.width(of: line)) columns: \(line)")
    }
    // Each URL appears whole, on a line of its own when it does not fit beside its label.
    for (url, count) in [(Self.cover, 1), (Self.web, 2)] {
      let holding = lines.filter { $0.contains(url) }
      #expect(holding.count == count, "\(url) in the picture, or in the text and a field: \(lines)")
      #expect(holding.allSatisfy { $0 == url || TextWidth.width(of: $0) <= width }, "\(holding)")
    }
    #expect(!lines.contains { $0.hasSuffix("standard_lar") }, "the URL is not broken")
    #expect(lines.joined().contains(String(repeating: "y", count: width - 1)), "the long word is wrapped, not cut")
  }

  @Test func theTitleWithSoftHyphenAndArabicMarksIsWrappedByTheirColumns() throws {
    let lines = try frame(Self.record, options: RenderOptions(width: 20))
    // A detail screen's title wraps, cut nowhere. The six marks (one column each) are prepended
    // to the space after them, so they, the space and the x's are one word, broken by columns:
    // counted as 0 columns, the marks would let x's overflow the line.
    #expect(lines[0] == "Soft\u{AD}hyphen")
    #expect(lines[1] == "\u{600}\u{601}\u{602}\u{603}\u{604}\u{605} " + String(repeating: "x", count: 13))
    #expect(TextWidth.width(of: lines[1]) == 20)
    #expect(lines[2] == String(repeating: "x", count: 20))
  }

  @Test func anInteractiveFrameCutsURLsUnlessTheTerminalLayerAsks() throws {
    let cut = try frame(Self.record, options: RenderOptions(width: 40, height: 40))
    #expect(cut.allSatisfy { TextWidth.width(of: $0) <= 40 })
    #expect(!cut.contains(Self.cover))
    let whole = try frame(Self.record, options: RenderOptions(width: 40, height: 40, keepsWholeURLs: true))
    #expect(whole.contains(Self.cover))
    #expect(whole.allSatisfy { FrameLine.fits($0, width: 40) })
  }

  @Test func problemsAboveTheFrameKeepURLsWhole() throws {
    var state = DetailViewModel.State()
    state.status = .loaded
    state.record = Self.record
    var screen = ScreenState(
      spec: try loader.load(folder.file("book.json")), parameters: ["id": "1"], content: .of(DetailKind.self, state))
    screen.problems = ["see \(Self.cover) for why"]
    let lines = TextRenderer.render(screen, options: RenderOptions(width: 30)).split(separator: "\n")
    #expect(lines.contains { $0 == Self.cover })
    #expect(lines.allSatisfy { FrameLine.fits($0, width: 30) })
  }
}
