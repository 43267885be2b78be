import ScreenFormat
import ScreenJSON
import ScreenTerminal
import ScreenText

/// The lines of a detail screen: title, then its sections in order, then the footer.
struct DetailFrame {
  package let screen: ScreenState
  package let detail: DetailSpec
  package let state: DetailViewModel.State
  package let options: RenderOptions

  private var width: Int { options.width }
  private var interactive: Bool { options.height != nil }

  package var context: TemplateContext {
    var meta: [String: JSON] = [:]
    if let attribution = state.attribution { meta[MetaKey.attribution] = .string(attribution) }
    return TemplateContext(record: state.record, params: screen.parameters, meta: meta)
  }

  /// How many links the screen shows at this viewport's width.
  static func linkCount(screen: ScreenState, detail: DetailSpec, state: DetailViewModel.State, viewport: Viewport)
    -> Int
  {
    let frame = DetailFrame(
      screen: screen, detail: detail, state: state,
      options: RenderOptions(width: viewport.columns, height: viewport.rows))
    return frame.sections(frame.context).links.count
  }

  /// The frame: the title bold, the rules, the footer and the key hints dim, an error in its
  /// role, URLs as links, and the focused link, in its role, as the selected row.
  package func frame() -> Frame {
    let parts = self.parts()
    var frame = Frame()
    frame.lines.reserveCapacity(parts.header.count + parts.body.count + parts.footer.count)
    for (index, line) in parts.header.enumerated() {
      frame.lines.append(Frame.Line(line, role: index == parts.header.count - 1 ? .dim : .title))
    }
    for (index, text) in parts.body.enumerated() {
      guard let label = parts.labels[index] else {
        frame.lines.append(Frame.Line(linking: text, role: parts.bodyRole))
        continue
      }
      let split = text.utf8.index(text.utf8.startIndex, offsetBy: label)
      var line = Frame.Line(String(text[..<split]), role: .dim)
      line.append(Frame.Line(linking: String(text[split...]), role: parts.bodyRole))
      frame.lines.append(line)
    }
    frame.lines += parts.footer.map { Frame.Line(linking: $0, role: .dim) }
    if let row = parts.focused {
      frame.selectedRow = parts.header.count + row
      frame.lines[parts.header.count + row] = frame.lines[parts.header.count + row].replacingRole(
        .body, with: .focusedLink)
    }
    return frame
  }

  package func lines() -> [String] {
    let parts = self.parts()
    return parts.header + parts.body + parts.footer
  }

  /// A frame's three parts as text: the header (the title's lines and a rule), the body as it
  /// shows (scrolled to the height), the footer; the role of the body's text, and the body's row
  /// of the focused link when it is in sight.
  private struct Parts {
    var header: [String]
    var body: [String]
    var footer: [String]
    var bodyRole = Frame.Role.body
    var focused: Int?
    /// The body's rows that start with a field's label, and its length in UTF-8 bytes.
    var labels: [Int: Int] = [:]
    /// The first line of the body that the last screenful starts at: how far it can scroll.
    var lastScroll = 0
  }

  /// How many lines of the body a terminal of the options' height shows, between the title and
  /// the footer as they wrap: what a page is, and how far a focused link may be from the top.
  package var bodyRows: Int { parts().body.count }

  /// How far the body can scroll in a terminal of the options' height: until its last line is
  /// at the bottom (0 when it fits). A scroll kept from a smaller terminal counts as this far.
  package var lastScroll: Int { parts().lastScroll }

