import ScreenText
import Testing

@testable import ScreenKinds
@testable import ScreenKit

@Suite("Glyphs")
struct GlyphsTests {
  @Test func asciiGlyphsAreASCII() {
    let glyphs = Glyphs.ascii
    let all =
      [
        glyphs.rule, glyphs.ellipsis, glyphs.selectionMarker, glyphs.bullet, glyphs.link, glyphs.ascending,
        glyphs.descending, glyphs.upDown, glyphs.separator, glyphs.caret,
      ] + glyphs.spinner + glyphs.bars
    for glyph in all { #expect(glyph.utf8.allSatisfy { $0 < 0x80 }, "\(glyph)") }
    #expect(glyphs.rule(5) == "-----")
  }

  @Test func theDefaultGlyphsAreTodays() {
    #expect(Glyphs.unicode.rule(3) == "───")
    #expect(Glyphs.unicode.truncate("Iron Man", toColumns: 5) == "Iron…")
    #expect(FrameLine.selectionMarker == "› ")
    #expect(FrameLine.caret == "▏")
    #expect(Glyphs.unicode.bars == ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"])
  }

  @Test func asciiCutsLeaveRoomForThreeDots() {
    let ascii = Glyphs.ascii
    #expect(ascii.truncate("Iron Man", toColumns: 8) == "Iron Man")
    #expect(ascii.truncate("Iron Man", toColumns: 7) == "Iron...")
    #expect(ascii.truncate("東京タワー", toColumns: 8) == "東京...")
    #expect(ascii.truncate("東京タワー", toColumns: 6) == "東...")
    #expect(ascii.truncate("Iron Man", toColumns: 2) == "..")
    #expect(ascii.truncate("Iron Man", toColumns: 0) == "")
    for columns in 0...12 {
      for text in ["Spider-Man (Miles Morales)", "東京タワー東京タワー", "👩‍💻👩‍💻👩‍💻👩‍💻", "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}"] {
        #expect(TextWidth.width(of: ascii.truncate(text, toColumns: columns)) <= columns, "\(text) in \(columns)")
      }
    }
  }

  @Test func asciiFittedCellsCountTheirDots() {
    let cell = Glyphs.ascii.fitted("typescript-cheatsheets/react", toColumns: 10)
    #expect(cell.text == "typescr...")
    #expect(!cell.cut)
    #expect(cell.columns == 10)
  }
}
