import Foundation
import ScreenKit
import Testing

/// The one definition of a blank parameter value: `Parameter.trimmed` trims without Foundation
/// exactly what Foundation's `.whitespacesAndNewlines` does, `Parameter.isBlank` agrees with it,
/// and the core's check of a parameter that allows no blank refuses what it calls blank.
@Suite("Parameter values: blank and trimmed")
struct ParameterBlankTests {
  /// Every scalar of the Basic Multilingual Plane, between, before and after white space.
  @Test func trimsWhatFoundationTrims() {
    let spaces = (0x0000...0x3100).compactMap(Unicode.Scalar.init).filter {
      String($0).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
    #expect(spaces.count > 20)
    var samples: [String] = ["", "a", "sigmavirus24/github3.py", "e\u{301}", "\u{301}", "👩‍👩‍👧"]
    for scalar in (0x0000...0xFFFF).compactMap(Unicode.Scalar.init) {
      samples.append(String(scalar))
      samples.append(" \(scalar)\t")
    }
    for space in spaces {
      samples += ["\(space)x", "x\(space)", "\(space)\(space)", "\(space)\u{301}y\(space)", "a\(space)b"]
    }
    for text in samples {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(Parameter.trimmed(text) == (trimmed.isEmpty ? nil : trimmed), "\(Array(text.unicodeScalars))")
    }
    #expect(Parameter.trimmed(nil) == nil)
    for text in samples {
      #expect(Parameter.isBlank(text) == (Parameter.trimmed(text) == nil), "\(Array(text.unicodeScalars))")
    }
  }

  @Test("the core refuses a blank value where none is allowed, by the same definition")
  func coreCheck() {
    let resource = Resource(
      name: "book", kind: .record, summary: "a book",
      parameters: [Parameter("id", allowsBlank: false, summary: "its id"), Parameter("note", summary: "a note")])
    for blank in ["", " ", "\t\n", "\u{200B}", "\u{3000}\r\n", "\u{85}"] {
      #expect(resource.violation(parameters: ["id": blank])?.kind == .blankParameter, "\(Array(blank.unicodeScalars))")
      #expect(resource.violation(parameters: ["id": "7", "note": blank]) == nil, "a blank that is allowed")
    }
    for value in ["7", " 7 ", "\u{301}", "\u{200D}"] {
      #expect(resource.violation(parameters: ["id": value]) == nil, "\(Array(value.unicodeScalars))")
    }
  }
}
