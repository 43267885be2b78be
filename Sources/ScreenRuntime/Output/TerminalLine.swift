import ScreenKinds
import ScreenText

/// One line of the interactive mode's frame, made to fit the terminal.
///
/// In the interactive mode no line is wider than the terminal. A line that is one http(s) URL
/// (after any indentation: the renderer puts a URL alone on its line, whole) and too wide is cut
/// with "…" and made an OSC 8 hyperlink to the whole URL, so that it stays clickable; when the
/// URL is not fit to be a link (see `TerminalControl.link(to:)`), it is only cut. Any other line
/// too wide is cut.
package enum TerminalLine {
  package static func fitted(_ line: String, columns: Int) -> TerminalText {
    guard TextWidth.width(of: line) > columns else { return TerminalText(untrusted: line) }
    let indentation = String(line.prefix { $0 == " " })
    let rest = String(line.dropFirst(indentation.count))
    let room = columns - indentation.count
    guard room >= 2, FrameLine.isURL(rest), let link = TerminalControl.link(to: rest) else {
      return TerminalText(untrusted: TextWidth.truncate(line, toColumns: columns))
    }
    var text = TerminalText(untrusted: indentation)
    text.append(link)
    text.append(untrusted: TextWidth.truncate(rest, toColumns: room))
    text.append(.linkEnd)
    return text
  }
}
