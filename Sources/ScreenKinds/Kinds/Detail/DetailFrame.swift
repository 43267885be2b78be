import ScreenFormat
import ScreenJSON
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

  static func keys(_ glyphs: Glyphs) -> [String] {
    ["\(glyphs.upDown) scroll", "Esc back", "Ctrl-C quit", "Ctrl-R reload"]
  }
  /// The keys of a screen with links: the links' keys come after scrolling.
  static func linkKeys(_ glyphs: Glyphs) -> [String] {
    ["\(glyphs.upDown) scroll", "Tab link", "Enter open", "Esc back", "Ctrl-C quit", "Ctrl-R reload"]
  }
  /// The keys of a screen showing one link: Enter opens it, focused or not.
  static func oneLinkKeys(_ glyphs: Glyphs) -> [String] {
    ["\(glyphs.upDown) scroll", "Enter open link", "Esc back", "Ctrl-C quit", "Ctrl-R reload"]
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

  /// The frame: the title, the rules and the footer in their roles, URLs as links, the focused
  /// link as the selected row.
  package func frame() -> Frame {
    var focused: Int?
    let lines = lines(focusedRow: &focused)
    var frame = Frame(lines: lines.map { Frame.Line(linking: $0) }, selectedRow: focused)
    if !frame.lines.isEmpty { frame.lines[0] = Frame.Line(lines[0], role: .title) }
    if let row = focused, frame.lines.indices.contains(row) {
      frame.lines[row] = frame.lines[row].replacingRole(.body, with: .focusedLink)
    }
    return frame
  }

  package func lines() -> [String] {
    var focused: Int?
    return lines(focusedRow: &focused)
  }

  /// The lines, and in `focusedRow` the row of the focused link when it is in sight.
  private func lines(focusedRow: inout Int?) -> [String] {
    let context = self.context
    let glyphs = options.glyphs
    let header = [TextRenderer.title(screen, context), glyphs.rule(width)]
    var body: [String]
    var links: Int?
    switch state.status {
    case .idle, .loading: body = [TextRenderer.loadingLine(options)]
    case .error(let error): body = TextRenderer.errorLines(error, interactive: interactive, width: width)
    case .loaded:
      let sections = sections(context)
      body = sections.lines
      links = sections.links.count
      if interactive, let focus = state.focus, sections.links.indices.contains(focus) {
        focusedRow = sections.links[focus]
      }
    }
    var footer = [glyphs.rule(width)]
    if let text = screen.spec.footer?.line(in: context), !text.isEmpty { footer.append(text) }
    if interactive {
      let keys =
        detail.targets.isEmpty || links == 0 ? Self.keys : links == 1 ? Self.oneLinkKeys : Self.linkKeys
      footer.append(TextRenderer.keyHelp(keys(glyphs), options: options))
    }
    if let height = options.height {
      let budget = max(1, height - header.count - footer.count)
      let scroll = options.scroll > 0 ? options.scroll : state.scroll
      let start = min(scroll, max(0, body.count - budget))
      if let row = focusedRow, row >= start, row < start + budget { focusedRow = row - start } else { focusedRow = nil }
      body = Array(body.dropFirst(start).prefix(budget))
      body += Array(repeating: "", count: budget - body.count)
    }
    focusedRow = focusedRow.map { header.count + $0 }
    return header + body + footer
  }

  /// The body's lines, and the line of each link, in order.
  package func sections(_ context: TemplateContext) -> (lines: [String], links: [Int]) {
    var lines: [String] = []
    var links: [Int] = []
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
        if let header { lines.append(header.line(in: context)) }
        lines += TextWidth.wrap(text, toColumns: width)
      case .image(let label, let value):
        let label = label.line(in: context)
        // A URL is only useful whole: it goes on its own lines rather than being cut.
        guard let url = value.lineIfAny(in: context) else {
          lines.append(label + ": none")
          break
        }
        if TextWidth.width(of: label) + 2 + TextWidth.width(of: url) <= width {
          lines.append(label + ": " + url)
        } else {
          lines.append(label + ":")
          lines += TextWidth.wrap(url, toColumns: width)  // a URL stays whole, alone on its line
        }
      case .fields(let header, let fields):
        if let header { lines.append(header.line(in: context)) }
        let labels = fields.map { $0.label.line(in: context) }
        let labelWidth = labels.map { TextWidth.width(of: $0) }.max() ?? 0
        for (field, label) in zip(fields, labels) {
          let label = TextWidth.pad(label, toColumns: labelWidth)
          let valueLines = TextWidth.wrap(field.value.line(in: context), toColumns: max(10, width - labelWidth - 2))
          for (index, line) in valueLines.enumerated() {
            if FrameLine.isURL(line), labelWidth + 2 + TextWidth.width(of: line) > width {
              // Too long to follow the label: the URL goes alone on its own line, whole.
              if index == 0 { lines.append(label.trimmingWhitespace()) }
              lines.append(line)
              continue
            }
            lines.append((index == 0 ? label : String(repeating: " ", count: labelWidth)) + "  " + line)
          }
        }
      case .list(let header, let path, let row, let empty, let limit, let select, let total):
        if let header { lines.append(header.line(in: context)) }
        let items = state.record?[path: path]?.arrayValue ?? []
        if items.isEmpty {
          lines.append("  " + (empty?.line(in: context) ?? "None."))
        }
        let shown = items.prefix(limit ?? items.count)
        for item in shown {
          var itemContext = context
          itemContext.record = item
          lines.append((select == nil ? "  " : marker()) + glyphs.bullet + row.line(in: itemContext))
        }
        if !shown.isEmpty, let more = Self.more(shown: shown.count, of: items.count, total: total, in: context) {
          lines.append("  \(glyphs.ellipsis) and \(TemplateFilter.grouped(more)) more")
        }
      case .link(let label, _):
        lines.append(marker() + glyphs.link + label.line(in: context))
      }
    }
    return (lines, links)
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
  /// it); nil for anything else, and for one too big to count.
  static func wholeNumber(_ text: String) -> Int? {
    let digits = text.replacingOccurrences(",", with: "")
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return Int(digits)
  }
}
