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
}
