import ScreenFormat
import ScreenKit
import ScreenText

/// Draws a screen's state as plain text: a pure function of the state, the spec and the width.
///
/// Every text that comes from data passes through `TerminalSafe`, so no escape sequence reaches
/// the terminal, and every line is cut to the width by columns, so wide characters stay aligned.
package enum TextRenderer {
  package static func render(_ screen: ScreenState, options: RenderOptions = RenderOptions()) -> String {
    frame(screen, options: options).plainText
  }

  /// The screen's frame: the problems of a failed reload above the kind's lines, the status line
  /// above the key help (or last), every line cut to the width.
  package static func frame(_ screen: ScreenState, options: RenderOptions = RenderOptions()) -> Frame {
    var problems = problemLines(screen.problems, width: options.width, glyphs: options.glyphs)
    var status = screen.status.map { ["source: " + statusLine($0, options.glyphs)] } ?? []
    var options = options
    // A tab's bar stands over everything, on a row of its own.
    let tabBar = screen.tabBar.map { [$0.line] } ?? []
    if let height = options.height {
      let room = contentRoom(height: height - tabBar.count, problems: problems.count, status: !status.isEmpty)
      if room.problems < problems.count {
        // The frame keeps its smallest height: the problems that do not fit are counted.
        let hidden = problems.count - room.problems + 1
        problems =
          room.problems == 0
          ? []
          : Array(problems.prefix(room.problems - 1)) + [
            "! \(options.glyphs.ellipsis) \(hidden) more lines; below: the last screen that loaded"
          ]
      }
      if !room.showsStatus { status = [] }
      options.height = room.rows
    }
    var frame = screen.content.frame(screen, options)
    // A terminal frame ends with its key help; the status line goes just above it.
    frame.insert(
      status.map { Frame.Line($0, role: .status) },
      at: options.height == nil || frame.lines.isEmpty ? frame.lines.count : frame.lines.count - 1)
    frame.insert(problems.map { Frame.Line(linking: $0, role: .error) }, at: 0)
    frame.insert(tabBar, at: 0)
    for index in frame.lines.indices { frame.lines[index] = fit(frame.lines[index], options) }
    return frame
  }

  /// The rows a screen's own frame gets in a terminal of `height` rows, under `problems` lines
  /// of a failed reload and beside the status line (if `status`); how many of those problem
  /// lines show, and whether the status line does. The frame keeps its smallest height: the
  /// problems take what is left (the last line shown then counts the rest), and the status line
  /// gives way where there is no row left for it. The app's keys page and scroll by the same rows
  /// (`AppState.screenViewport`), so that what they reach is what is drawn.
  package static func contentRoom(height: Int, problems: Int, status: Bool)
    -> (rows: Int, problems: Int, showsStatus: Bool)
  {
    let shown = min(problems, max(0, height - RenderOptions.minimumHeight))
    let showsStatus = status && height - shown - 1 >= RenderOptions.minimumHeight
    return (max(RenderOptions.minimumHeight, height - shown - (showsStatus ? 1 : 0)), shown, showsStatus)
  }

  /// The data source's status line made safe, its items apart with the separator of `glyphs`
  /// (`SourceStatus.line()` joins them with the default one).
  static func statusLine(_ status: String, _ glyphs: Glyphs) -> String {
    let line = TerminalSafe.sanitize(status)
    return glyphs.isUnicode ? line : line.replacingOccurrences(Glyphs.unicode.separator, with: glyphs.separator)
  }

  /// The problems of a failed reload, above the frame, wrapped so that each can be read whole:
  /// the last good screen keeps running below.
  package static func problemLines(_ problems: [String], width: Int, glyphs: Glyphs) -> [String] {
    guard !problems.isEmpty else { return [] }
    var lines: [String] = []
    for problem in problems.prefix(3) {
      let wrapped = TextWidth.wrap(TerminalSafe.sanitize(problem), toColumns: max(10, width - 2))
      lines += wrapped.enumerated().map { line in
        // A URL too long to indent stays whole on its own line.
        let indent = line.offset == 0 ? "! " : "  "
        return FrameLine.isURL(line.element) && TextWidth.width(of: indent + line.element) > width
          ? line.element : indent + line.element
      }
    }
    if problems.count > 3 { lines.append("! \(glyphs.ellipsis) and \(problems.count - 3) more") }
    return lines + ["! the screen below is the last one that loaded"]
  }

  /// A line cut to the width, with no trailing spaces; a lone URL is kept whole where the
  /// options say so (`FrameLine`).
  package static func fit(_ line: String, _ options: RenderOptions) -> Substring {
    if options.keepsWholeURLs, FrameLine.isLoneURL(line) { return line[...] }
    return withoutTrailingSpaces(options.glyphs.truncate(line, toColumns: options.width))
  }

  /// `fit` for a frame's line: its spans keep their roles and URLs up to the cut.
  package static func fit(_ line: Frame.Line, _ options: RenderOptions) -> Frame.Line {
    let text = line.text
    if options.keepsWholeURLs, FrameLine.isLoneURL(text) { return line }
    return line.keepingCut(withoutTrailingSpaces(options.glyphs.truncate(text, toColumns: options.width)))
  }

  /// `text` without the spaces that end it. Only a space that follows ASCII (or starts the text)
  /// is sure to be a character of its own: one after a prepended mark (U+0600) is part of it, and
  /// stays. So the last space after anything else is left to the grapheme check.
  package static func withoutTrailingSpaces(_ text: String) -> Substring {
    let utf8 = text.utf8
    var end = utf8.endIndex
    while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
    guard end < utf8.endIndex else { return text[...] }
    guard end > utf8.startIndex, utf8[utf8.index(before: end)] >= 0x80 else { return text[..<end] }
    var rest = text[..<utf8.index(after: end)]
    if rest.last == " " { rest.removeLast() }
    return rest
  }

  /// A line of `width` "─": a piece of one made once, as frames of any usual width draw it
  /// (`Glyphs.rule(_:)` draws the rule of the frame's glyphs).
  package static func rule(_ width: Int) -> String { Glyphs.unicode.rule(width) }

  /// "Loading…", or another text and the ellipsis; with the spinner before it in a terminal.
  package static func loadingLine(_ options: RenderOptions, _ text: String = "Loading") -> String {
    let spinner = options.glyphs.spinner
    let text = text + options.glyphs.ellipsis
    return options.height == nil ? text : "\(spinner[options.spinnerPhase % spinner.count]) \(text)"
  }

  /// The key help line of `width` columns: the hints that fit, the least needed left out first
  /// (`KeyHint.Need`; of two equally needed, the later), never one cut. A hint left out for want
  /// of room leaves its room to the less needed ones that fit in it: at 90 columns a table drops
  /// its actions' long hints, and its shorter `PgUp/PgDn page` fits again. It shows the screen's own
  /// keys first, the most needed first, then the ways out and the help, in the same place on
  /// every screen: "↑↓ move · Enter open · Esc back · Ctrl-C quit · ? help".
  package static func keyHelp(_ hints: [KeyHint], width: Int, glyphs: Glyphs) -> String {
    let numbered = Array(hints.enumerated())
    let own = numbered.filter { !$0.element.need.isLast }.sorted {
      ($0.element.need, $0.offset) < ($1.element.need, $1.offset)
    }
    let last = numbered.filter(\.element.need.isLast).sorted {
      ($0.element.need, $0.offset) > ($1.element.need, $1.offset)
    }
    let shown = (own + last).map(\.element)
    let separator = TextWidth.width(of: glyphs.separator)
    var kept = Array(repeating: false, count: shown.count)
    var used = 0
    for index in shown.indices.sorted(by: { (shown[$0].need, $0) < (shown[$1].need, $1) }) {
      let room = TextWidth.width(of: shown[index].text(glyphs)) + (used == 0 ? 0 : separator)
      if used + room > width { continue }
      used += room
      kept[index] = true
    }
    return shown.indices.filter { kept[$0] }.map { shown[$0].text(glyphs) }.joined(separator: glyphs.separator)
  }

  /// In a terminal, the title's or the footer's lines of a detail or a list, at most a quarter of
  /// its height, the last one kept ending in the ellipsis: the body keeps its room, and the whole
  /// text is in the plain outputs, which have no height.
  package static func capped(_ lines: [String], _ options: RenderOptions) -> [String] {
    guard let height = options.height else { return lines }
    let most = max(1, height / 4)
    guard lines.count > most else { return lines }
    let ellipsis = options.glyphs.ellipsis
    var kept = Array(lines.prefix(most))
    let last = options.glyphs.truncate(
      kept[most - 1], toColumns: max(0, options.width - TextWidth.width(of: ellipsis)))
    kept[most - 1] = (last.hasSuffix(ellipsis) ? String(last.dropLast(ellipsis.count)) : last) + ellipsis
    return kept
  }

  /// A screen's title; where it renders blank (a record not loaded yet), what the screen shows.
  package static func title(_ screen: ScreenState, _ context: TemplateContext) -> String {
    let title = screen.spec.title.line(in: context)
    guard title.trimmingWhitespace().isEmpty else { return title }
    let values = screen.parameters.sorted { $0.key < $1.key }.map { TerminalSafe.sanitize($0.value) }
    return ([screen.spec.source.resource] + values).joined(separator: " ")
  }

  /// An error, wrapped rather than cut: it is what a person must act on.
  package static func errorLines(_ error: DataSourceError, interactive: Bool, width: Int) -> [String] {
    var lines = TextWidth.wrap("error: " + TerminalSafe.sanitize(error.description), toColumns: width)
    if interactive { lines.append("Ctrl-R to retry") }
    return lines
  }

  /// `errorLines` in a frame: the error's lines of role `.error`, the hint dim.
  package static func errorFrameLines(_ error: DataSourceError, interactive: Bool, width: Int) -> [Frame.Line] {
    var lines = TextWidth.wrap("error: " + TerminalSafe.sanitize(error.description), toColumns: width).map {
      Frame.Line(linking: $0, role: .error)
    }
    if interactive { lines.append(Frame.Line("Ctrl-R to retry", role: .dim)) }
    return lines
  }
}

extension Template {
  /// Renders for the terminal: control characters and escapes made harmless, one line.
  package func line(in context: TemplateContext) -> String {
    TerminalSafe.sanitize(render(in: context))
  }

  /// The line, rendered only as far as `columns` columns show (`render(in:showing:)`): for a
  /// row or a cell, which is cut to its width.
  package func line(in context: TemplateContext, showing columns: Int) -> String {
    TerminalSafe.sanitize(render(in: context, showing: columns))
  }

  /// The line, or nil when every hole in the template came out blank (a picture with no URL).
  package func lineIfAny(in context: TemplateContext) -> String? {
    let holes = expressions
    if !holes.isEmpty, holes.allSatisfy({ $0.evaluate(in: context).trimmingWhitespace().isEmpty }) {
      return nil
    }
    return line(in: context)
  }
}
