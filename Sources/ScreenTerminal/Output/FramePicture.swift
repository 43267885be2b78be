import ScreenText

/// What `--picture` writes: a frame as a picture.
package enum PictureFormat: String, Sendable, CaseIterable {
  /// A standalone SVG 1.1 image.
  case svg
  /// An HTML5 document of one `<pre>`.
  case html
}

/// A `Frame` drawn as a picture, SVG or HTML, for a README, a bug report or a review: the roles in
/// the theme's attributes (the same `Theme.attributes(for:selected:)` that the terminal writer
/// turns into SGR), the selection in reverse video (a bar across the width, as the interactive
/// mode draws it), the caret, and each span's URL as a link (`<a href>`) where the terminal writer
/// would make it one: an http(s) URL that `WebURL.isValid` takes and that holds no secret.
///
/// Every piece of text is data, untrusted to the end: each character that `TerminalSafe.isUnsafe`
/// names, and each Unicode noncharacter (U+FFFE, U+FFFF and the rest, which XML refuses), becomes
/// U+FFFD (a tab a space), and `&`, `<`, `>` and the quotes are written as references, so no text
/// can close an element, open one, end a CDATA section or leave an attribute. Nothing of the data
/// is ever a URL but a span's link, so a `javascript:` URL is text.
///
/// **Columns.** A picture keeps a terminal's columns with any font: every run of text is placed
/// by its column (`TextWidth`), never by the widths of the glyphs before it. In SVG each span is
/// cut into runs at every character of two columns or more (CJK, emoji), each run a `<text>` at
/// its own `x`; a run of narrow characters has `textLength` for its columns, so a renderer that
/// honours it (browsers) fits a fallback font's glyphs to the grid, and one that does not
/// (`rsvg-convert`) still starts every run at its column, so no drift carries past a span or a
/// wide character. In HTML the text flows in a `<pre>` of a monospace font, one cell a `ch`, and
/// each wide character is an inline block of its columns in `ch`, whatever its glyph's width.
package enum FramePicture {
  /// The picture of `frame` at `columns` (each line cut to them, as the interactive mode cuts
  /// it: a URL cut so still links whole), `rows` lines tall (the frame's own lines when nil).
  package static func draw(
    _ frame: Frame, as format: PictureFormat, columns: Int, rows: Int? = nil, theme: Theme = .terminal,
    glyphs: Glyphs = .unicode
  ) -> String {
    let layout = Layout(frame, columns: columns, rows: rows, theme: theme, glyphs: glyphs)
    switch format {
    case .svg: return svg(layout)
    case .html: return html(layout)
    }
  }

  /// The theme of a picture under `--color`: the interactive mode's, whatever the terminal
  /// (`TERM`, `NO_COLOR`: a picture is a file, not a terminal); `never` draws plain text, no link.
  package static func theme(_ mode: ColorMode) -> Theme { mode == .never ? .plain : .terminal }

  // MARK: - Layout

  /// A frame on a grid of cells: for each row, its spans, each in runs placed by column.
  struct Layout {
    struct Run {
      var column: Int
      var cells: Int
      var text: String
      /// One character of two columns or more, drawn alone.
      var wide: Bool
    }

    /// A span of the frame, as drawn: its attributes, its link, and its runs.
    struct Piece {
      var attributes: [TerminalControl.Attribute]
      var link: String?
      var runs: [Run]
      var column: Int
      var cells: Int
    }

    var columns: Int
    var rows: Int
    var lines: [[Piece]]
    var cursor: (row: Int, column: Int)?
    var title: String

    init(_ frame: Frame, columns: Int, rows: Int?, theme: Theme, glyphs: Glyphs) {
      self.columns = max(1, columns)
      self.rows = max(1, rows ?? frame.lines.count)
      title = FramePicture.safe(frame.lines.first?.text ?? "")
      lines = frame.lines.prefix(self.rows).enumerated().map { index, line in
        Self.pieces(line, at: index, in: frame, columns: max(1, columns), theme: theme, glyphs: glyphs)
      }
      if let cursor = frame.cursor, cursor.shown, cursor.row >= 0, cursor.row < self.rows, cursor.column >= 0,
        cursor.column <= self.columns
      {
        self.cursor = (cursor.row, cursor.column)
      }
    }

    /// A line's spans as pieces: cut to `columns`, the selection in its attributes (a bar across
    /// the width, or over its own spans beside a preview), as `FrameWriter` draws the line.
    static func pieces(
      _ line: Frame.Line, at index: Int, in frame: Frame, columns: Int, theme: Theme, glyphs: Glyphs
    ) -> [Piece] {
      var fitted = line.truncated(toColumns: columns, glyphs: glyphs)
      let selected = frame.isSelected(index) && theme.styled
      var covered = selected ? fitted.spans.count : 0
      if selected, frame.selectedSpans != nil {
        covered = frame.selection(of: fitted, at: index).selected.spans.count
      } else if selected {
        let room = columns - TextWidth.width(of: fitted.text)
        if room > 0 { fitted.spans.append(Frame.Span(String(repeating: " ", count: room))) }
        covered = fitted.spans.count
      }
      var pieces: [Piece] = []
      var column = 0
      for (number, span) in fitted.spans.enumerated() {
        let attributes = theme.attributes(for: span.role, selected: number < covered)
        let link = theme.links ? span.url.flatMap(FramePicture.linkTarget) : nil
        var piece = Piece(attributes: attributes, link: link, runs: [], column: column, cells: 0)
        var run = Run(column: column, cells: 0, text: "", wide: false)
        for character in FramePicture.safe(span.text) {
          let cells = TextWidth.columns(of: character)
          if cells >= 2 {
            if !run.text.isEmpty { piece.runs.append(run) }
            piece.runs.append(Run(column: column, cells: cells, text: String(character), wide: true))
            run = Run(column: column + cells, cells: 0, text: "", wide: false)
          } else {
            run.text.append(character)
            run.cells += cells
          }
          column += cells
        }
        if !run.text.isEmpty { piece.runs.append(run) }
        piece.cells = column - piece.column
        // Nothing past the width: a line cut to it never is, but a zero-width span may trail.
        guard piece.column < columns || piece.cells == 0 else { break }
        if !piece.runs.isEmpty { pieces.append(piece) }
      }
      return pieces
    }
  }

  /// The URL a span links to, or nil: only an http(s) URL that the terminal writer would make a
  /// hyperlink (`TerminalControl.link(to:)`: `WebURL.isValid`, no registered secret).
  static func linkTarget(_ url: String) -> String? {
    TerminalControl.isLinkable(url) && !SecretRegistry.shared.contains(url) ? url : nil
  }

  // MARK: - Text

  /// `text` with every registered secret redacted (before escaping, which would hide a secret
  /// holding `&` or `<` from the writer's own redaction), and every character no picture may hold
  /// from data as U+FFFD (a tab as a space): the controls and the rest of `TerminalSafe.isUnsafe`,
  /// and the noncharacters.
  static func safe(_ text: String) -> String {
    let text = SecretRegistry.shared.redact(text)
    guard text.unicodeScalars.contains(where: isRefused) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\t" {
        scalars.append(" ")
      } else {
        scalars.append(isRefused(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    return String(scalars)
  }

  /// Whether a picture never holds `scalar` as it is: a character of `TerminalSafe.isUnsafe`, or
  /// a noncharacter (U+FDD0–U+FDEF, and the last two code points of every plane), which XML 1.0
  /// refuses (U+FFFE, U+FFFF) or HTML calls an error.
  package static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return TerminalSafe.isUnsafe(scalar) || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
  }

  /// Text for XML or HTML, between tags or in a quoted attribute: `&`, `<`, `>`, `"` and `'` as
  /// references. `text` is already `safe`.
  static func escaped(_ text: String) -> String {
    guard MarkupText.needsEscaping(text) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if let reference = MarkupText.reference(for: scalar) {
        result += reference
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  // MARK: - Looks

  /// The picture's colours: a dark terminal's.
  enum Palette {
    static let background = "#1d1f23"
    static let foreground = "#d7dae0"
    static let dim = "#7f848e"
    static let yellow = "#e5c07b"
    static let red = "#e06c75"
  }

  /// A font whose advance is 0.6 em, first, so the grid below is the font's own where it is
  /// installed; any monospace font after.
  static let fonts = "'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace"
  /// Pixels: the font's size, a cell's width in tenths (0.6 em), a line's height, the margin.
  static let fontSize = 14
  static let cellTenths = 84
  static let lineHeight = 18
  static let margin = 12

  /// The CSS class of each attribute, in both formats.
  static func className(_ attribute: TerminalControl.Attribute) -> String {
    switch attribute {
    case .bold: "b"
    case .dim: "d"
    case .underline: "u"
    case .reverse: "r"
    case .red: "e"
    case .yellow: "y"
    }
  }

  static func classes(_ attributes: [TerminalControl.Attribute]) -> String {
    attributes.map(className).joined(separator: " ")
  }

  /// The colour a piece's text has (reverse video aside).
  static func color(_ attributes: [TerminalControl.Attribute]) -> String {
    attributes.contains(.red)
      ? Palette.red
      : attributes.contains(.yellow) ? Palette.yellow : attributes.contains(.dim) ? Palette.dim : Palette.foreground
  }

  /// Tenths of a pixel as a decimal, exact: `168` is `16.8`.
  static func decimal(tenths: Int) -> String {
    tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
  }

  // MARK: - SVG

  static func svg(_ layout: Layout) -> String {
    let x = { (column: Int) in decimal(tenths: margin * 10 + column * cellTenths) }
    let width = decimal(tenths: margin * 20 + layout.columns * cellTenths)
    let height = String(margin * 2 + layout.rows * lineHeight)
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
      width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" xml:space="preserve">
      <title>\(escaped(layout.title))</title>
      <style>
      text{font-family:\(fonts);font-size:\(fontSize)px;fill:\(Palette.foreground);white-space:pre}
      .b{font-weight:bold}.d{fill:\(Palette.dim)}.u{text-decoration:underline}.y{fill:\(Palette.yellow)}\
      .e{fill:\(Palette.red)}.r{fill:\(Palette.background)}
      </style>
      <rect width="100%" height="100%" fill="\(Palette.background)"/>

      """
    for (row, pieces) in layout.lines.enumerated() {
      let top = margin + row * lineHeight
      // Reverse video first, the text over it: one rectangle for the pieces side by side of one
      // colour, so no seam shows between them.
      var bars: [(column: Int, cells: Int, fill: String)] = []
      for piece in pieces where piece.attributes.contains(.reverse) && piece.cells > 0 {
        let fill = color(piece.attributes.filter { $0 != .dim })
        if let last = bars.last, last.fill == fill, last.column + last.cells == piece.column {
          bars[bars.count - 1].cells += piece.cells
        } else {
          bars.append((piece.column, piece.cells, fill))
        }
      }
      for bar in bars {
        out += "<rect x=\"\(x(bar.column))\" y=\"\(top)\" width=\"\(decimal(tenths: bar.cells * cellTenths))\" "
        out += "height=\"\(lineHeight)\" fill=\"\(bar.fill)\"/>\n"
      }
      let baseline = String(top + 14)
      for piece in pieces {
        let shown = piece.runs.filter { !$0.text.allSatisfy { $0 == " " } || piece.attributes.contains(.underline) }
        guard !shown.isEmpty else { continue }
        if let link = piece.link {
          let target = escaped(link)
          out += "<a href=\"\(target)\" xlink:href=\"\(target)\">"
        }
        let names = classes(piece.attributes)
        for run in shown {
          out += "<text x=\"\(x(run.column))\" y=\"\(baseline)\""
          if !names.isEmpty { out += " class=\"\(names)\"" }
          if !run.wide, run.text.unicodeScalars.count > 1 {
            out += " textLength=\"\(decimal(tenths: run.cells * cellTenths))\" lengthAdjust=\"spacingAndGlyphs\""
          }
          out += ">" + escaped(run.text) + "</text>"
        }
        if piece.link != nil { out += "</a>" }
        out += "\n"
      }
    }
    if let cursor = layout.cursor {
      out += "<rect x=\"\(x(cursor.column))\" y=\"\(margin + cursor.row * lineHeight)\" width=\"2\" "
      out += "height=\"\(lineHeight)\" fill=\"\(Palette.foreground)\"/>\n"
    }
    out += "</svg>\n"
    return out
  }

  // MARK: - HTML

  static func html(_ layout: Layout) -> String {
    let width = "calc(\(layout.columns)ch + \(margin * 2)px)"
    var out = """
      <!DOCTYPE html>
      <html>
      <head>
      <meta charset="utf-8">
      <title>\(escaped(layout.title))</title>
      <style>
      pre.screenrun{position:relative;box-sizing:border-box;width:\(width);min-height:\(margin * 2 + layout.rows * lineHeight)px;\
      margin:0;padding:\(margin)px;overflow:hidden;background:\(Palette.background);color:\(Palette.foreground);\
      font-family:\(fonts);font-size:\(fontSize)px;line-height:\(lineHeight)px}
      pre.screenrun a{color:inherit;text-decoration:none}
      .b{font-weight:bold}.d{color:\(Palette.dim)}.u,pre.screenrun a.u{text-decoration:underline}\
      .y{color:\(Palette.yellow)}.e{color:\(Palette.red)}
      .r{color:\(Palette.background);background:\(Palette.foreground)}.r.y{background:\(Palette.yellow)}\
      .r.e{background:\(Palette.red)}.r.y,.r.e{color:\(Palette.background)}
      .w{display:inline-block;width:2ch}
      .c{position:absolute;width:2px;height:\(lineHeight)px;background:\(Palette.foreground)}
      </style>
      </head>
      <body>
      <pre class="screenrun">

      """
    for (row, pieces) in layout.lines.enumerated() {
      if row > 0 { out += "\n" }
      for piece in pieces {
        let names = classes(piece.attributes)
        let attributes = names.isEmpty ? "" : " class=\"\(names)\""
        let tag = piece.link == nil ? "span" : "a"
        if let link = piece.link {
          out += "<a href=\"\(escaped(link))\"\(attributes)>"
        } else if !names.isEmpty {
          out += "<span\(attributes)>"
        }
        for run in piece.runs {
          if run.wide {
            let style = run.cells == 2 ? "" : " style=\"width:\(run.cells)ch\""
            out += "<span class=\"w\"\(style)>" + escaped(run.text) + "</span>"
          } else {
            out += escaped(run.text)
          }
        }
        if piece.link != nil || !names.isEmpty { out += "</\(tag)>" }
      }
    }
    if let cursor = layout.cursor {
      out += "<span class=\"c\" style=\"left:calc(\(margin)px + \(cursor.column)ch);"
      out += "top:\(margin + cursor.row * lineHeight)px\"></span>"
    }
    out += "</pre>\n</body>\n</html>\n"
    return out
  }
}
