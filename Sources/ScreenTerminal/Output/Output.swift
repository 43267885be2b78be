import FoundationEssentials
import ScreenText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line's output: frames and listings to stdout, errors to stderr, all of it through
/// `TerminalWriter`, the one door out, as text from outside (neutralized, secrets redacted).
package enum Output {
  package static func write(_ text: String) {
    TerminalWriter.write(untrusted: text)
  }

  /// A plain output's frame after `heading`: its plain text, or in the theme's attributes when
  /// it styles them (`--color always`).
  package static func write(_ frame: Frame?, theme: Theme, heading: String = "") {
    guard theme.styled, let frame else {
      TerminalWriter.write(untrusted: heading + (frame?.plainText ?? ""))
      return
    }
    var text = TerminalText(untrusted: heading)
    text.append(FrameWriter.lines(frame, theme: theme))
    TerminalWriter.write(text)
  }

  package static func error(_ line: String) {
    TerminalWriter.writeLine(untrusted: line)
  }
}

package enum Terminal {
  /// The width of the terminal on `descriptor`, or nil when it is not a terminal.
  package static func width(of descriptor: Int32) -> Int? {
    guard isatty(descriptor) == 1 else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