  private func parts() -> Parts {
    let context = self.context
    let glyphs = options.glyphs
    // Nothing of a detail screen is cut: the title and the footer wrap, as the body does.
    let header = capped(TextWidth.wrap(TextRenderer.title(screen, context), toColumns: width)) + [glyphs.rule(width)]
    var body: [String]
    var bodyRole = Frame.Role.body
    var focused: Int?
    var labels: [Int: Int] = [:]
    switch state.status {
    case .idle, .loading:
      body = [TextRenderer.loadingLine(options)]
      bodyRole = .dim
    case .error(let error):
      body = TextRenderer.errorLines(error, interactive: interactive, width: width)
      bodyRole = .error
    case .loaded:
      let sections = sections(context)
      body = sections.lines
      labels = sections.labels
      if interactive, let focus = state.focus, sections.links.indices.contains(focus) {
        focused = sections.links[focus]
      }
    }
    var footer = [glyphs.rule(width)]
    if let text = screen.spec.footer?.line(in: context), !text.isEmpty {
      footer += capped(TextWidth.wrap(text, toColumns: width))
    }
    if interactive {
      footer.append(
        TextRenderer.keyHelp(
          DetailKind.hints(state, detail, screen, options), width: screen.keyLineWidth ?? width, glyphs: glyphs))
    }
    var lastScroll = 0
    if let height = options.height {
      let budget = max(1, height - header.count - footer.count)
      let scroll = options.scroll > 0 ? options.scroll : state.scroll
      lastScroll = max(0, body.count - budget)
      let start = min(scroll, lastScroll)
      if let row = focused, row >= start, row < start + budget { focused = row - start } else { focused = nil }
      labels = Dictionary(
        uniqueKeysWithValues: labels.filter { $0.key >= start && $0.key < start + budget }.map {
          ($0.key - start, $0.value)
        })
      body = Array(body.dropFirst(start).prefix(budget))
      body += Array(repeating: "", count: budget - body.count)
    }
    return Parts(
      header: header, body: body, footer: footer, bodyRole: bodyRole, focused: focused, labels: labels,
      lastScroll: lastScroll)
  }

  /// The title's or the footer's lines, capped in a terminal (`TextRenderer.capped`).
  private func capped(_ lines: [String]) -> [String] { TextRenderer.capped(lines, options) }

  /// The body's lines, the line of each link, in order, and for the lines that start with a
  /// field's label, how many of their UTF-8 bytes it takes.
  package func sections(_ context: TemplateContext) -> (lines: [String], links: [Int], labels: [Int: Int]) {
    var lines: [String] = []
    var links: [Int] = []
    var labelBytes: [Int: Int] = [:]
    let glyphs = options.glyphs
    /// The start of a link's line: "› " on the focused link in the interactive mode.
    func marker() -> String {
      links.append(lines.count)
      return interactive && state.focus == links.count - 1 ? glyphs.selectionMarker : "  "
    }
    for section in detail.sections {
      // A section is set off by a blank line, unless it comes out empty: then it takes no space.
      let start = lines.count
      if !lines.isEmpty { lines.append("") }
      switch section {
      case .text(let header, let value, let empty):
        var text = TerminalSafe.sanitize(value.render(in: context), keepNewlines: true).trimmingWhitespace()
        if text.isEmpty { text = empty?.line(in: context) ?? "" }
        guard !text.trimmingWhitespace().isEmpty else {
          lines.removeSubrange(start...)
          continue
        }
        if let header { lines += TextWidth.wrap(header.line(in: context), toColumns: width) }
        lines += TextWidth.wrap(text, toColumns: width)
      case .image(let label, let value):
        let label = label.line(in: context)
        // A URL is only useful whole: it goes on its own lines rather than being cut.
        guard let url = value.lineIfAny(in: context) else {
          lines += TextWidth.wrap(label + ": none", toColumns: width)
          break
        }
        if TextWidth.width(of: label) + 2 + TextWidth.width(of: url) <= width {
          lines.append(label + ": " + url)
        } else {
          lines += TextWidth.wrap(label + ":", toColumns: width)
          lines += TextWidth.wrap(url, toColumns: width)  // a URL stays whole, alone on its line
        }
      case .fields(let header, let fields):
        if let header { lines += TextWidth.wrap(header.line(in: context), toColumns: width) }
        let labels = fields.map { $0.label.line(in: context) }
        let labelWidth = labels.map { TextWidth.width(of: $0) }.max() ?? 0
        for (field, label) in zip(fields, labels) {
          let first = lines.count
          let value = field.value.line(in: context)
          let beside = Self.fitsBeside(value, labelWidth: labelWidth, width: width)
          let fieldLines = Self.fieldLines(label: label, labelWidth: labelWidth, value: value, width: width)
          // The label is a secondary text: its bytes at the start of its lines are dim.
          if beside {
            if let line = fieldLines.first, !label.isEmpty, line.hasPrefix(label) {
              labelBytes[first] = label.utf8.count
            }
          } else {
            for (index, line) in fieldLines.prefix(TextWidth.wrap(label, toColumns: width).count).enumerated() {
              labelBytes[first + index] = line.utf8.count
            }
          }
          lines += fieldLines
        }
      case .list(let header, let path, let row, let empty, let limit, let select, let total, let children):
        if let header { lines += TextWidth.wrap(header.line(in: context), toColumns: width) }
        let items = Section.items(of: state.record, path: path, children: children, limit: limit)
        if items.count == 0 {
          lines += TextWidth.wrap(empty?.line(in: context) ?? "None.", toColumns: width, lead: "  ")
        }
        let shown = items.nodes
        // A tree's item is indented two columns a level, up to half the width.
        let deepest = max(0, width / 4)
        for node in shown {
          var itemContext = context
          itemContext.record = node.record
          if children != nil { itemContext.depth = node.depth }
          // An item wraps with a hanging indent, under its first character.
          var lead = ""
          lead.appendSpaces(2 * min(node.depth, deepest))
          lead += (select == nil ? "  " : marker()) + glyphs.bullet
          lines += TextWidth.wrap(row.line(in: itemContext), toColumns: width, lead: lead)
        }
        if !shown.isEmpty, let more = Self.more(shown: shown.count, of: items.count, total: total, in: context) {
          var text = "\(glyphs.ellipsis) and \(TemplateFilter.grouped(more)) more"
          // A total beyond the array says that it counts them all, not the array's (a list of them
          // that a select opens may hold only the array's, or only those a sample recorded).
          if shown.count + more > items.count { text += " (\(TemplateFilter.grouped(shown.count + more)) in all)" }
          lines += TextWidth.wrap(text, toColumns: width, lead: "  ")
        }
      case .link(let label, _):
        lines += TextWidth.wrap(label.line(in: context), toColumns: width, lead: marker() + glyphs.link)
      }
    }
    return (lines, links, labelBytes)
  }

