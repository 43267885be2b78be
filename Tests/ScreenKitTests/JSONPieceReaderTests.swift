import Testing

@testable import ScreenJSON
@testable import ScreenKit

/// Reading a response in pieces must be invisible: the same values, and the same documents
/// refused, as one `json_loadb` of the whole text. Tiny piece sizes make the reader walk nearly
/// every container itself, which is where it could differ.
@Suite("JSON read in pieces")
struct JSONPieceReaderTests {
  static let pieceSizes = [2, 3, 5, 9, 17, 64, 4_096]

  /// The outcome of one parse: the value, or that it was refused.
  enum Outcome: Equatable {
    case value(JSON)
    case refused
  }

  static func parse(_ bytes: [UInt8], rejectDuplicateKeys: Bool = false, pieceSize: Int?) -> Outcome {
    let options = JSON.ParseOptions(rejectDuplicateKeys: rejectDuplicateKeys, pieceSize: pieceSize)
    do {
      return .value(try JSON.parse(bytes, options: options))
    } catch {
      return .refused
    }
  }

  /// Checks every piece size against the whole parse, for both duplicate-key rules.
  static func expectSameAsWhole(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let bytes = Array(text.utf8)
    for rejectDuplicateKeys in [false, true] {
      let whole = parse(bytes, rejectDuplicateKeys: rejectDuplicateKeys, pieceSize: nil)
      for pieceSize in pieceSizes {
        let pieces = parse(bytes, rejectDuplicateKeys: rejectDuplicateKeys, pieceSize: pieceSize)
        #expect(
          pieces == whole, "piece size \(pieceSize), duplicates refused: \(rejectDuplicateKeys): \(text.prefix(120))",
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test func readsWhatTheWholeParseReads() {
    let documents = [
      #"{"code":200,"data":{"offset":0,"results":[{"id":1,"name":"3-D Man","thumbnail":{"path":"http://x/y","extension":"jpg"}},{"id":2,"name":"A-Bomb","urls":[]}]}}"#,
      #" [ 1 , -2.5e10 , true , false , null , "" , "caf\u00e9 東京 🦸" , "a\u0000b" , [ ] , { } ] "#,
      "{\n\t\"a\" : [ [ [ 1 ] ] , { \"b\" : { \"c\" : [ ] } } ] ,\r\n \"d\" : \"\\\"quoted\\\" and \\\\ slash\" }",
      #"{"\u0041":1,"é":2,"a b":3,"":4,"\"q":[5,6,7,8,9,10]}"#,
      #""a long string at the top, read as one piece""#,
      "12345678901234",
      #"{"a": 1, "b": [1, 2, 3, 4, 5, 6, 7, 8, 9], "a": [2, 3, 4, 5, 6, 7, 8, 9]}"#,
    ]
    for document in documents { Self.expectSameAsWhole(document) }
  }

  @Test func refusesWhatTheWholeParseRefuses() {
    let documents = [
      "[1, 2, 3, 4, 5, 6, 7,]", "[1 2, 3, 4, 5, 6, 7, 8]", #"{"a" 1, "b": [1, 2, 3, 4, 5, 6]}"#,
      #"{"a": 1,, "b": [1, 2, 3, 4, 5, 6]}"#, #"{"a": [1, 2, 3, 4, 5, 6], }"#, "[1, 2, 3, 4, 5, 6, 7] x",
      "[1, 2, 3, 4, 5, 6, 7, 8", #"{"a": [1, 2, 3, 4, 5, 6, 7, 8], "b": tru}"#, #"{"a\u0000b": [1, 2, 3, 4, 5, 6]}"#,
      "[\"\u{1}\", 1, 2, 3, 4, 5, 6, 7]", "[1, 2, 3, 4, 5, 6, 7, 8]\u{0}", "\u{FEFF}[1, 2, 3, 4, 5, 6, 7, 8]",
      #"[{"a": 1}, {"b": 01}, {"c": [1, 2, 3, 4, 5]}]"#, #"[1, 2, 3, {"a": "unterminated]}]"#, "",
      "   ", "[-, 1, 2, 3, 4, 5, 6, 7]", #"[1e400, 1, 2, 3, 4, 5, 6]"#,
    ]
    for document in documents {
      #expect(Self.parse(Array(document.utf8), pieceSize: nil) == .refused, "\(document)")
      Self.expectSameAsWhole(document)
    }
    var badUTF8 = Array(#"[1, 2, 3, 4, 5, 6, 7, 8, ""]"#.utf8)
    badUTF8.insert(0xFF, at: badUTF8.count - 2)
    for pieceSize in Self.pieceSizes {
      #expect(Self.parse(badUTF8, pieceSize: pieceSize) == .refused)
    }
  }

  @Test func refusesDuplicateKeysInWalkedObjectsOnlyWhenAsked() {
    let text = #"{"a": [1, 2, 3, 4, 5, 6, 7, 8, 9], "b": 2, "a": {"c": [1, 2, 3]}}"#
    #expect(Self.parse(Array(text.utf8), rejectDuplicateKeys: true, pieceSize: 4) == .refused)
    guard case .value(let folded) = Self.parse(Array(text.utf8), pieceSize: 4) else {
      Issue.record("a response keeps the last of duplicate keys")
      return
    }
    #expect(folded.objectValue?.keys == ["a", "b"])
    #expect(folded["a"] == ["c": [1, 2, 3]])
  }

  @Test func keepsJanssonsDepthLimit() {
    for depth in [2_046, 2_047, 2_048, 2_049] {
      Self.expectSameAsWhole(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
      Self.expectSameAsWhole(String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth))
      Self.expectSameAsWhole(String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth))
    }
  }

  @Test func agreesOnRandomDocumentsAndTheirMutations() {
    var random = SplitMix(seed: 6)
    for round in 0..<300 {
      var bytes = Array((" " + Self.randomDocument(depth: 0, &random) + (round % 7 == 0 ? " x" : "\n")).utf8)
      Self.expectSameAsWhole(String(decoding: bytes, as: UTF8.self))
      for _ in 0..<2 where !bytes.isEmpty {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        let byte = Array(#",]}[{":x0 \"#.utf8).randomElement(using: &random)!
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(byte, at: at)
        case 2: bytes[at] = byte
        default: bytes = Array(bytes.prefix(at))
        }
        for rejectDuplicateKeys in [false, true] {
          let whole = Self.parse(bytes, rejectDuplicateKeys: rejectDuplicateKeys, pieceSize: nil)
          for pieceSize in [2, 7, 64] {
            #expect(Self.parse(bytes, rejectDuplicateKeys: rejectDuplicateKeys, pieceSize: pieceSize) == whole)
          }
        }
      }
    }
  }

  /// Scalars read without jansson (plain strings, whole numbers, literals) are read, and refused,
  /// exactly as jansson reads and refuses them; the rest go to jansson.
  @Test func readsPlainScalarsAsJanssonDoes() {
    let scalars = [
      #""plain""#, #""café 東京 🦸""#, #""""#, "\"tab\tin\"", "\"\u{7F}\"", #""esc\"aped""#, #""\u00e9""#, "0", "-0",
      "7", "-12", "123456789012345678", "-123456789012345678", "1234567890123456789", "9223372036854775807",
      "9223372036854775808", "-9223372036854775809", "01", "-01", "-", "--1", "1.5", "1e3", "-2E-2", "0x10", "1a",
      "true", "false", "null", "tru", "nul", "True", "nulll",
    ]
    for scalar in scalars {
      Self.expectSameAsWhole(scalar)
      Self.expectSameAsWhole(#"{"a": "# + scalar + #", "b": ["# + scalar + ", " + scalar + "]}")
    }
    // Bytes that are not UTF-8, or a surrogate or an overlong form written in it, or a raw
    // control character: refused, as jansson refuses them.
    for bad: [UInt8] in [[0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF5, 0x80, 0x80, 0x80], [0x01], [0x0A]] {
      let bytes = Array(#"{"a": ["x", ""#.utf8) + bad + Array(#""]}"#.utf8)
      let whole = Self.parse(bytes, pieceSize: nil)
      #expect(whole == .refused)
      for pieceSize in [2, 7, 64] { #expect(Self.parse(bytes, pieceSize: pieceSize) == whole, "\(bad)") }
    }
  }

  @Test func placesErrorsInTheWholeText() {
    let text =
      "{\"records\": [\n" + String(repeating: "  {\"id\": 1, \"name\": \"x\"},\n", count: 50) + "  {\"id\": 2,, }\n]}"
    let options = JSON.ParseOptions(rejectDuplicateKeys: false, pieceSize: 64)
    do {
      _ = try JSON.parse(Array(text.utf8), options: options)
      Issue.record("expected a syntax error")
    } catch {
      #expect(error.line == 52)
      #expect(error.offset > 14 + 50 * 26)
      #expect(error.offset <= text.utf8.count)
    }
  }

  @Test func readsOnlyTheMembersAskedFor() throws {
    let text = #"{"attribution": "Data", "characters": [{"id": 1}, {"id": 2}], "comics": [{"id": 3, "broken": tru}]}"#
    let part = try JSON.parse(text, onlyMembers: ["attribution", "characters"], options: .response)
    #expect(part == ["attribution": "Data", "characters": [["id": 1], ["id": 2]]])
    #expect(throws: JSONSyntaxError.self) {
      try JSON.parse(text, onlyMembers: ["comics"], options: .response)
    }
    #expect(try JSON.parse("[1, 2]", onlyMembers: ["a"], options: .response) == [1, 2])
  }

  /// A member read in part keeps, when it is an object, only its members read, at any depth and
  /// whatever the piece size; arrays and scalars under a narrowed path are read whole.
  @Test func readsOnlyTheNestedMembersAskedFor() throws {
    let text = #"""
      {"name": "Thor", "comics": {"available": 3, "items": [{"name": "x", "bad": tru}], "returned": 1},
       "commit": {"author": {"name": "A", "email": "a@b", "date": "d"}, "message": "m", "verification": {"sig": "…"}},
       "urls": [{"type": "detail", "url": "u"}], "id": 7, "thumbnail": "not an object"}
      """#
    let read = try #require(
      RecordMembers(paths: [
        ["name"], ["comics", "available"], ["commit", "author", "name"], ["commit", "message"], ["urls", "url"],
        ["thumbnail", "path"],
      ]))
    for pieceSize in [2, 16, 64, nil] {
      let options = JSON.ParseOptions(rejectDuplicateKeys: false, pieceSize: pieceSize)
      let part = try JSON.parse(text, onlyMembers: read, options: options)
      #expect(
        part == [
          "name": "Thor", "comics": ["available": 3], "commit": ["author": ["name": "A"], "message": "m"],
          "urls": [["type": "detail", "url": "u"]], "thumbnail": "not an object",
        ], "piece size \(pieceSize.map(String.init) ?? "whole")")
      #expect(part.objectValue?.keys == ["name", "comics", "commit", "urls", "thumbnail"])
    }
    // What is read is still checked: the broken value under `comics.items`, once asked for.
    #expect(throws: JSONSyntaxError.self) {
      try JSON.parse(text, onlyMembers: RecordMembers(paths: [["comics", "items"]])!, options: .response)
    }
  }

  /// A page answer read with the members a screen reads: its `records` elements keep only those
  /// (as `onlyMembers` keeps them), everything else is whole; the same as parsing all of it and
  /// dropping the rest, whatever the piece size.
  @Test func readsOnlyTheMembersAskedForOfEachElement() throws {
    var random = SplitMix(seed: 14)
    let read = try #require(RecordMembers(paths: [["name"], ["a", "b"], ["é"]]))
    for round in 0..<300 {
      let elements = (0..<Int.random(in: 0..<5, using: &random)).map { _ in Self.randomDocument(depth: 2, &random) }
      let text =
        #"{"type": "page", "id": \#(round), "records": ["# + elements.joined(separator: ", ")
        + #"], "next": {"name": "kept", "x": 1}, "total": 3}"#
      let whole = try JSON.parse(text, options: .response)
      var expected = try #require(whole.objectValue)
      expected["records"] = .array((whole["records"]?.arrayValue ?? []).map { Self.project($0, read) })
      for pieceSize in [2, 16, nil] {
        let options = JSON.ParseOptions(rejectDuplicateKeys: false, pieceSize: pieceSize)
        var bytes = text
        let part = try bytes.withUTF8 {
          try JSON.parse($0, onlyMembers: read, ofElementsOf: "records", options: options)
        }
        #expect(
          part == .object(expected), "round \(round), piece size \(pieceSize.map(String.init) ?? "whole"): \(text)")
      }
    }
    // What is stepped over is not checked; what is read is.
    var broken = #"{"records": [{"name": 1, "bad": tru}], "type": "page"}"#
    let part = try broken.withUTF8 {
      try JSON.parse($0, onlyMembers: ["name"], ofElementsOf: "records", options: .response)
    }
    #expect(part == ["records": [["name": 1]], "type": "page"])
    var badTop = #"{"records": [], "type": tru}"#
    #expect(throws: JSONSyntaxError.self) {
      try badTop.withUTF8 { try JSON.parse($0, onlyMembers: ["name"], ofElementsOf: "records", options: .response) }
    }
  }

  /// An array at the top read with the members of each element: the same as parsing it whole and
  /// dropping the rest, whatever the piece size; any other value at the top is read whole.
  @Test func readsOnlyTheMembersAskedForOfEachTopElement() throws {
    var random = SplitMix(seed: 15)
    let read = try #require(RecordMembers(paths: [["name"], ["a", "b"], ["é"]]))
    for round in 0..<300 {
      let elements = (0..<Int.random(in: 0..<6, using: &random)).map { _ in Self.randomDocument(depth: 2, &random) }
      let text = round % 10 == 0 ? Self.randomDocument(depth: 3, &random) : "[" + elements.joined(separator: ", ") + "]"
      let whole = try JSON.parse(text, options: .response)
      let expected = whole.arrayValue.map { .array($0.map { Self.project($0, read) }) } ?? whole
      for pieceSize in [2, 16, nil] {
        let options = JSON.ParseOptions(rejectDuplicateKeys: false, pieceSize: pieceSize)
        var bytes = text
        let part = try bytes.withUTF8 { try JSON.parse($0, onlyMembersOfEachElement: read, options: options) }
        #expect(part == expected, "round \(round), piece size \(pieceSize.map(String.init) ?? "whole"): \(text)")
      }
    }
    var broken = #"[{"name": 1, "bad": tru}, {"name": "x\u0041"}]"#
    #expect(
      try broken.withUTF8 { try JSON.parse($0, onlyMembersOfEachElement: ["name"], options: .response) } == [
        ["name": 1], ["name": "xA"],
      ])
    var badRead = #"[{"name": tru}]"#
    #expect(throws: JSONSyntaxError.self) {
      try badRead.withUTF8 { try JSON.parse($0, onlyMembersOfEachElement: ["name"], options: .response) }
    }
  }

  /// What is left of `value` when only `members` of it are read (objects narrowed, the rest whole).
  static func project(_ value: JSON, _ members: RecordMembers) -> JSON {
    guard case .object(let object) = value else { return value }
    var kept = JSONObject()
    for (key, member) in object.members {
      switch members.parts[key] {
      case nil: continue
      case .whole?: kept[key] = member
      case .only(let inner)?: kept[key] = project(member, inner)
      }
    }
    return .object(kept)
  }

  @Test func findsKeysInLargeObjectsThroughTheIndex() throws {
    var object = JSONObject()
    for number in 0..<40 { object["key \(number)"] = .int(number) }
    #expect(object["key 0"] == 0)
    #expect(object["key 39"] == 39)
    object["key 5"] = nil
    #expect(object["key 5"] == nil)
    #expect(object["key 39"] == 39)
    #expect(object.count == 39)
    object["key 7"] = "seven"
    #expect(object.keys.firstIndex(of: "key 7") == 6)

    var small = JSONObject()
    for number in 0..<40 { small["key \(number)"] = .int(number) }
    small["key 5"] = nil
    small["key 7"] = "seven"
    #expect(small == object)
    #expect(small.hashValue == object.hashValue)
    let parsed = try JSON.parse("{" + (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ",") + "}")
    #expect(parsed["k33"] == 33)
  }

  static func randomDocument(depth: Int, _ random: inout SplitMix) -> String {
    let spaces = ["", " ", "\n", "\t", " \r\n "].randomElement(using: &random)!
    switch Int.random(in: 0..<(depth > 5 ? 4 : 9), using: &random) {
    case 0:
      return ["null", "true", "false", "0", "-1", "1.5", "-2.5e10", "123456789012"].randomElement(using: &random)!
    case 1, 2, 3:
      return [#""""#, #""a""#, #""caf\u00e9""#, #""東京 🦸""#, #""x\"y\\z""#, #""a\u0000b""#, #""\ud83e\uddb8""#]
        .randomElement(using: &random)!
    case 4, 5, 6:
      let elements = (0..<Int.random(in: 0..<6, using: &random)).map { _ in randomDocument(depth: depth + 1, &random) }
      return "[" + spaces + elements.joined(separator: "," + spaces) + spaces + "]"
    default:
      let keys = ["a", "b", "name", #"\u0041"#, "é", "a b", #"\"q"#, ""]
      let members = (0..<Int.random(in: 0..<6, using: &random)).map { _ in
        "\"" + keys.randomElement(using: &random)! + "\"" + spaces + ":" + spaces
          + randomDocument(depth: depth + 1, &random)
      }
      return "{" + spaces + members.joined(separator: "," + spaces) + spaces + "}"
    }
  }
}

/// A seeded generator, so a failing random document can be found again.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
