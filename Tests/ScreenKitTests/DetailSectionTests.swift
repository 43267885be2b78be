import PluginHost
import ScreenKinds
import ScreenKit
import TestSupport
import Testing

/// What a detail screen's sections draw: a blank text section takes no space, every text a
/// person reads is a template, and a limited list counts what it does not show from its total.
@Suite("Detail sections")
struct DetailSectionTests {
  let registry = PluginRegistry([TestPlugins.books()])

  /// A detail screen of `sections` (JSON text), drawn over `record`.
  func frame(_ sections: String, record: JSON, width: Int = 60) throws -> String {
    let folder = try ScreenFolder(["book.json": Self.screen(sections)])
    let loader = ScreenLoader(registry: registry, kinds: .standard)
    let problems = loader.check([folder.file("book.json")])
    #expect(problems.isEmpty, "\(problems.map(\.description))")
    var state = DetailViewModel.State()
    state.status = .loaded
    state.record = record
    let screen = ScreenState(
      spec: try loader.load(folder.file("book.json")), parameters: ["id": "1"], content: .of(DetailKind.self, state))
    return TextRenderer.render(screen, options: RenderOptions(width: width))
  }

  /// The problems `--check` finds in a detail screen of `sections`.
  func problems(_ sections: String) throws -> [String] {
    let folder = try ScreenFolder(["book.json": Self.screen(sections)])
    return ScreenLoader(registry: registry, kinds: .standard).check([folder.file("book.json")]).map(\.description)
  }

  static func screen(_ sections: String) -> String {
    """
    {
      "kind": "detail", "title": "{title}",
      "source": { "plugin": "books", "resource": "book", "params": { "id": "{params.id}" } },
      "sections": \(sections)
    }
    """
  }

  /// The body: the lines between the title's rule and the footer's.
  func body(_ frame: String) -> [String] {
    let lines = frame.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let rules = lines.indices.filter { lines[$0].hasPrefix("───") }
    guard rules.count >= 2 else { return lines }
    return Array(lines[(rules[0] + 1)..<rules[rules.count - 1]])
  }

