import ScreenText

/// When output is styled: `--color auto|always|never`, as `ls` and `grep` take it.
package enum ColorMode: String, Sendable, CaseIterable {
  /// The interactive mode is styled; `--once`, `--script` and screen tests are plain, whether
  /// stdout is a terminal or not. `screenrun test`'s diff is in colour on a terminal.
  case auto
  /// `--once` and `--script` are styled too (they still write no hyperlink); a screen test's
  /// transcript stays text (its `styles: true` setting shows roles as markup).
  case always
  /// No attribute anywhere: the selection shows by its marker alone.
  case never
}

/// What each role of a frame looks like: a small set of SGR attributes, and whether URLs become
/// OSC 8 hyperlinks.
///
/// Roles are the model's words (`Frame.Role`); only the theme knows attributes, so NO_COLOR,
/// `TERM=dumb` and `--color` change the theme and nothing else.
package struct Theme: Sendable, Equatable {
  /// Whether any attribute is written.
  package var styled: Bool
  /// Whether colours are written (NO_COLOR turns them off, keeping bold, dim, underline and
  /// reverse video, as no-color.org asks).
  package var colors: Bool
  /// Whether a span's URL is written as an OSC 8 hyperlink.
  package var links: Bool

  package init(styled: Bool, colors: Bool, links: Bool) {
    self.styled = styled
    self.colors = colors && styled
    self.links = links
  }

  /// No attribute and no link: plain text.
  package static let plain = Theme(styled: false, colors: false, links: false)
  /// The interactive mode's theme.
  package static let terminal = Theme(styled: true, colors: true, links: true)

  /// The theme of an output: `interactive` for the full-screen mode, else a plain output
  /// (`--once`, `--script`, a screen test). `TERM=dumb` and, under `auto`, a plain output get no
  /// attribute; a non-empty `NO_COLOR` turns colours off unless `--color always` asks for them.
  package static func resolve(_ mode: ColorMode, interactive: Bool, environment: [String: String]) -> Theme {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    switch mode {
    case .never:
      return .plain
    case .always:
      return Theme(styled: true, colors: true, links: interactive)
    case .auto:
      guard interactive, environment["TERM"] != "dumb" else { return .plain }
      return Theme(styled: true, colors: !noColor, links: true)
    }
  }

  /// Whether `screenrun test` writes its report and diffs in colour: under `auto`, on a terminal
  /// and with NO_COLOR unset or empty.
  package static func colorsDiff(_ mode: ColorMode, terminal: Bool, environment: [String: String]) -> Bool {
    switch mode {
    case .never: false
    case .always: true
    case .auto: terminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
  }

  /// The attributes of a span of `role`, on the selected row or not.
  package func attributes(for role: Frame.Role, selected: Bool = false) -> [TerminalControl.Attribute] {
    guard styled else { return [] }
    var set: [TerminalControl.Attribute]
    switch role {
    case .body: set = []
    case .title: set = [.bold]
    case .dim, .status: set = [.dim]
    case .match: set = colors ? [.bold, .yellow] : [.bold, .underline]
    case .link: set = [.underline]
    case .focusedLink: set = [.underline, .reverse]
    case .error: set = colors ? [.red] : [.bold]
    }
    if selected {
      // The selection is one bar: dim text in it would be hard to read.
      set.removeAll { $0 == .dim }
      if !set.contains(.reverse) { set.append(.reverse) }
    }
    return set
  }
}
