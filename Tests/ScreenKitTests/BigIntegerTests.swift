import Testing

@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKit

/// Integers beyond 64 bits are data: read with their digits as written, wherever they stand, by
/// one `json_loadb` and by the piece reader alike, and shown and grouped as written.
@Suite("JSON: integers beyond 64 bits")
struct BigIntegerTests {
  static let big = "18446744073709551616"
  static let huge = "1" + String(repeating: "2", count: 399)

  @Test("the edges of 64 bits: Int.max and Int.min stay int, one past them is a big integer")
  func edges() throws {
    #expect(try JSON.parse("9223372036854775807") == .int(Int.max))
    #expect(try JSON.parse("-9223372036854775808") == .int(Int.min))
    #expect(try JSON.parse("9223372036854775808") == .bigInteger("9223372036854775808"))
    #expect(try JSON.parse("-9223372036854775809") == .bigInteger("-9223372036854775809"))
    #expect(try JSON.parse(Self.huge) == .bigInteger(Self.huge))
    // A fraction or an exponent is a real, as before; digits in a string stay a string.
    #expect(try JSON.parse("[1.5, \"\(Self.big)\"]") == .array([.double(1.5), .string(Self.big)]))
  }

  @Test("in objects and arrays, beside values that are not, in a screen file and in a response")
  func nested() throws {
    let text = #"{"a": [\#(Self.big), -\#(Self.huge), 3], "s": "x\"\#(Self.big)\"", "o": {"n": \#(Self.big)}}"#
    for options in [JSON.ParseOptions.document, .response] {
      let json = try JSON.parse(text, options: options)
      #expect(json["a"] == .array([.bigInteger(Self.big), .bigInteger("-" + Self.huge), .int(3)]))
      #expect(json["s"] == .string("x\"\(Self.big)\""))
      #expect(json[path: ["o", "n"]] == .bigInteger(Self.big))
      #expect(json.lineText == text.replacingOccurrences(of: ": ", with: ":").replacingOccurrences(of: ", ", with: ","))
    }
  }

  @Test("the piece reader reads them in a document of many pieces")
  func pieces() throws {
    let records = (0..<2000).map { #"{"id": \#($0), "n": \#(Self.big)\#($0)}"# }.joined(separator: ",")
    let json = try JSON.parse("{\"records\": [\(records)]}", options: .response)
    let array = try #require(json["records"]?.arrayValue)
    #expect(array.count == 2000)
    #expect(array[1999]["n"] == .bigInteger(Self.big + "1999"))
    #expect(array[5]["id"] == .int(5))
  }

  @Test("an error after a big integer is located in the text as written")
  func errorsAreLocated() {
    let text = "[\(Self.big), \(Self.big), tru]"
    #expect(throws: JSONSyntaxError.self) { try JSON.parse(text) }
    do {
      _ = try JSON.parse(text)
    } catch {
      #expect(error.line == 1)
      #expect(error.offset >= text.utf8.count - 5 && error.offset <= text.utf8.count, "\(error)")
    }
  }

  @Test("a string that looks like the marker from outside stays a string")
  func markerFromOutside() throws {
    let forged = "\\u0000screenrun-big-integer-1:123"
    #expect(
      try JSON.parse("[\"\(forged)\", \(Self.big)]")
        == .array([.string("\u{0}screenrun-big-integer-1:123"), .bigInteger(Self.big)]))
  }

  @Test("templates show the digits as written, and number groups them")
  func templates() throws {
    let record: JSON = ["n": .bigInteger(Self.big), "m": .bigInteger("-1234567890123456789012")]
    let context = TemplateContext(record: record)
    #expect(
      try Template("{n} {n|number} {m|number}").render(in: context)
        == "\(Self.big) 18,446,744,073,709,551,616 -1,234,567,890,123,456,789,012")
  }
}
