import Testing

@testable import ScreenKit

@Suite("Templates")
struct TemplateTests {
  let ironMan: JSON = [
    "id": 1_009_368,
    "name": "Iron Man",
    "description": "",
    "modified": "2016-09-28T12:08:16-0400",
    "comics": ["available": 2664, "items": [["name": "A+X (2012) #2"], ["name": "Aero (2019) #11"]]],
    "nothing": nil,
    "topics": ["react", "javascript"],
    "score": 12.5,
  ]

  func render(_ text: String, params: [String: String] = [:], query: String = "", meta: [String: JSON] = [:]) throws
    -> String
  {
    try Template(text).render(in: TemplateContext(record: ironMan, params: params, query: query, meta: meta))
  }

  @Test func readsFieldsPathsAndIndexes() throws {
    #expect(try render("{name} ({id})") == "Iron Man (1009368)")
    #expect(try render("{comics.available} comics") == "2664 comics")
    #expect(try render("first: {comics.items.0.name}") == "first: A+X (2012) #2")
    #expect(try render("[{missing}] [{comics.items.9.name}] [{nothing}]") == "[] [] []")
    #expect(try render("{topics}") == "react, javascript")
  }

  @Test func literalBraces() throws {
    #expect(try render("{{name}} is {name} }}") == "{name} is Iron Man }")
    #expect(Template(literal: "{x}").render(in: TemplateContext()) == "{x}")
  }

  @Test func filters() throws {
    #expect(try render(#"{description|default:"No description."}"#) == "No description.")
    #expect(try render(#"{missing|default:"-"}"#) == "-")
    #expect(try render("{missing|default:none}") == "none")
    #expect(try render(#"{name|default:"-"}"#) == "Iron Man")
    #expect(try render("{name|upper} {name|lower}") == "IRON MAN iron man")
    #expect(try render("{comics.available|number}") == "2,664")
    #expect(try render("{score|number}") == "12.50")
    let huge = try Template("{x|number}")
    #expect(huge.render(in: TemplateContext(record: ["x": .double(1e300)])) == "1e+300")
    #expect(huge.render(in: TemplateContext(record: ["x": .double(-2.5e18)])) == "-2.5e+18")
    #expect(try render("{modified|date}") == "2016-09-28")
    #expect(try render("{name|truncate:6}") == "Iron …")
    #expect(try render("{name|truncate:8}") == "Iron Man")
    #expect(try render("{name|prefix:4}") == "Iron")
    #expect(try render("{missing|or:name}") == "Iron Man")
    #expect(try Template("[{d|trim}]").render(in: TemplateContext(record: ["d": " spaced  "])) == "[spaced]")
    #expect(try render(#"{missing|or:also.missing|default:"?"}"#) == "?")
  }

  @Test func dateFilterBlanksUnknownDates() throws {
    let template = try Template(#"{d|date|default:"unknown"}"#)
    func date(_ value: String) -> String { template.render(in: TemplateContext(record: ["d": .string(value)])) }
    #expect(date("-0001-11-30T00:00:00-0500") == "unknown")
    #expect(date("2011-01-26T19:06:43Z") == "2011-01-26")
    #expect(date("2013-13-01T00:00:00Z") == "unknown")
    #expect(date("yesterday") == "unknown")
  }

  @Test func numberFilterGroupsThousands() {
    #expect(TemplateFilter.grouped(0) == "0")
    #expect(TemplateFilter.grouped(999) == "999")
    #expect(TemplateFilter.grouped(1000) == "1,000")
    #expect(TemplateFilter.grouped(5_295_423) == "5,295,423")
    #expect(TemplateFilter.grouped(-1234) == "-1,234")
  }

  @Test func firstLine() throws {
    let template = try Template("{message|firstline}")
    let record: JSON = ["message": "Fix the bug\n\nLong explanation"]
    #expect(template.render(in: TemplateContext(record: record)) == "Fix the bug")
  }

  @Test func paramsQueryAndMeta() throws {
    #expect(try render("{params.id}/{query}", params: ["id": "7"], query: "iron") == "7/iron")
    #expect(
      try render("{meta.attribution}", meta: ["attribution": "Data provided by Marvel."]) == "Data provided by Marvel.")
    let template = try Template("{params.id} {params.repo} {name}")
    #expect(template.parameterNames == ["id", "repo"])
    #expect(template.readsRecord)
    #expect(try !Template("{query} {params.x}").readsRecord)
  }

  @Test(arguments: [
    ("{name", 0, "never closed"),
    ("name}", 4, "unmatched '}'"),
    ("{}", 1, "empty expression"),
    ("{a..b}", 3, "empty field name"),
    ("{a.}", 2, "cannot end in '.'"),
    ("{name|uper}", 6, "did you mean 'upper'?"),
    ("{name|frobnicate}", 6, "unknown filter 'frobnicate'"),
    ("{name|truncate}", 14, "positive whole number"),
    ("{name|truncate:x}", 15, "positive whole number"),
    ("{name|upper:1}", 11, "takes no argument"),
    (#"{name|default:"open}"#, 14, "unterminated"),
    ("{name|default}", 13, "needs a text"),
    ("{name|}", 6, "expected a filter name"),
    ("{na me}", 4, "expected '|' or '}'"),
  ])
  func syntaxErrors(text: String, offset: Int, message: String) {
    do {
      _ = try Template(text)
      Issue.record("'\(text)' parsed, but should not")
    } catch {
      #expect(error.offset == offset, "\(text): \(error.message)")
      #expect(error.message.contains(message), "\(text): \(error.message)")
    }
  }
}
