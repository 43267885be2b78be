/// The glyphs a frame draws of its own, in one table: rules, the ellipsis of a cut text, the
/// selection marker, bullets, arrows, the caret, the spinner and the blocks of a bar. Every kind
/// draws them from here (`RenderOptions.glyphs`), so `--ascii` changes all of them at once; text
/// from data is never changed by it.
///
///     let glyphs = Glyphs.ascii
///     glyphs.truncate("Spider-Man (Miles Morales)", toColumns: 12)  // "Spider-Ma..."
package struct Glyphs: Sendable, Equatable {
  /// A rule's one column ("─").
  package var rule: String
  /// What ends a text cut to its room ("…").
  package var ellipsis: String
  /// What starts the line of the selection ("› "); the frame's `selectedRow` says which line
  /// that is, for the terminal to draw it reversed.
  package var selectionMarker: String
  /// What starts an item of a list section ("• ").
  package var bullet: String
  /// What starts a link of a detail screen ("→ ").
  package var link: String
  /// What follows the header of a column sorted ascending ("↑") or descending ("↓").
  package var ascending: String
  package var descending: String
  /// The arrow keys as the key help names them ("↑↓").
  package var upDown: String
  /// Between two items of a line of key help or status (" · ").
  package var separator: String
  /// The caret of the search field, where the frame puts the terminal cursor ("▏"). A caret
  /// character typed in the query is shown as it is: the cursor is data, not a character.
  package var caret: String
  /// The frames of the loading spinner.
  package var spinner: [String]
  /// The blocks of a bar, by the eighths of a column they fill, from one eighth to a whole
  /// column ("▏" … "█"); a table of one glyph draws whole columns only.
  package var bars: [String]

  /// The glyphs frames are drawn with unless `--ascii` says otherwise, in any locale.
  package static let unicode = Glyphs(
    rule: "─", ellipsis: "…", selectionMarker: "› ", bullet: "• ", link: "→ ", ascending: "↑", descending: "↓",
    upDown: "↑↓", separator: " · ", caret: "▏",
    spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
    bars: ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"])

  /// ASCII only (`--ascii`, a screen test's `ascii: true`): for terminals and logs that show
  /// nothing else.
  package static let ascii = Glyphs(
    rule: "-", ellipsis: "...", selectionMarker: "> ", bullet: "* ", link: "-> ", ascending: "^", descending: "v",
    upDown: "Up/Down", separator: " - ", caret: "|", spinner: ["|", "/", "-", "\\"], bars: ["#"])

  /// Whether these are the default glyphs, whose cuts take the fast paths of `TextWidth`.
  package var isUnicode: Bool { ellipsis == "…" }

  /// A line of `width` rule glyphs.
  package func rule(_ width: Int) -> String {
    guard width > 0 else { return "" }
    guard isUnicode, width <= 512 else { return String(repeating: rule, count: width) }
    // A slice of one long rule: a frame draws two or three rules, each as wide as the screen.
    let longRule = Self.longRule
    return String(longRule[..<longRule.utf8.index(longRule.startIndex, offsetBy: width * rule.utf8.count)])
  }

  private static let longRule = String(repeating: "─", count: 512)

  /// `text` cut to at most `columns`, ending in the ellipsis when anything was cut (secrets
  /// redacted first, as `TextWidth.truncate` does).
  package func truncate(_ text: String, toColumns columns: Int) -> String {
    isUnicode
      ? TextWidth.truncate(text, toColumns: columns) : TextWidth.truncate(text, toColumns: columns, ellipsis: ellipsis)
  }

  /// `text` made safe and cut to `columns`: the cut text, whether the ellipsis must follow it,
  /// and the columns both take.
  package func fitted(_ text: String, toColumns columns: Int) -> TextWidth.Fitted {
    if isUnicode { return TextWidth.fitted(text, toColumns: columns) }
    let cut = truncate(TerminalSafe.sanitize(text), toColumns: columns)
    return TextWidth.Fitted(text: cut[...], cut: false, columns: TextWidth.width(of: cut))
  }
}

extension TextWidth {
  /// `truncate` with another ellipsis than "…", of any width: the text is cut to leave room for
  /// it, and in fewer columns than it takes, the ellipsis is cut too.
  static func truncate(_ text: String, toColumns columns: Int, ellipsis: String) -> String {
    guard columns > 0 else { return "" }
    let text = SecretRegistry.shared.redact(text)
    if text.utf8.count <= columns || width(of: text, upTo: columns) <= columns { return text }
    let mark = width(of: ellipsis)
    guard columns > mark else { return truncateByCharacters(ellipsis, toColumns: columns, ellipsis: "") }
    return truncateByCharacters(text, toColumns: columns - mark, ellipsis: "") + ellipsis
  }

  /// The characters of `text` that fit in `columns`, then `ellipsis` if any was left out.
  private static func truncateByCharacters(_ text: String, toColumns columns: Int, ellipsis: String) -> String {
    var used = 0
    var end = text.startIndex
    for character in text {
      used += Self.columns(of: character)
      if used > columns { return String(text[..<end]) + ellipsis }
      end = text.index(after: end)
    }
    return text
  }
}
