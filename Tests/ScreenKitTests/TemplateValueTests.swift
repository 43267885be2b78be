import PluginHost
import ScreenKinds
import ScreenKit
import TestSupport
import Testing

/// `{.}` binds the value itself, so a list section can show an array of strings or numbers.
@Suite("Templates: the value itself")
struct TemplateValueTests {
  @Test func theValueItselfRendersAsText() throws {
    #expect(try Template("{.}").render(in: TemplateContext(record: "Fiction")) == "Fiction")
    #expect(try Template("#{ . }").render(in: TemplateContext(record: 1_984)) == "#1984")
    #expect(try Template("{.|upper}").render(in: TemplateContext(record: "sf")) == "SF")
    #expect(try Template("{ .|number }").render(in: TemplateContext(record: 12_345)) == "12,345")
    #expect(try Template("{.|default:\"-\"}").render(in: TemplateContext(record: nil)) == "-")
  }

  @Test func aPathStillCannotStartOrEndWithADot() {
    for text in ["{.a}", "{a.}", "{..}", "{. a}"] {
      #expect(throws: TemplateError.self, "\(text)") { try Template(text) }
    }
  }

  @Test func aListSectionOverPlainValuesIsCheckedAndRendered() async throws {
    let screen = """
      {
        "version": 1, "kind": "detail", "title": "{title}",
        "source": { "plugin": "books", "resource": "book", "params": { "id": "{params.id}" } },
        "sections": [ { "type": "list", "header": "Subjects", "items": "subjects", "row": "{.}" } ]
      }
      """
    let folder = try ScreenFolder(["book.json": screen])
    let registry = PluginRegistry([TestPlugins.books()])
    let loader = ScreenLoader(registry: registry, kinds: .standard)
    #expect(loader.check([folder.file("book.json")]).isEmpty)
    var state = DetailViewModel.State()
    state.status = .loaded
    state.record = ["title": "Dune", "subjects": ["Fiction", "Deserts", 1965]]
    let frame = TextRenderer.render(
      ScreenState(
        spec: try loader.load(folder.file("book.json")), parameters: ["id": "1"], content: .of(DetailKind.self, state)))
    #expect(frame.contains("  • Fiction\n  • Deserts\n  • 1965"), "\(frame)")
  }
}
