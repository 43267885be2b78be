import Foundation
import Testing

@testable import ScreenKit
@testable import ScreenText

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

  /// `width`: at 1 column, a line over the width held a zero-width character and a 2-column one
  /// (U+2067 then す): the check allowed one character, but an invisible bidi control next to the
  /// character wider than the line is harmless. The rule is now "one character of positive width".
  /// The second input showed that a zero-width character after an over-wide one (U+202C after 👨)
  /// started a line of its own; it now stays with what it follows, as a joiner does.
  @Test func aZeroWidthCharacterStaysWithWhatItFollows() throws {
    #expect(TextWidth.wrap("b👨\u{202C}タワ", toColumns: 1) == ["b", "👨\u{202C}", "タ", "ワ"])
    #expect(TextWidth.wrap("\u{2067}す\u{200B}す", toColumns: 1) == ["\u{2067}す\u{200B}", "す"])
    #expect(TextWidth.wrap("ab\u{2067}す", toColumns: 3) == ["ab\u{2067}", "す"])
    let found = [
      "ABPmnbHkuqzjgr/jg6/jg7wg44GvIOaXpeacrCDjga4g6Zu75rOi5aGUIOKBp+OBmeOAgiBSZWFjdCDkuK3mlocg5paH5qGj",
      "ABsJdGFiDQqfhwAbCXRhCrifhw0gYvCfkajigKzjgr/jg68AAICfkajigI1saW5lAAAAAAAALgAA",
    ]
    for base64 in found {
      let text = String(decoding: try #require(Data(base64Encoded: base64)).dropFirst(), as: UTF8.self)
      for columns in 1...3 {
        let lines = TextWidth.wrap(text, toColumns: columns)
        for line in lines where TextWidth.width(of: line) > columns {
          #expect(line.count { TextWidth.columns(of: $0) > 0 } == 1, "\(line.debugDescription) at \(columns)")
        }
        let kept = { (text: String) in text.unicodeScalars.filter { $0 != " " && $0 != "\n" }.map(\.value) }
        #expect(kept(lines.joined()) == kept(text), "text lost or added at \(columns)")
      }
    }
  }
}
