import Testing

@testable import ScreenFormat
@testable import ScreenJSON
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
    // A day the month does not have is no date either, written either way.
    #expect(date("2016-02-30T00:00:00Z") == "unknown")
    #expect(date("2015-02-29T00:00:00Z") == "unknown")
    #expect(date("1900-02-29") == "unknown")
    #expect(date("2016-04-31 12:00") == "unknown")
    #expect(date(" 2016-02-30T00:00:00Z") == "unknown")
    #expect(date("2016-02-29T00:00:00Z") == "2016-02-29")
    #expect(date("2000-02-29") == "2000-02-29")
    #expect(date(" 2016-12-31T00:00:00Z") == "2016-12-31")
    #expect(date("2016-00-10") == "unknown")
    #expect(date("2016-01-00") == "unknown")
    #expect(date("yesterday") == "unknown")
  }

  @Test func numberFilterGroupsThousands() {
    #expect(TemplateFilter.grouped(0) == "0")
    #expect(TemplateFilter.grouped(999) == "999")
    #expect(TemplateFilter.grouped(1000) == "1,000")
    #expect(TemplateFilter.grouped(5_295_423) == "5,295,423")
    #expect(TemplateFilter.grouped(-1234) == "-1,234")
  }

  func value(_ template: String, _ value: JSON) throws -> String {
    try Template(template).render(in: TemplateContext(record: ["x": value]))
  }

  @Test func numberWithDecimalsRoundsHalfAwayFromZeroAndPads() throws {
    #expect(try value("{x|number:2}", 32) == "32.00")
    #expect(try value("{x|number:2}", 2229.9) == "2,229.90")
    #expect(try value("{x|number:2}", 2.675) == "2.68")
    #expect(try value("{x|number:2}", -2.675) == "-2.68")
    #expect(try value("{x|number:1}", 0.05) == "0.1")
    #expect(try value("{x|number:0}", 2.5) == "3")
    #expect(try value("{x|number:0}", -2.5) == "-3")
    #expect(try value("{x|number:2}", 999.995) == "1,000.00")
    #expect(try value("{x|number:3}", 1_234_567) == "1,234,567.000")
    #expect(try value("{x|number:2}", "1234.5") == "1,234.50")
    #expect(try value("{x|number:2}", " 7 ") == "7.00")
    #expect(try value("{x|number:2}", "12345678901234567890") == "12,345,678,901,234,567,890.00")
    #expect(try value("{x|number:1}", .bigInteger("-123456789012345678901")) == "-123,456,789,012,345,678,901.0")
    #expect(try value(#"{x|plural:"star"}"#, .bigInteger("18446744073709551616")) == "18,446,744,073,709,551,616 stars")
    #expect(try value("{x|number:2}", "-0.001") == "0.00")
    #expect(try value("{x|number:2}", .double(-0.0)) == "0.00")
    #expect(try value("{x|number:2}", "1.5e3") == "1,500.00")
    #expect(try value("{x|number:2}", .double(1e-300)) == "0.00")
    let big = try value("{x|number:20}", .double(1e308))
    #expect(big.hasPrefix("100,000,") && big.hasSuffix(".00000000000000000000") && big.count == 309 + 102 + 21)
    // Anything that is not a number passes through unchanged.
    #expect(try value("{x|number:2}", "NaN") == "NaN")
    #expect(try value("{x|number:2}", "1e999") == "1e999")
    #expect(try value("{x|number:2}", "n/a") == "n/a")
    #expect(try value("{x|number:2}", true) == "true")
    #expect(try value(#"{x|number:2|default:"-"}"#, nil) == "-")
    // Plain `number` is as it was.
    #expect(try value("{x|number}", 2229.9) == "2,229.90")
    #expect(try value("{x|number}", 32) == "32")
    #expect(try value("{x|number}", "1234.5") == "1234.5")
    // A text of a whole number too long for 64 bits is grouped as the same number is.
    #expect(try value("{x|number}", "99999999999999999999") == "99,999,999,999,999,999,999")
    #expect(try value("{x|number}", .bigInteger("99999999999999999999")) == "99,999,999,999,999,999,999")
    #expect(try value("{x|number}", "-000123456789012345678901") == "-123,456,789,012,345,678,901")
    #expect(try value("{x|number}", "+00000000000000000000000") == "0")
    #expect(try value(#"{x|plural:"star"}"#, "12345678901234567890") == "12,345,678,901,234,567,890 stars")
    #expect(try value("{x|number}", "1234567890123456789012x") == "1234567890123456789012x")
    #expect(try value("{x|number}", "--12345678901234567890") == "--12345678901234567890")
  }

  @Test func pluralCountsWithTheRightWord() throws {
    #expect(try value(#"{x|plural:"star"}"#, 1) == "1 star")
    #expect(try value(#"{x|plural:"star"}"#, 2664) == "2,664 stars")
    #expect(try value(#"{x|plural:"star"}"#, 0) == "0 stars")
    #expect(try value(#"{x|plural:"star"}"#, "1") == "1 star")
    #expect(try value(#"{x|plural:"star"}"#, 1.0) == "1 star")
    #expect(try value(#"{x|plural:"person","people"}"#, 3) == "3 people")
    #expect(try value(#"{x|plural:"person","people"}"#, 1) == "1 person")
    #expect(try value("{x|plural:comment,comments}", 12) == "12 comments")
    #expect(try value(#"{x|plural:"star"}"#, "many") == "many")
    #expect(try value(#"{x|plural:"star"|default:"no stars"}"#, nil) == "no stars")
  }

  /// `before` puts its text before a value, and nothing before none: a separator goes with what
  /// it separates (issue 39, item 12).
  @Test func beforePutsItsTextBeforeAValueOnly() throws {
    #expect(try value(#"{x|plural:"page"|before:" · "}"#, 32) == " · 32 pages")
    #expect(try value(#"{x|before:" · "}"#, nil) == "")
    #expect(try value(#"{x|before:" · "}"#, "  ") == "")
    #expect(try value(#"{x|before:" · "}"#, .array([])) == "")
    #expect(try value(##"{x|before:"#"}"##, 7) == "#7")
    #expect(throws: (any Error).self) { try Template("{x|before}") }
    let record: JSON = ["title": "A", "format": "Comic"]
    let template = try Template(#"{format}{pageCount|plural:"page"|before:" · "}"#)
    #expect(template.render(in: TemplateContext(record: record)) == "Comic")
  }

  @Test func dateReadsUnixSecondsInUTC() throws {
    #expect(try value("{x|date}", 1_398_795_497) == "2014-04-29")
    #expect(try value("{x|date}", 0) == "1970-01-01")
    #expect(try value("{x|date}", -1) == "1969-12-31")
    #expect(try value("{x|date}", 951_782_400) == "2000-02-29")
    #expect(try value("{x|date}", 1_398_795_497.75) == "2014-04-29")
    #expect(try value("{x|date}", "1398795497") == "2014-04-29")
    #expect(try value("{x|date}", " 1398795497.5 ") == "2014-04-29")
    #expect(try value("{x|date}", 253_402_300_799) == "9999-12-31")
    #expect(try value(#"{x|date|default:"?"}"#, 253_402_300_800) == "?")
    #expect(try value(#"{x|date|default:"?"}"#, .int(Int.max)) == "?")
    #expect(try value(#"{x|date|default:"?"}"#, .int(Int.min)) == "?")
    #expect(try value(#"{x|date|default:"?"}"#, .double(1e308)) == "?")
    #expect(try value(#"{x|date|default:"?"}"#, "12345678901234567890") == "?")
    #expect(try value(#"{x|date|default:"?"}"#, "1e9") == "?")
    // ISO timestamps read as before.
    #expect(try value("{x|date}", "2014-04-29T14:18:17-0400") == "2014-04-29")
    #expect(try value("{x|date}", "2014-04-29") == "2014-04-29")
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
    ("{x|number:21}", 10, "from 0 to 20"),
    ("{x|number:-1}", 10, "from 0 to 20"),
    ("{x|number:99999999999999999999}", 10, "from 0 to 20"),
    ("{x|number:two}", 10, "from 0 to 20"),
    ("{x|plural}", 9, "needs the word for one"),
    (#"{x|plural:"""#, 10, "needs the word for one"),
    (#"{x|plural:"a","b","c"}"#, 10, "takes the word for one"),
    (#"{x|plural:"a",}"#, 10, "empty word for many"),
    (#"{x|plural:"a" ,"b"}"#, 14, "expected '|' or '}'"),
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
