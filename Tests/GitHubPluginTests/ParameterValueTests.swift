import Foundation
import Testing

@testable import GitHubPlugin

/// The sample source trims its parameters without Foundation; it trims exactly what Foundation's
/// `.whitespacesAndNewlines` does.
@Suite("GitHub sample: parameter values")
struct ParameterValueTests {
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
      #expect(GitHubSampleSource.value(text) == (trimmed.isEmpty ? nil : trimmed), "\(Array(text.unicodeScalars))")
    }
    #expect(GitHubSampleSource.value(nil) == nil)
  }
}
