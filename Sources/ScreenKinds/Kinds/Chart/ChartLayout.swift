import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// A chart's lines laid out in a width: pure functions of the labels, the values and the glyphs.
///
/// A line is the label (cut with the ellipsis and padded), a space, the bar (in eighths of a
/// column, scaled so that the largest value loaded fills the bar's room), a space and the value
/// (formatted by the `number` filter, right-aligned).
struct ChartLayout: Equatable {
  var labelWidth: Int
  var barWidth: Int
  var valueWidth: Int

  /// A bar's value, as read from its record's field.
  enum Value: Equatable {
    /// A number, with its text as the `number` filter writes it.
    case number(Double, text: String)
    /// The field is not in the record (or is null).
    case missing
    /// The field holds something else: its text.
    case notNumber(String)

    /// The value of `json` (nil for no field): numbers and texts of numbers are numbers; a
    /// number too large for a `Double` counts as the largest one.
    init(_ json: JSON?) {
      let text = TemplateFilter.grouped(FilterValue(json)).text
      let number: Double?
      switch json {
      case nil, .null?:
        self = .missing
        return
      case .int(let integer)?: number = Double(integer)
      case .bigInteger(let digits)?: number = Double(digits)
      case .double(let double)?: number = double
      case .string(let string)?:
        // A text of a number in decimal ("42", "-1.5e3"); not "inf", "nan" or hexadecimal.
        let trimmed = string.trimmingWhitespace()
        number = trimmed.allSatisfy { "0123456789+-.eE".contains($0) } ? Double(trimmed) : nil
      default: number = nil
      }
      guard let number, !number.isNaN else {
        self = .notNumber(TerminalSafe.sanitize(text))
        return
      }
      let finite = number.isFinite ? number : (number > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
      self = .number(finite, text: TerminalSafe.sanitize(text))
    }

    /// What the value column shows.
    var text: String {
      switch self {
      case .number(_, let text), .notNumber(let text): text
      case .missing: ""
      }
    }

    var magnitude: Double? {
      if case .number(let number, _) = self { return number }
      return nil
    }
  }

  /// The widths for `room` columns, given the widest label and value (their headers included):
  /// the value takes what it needs up to a third of the room, the label what it needs up to
  /// half of what is left, and the bar the rest (at least one column while there is room).
  static func make(room: Int, labelColumns: Int, valueColumns: Int) -> ChartLayout {
    let room = max(3, room)
    let valueWidth = min(max(1, valueColumns), max(1, room / 3))
    let labelWidth = min(max(1, labelColumns), max(1, (room - valueWidth - 2) / 2))
    let barWidth = max(0, room - labelWidth - valueWidth - 2)
    return ChartLayout(labelWidth: labelWidth, barWidth: barWidth, valueWidth: valueWidth)
  }

  /// The scale of the bars: the largest positive number among `values`, nil when there is none.
  static func scale(_ values: [Value]) -> Double? {
    let largest = values.compactMap(\.magnitude).filter { $0 > 0 }.max()
    return largest
  }

  /// The bar of `value` in `columns`, filled in proportion to `value / scale` with the glyphs'
  /// blocks (eighths, or whole columns when the table has one glyph). A positive value shows at
  /// least the smallest block, so that it is told from zero; zero and negative values show none.
  static func bar(_ value: Double, scale: Double?, columns: Int, glyphs: Glyphs) -> String {
    guard let scale, scale > 0, value > 0, columns > 0, let full = glyphs.bars.last else { return "" }
    let steps = glyphs.bars.count
    let ratio = min(1, value / scale)
    let units = max(1, min(columns * steps, Int((ratio * Double(columns * steps)).rounded())))
    let rest = units % steps
    return String(repeating: full, count: units / steps) + (rest > 0 ? glyphs.bars[rest - 1] : "")
  }

  /// A line's text after its number: label, bar and value in their widths.
  func line(label: String, value: Value, scale: Double?, glyphs: Glyphs) -> String {
    var line = Self.cell(label, labelWidth, glyphs)
    line.appendSpaces(1)
    let bar: String
    switch value {
    case .number(let number, _): bar = Self.bar(number, scale: scale, columns: barWidth, glyphs: glyphs)
    case .missing: bar = glyphs.truncate("(missing)", toColumns: barWidth)
    case .notNumber: bar = glyphs.truncate("(not a number)", toColumns: barWidth)
    }
    line += bar
    line.appendSpaces(barWidth - TextWidth.width(of: bar) + 1)
    line += Self.cell(value.text, valueWidth, glyphs, right: true)
    return line
  }

  /// The heading's text after the indent: the label's header over the labels, the value's
  /// right-aligned over the values.
  func heading(label: String, value: String, glyphs: Glyphs) -> String {
    var line = Self.cell(label, labelWidth, glyphs)
    line.appendSpaces(barWidth + 2)
    line += Self.cell(value, valueWidth, glyphs, right: true)
    return line
  }

  /// `text` cut to `width` with the ellipsis and padded to it, on the left when `right`.
  static func cell(_ text: String, _ width: Int, _ glyphs: Glyphs, right: Bool = false) -> String {
    let cut = glyphs.truncate(text, toColumns: width)
    let room = max(0, width - TextWidth.width(of: cut))
    var cell = ""
    if right { cell.appendSpaces(room) }
    cell += cut
    if !right { cell.appendSpaces(room) }
    return cell
  }
}
