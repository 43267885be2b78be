import ScreenText

/// The program's own terminal control: cursor moves, the alternate screen, styles, OSC 8 links.
///
/// Only this file can make one, from constants and numbers, so no byte from outside (data, a
/// server, a script, an argument) can become an escape sequence. Text from outside is a plain
/// `String`, which the writer neutralizes; the two meet only in a `TerminalText`.
///
///     var frame = TerminalText(.home)
///     frame.append(untrusted: line)
///     frame.append(.clearToLineEnd)
package struct TerminalControl: Sendable, Equatable {
  /// The bytes to send; read by the writer only.
  let sequence: String

  private init(_ sequence: String) {
    self.sequence = sequence
  }

  /// Both, one after the other.
  package static func + (first: TerminalControl, second: TerminalControl) -> TerminalControl {
    TerminalControl(first.sequence + second.sequence)
  }

  // MARK: - Screen and cursor

  /// The cursor to the top left corner.
  package static let home = TerminalControl("\u{1B}[H")
  package static let clearScreen = TerminalControl("\u{1B}[2J")
  package static let clearToLineEnd = TerminalControl("\u{1B}[K")
  package static let clearToScreenEnd = TerminalControl("\u{1B}[J")
  /// To the start of the next line: in raw mode the terminal adds no carriage return itself.
  package static let newline = TerminalControl("\r\n")
  package static let enterAlternateScreen = TerminalControl("\u{1B}[?1049h")
  package static let leaveAlternateScreen = TerminalControl("\u{1B}[?1049l")
  package static let hideCursor = TerminalControl("\u{1B}[?25l")
  package static let showCursor = TerminalControl("\u{1B}[?25h")
  /// Bracketed paste: the terminal wraps a paste in ESC[200~ … ESC[201~, so that it is read as
  /// one paste rather than typed keys (a newline in it is not Enter).
  package static let enableBracketedPaste = TerminalControl("\u{1B}[?2004h")
  package static let disableBracketedPaste = TerminalControl("\u{1B}[?2004l")

  /// The cursor to `row` and `column`, counted from 1 (clamped to 1...9999).
  package static func move(row: Int, column: Int) -> TerminalControl {
    TerminalControl("\u{1B}[\(min(max(row, 1), 9999));\(min(max(column, 1), 9999))H")
  }

  // MARK: - Styles

  package static let reverse = TerminalControl("\u{1B}[7m")
  package static let bold = TerminalControl("\u{1B}[1m")
  package static let resetStyle = TerminalControl("\u{1B}[0m")

  /// A foreground colour for diffs and marks.
  package enum Color: Int, Sendable {
    case red = 31
    case green = 32
    case yellow = 33
    case cyan = 36
  }

  package static func foreground(_ color: Color) -> TerminalControl {
    TerminalControl("\u{1B}[\(color.rawValue)m")
  }

  /// An SGR attribute a theme may set.
  package enum Attribute: Int, Sendable, CaseIterable {
    case bold = 1
    case dim = 2
    case underline = 4
    case reverse = 7
    case red = 31
    case yellow = 33

    /// Whether it is a colour, which NO_COLOR turns off.
    package var isColor: Bool { rawValue >= 30 }
  }

  /// One SGR sequence setting `attributes` (`ESC[1;7m`); nil for none.
  package static func style(_ attributes: [Attribute]) -> TerminalControl? {
    guard !attributes.isEmpty else { return nil }
    return TerminalControl("\u{1B}[" + attributes.map { String($0.rawValue) }.joined(separator: ";") + "m")
  }

  // MARK: - Hyperlinks (OSC 8)

  /// The start of an OSC 8 hyperlink to `url`, or nil when `url` is not an http(s) URL that
  /// `WebURL.isValid` takes (with a host, RFC 3986 characters only, at most `maximumLinkLength`
  /// bytes) or holds a registered secret. The text between this and `linkEnd` is what shows; a
  /// terminal without OSC 8 shows just that text.
  package static func link(to url: String) -> TerminalControl? {
    guard isLinkable(url), !SecretRegistry.shared.contains(url) else { return nil }
    return TerminalControl("\u{1B}]8;;\(url)\u{1B}\\")
  }

  /// Ends a hyperlink.
  package static let linkEnd = TerminalControl("\u{1B}]8;;\u{1B}\\")

  // MARK: - Clipboard

  /// OSC 52: sets the clipboard to `text`, base64-encoded, so no byte of it reaches the terminal
  /// as itself. Nil when it is longer than `maximumCopyBytes` or holds a registered secret.
  package static func clipboard(_ text: String) -> TerminalControl? {
    guard text.utf8.count <= maximumCopyBytes, !SecretRegistry.shared.contains(text) else { return nil }
    return TerminalControl("\u{1B}]52;c;" + base64(Array(text.utf8)) + "\u{1B}\\")
  }

  /// The most bytes OSC 52 copies: their base64, 74,992 bytes, is within the 74,994 that xterm
  /// takes (`ActionRequest.maximumCopyBytes` is this).
  package static let maximumCopyBytes = 56_244

  /// RFC 4648 base64, padded.
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        output.append(
          position <= count ? alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)] : UInt8(ascii: "="))
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Longer links are not made: terminals cap the URL of an OSC 8 link (some at 2083 bytes).
  package static let maximumLinkLength = WebURL.maximumLength

  /// Whether `url` may be the target of a link (see `link(to:)`): `WebURL.isValid`.
  package static func isLinkable(_ url: String) -> Bool { WebURL.isValid(url) }
}

/// What goes out to a terminal: text from outside and the program's own control, in order.
///
/// Text stays untrusted to the end: the writer neutralizes its control characters and redacts
/// secrets when it turns it into bytes. Control comes only from `TerminalControl`.
package struct TerminalText: Sendable, Equatable {
  package enum Piece: Sendable, Equatable {
    case untrusted(String)
    case control(TerminalControl)
  }

  package private(set) var pieces: [Piece] = []

  package init() {}

  package init(untrusted text: String) {
    pieces = [.untrusted(text)]
  }

  package init(_ control: TerminalControl) {
    pieces = [.control(control)]
  }

  package mutating func append(untrusted text: String) {
    pieces.append(.untrusted(text))
  }

  package mutating func append(_ control: TerminalControl) {
    pieces.append(.control(control))
  }

  package mutating func append(_ other: TerminalText) {
    pieces += other.pieces
  }
}
