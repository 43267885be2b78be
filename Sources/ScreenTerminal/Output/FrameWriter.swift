import ScreenText

/// Turns a `Frame` into what goes out to a terminal: each span's text, untrusted to the end, in
/// the attributes its role has in the theme, and its URL as an OSC 8 hyperlink where the theme
/// writes links and the URL is safe (`TerminalControl.link(to:)`).
///
/// It draws from the frame's data alone: the selected row and the cursor are the frame's
/// `selectedRow` and `cursor`, so text from data that holds `›`, `▏` or `|` is drawn as it is.
/// Every styled span is closed with a reset, so no attribute runs into the next one.
package enum FrameWriter {
  /// The interactive mode's screen, whole: the frame over the last one, from the top left, each
  /// line cut to `columns` (a URL cut so still opens whole), at most `rows` lines, what is left of
  /// the old frame cleared; the cursor put where the frame says, or hidden.
  package static func screen(_ frame: Frame, columns: Int, rows: Int, theme: Theme, glyphs: Glyphs = .unicode)
    -> TerminalText
  {
    var shown: ScreenImage? = nil
    return screen(frame, columns: columns, rows: rows, theme: theme, glyphs: glyphs, over: &shown)
  }

  /// The interactive mode's screen over what the terminal shows (`shown`, which it then holds):
  /// only the lines that differ from it, each whole from column 1 and erased to the line's end,
  /// the lines below a shorter frame cleared, and the cursor put back where the frame says (or
  /// hidden). No attribute is on where a line starts or ends, or where a line is erased: every
  /// styled span is closed with a reset, and every link ended. With nothing shown (the first frame, or one the terminal may have lost: a
  /// resize, a resume, a program that had the terminal) it is the whole frame, as above. A frame
  /// the same as the one shown is no bytes at all.
  package static func screen(
    _ frame: Frame, columns: Int, rows: Int, theme: Theme, glyphs: Glyphs = .unicode, over shown: inout ScreenImage?
  ) -> TerminalText {
    let lines = frame.lines.prefix(rows).enumerated().map { index, line in
      self.line(line, at: index, in: frame, columns: columns, theme: theme, glyphs: glyphs)
    }
    let cursor: TerminalControl =
      if let cursor = frame.cursor, cursor.shown, cursor.row < rows {
        .move(row: cursor.row + 1, column: cursor.column + 1) + .showCursor
      } else {
        .hideCursor
      }
    defer { shown = ScreenImage(lines: lines, cursor: cursor) }
    guard let before = shown else {
      var text = TerminalText(.home)
      for (index, line) in lines.enumerated() {
        if index > 0 { text.append(.clearToLineEnd + .newline) }
        text.append(line)
      }
      text.append(.clearToLineEnd + .clearToScreenEnd + cursor)
      return text
    }
    var text = TerminalText()
    for (index, line) in lines.enumerated() where index >= before.lines.count || before.lines[index] != line {
      // Each line whole, from its first column: a wide character or a style is never cut in two,
      // and what the old line had past the new one's end goes.
      text.append(.move(row: index + 1, column: 1))
      text.append(line)
      text.append(.clearToLineEnd)
    }
    if lines.count < before.lines.count {
      text.append(.move(row: lines.count + 1, column: 1) + .clearToScreenEnd)
    }
    // Writing moved the cursor: it goes back where the frame has it.
    if !text.pieces.isEmpty || cursor != before.cursor { text.append(cursor) }
    return text
  }

  /// One line of the screen, cut to `columns`, in the theme's attributes; the selected row with
  /// its selection (a bar across the width, or over its own spans).
  private static func line(
    _ line: Frame.Line, at index: Int, in frame: Frame, columns: Int, theme: Theme, glyphs: Glyphs
  ) -> TerminalText {
    var text = TerminalText()
    var fitted = line.truncated(toColumns: columns, glyphs: glyphs)
    let selected = frame.isSelected(index) && theme.styled
    if selected, frame.selectedSpans != nil {
      // The selection covers its own spans only (a list beside its preview).
      let (bar, rest) = frame.selection(of: fitted, at: index)
      append(bar, selected: true, theme: theme, to: &text)
      append(rest, selected: false, theme: theme, to: &text)
      return text
    }
    if selected {
      // The selection as a bar across the width.
      let room = columns - TextWidth.width(of: fitted.text)
      if room > 0 { fitted.spans.append(Frame.Span(String(repeating: " ", count: room))) }
    }
    append(fitted, selected: selected, theme: theme, to: &text)
    return text
  }

  /// A plain output's frame (`--once`, `--script`) in the theme's attributes, line by line; it
  /// writes a link only if the theme does. With `Theme.plain` it is the frame's `plainText`.
  package static func lines(_ frame: Frame, theme: Theme) -> TerminalText {
    var text = TerminalText()
    guard !frame.lines.isEmpty else { return TerminalText(untrusted: "\n") }
    for (index, line) in frame.lines.enumerated() {
      let (selected, rest) =
        frame.isSelected(index) && theme.styled ? frame.selection(of: line, at: index) : (Frame.Line(), line)
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

/// What the terminal shows of the interactive mode's frames, as `FrameWriter.screen(…over:)` last
/// wrote them: each line as the text that drew it, and the cursor. Its next frame is written as the
/// lines that differ from these.
package struct ScreenImage: Sendable, Equatable {
  fileprivate var lines: [TerminalText]
  fileprivate var cursor: TerminalControl
}
