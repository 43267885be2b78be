/// What a screen draws, as a value: lines of spans, each span its text and its role (and perhaps
/// a URL), with the cursor and the selected row as data.
///
/// A renderer says what a piece of text is (a title, a hint, a link), never how it looks: the
/// terminal writer's theme turns roles into attributes and URLs into OSC 8 hyperlinks, and the
/// plain outputs (`--once`, `--script`, `screenrun test`) print `plainText`. Nothing downstream
/// reads the text back to find where the selection or the caret is.
///
///     var frame = Frame()
///     frame.lines.append(Frame.Line("Marvel Characters", role: .title))
///     frame.lines.append(Frame.Line(linking: "Home: https://example.com"))
///     frame.selectedRow = 3
package struct Frame: Sendable, Equatable {
  /// What a span of text is; the theme decides what each looks like.
  package enum Role: String, Sendable, Equatable, CaseIterable {
    case body
    case title
    /// Hints, rules, counts, secondary fields.
    case dim
    /// Where the search query matches in a row.
    case match
    case link
    /// The link that Enter opens.
    case focusedLink = "focused-link"
    case error
    /// The data source's status line and flash messages.
    case status
  }

  /// A run of text with one role, and the URL it opens, if any.
  package struct Span: Sendable, Equatable {
    package var text: String
    package var role: Role
    /// The whole URL the text stands for (the text may be cut); only the terminal writer makes
    /// it a hyperlink, and only when it is safe (`TerminalControl.link(to:)`).
    package var url: String?

    package init(_ text: String, role: Role = .body, url: String? = nil) {
      self.text = text
      self.role = role
      self.url = url
    }
  }

  /// One line of the frame.
  package struct Line: Sendable, Equatable {
    package var spans: [Span]

    package init(spans: [Span] = []) {
      self.spans = spans
    }

    /// A line of one span.
    package init(_ text: String, role: Role = .body) {
      spans = text.isEmpty ? [] : [Span(text, role: role)]
    }

    /// The line's text: its spans one after the other.
    package var text: String {
      if spans.count == 1 { return spans[0].text }
      var text = ""
      for span in spans { text += span.text }
      return text
    }

    package mutating func append(_ text: String, role: Role = .body, url: String? = nil) {
      guard !text.isEmpty else { return }
      if url == nil, let last = spans.last, last.role == role, last.url == nil {
        spans[spans.count - 1].text += text
      } else {
        spans.append(Span(text, role: role, url: url))
      }
    }

    package mutating func append(_ line: Line) {
      for span in line.spans { append(span.text, role: span.role, url: span.url) }
    }

    /// The same line with every span of role `from` given role `to`.
    package func replacingRole(_ from: Role, with to: Role) -> Line {
      Line(spans: spans.map { Span($0.text, role: $0.role == from ? to : $0.role, url: $0.url) })
    }
  }

  /// Where the terminal cursor goes: a row of the frame and a column of that row, both counted
  /// from 0, and whether it shows.
  package struct Cursor: Sendable, Equatable {
    package var row: Int
    package var column: Int
    package var shown: Bool

    package init(row: Int, column: Int, shown: Bool = true) {
      self.row = row
      self.column = column
      self.shown = shown
    }
  }

  package var lines: [Line]
  /// The terminal cursor (a search field's caret); nil to hide it.
  package var cursor: Cursor?
  /// The row drawn as the selection (a list's highlighted row, a detail screen's focused link).
  package var selectedRow: Int?
  /// How many lines from `selectedRow` the selection covers: a list's row and its subtitle, 2.
  package var selectedRows = 1
  /// For each line of the selection, how many of its spans, from its start, the selection covers
  /// (a list drawn beside its preview, `beside`); nil: the whole lines, drawn as bars across the
  /// width.
  package var selectedSpans: [Int]?

  /// Whether line `index` is part of the selection.
  package func isSelected(_ index: Int) -> Bool {
    guard let row = selectedRow else { return false }
    return index >= row && index < row + selectedRows
  }

  package init(lines: [Line] = [], cursor: Cursor? = nil, selectedRow: Int? = nil) {
    self.lines = lines
    self.cursor = cursor
    self.selectedRow = selectedRow
  }

  /// A frame of plain lines, one body span each.
  package init(plain lines: [String]) {
    self.init(lines: lines.map { Line($0) })
  }

  /// The frame as the plain outputs print it: each line and a newline; a frame of no lines is
  /// one empty line.
  package var plainText: String {
    guard !lines.isEmpty else { return "\n" }
    var text = ""
    for line in lines {
      for span in line.spans { text += span.text }
      text += "\n"
    }
    return text
  }

  /// Lines put above the frame's own: the cursor and the selection move down with their rows.
  package mutating func insert(_ new: [Line], at index: Int) {
    guard !new.isEmpty else { return }
    lines.insert(contentsOf: new, at: index)
    if let row = cursor?.row, row >= index { cursor?.row = row + new.count }
    if let row = selectedRow, row >= index { selectedRow = row + new.count }
  }
}
