import Testing

@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKit
@testable import ScreenRuntime

/// `--explain`'s account of a template: the value each hole read, each filter's result, and why
/// a value is missing.
@Suite("Template trace")
struct TemplateTraceTests {
  static let record: JSON = [
    "name": "Thor", "comics": ["available": 12, "items": [["name": "Thor #1"]]], "bio": .null,
  ]

  func trace(_ text: String, params: [String: String] = [:]) throws -> TemplateTrace {
    try Template(text).trace(in: TemplateContext(record: Self.record, params: params))
  }

  @Test func eachFilterStepIsShown() throws {
    let trace = try trace("{comics.available|number|default:\"-\"} comics")
    #expect(trace.result == "12 comics")
    #expect(trace.holes.map(\.source) == [#"{comics.available|number|default:"-"}"#])
    #expect(trace.holes[0].read == "comics.available → 12")
    #expect(trace.holes[0].filters == [#"| number → "12""#, #"| default:"-" → "12""#])
  }

  @Test func whyAValueIsMissing() throws {
    #expect(
      try trace("{nmae}").holes[0].read == "nmae → missing (the record has no member 'nmae'; did you mean 'name'?)")
    #expect(
      try trace("{comics.items.3.name}").holes[0].read
        == "comics.items.3.name → missing ('comics.items' is an array of 1; '3' is not an index of it)")
    #expect(
      try trace("{name.first}").holes[0].read == "name.first → missing ('name' is a string, with no member 'first')")
    #expect(try trace("{bio}").holes[0].read == "bio → missing (it is null)")
    #expect(try trace("{bio.text}").holes[0].read == "bio.text → missing ('bio' is null)")
    #expect(
      try trace("{params.id}", params: ["repo": "a/b"]).holes[0].read
        == "params.id → missing (no navigation parameter 'id'; given: repo)")
    #expect(try trace("{comics.items.0.name}").holes[0].read == #"comics.items.0.name → "Thor #1""#)
  }

  @Test func aRecordsFieldsAreListedByPath() {
    let lines = Explanation.fields(["a": ["b": "x\u{1B}[2J"], "list": [1, 2], "empty": [:]])
    #expect(lines == [#"a.b: "x\u001b[2J""#, "list: an array of 2", "list.0: 1", "empty: {}"])
  }
}
