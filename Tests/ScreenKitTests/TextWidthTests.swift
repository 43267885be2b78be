import Glibc
import Testing

@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenText

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

  /// Only the spaces where a line breaks are dropped: a run inside a line, and a paragraph's
  /// indent, stay as the text has them (issue 39, item 9).
  @Test func wrappingKeepsTheSpacesInsideALine() {
    #expect(TextWidth.wrap("Add 🔍  (#238)", toColumns: 40) == ["Add 🔍  (#238)"])
    #expect(TextWidth.wrap("a  b   c", toColumns: 6) == ["a  b", "c"])
    #expect(TextWidth.wrap("name     value and more", toColumns: 14) == ["name     value", "and more"])
    #expect(TextWidth.wrap("  indented\ntext", toColumns: 20) == ["  indented", "text"])
    #expect(TextWidth.wrap("    toowide", toColumns: 8) == ["toowide"])
    #expect(TextWidth.wrap("end   ", toColumns: 10) == ["end"])
    #expect(TextWidth.wrap("a    b", toColumns: 3) == ["a", "b"])
  }

  /// A lone symbol keeps the word after it on its line where both fit: "© 2024" is never broken
  /// at its space (issue 39, item 10).
  @Test func aSymbolStaysWithTheWordAfterIt() {
    #expect(
      TextWidth.wrap("Data provided by Marvel. © 2024 MARVEL", toColumns: 28)
        == ["Data provided by Marvel.", "© 2024 MARVEL"])
    #expect(TextWidth.wrap("costs $ 12 today", toColumns: 7) == ["costs", "$ 12", "today"])
    #expect(TextWidth.wrap("a ©  2024", toColumns: 7) == ["a", "©  2024"], "the spaces inside the pair stay")
    #expect(TextWidth.wrap("© 20242024", toColumns: 6) == ["©", "202420", "24"], "a pair wider than a line breaks")
    #expect(TextWidth.wrap("end ©", toColumns: 4) == ["end", "©"])
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

/// The one width rule (columns as terminals draw them), wrapping that is linear and loses no
/// text, and URLs that are never broken.
@Suite("Terminal text: widths, wrapping and URLs")
struct TextWrapRuleTests {
  @Test func softHyphenAndPrependedMarksTakeOneColumn() {
    // Terminals (tmux, glibc's wcwidth) draw these; they used to count as 0 and lines overflowed.
    #expect(TextWidth.width(of: "a\u{AD}b") == 3)
    for value: UInt32 in 0x600...0x605 {
      #expect(TextWidth.width(of: String(Unicode.Scalar(value)!)) == 1, "U+\(String(value, radix: 16))")
    }
    #expect(TextWidth.width(of: "\u{6DD}\u{70F}\u{8E2}") == 3)
    // Still none: combining marks, the Arabic letter mark, zero-width space and joiner, BOM.
    #expect(TextWidth.width(of: "e\u{301}\u{61C}\u{200B}\u{200D}\u{FEFF}") == 1)
    // A skin-tone modifier is drawn as its own emoji; a flag is two regional indicators.
    #expect(TextWidth.width(of: "👍🏻") == 4)
    #expect(TextWidth.width(of: "🇯🇵") == 2)
  }

