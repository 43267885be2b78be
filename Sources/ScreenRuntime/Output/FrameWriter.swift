import ScreenText

/// Turns a `Frame` into what goes out to a terminal: each span's text, untrusted to the end, in
/// the attributes its role has in the theme, and its URL as an OSC 8 hyperlink where the theme
/// writes links and the URL is safe (`TerminalControl.link(to:)`).
///
/// It draws from the frame's data alone: the selected row and the cursor are the frame's
/// `selectedRow` and `cursor`, so text from data that holds `›`, `▏` or `|` is drawn as it is.
/// Every styled span is closed with a reset, so no attribute runs into the next one.
package enum FrameWriter {
  /// The interactive mode's screen: the frame over the last one, from the top left, each line cut
  /// to `columns` (a URL cut so still opens whole), at most `rows` lines, what is left of the old
  /// frame cleared; the cursor put where the frame says, or hidden.
  package static func screen(_ frame: Frame, columns: Int, rows: Int, theme: Theme, glyphs: Glyphs = .unicode)
    -> TerminalText
  {
    var text = TerminalText(.home)
    for (index, line) in frame.lines.prefix(rows).enumerated() {
      if index > 0 { text.append(.clearToLineEnd + .newline) }
      var fitted = line.truncated(toColumns: columns, glyphs: glyphs)
      let selected = index == frame.selectedRow && theme.styled
      if selected, frame.selectedSpans != nil {
        // The selection covers its own spans only (a list beside its preview).
        let (bar, rest) = frame.selection(of: fitted)
        append(bar, selected: true, theme: theme, to: &text)
        append(rest, selected: false, theme: theme, to: &text)
        continue
      }
      if selected {
        // The selection as a bar across the width.
        let room = columns - TextWidth.width(of: fitted.text)
        if room > 0 { fitted.spans.append(Frame.Span(String(repeating: " ", count: room))) }
      }
      append(fitted, selected: selected, theme: theme, to: &text)
    }
    text.append(.clearToLineEnd + .clearToScreenEnd)
    if let cursor = frame.cursor, cursor.shown, cursor.row < rows {
      text.append(.move(row: cursor.row + 1, column: cursor.column + 1) + .showCursor)
    } else {
      text.append(.hideCursor)
    }
    return text
  }

  /// A plain output's frame (`--once`, `--script`) in the theme's attributes, line by line; it
  /// writes a link only if the theme does. With `Theme.plain` it is the frame's `plainText`.
  package static func lines(_ frame: Frame, theme: Theme) -> TerminalText {
    var text = TerminalText()
    guard !frame.lines.isEmpty else { return TerminalText(untrusted: "\n") }
    for (index, line) in frame.lines.enumerated() {
      let (selected, rest) =
        index == frame.selectedRow && theme.styled ? frame.selection(of: line) : (Frame.Line(), line)
      append(selected, selected: true, theme: theme, to: &text)
      append(rest, selected: false, theme: theme, to: &text)
      text.append(untrusted: "\n")
    }
    return text
  }

  /// Appends a line's spans, each in its role's attributes (and the selection's), closed with a
  /// reset, its URL a hyperlink where the theme writes links.
  package static func append(_ line: Frame.Line, selected: Bool, theme: Theme, to text: inout TerminalText) {
    for span in line.spans {
      let style = TerminalControl.style(theme.attributes(for: span.role, selected: selected))
      let link = theme.links ? span.url.flatMap { TerminalControl.link(to: $0) } : nil
      if let style { text.append(style) }
      if let link { text.append(link) }
      text.append(untrusted: span.text)
      if link != nil { text.append(.linkEnd) }
      if style != nil { text.append(.resetStyle) }
    }
  }
}
