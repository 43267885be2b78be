import ScreenText

/// The line over a tab of a tabs screen: the tabs screen's title, then each tab's title (with its
/// count of records), the one shown in brackets and styled as a title, so that it reads in plain
/// text too: `GitHub  [Stars (30)]  Active (30)  Search`.
package struct TabBar: Sendable, Equatable {
  package var title: String
  /// Each tab's title, as the bar shows it.
  package var tabs: [String]
  /// The tab shown, from 0.
  package var current: Int

  package init(title: String, tabs: [String], current: Int) {
    self.title = title
    self.tabs = tabs
    self.current = current
  }

  /// The bar as a frame line (cut to the width by the renderer, as every line is).
  package var line: Frame.Line {
    var spans = [Frame.Span(TerminalSafe.sanitize(title), role: .dim)]
    for (index, tab) in tabs.enumerated() {
      let text = TerminalSafe.sanitize(tab)
      spans.append(Frame.Span("  "))
      spans.append(index == current ? Frame.Span("[\(text)]", role: .title) : Frame.Span(text, role: .dim))
    }
    return Frame.Line(spans: spans)
  }
}

/// Which tab a key or a script's `tab` command shows: the next (round the bar), the one before,
/// or tab N (from 1).
package enum TabMove: Sendable, Equatable, CustomStringConvertible {
  case next, previous
  case number(Int)

  package var description: String {
    switch self {
    case .next: "next"
    case .previous: "previous"
    case .number(let number): String(number)
    }
  }
}