  @Test func aBlankTextSectionTakesNoSpace() throws {
    let sections = """
      [ { "type": "fields", "fields": [ { "label": "Title", "value": "{title}" } ] },
        { "type": "text", "header": "About", "value": "{blurb}" },
        { "type": "text", "value": "{blurb}", "empty": "" },
        { "type": "text", "value": "{blurb}", "empty": "{missing}" },
        { "type": "text", "value": "{note}" } ]
      """
    let blank = try frame(sections, record: ["title": "Dune", "blurb": "  \n ", "note": "A note."])
    #expect(body(blank) == ["Title  Dune", "", "A note."])
    let none = try frame(sections, record: ["title": "Dune"])
    #expect(body(none) == ["Title  Dune"])
    // With an empty text that is not blank, the section shows it, as before.
    let shown = try frame(
      #"[ { "type": "text", "header": "About", "value": "{blurb}", "empty": "None." } ]"#, record: [:])
    #expect(body(shown) == ["About", "None."])
  }

  @Test func headersLabelsAndFieldLabelsAreTemplates() throws {
    let sections = #"""
      [ { "type": "image", "label": "{kind|upper}", "value": "https://x.test/{id}.jpg" },
        { "type": "fields", "header": "{{stats}} of {title}", "fields": [ { "label": "{unit|default:\"Pages\"}", "value": "{pages|number}" } ] },
        { "type": "list", "header": "Tags (first 2 of {tags_total|number})", "items": "tags", "row": "{.}", "limit": 2 } ]
      """#
    let record: JSON = [
      "id": 7, "kind": "cover", "title": "Dune", "pages": 1234, "tags": ["a", "b", "c"], "tags_total": 1500,
    ]
    #expect(
      body(try frame(sections, record: record)) == [
        "COVER: https://x.test/7.jpg", "", "{stats} of Dune", "Pages  1,234", "", "Tags (first 2 of 1,500)", "  • a",
        "  • b", "  … and 1 more",
      ])
  }

  @Test func aLimitedListCountsWhatItDoesNotShowFromItsTotal() throws {
    func more(_ total: String?, tags: Int, limit: Int?, record extra: [String: JSON] = [:]) throws -> String? {
      let totalKey = total.map { #", "total": "\#($0)""# } ?? ""
      let limitKey = limit.map { #", "limit": \#($0)"# } ?? ""
      var object: [String: JSON] = ["tags": .array((0..<tags).map { .string("t\($0)") }), "available": 3954]
      for (key, value) in extra { object[key] = value }
      var record = JSONObject()
      for (key, value) in object.sorted(by: { $0.key < $1.key }) { record[key] = value }
      let lines = body(
        try frame(
          #"[ { "type": "list", "items": "tags", "row": "{.}"\#(limitKey)\#(totalKey) } ]"#, record: .object(record)))
      return lines.last.flatMap { $0.hasPrefix("  … and ") ? $0 : nil }
    }
    // A total beyond the array says it counts them all (issue 39, item 12).
    #expect(try more("{available}", tags: 20, limit: 20) == "  … and 3,934 more (3,954 in all)")
    #expect(try more("{available}", tags: 20, limit: 5) == "  … and 3,949 more (3,954 in all)")
    #expect(try more("{available|number}", tags: 20, limit: 5) == "  … and 3,949 more (3,954 in all)")
    #expect(try more(nil, tags: 20, limit: 5) == "  … and 15 more")
    #expect(try more(nil, tags: 20, limit: nil) == nil)
    #expect(try more("{available}", tags: 20, limit: nil) == "  … and 3,934 more (3,954 in all)")
    // Not a number, missing, or less than the array holds: the array's count.
    #expect(try more("{title}", tags: 20, limit: 5, record: ["title": "many"]) == "  … and 15 more")
    #expect(try more("{missing}", tags: 20, limit: 5) == "  … and 15 more")
    #expect(try more("{few}", tags: 20, limit: 5, record: ["few": 3]) == "  … and 15 more")
    #expect(try more("{few}", tags: 20, limit: 5, record: ["few": -3]) == "  … and 15 more")
    #expect(
      try more("{huge}", tags: 20, limit: 5, record: ["huge": "123456789012345678901234567890"]) == "  … and 15 more")
    #expect(try more("{available}", tags: 3, limit: 5, record: ["available": 3]) == nil)
    // Commas only where `number` puts them: one to three digits, then groups of three.
    #expect(try more("{t}", tags: 20, limit: 5, record: ["t": "1,000"]) == "  … and 995 more (1,000 in all)")
    #expect(
      try more("{t}", tags: 20, limit: 5, record: ["t": "12,345,678"]) == "  … and 12,345,673 more (12,345,678 in all)")
    #expect(try more("{t}", tags: 20, limit: 5, record: ["t": "1000"]) == "  … and 995 more (1,000 in all)")
    for misgrouped in ["1,0,0", "1000,000", "5,", ",500", "1,,000", ",", "1234,567"] {
      #expect(
        try more("{t}", tags: 20, limit: 5, record: ["t": .string(misgrouped)]) == "  … and 15 more", "\(misgrouped)")
    }
  }

  @Test func everyTextAPersonReadsIsCheckedAsATemplate() throws {
    let found = try problems(
      #"""
      [ { "type": "text", "header": "{x|numbr}", "value": "{d}" },
        { "type": "image", "label": "{", "value": "{u}" },
        { "type": "list", "items": "tags", "row": "{.}", "total": "{n|number:99}" } ]
      """#)
    #expect(found.count == 3, "\(found)")
    #expect(found.contains { $0.contains("/sections/0/header: in template \"{x|numbr}\": unknown filter 'numbr'") })
    #expect(found.contains { $0.contains("/sections/1/label: in template \"{\": '{' is never closed") })
    #expect(found.contains { $0.contains("/sections/2/total: in template \"{n|number:99}\": 'number' takes") })
  }

  @Test func aTemplateLongerThanALineIsQuotedCut() throws {
    let long = "{" + Array(repeating: "a", count: 300).joined(separator: ".") + "}"
    let found = try problems(#"[ { "type": "text", "value": "\#(long)" } ]"#)
    #expect(found.count == 1, "\(found)")
    let message = try #require(found.first)
    // The error names the limit, and quotes the template's start, not all of its 601 characters.
    #expect(message.contains("a field path has at most 256 parts"), "\(message)")
    #expect(message.contains("in template \"{a.a.a.") && message.contains("… (601 characters)"), "\(message)")
    #expect(message.count < 400, "\(message)")
  }

  @Test func aFieldLabelReadsOnlyMetadataThereIs() throws {
    let found = try problems(
      #"[ { "type": "fields", "fields": [ { "label": "{meta.attributon}", "value": "{v}" } ] } ]"#)
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.contains("/sections/0/fields/0/label: unknown metadata '{meta.attributon}'") == true)
  }
}