  @Test func everyCodePointTakesWhatGlibcGivesIt() {
    setlocale(LC_CTYPE, "C.UTF-8")
    // wcwidth is not in the Glibc module's headers; the C library has it.
    guard let symbol = dlsym(nil, "wcwidth") else {
      Issue.record("no wcwidth in the C library")
      return
    }
    let wcwidth = unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    // The tables are generated from glibc's wcwidth; check every code point they decide.
    for value in UInt32(0x300)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let glibc = Int(wcwidth(Int32(value)))
      // glibc gives -1 to what it does not know: one column, or two for a newer emoji.
      let ok = glibc == -1 ? TextWidth.columns(of: scalar) >= 1 : TextWidth.columns(of: scalar) == glibc
      if !ok {
        Issue.record("U+\(String(value, radix: 16)): \(TextWidth.columns(of: scalar)), glibc \(glibc)")
        return
      }
    }
  }

  @Test func aLongWordIsCutIntoWidthSizedLines() {
    let word = String(repeating: "abcdefghij", count: 10_000)
    let lines = TextWidth.wrap("before " + word + " after", toColumns: 40)
    #expect(lines.first == "before")
    #expect(lines.count == 2 + 100_000 / 40)
    #expect(lines.dropFirst().dropLast().allSatisfy { $0.utf8.count == 40 })
    #expect(lines.last == "after")
    #expect(lines.dropFirst().dropLast().joined() == word)
  }

  @Test func aLongWordOfWideAndCombiningCharactersIsCutByColumns() {
    let word = String(repeating: "東e\u{301}", count: 5_000)
    let lines = TextWidth.wrap(word, toColumns: 21)
    #expect(lines.allSatisfy { TextWidth.width(of: $0) <= 21 })
    #expect(lines.dropLast().allSatisfy { TextWidth.width(of: $0) >= 20 })
    #expect(lines.joined() == word)
  }

  @Test func aLineOfCombiningMarksIsKeptWhole() {
    let marks = String(repeating: "\u{301}", count: 100_000)
    #expect(TextWidth.width(of: marks) == 0)
    #expect(TextWidth.wrap(marks, toColumns: 20) == [marks])
    #expect(
      TextWidth.truncate("x" + marks + String(repeating: "y", count: 30), toColumns: 10) == "x" + marks + "yyyyyyyy…")
  }

  @Test func aClusterWiderThanTheLineIsBrokenByCodePoints() {
    // A joined family takes two columns however long; skin-tone modifiers each take two.
    #expect(TextWidth.width(of: Array(repeating: "👩", count: 200).joined(separator: "\u{200D}")) == 2)
    let family = "👍" + String(repeating: "\u{1F3FB}", count: 200)
    #expect(family.count == 1, "one grapheme cluster")
    #expect(TextWidth.width(of: family) == 402)
    let lines = TextWidth.wrap(family, toColumns: 20)
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { TextWidth.width(of: $0) <= 20 }, "\(lines.map { TextWidth.width(of: $0) })")
    #expect(lines.joined().unicodeScalars.elementsEqual(family.unicodeScalars))
  }

  @Test func aURLIsNeverBrokenAndStandsAlone() {
    let url = "https://example.com/" + String(repeating: "segment/", count: 10) + "standard_large.jpg"
    let lines = TextWidth.wrap("See \(url) for the picture.", toColumns: 30)
    #expect(lines == ["See", url, "for the picture."])
    #expect(TextWidth.wrap(url, toColumns: 30) == [url])
    #expect(TextWidth.wrap("a \(url)\n\nb", toColumns: 30) == ["a", url, "", "b"])
    #expect(FrameLine.isLoneURL(url))
    // A URL that fits shares its line like any word.
    #expect(TextWidth.wrap("at http://a.io now", toColumns: 30) == ["at http://a.io now"])
    // Not URLs: broken like any long word.
    for word in [
      "ftp://example.com/" + String(repeating: "x", count: 40), "https://",
      "https://exa\u{301}mple.com/" + String(repeating: "x", count: 40),
    ] {
      #expect(!FrameLine.isURL(word))
      #expect(TextWidth.wrap(word, toColumns: 30).allSatisfy { TextWidth.width(of: $0) <= 30 })
    }
    #expect(!FrameLine.isLoneURL("  " + url))
    #expect(!FrameLine.isLoneURL("Cover: " + url))
    #expect(FrameLine.isLoneURL("HTTP://EXAMPLE.COM"))
  }

  @Test func trimmingKeepsEverythingBetweenTheEnds() {
    let body = String(repeating: "e\u{301}", count: 100_000) + " x"
    #expect((" \n\t" + body + " \u{3000}\n").trimmingWhitespace() == body)
    #expect(" \n ".trimmingWhitespace() == "")
    #expect("a".trimmingWhitespace() == "a")
  }

  @Test func truncationIsOnePassAndCutsByColumns() {
    let long = String(repeating: "東", count: 200_000)
    #expect(TextWidth.truncate(long, toColumns: 9) == "東東東東…")
    #expect(TextWidth.truncate("a\u{AD}bc", toColumns: 3) == "a\u{AD}…")
  }

  @Test(arguments: 0..<8)
  func randomTextWrapsWithinTheWidthAndLosesNothing(seed: Int) {
    var random = SplitMix(seed: UInt64(seed))
    let pool: [Unicode.Scalar] = [
      " ", " ", " ", "\n", "a", "b", "Z", "1", ".", "/", ":", "\u{AD}", "\u{600}", "\u{301}", "\u{20DD}",
      "\u{200D}", "\u{FE0F}", "\u{200B}", "東", "한", "\u{1160}", "👩", "🦸", "❤", "\u{1F3FB}", "\u{1F1EF}",
      "\u{E0041}", "\u{7}", "\u{1B}", "\u{9B}", "\t", "\r",
    ]
    for _ in 0..<40 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int(random.next() % 400) {
        if random.next() % 16 == 0 {
          text.append(contentsOf: "https://example.com/".unicodeScalars)
        } else if random.next() % 8 == 0, let scalar = Unicode.Scalar(UInt32(random.next() % 0x10FFFF)) {
          text.append(scalar)
        } else {
          text.append(pool[Int(random.next() % UInt64(pool.count))])
        }
      }
      let input = String(text)
      // From 2 columns: on 1, a wide character cannot fit.
      let columns = 2 + Int(random.next() % 50)
      let lines = TextWidth.wrap(input, toColumns: columns)
      for line in lines where !FrameLine.isLoneURL(line) {
        #expect(
          TextWidth.width(of: line) <= columns,
          "\(columns) columns: \(line.unicodeScalars.map { String($0.value, radix: 16) })")
      }
      let kept = lines.joined(separator: "\n").unicodeScalars.filter { $0 != " " && $0 != "\n" }
      let given = input.unicodeScalars.filter { $0 != " " && $0 != "\n" }
      #expect(kept.elementsEqual(given), "text lost wrapping at \(columns)")
    }
  }

  @Test("truncate's path for text of stand-alone code points cuts as the grapheme path does")
  func standaloneTruncation() {
    // Stand-alone code points (rules, dots, Latin-1, arrows) mixed with ones that join their
    // neighbour (combining marks, ZWJ, variation selectors, regional indicators, Hangul jamo, CR LF)
    // and wide ones: every cut of every mix is what the grapheme path gives.
    let pieces: [String] = [
      "a", " ", "─", "…", "·", "é", "→", "█", "\u{2014}", "\u{301}", "\u{200D}", "\u{FE0F}", "🇫", "🇷", "\u{1100}",
      "\u{1161}", "\r", "\n", "東", "👩", "\u{AD}", "\u{600}",
    ]
    var generator = SystemRandomNumberGenerator()
    var standalone = 0
    for _ in 0..<4000 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      for columns in 1...14 {
        let expected = TextWidth.truncateByCharacters(text, toColumns: columns)
        #expect(
          TextWidth.truncate(text, toColumns: columns) == expected, "\(text.unicodeScalars.map(\.value)) at \(columns)")
        if TextWidth.truncateStandalone(text, toColumns: columns) != nil { standalone += 1 }
      }
    }
    // The fast path was taken, not only the fallback.
    #expect(standalone > 1000)
    #expect(
      TextWidth.truncate(String(repeating: "─", count: 100), toColumns: 10) == String(repeating: "─", count: 9) + "…")
    #expect(TextWidth.truncateStandalone("e\u{301}x", toColumns: 5) == nil)
  }
}
