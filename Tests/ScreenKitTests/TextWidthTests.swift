import Testing

@testable import ScreenKit

@Suite("Terminal text")
struct TextWidthTests {
  @Test func columnsOfWideCharactersAndEmoji() {
    #expect(TextWidth.width(of: "abc") == 3)
    #expect(TextWidth.width(of: "東京") == 4)
    #expect(TextWidth.width(of: "한국어") == 6)
    #expect(TextWidth.width(of: "ｆｕｌｌ") == 8)
    #expect(TextWidth.width(of: "🦸") == 2)
    #expect(TextWidth.width(of: "👩‍💻") == 2)
    #expect(TextWidth.width(of: "❤️") == 2)
    #expect(TextWidth.width(of: "é") == 1)
    #expect(TextWidth.width(of: "e\u{301}") == 1)
  }

  @Test func truncatesByColumns() {
    #expect(TextWidth.truncate("Iron Man", toColumns: 8) == "Iron Man")
    #expect(TextWidth.truncate("Iron Man", toColumns: 5) == "Iron…")
    #expect(TextWidth.truncate("東京タワー", toColumns: 6) == "東京…")
    #expect(TextWidth.width(of: TextWidth.truncate("東京タワー", toColumns: 6)) <= 6)
    #expect(TextWidth.truncate("東京タワー", toColumns: 5) == "東京…")
    #expect(TextWidth.truncate("abc", toColumns: 0) == "")
  }

  @Test func padsToExactColumns() {
    #expect(TextWidth.pad("東京", toColumns: 6) == "東京  ")
    #expect(TextWidth.width(of: TextWidth.pad("東京タワー", toColumns: 7)) == 7)
  }

  @Test func wrapsAtSpacesAndBreaksLongWords() {
    #expect(TextWidth.wrap("the quick brown fox jumps", toColumns: 10) == ["the quick", "brown fox", "jumps"])
    #expect(TextWidth.wrap("abcdefghijkl", toColumns: 5) == ["abcde", "fghij", "kl"])
    #expect(TextWidth.wrap("東京タワーは高い", toColumns: 5) == ["東京", "タワ", "ーは", "高い"])
    #expect(TextWidth.wrap("one\n\ntwo", toColumns: 10) == ["one", "", "two"])
  }

  @Test func sanitizesEscapesAndControls() {
    #expect(TerminalSafe.sanitize("\u{1B}[31mred\u{1B}[0m") == "\u{FFFD}[31mred\u{FFFD}[0m")
    #expect(TerminalSafe.sanitize("a\u{7}b\u{9B}c\u{7F}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    #expect(TerminalSafe.sanitize("line\none\ttab") == "line one tab")
    #expect(TerminalSafe.sanitize("line\r\none", keepNewlines: true) == "line\none")
    #expect(TerminalSafe.sanitize("evil\u{202E}txt") == "evil\u{FFFD}txt")
    #expect(TerminalSafe.sanitize("東京 🦸 é") == "東京 🦸 é")
  }
}
