/// The lines of a detail screen: title, then its sections in order, then the footer.
struct DetailFrame {
  let screen: ScreenState
  let detail: DetailSpec
  let state: DetailViewModel.State
  let options: RenderOptions

  private var width: Int { options.width }
  private var interactive: Bool { options.height != nil }

  var context: TemplateContext {
    var meta: [String: JSON] = [:]
    if let attribution = state.attribution { meta[MetaKey.attribution] = .string(attribution) }
    return TemplateContext(record: state.record, params: screen.parameters, meta: meta)
  }

  static let keys = ["↑↓ scroll", "Esc back", "Ctrl-C quit", "Ctrl-R reload"]
  /// The keys of a screen with links: the links' keys come after scrolling.
  static let linkKeys = ["↑↓ scroll", "Tab link", "Enter open", "Esc back", "Ctrl-C quit", "Ctrl-R reload"]

  func lines() -> [String] {
    let context = self.context
    let header = [TextRenderer.title(screen, context), TextRenderer.rule(width)]
    var footer = [TextRenderer.rule(width)]
    if let text = screen.spec.footer?.line(in: context), !text.isEmpty { footer.append(text) }
    if interactive {
      footer.append(TextRenderer.keyHelp(detail.targets.isEmpty ? Self.keys : Self.linkKeys, width: width))
    }

    var body: [String]
    switch state.status {
    case .idle, .loading: body = [TextRenderer.loadingLine(options)]
    case .error(let error): body = TextRenderer.errorLines(error, interactive: interactive, width: width)
    case .loaded: body = sections(context).lines
    }
    if let height = options.height {
      let budget = max(1, height - header.count - footer.count)
      let scroll = options.scroll > 0 ? options.scroll : state.scroll
      let start = min(scroll, max(0, body.count - budget))
      body = Array(body.dropFirst(start).prefix(budget))
      body += Array(repeating: "", count: budget - body.count)
    }
    return header + body + footer
  }

  /// The body's lines, and the line of each link, in order.
  func sections(_ context: TemplateContext) -> (lines: [String], links: [Int]) {
    var lines: [String] = []
    var links: [Int] = []
    /// The start of a link's line: "› " on the focused link in the interactive mode.
    func marker() -> String {
      links.append(lines.count)
      return interactive && state.focus == links.count - 1 ? FrameLine.selectionMarker : "  "
    }
    for section in detail.sections {
      if !lines.isEmpty { lines.append("") }
      switch section {
      case .text(let header, let value, let empty):
        if let header { lines += [header] }
        var text = TerminalSafe.sanitize(value.render(in: context), keepNewlines: true).trimmingWhitespace()
        if text.isEmpty { text = empty?.line(in: context) ?? "" }
        lines += TextWidth.wrap(text, toColumns: width)
      case .image(let label, let value):
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
        if let header { lines += [header] }
        let labelWidth = fields.map { TextWidth.width(of: $0.label) }.max() ?? 0
        for field in fields {
          let label = TextWidth.pad(field.label, toColumns: labelWidth)
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
      case .list(let header, let path, let row, let empty, let limit, let select):
        if let header { lines.append(header) }
        let items = state.record?[path: path]?.arrayValue ?? []
        if items.isEmpty {
          lines.append("  " + (empty?.line(in: context) ?? "None."))
        }
        for item in items.prefix(limit ?? items.count) {
          var itemContext = context
          itemContext.record = item
          lines.append((select == nil ? "  " : marker()) + "• " + row.line(in: itemContext))
        }
        if let limit, items.count > limit { lines.append("  … and \(items.count - limit) more") }
      case .link(let label, _):
        lines.append(marker() + "→ " + label.line(in: context))
      }
    }
    return (lines, links)
  }
}
