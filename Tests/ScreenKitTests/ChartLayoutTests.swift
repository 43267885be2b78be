import ScreenText
import Testing

@testable import ScreenKinds
@testable import ScreenKit

@Suite("Chart layout")
struct ChartLayoutTests {
  typealias Value = ChartLayout.Value

  @Test func barsAreEighthsOfTheLargest() {
    let glyphs = Glyphs.unicode
    #expect(ChartLayout.bar(10, scale: 10, columns: 4, glyphs: glyphs) == "████")
    #expect(ChartLayout.bar(5, scale: 10, columns: 4, glyphs: glyphs) == "██")
    #expect(ChartLayout.bar(1, scale: 8, columns: 1, glyphs: glyphs) == "▏")
    #expect(ChartLayout.bar(3, scale: 8, columns: 1, glyphs: glyphs) == "▍")
    #expect(ChartLayout.bar(7, scale: 8, columns: 1, glyphs: glyphs) == "▉")
    #expect(ChartLayout.bar(9, scale: 16, columns: 2, glyphs: glyphs) == "█▏")
    // A positive value shows at least an eighth; zero and negative values show nothing.
    #expect(ChartLayout.bar(1, scale: 1e300, columns: 10, glyphs: glyphs) == "▏")
    #expect(ChartLayout.bar(0, scale: 10, columns: 10, glyphs: glyphs) == "")
    #expect(ChartLayout.bar(-5, scale: 10, columns: 10, glyphs: glyphs) == "")
    #expect(ChartLayout.bar(5, scale: nil, columns: 10, glyphs: glyphs) == "")
    #expect(ChartLayout.bar(5, scale: 10, columns: 0, glyphs: glyphs) == "")
  }

  @Test func asciiBarsAreWholeColumnsOfHashes() {
    #expect(ChartLayout.bar(10, scale: 10, columns: 4, glyphs: .ascii) == "####")
    #expect(ChartLayout.bar(5, scale: 10, columns: 5, glyphs: .ascii) == "###")
    #expect(ChartLayout.bar(1, scale: 100, columns: 5, glyphs: .ascii) == "#")
  }

  @Test func valuesReadAsNumbersOrAsWhatTheyAre() {
    #expect(Value(.int(228_117)) == .number(228_117, text: "228,117"))
    #expect(Value(nil) == .missing)
    #expect(Value(.null) == .missing)
    #expect(Value(.string("n/a")) == .notNumber("n/a"))
    #expect(Value(.string("42")) == .number(42, text: "42"))
    #expect(Value(.string("inf")) == .notNumber("inf"))
    #expect(Value(.bool(true)) == .notNumber("true"))
    #expect(Value(.double(1e300)).magnitude == 1e300)
    #expect(Value(.int(-3)) == .number(-3, text: "-3"))
    let digits = String(repeating: "1234567890", count: 4)
    #expect(Value(.bigInteger(digits)).magnitude == Double(digits))
    #expect(Value(.bigInteger(digits)).text == TemplateFilter.grouped(digits: digits))
    // More digits than a Double holds: the largest, never infinity.
    let huge = Value(.bigInteger(String(repeating: "9", count: 400)))
    #expect(huge.magnitude == .greatestFiniteMagnitude)
  }

  @Test func theScaleIsTheLargestPositiveNumber() {
    #expect(ChartLayout.scale([Value(.int(3)), Value(.int(9)), Value(nil), Value(.string("x"))]) == 9)
    #expect(ChartLayout.scale([Value(.int(-3)), Value(.int(0))]) == nil)
    #expect(ChartLayout.scale([]) == nil)
  }

  @Test func widthsShareTheRoom() {
    let layout = ChartLayout.make(room: 36, labelColumns: 28, valueColumns: 7)
    #expect(layout == ChartLayout(labelWidth: 13, barWidth: 14, valueWidth: 7))
    let wide = ChartLayout.make(room: 156, labelColumns: 28, valueColumns: 7)
    #expect(wide == ChartLayout(labelWidth: 28, barWidth: 119, valueWidth: 7))
    // A value wider than a third of the room is cut to it.
    let huge = ChartLayout.make(room: 36, labelColumns: 10, valueColumns: 53)
    #expect(huge.valueWidth == 12)
    for room in 4...200 {
      for (label, value) in [(0, 0), (5, 3), (80, 53), (1_000, 1_000)] {
        let layout = ChartLayout.make(room: room, labelColumns: label, valueColumns: value)
        #expect(layout.labelWidth + layout.barWidth + layout.valueWidth + 2 <= max(3, room))
        #expect(layout.labelWidth >= 1 && layout.valueWidth >= 1 && layout.barWidth >= 0)
      }
    }
  }

  @Test func aLineFitsItsWidthsWhateverTheValue() {
    let layout = ChartLayout.make(room: 36, labelColumns: 30, valueColumns: 53)
    let values: [Value] = [
      Value(.int(5)), Value(nil), Value(.string("n/a")), Value(.bigInteger(String(repeating: "9", count: 40))),
      Value(.double(1e300)), Value(.int(-7)), Value(.int(0)),
    ]
    let scale = ChartLayout.scale(values)
    for glyphs in [Glyphs.unicode, .ascii] {
      for value in values {
        let line = layout.line(label: "typescript-cheatsheets/react 東京", value: value, scale: scale, glyphs: glyphs)
        #expect(TextWidth.width(of: line) == 36, "\(line)")
      }
    }
    let line = layout.line(label: "typescript-cheatsheets/react", value: Value(nil), scale: scale, glyphs: .ascii)
    #expect(line.hasPrefix("typescri... (missing)"), "\(line)")
  }
}
