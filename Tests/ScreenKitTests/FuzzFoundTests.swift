import Testing

@testable import ScreenKit

/// Inputs the fuzz targets of Tests/Fuzz found failing, kept as tests of the code at fault.
@Suite("Found by fuzzing")
struct FuzzFoundTests {
  /// `width`: U+0600 is a prepended concatenation mark, so the space padding puts after it joins
  /// it in one grapheme cluster. Counting that cluster by its first code point (0 columns) made
  /// the padded line one column short of the width.
  @Test func paddingAfterAPrependedMarkFillsTheWidth() {
    for text in ["\u{600}", "t\u{6}\u{FFFD} \u{AD}\u{600}", "a\u{605}"] {
      for columns in 2...6 {
        let padded = TextWidth.pad(text, toColumns: columns)
        #expect(TextWidth.width(of: padded) == columns, "\(text.debugDescription) at \(columns)")
      }
    }
  }

  /// `width`: a cluster wider than the line is broken by code points, and a zero-width joiner after
  /// a full line started a new line of its own, so the emoji after it overflowed a 1-column line.
  @Test func aJoinerAfterAFullLineStaysOnIt() {
    for columns in 1...3 {
      let lines = TextWidth.wrap("👨\u{200D}👩", toColumns: columns)
      for line in lines {
        #expect(TextWidth.width(of: line) <= columns || line.count == 1, "\(lines) at \(columns)")
        #expect(!line.unicodeScalars.starts(with: ["\u{200D}"]), "a line starts with the joiner: \(lines)")
      }
      #expect(lines.joined() == "👨\u{200D}👩")
    }
  }
}
