import Testing

@testable import ScreenJSON
@testable import ScreenKit

@Suite("JSON over jansson")
struct JSONTests {
  @Test func parsesEveryKindOfValue() throws {
    let json = try JSON.parse(
      #"{"s": "Iron Man", "i": 1009368, "d": 2.5, "t": true, "f": false, "n": null, "a": [1, "two"], "o": {"k": "v"}}"#)
    #expect(json["s"] == .string("Iron Man"))
    #expect(json["i"] == .int(1_009_368))
    #expect(json["d"] == .double(2.5))
    #expect(json["t"] == .bool(true))
    #expect(json["f"] == .bool(false))
    #expect(json["n"] == .null)
    #expect(json["a"] == .array([.int(1), .string("two")]))
    #expect(json["o"]?["k"] == .string("v"))
  }

  @Test func keepsKeyOrder() throws {
    let json = try JSON.parse(#"{"zeta": 1, "alpha": 2, "mid": 3}"#)
    #expect(json.objectValue?.keys == ["zeta", "alpha", "mid"])
  }

  @Test func readsPathsAndIndexes() throws {
    let json = try JSON.parse(#"{"comics": {"items": [{"name": "A+X (2012) #2"}, {"name": "Aero (2019) #11"}]}}"#)
    #expect(json[path: ["comics", "items", "1", "name"]] == .string("Aero (2019) #11"))
    #expect(json[path: ["comics", "items", "2", "name"]] == nil)
    #expect(json[path: ["comics", "items", "x"]] == nil)
    #expect(json[path: ["comics", "missing"]] == nil)
  }

  @Test func keepsUnicodeAndNulInsideStrings() throws {
    let json = try JSON.parse(#"["東京 🦸", "a\u0000b", "\u00e9"]"#)
    #expect(json == .array([.string("東京 🦸"), .string("a\u{0}b"), .string("é")]))
  }

  @Test func acceptsAnyTopLevelValue() throws {
    #expect(try JSON.parse("42") == .int(42))
    #expect(try JSON.parse(#""text""#) == .string("text"))
    #expect(try JSON.parse("null") == .null)
  }

  @Test func reportsSyntaxErrorsWithLineAndColumn() {
    #expect(throws: JSONSyntaxError.self) { try JSON.parse("{\n  \"a\": 1,\n}") }
    do {
      _ = try JSON.parse("{\n  \"a\": 1,\n  \"b\": [1, 2,\n}")
      Issue.record("expected a syntax error")
    } catch {
      #expect(error.line == 4)
      #expect(error.column >= 1)
      #expect(!error.message.isEmpty)
    }
  }

  @Test func rejectsDuplicateKeysInDocumentsOnly() throws {
    #expect(throws: JSONSyntaxError.self) { try JSON.parse(#"{"a": 1, "a": 2}"#, options: .document) }
    let response = try JSON.parse(#"{"a": 1, "a": 2}"#, options: .response)
    #expect(response["a"] == .int(2))
  }

  @Test func rejectsInvalidUTF8AndEmptyInput() {
    #expect(throws: JSONSyntaxError.self) { try JSON.parse([0x22, 0xFF, 0xFE, 0x22]) }
    #expect(throws: JSONSyntaxError.self) { try JSON.parse([UInt8]()) }
    #expect(throws: JSONSyntaxError.self) { try JSON.parse("[1, 2") }
  }

  @Test func survivesDeepNesting() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSON.parse(deep) }
    let fine = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
    #expect((try? JSON.parse(fine)) != nil)
  }

  @Test func pointersEscapeTheirTokens() {
    #expect((JSONPointer.root / "a/b" / "c~d" / 3).description == "/a~1b/c~0d/3")
    #expect(JSONPointer.root.description == "/")
  }

  @Test func locatorFindsKeysAndValues() {
    let text =
      "{\n  \"title\": \"x\",\n  \"paging\": {\n    \"pageSze\": 20\n  },\n  \"list\": [\n    1,\n    \"東京\", \"y\"\n  ]\n}"
    let locator = JSONLocator(Array(text.utf8))
    #expect(locator.keyLocation(of: .root / "paging" / "pageSze") == TextLocation(line: 4, column: 5))
    #expect(locator.valueLocation(of: .root / "paging" / "pageSze") == TextLocation(line: 4, column: 16))
    #expect(locator.valueLocation(of: .root / "title") == TextLocation(line: 2, column: 12))
    #expect(locator.keyLocation(of: .root / "list" / 2) == TextLocation(line: 8, column: 11))
    // A pointer to something missing falls back to its nearest ancestor.
    #expect(locator.keyLocation(of: .root / "paging" / "nope") == TextLocation(line: 3, column: 3))
  }
}
