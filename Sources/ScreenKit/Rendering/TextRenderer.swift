/// Draws a screen's state as plain text: a pure function of the state, the spec and the width.
///
/// Every text that comes from data passes through `TerminalSafe`, so no escape sequence reaches
/// the terminal, and every line is cut to the width by columns, so wide characters stay aligned.
public enum TextRenderer {
  static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  public static func render(_ screen: ScreenState, options: RenderOptions = RenderOptions()) -> String {
    let lines: [String]
    switch screen.content {
    case .list(let state): lines = ListFrame(screen: screen, state: state, options: options).lines()
    case .detail(let state): lines = DetailFrame(screen: screen, state: state, options: options).lines()
    }
    return lines.map { fit($0, options.width) }.joined(separator: "\n") + "\n"
  }

  /// A line cut to the width, with no trailing spaces.
  static func fit(_ line: String, _ width: Int) -> String {
    var cut = TextWidth.truncate(line, toColumns: width)
    while cut.last == " " { cut.removeLast() }
    return cut
  }

  static func rule(_ width: Int) -> String { String(repeating: "─", count: width) }

  static func loadingLine(_ options: RenderOptions, _ text: String = "Loading…") -> String {
    options.height == nil ? text : "\(spinner[options.spinnerPhase % spinner.count]) \(text)"
  }

  static func errorLines(_ error: DataSourceError, interactive: Bool) -> [String] {
    var lines = ["error: " + TerminalSafe.sanitize(error.description)]
    if interactive { lines.append("Ctrl-R to retry") }
    return lines
  }
}

extension Template {
  /// Renders for the terminal: control characters and escapes made harmless, one line.
  func line(in context: TemplateContext) -> String {
    TerminalSafe.sanitize(render(in: context))
  }
}
