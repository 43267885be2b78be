/// The one rule for the lines of a frame: every line fits the width, except a URL, which is never
/// broken and stands alone on its line.
///
/// A terminal can only open a URL that it sees whole, so in a plain frame (`--once`, `--script`,
/// tests) a URL too long for the width is printed whole on a line of its own, and nothing else
/// shares that line. In the interactive mode, which must not draw past the terminal's edge, the
/// writer cuts it there with "…": the URL is its span's (`Frame.Span.url`), so the cut text is
/// still a hyperlink to the whole URL.
package enum FrameLine {
  /// What starts the line of the selection in the interactive mode (a list's highlighted row, a
  /// detail screen's focused link); which row that is, is the frame's `selectedRow`, never found
  /// by this marker (`Glyphs.selectionMarker` of the default glyphs).
  package static let selectionMarker = Glyphs.unicode.selectionMarker

  /// Whether `text` is one URL: `http://` or `https://` (in any case) and at least one more
  /// character, all of them printable ASCII with no space. Only such bytes are in it, so the
  /// terminal layer can put it in a hyperlink as it is.
  ///
  /// It and `isLoneURL` take a `String` or a `Substring`, not `some StringProtocol`: a generic
  /// called from another module is not specialized, and its first call makes the runtime look
  /// up the conformances of its iterators, which showed in the first frame's profile.
  package static func isURL(_ text: String) -> Bool { isURL(text[...]) }

  /// `isURL` of a part of a string.
  package static func isURL(_ text: Substring) -> Bool {
    // The scheme first, byte by byte: most lines are ruled out by their first byte.
    var bytes = text.utf8.makeIterator()
    for expected in "http".utf8 {
      guard let byte = bytes.next(), byte | 0x20 == expected else { return false }
    }
    var byte = bytes.next()
    if byte.map({ $0 | 0x20 }) == UInt8(ascii: "s") { byte = bytes.next() }
    guard byte == UInt8(ascii: ":"), bytes.next() == UInt8(ascii: "/"), bytes.next() == UInt8(ascii: "/"),
      let first = bytes.next(), first > 0x20, first < 0x7F
    else { return false }
    while let byte = bytes.next() {
      guard byte > 0x20, byte < 0x7F else { return false }
    }
    return true
  }

  /// Whether a line of a frame is a lone URL: the line is the URL and nothing else, with no
  /// indent. Such a line may be wider than the frame.
  package static func isLoneURL(_ line: String) -> Bool { isURL(line[...]) }

  /// `isLoneURL` of a part of a string.
  package static func isLoneURL(_ line: Substring) -> Bool { isURL(line) }

  /// Whether a line of a plain frame keeps the rule for `width` columns.
  package static func fits(_ line: some StringProtocol, width: Int) -> Bool {
    isLoneURL(Substring(line)) || TextWidth.width(of: line) <= width
  }
}