  /// The narrowest column in which a field's value may wrap beside the labels; a value that
  /// needs more lines than one in a narrower column goes under its label instead.
  static let minimumValueColumns = 12

  /// Whether a field's value goes beside the labels (padded to `labelWidth`) in `width`: where
  /// the column left for it breaks none of the words that the room under the label would keep
  /// whole (a URL stands whole on a line of its own wherever it goes), and, in a column narrower
  /// than `minimumValueColumns`, where the value fits on one line. A value that does not goes
  /// under its label, so only the fields that do not fit stack: at 20 columns `Comics  12` stays
  /// on one line, and at 50 a commit's 40-character SHA goes whole under its label rather than
  /// broken beside it.
  static func fitsBeside(_ value: String, labelWidth: Int, width: Int) -> Bool {
    let room = width - labelWidth - 2
    guard room >= 1 else { return false }
    if room < minimumValueColumns { return TextWidth.width(of: value, upTo: room) <= room }
    let under = width - 2
    for word in value.split(separator: " ") where !FrameLine.isURL(word) {
      let columns = TextWidth.width(of: word, upTo: under)
      if columns > room, columns <= under { return false }
    }
    return true
  }

  /// The lines of one field: the label padded to `labelWidth`, then its value wrapped in the
  /// column beside it, where it fits there (`fitsBeside`); else the label wrapped on lines of its
  /// own and the value below it, indented by two columns. Nothing of either is cut, and a URL too
  /// wide for its room stands whole on a line of its own.
  static func fieldLines(label: String, labelWidth: Int, value: String, width: Int) -> [String] {
    if fitsBeside(value, labelWidth: labelWidth, width: width) {
      var lead = TextWidth.pad(label, toColumns: labelWidth)
      lead += "  "
      return TextWidth.wrap(value, toColumns: width, lead: lead)
    }
    return TextWidth.wrap(label, toColumns: width) + TextWidth.wrap(value, toColumns: width, lead: "  ")
  }

  /// How many items a limited list section does not show: its `total` (as a whole number, when
  /// it renders as one, and at least what is shown) less those shown, else what is left of the
  /// array; nil for none.
  package static func more(shown: Int, of count: Int, total: Template?, in context: TemplateContext) -> Int? {
    var all = count
    if let text = total?.render(in: context).trimmingWhitespace(), let number = Self.wholeNumber(text) {
      all = max(number, count)
    }
    return all > shown ? all - shown : nil
  }

  /// A text of a whole number, its digits perhaps grouped by commas ("3,954", as `number` writes
  /// it: one to three digits, then groups of exactly three); nil for anything else ("1,0,0",
  /// "5,", ",5"), and for one too big to count.
  static func wholeNumber(_ text: String) -> Int? {
    let groups = text.split(separator: ",", omittingEmptySubsequences: false)
    guard let first = groups.first, (1...3).contains(first.utf8.count) || groups.count == 1,
      groups.dropFirst().allSatisfy({ $0.utf8.count == 3 })
    else { return nil }
    let digits = groups.joined()
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return Int(digits)
  }
}
