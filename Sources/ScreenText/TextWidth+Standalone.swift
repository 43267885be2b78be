/// The fast paths of `TextWidth` and `TerminalSafe`: one pass over a text's UTF-8 bytes, for text
/// whose every code point stands alone as a character (`standaloneColumns`). Most of what a frame
/// draws is such text (ASCII, rules, "…", Latin-1, kana, CJK ideographs, Hangul syllables), so it
/// is measured, cut and checked with no grapheme breaking and no copy. Any other text takes the
/// grapheme paths, which a test holds these paths to, over random and hostile text.
extension TextWidth {
  /// The columns of a code point that is a character of its own whatever stand-alone code points
  /// surround it (its grapheme break property is Other, and it is none of the joiners, marks,
  /// controls, prefixes or Hangul jamo), or 0 for one that is not known to stand alone: printable
  /// ASCII, Latin-1 but the soft hyphen, the dashes, quotes, bullet and ellipsis of General
  /// Punctuation, arrows, box drawing and block elements (one column each); CJK punctuation, kana,
  /// CJK ideographs, Hangul syllables and full-width forms (two).
  @inline(__always)
  package static func standaloneColumns(_ value: UInt32) -> Int {
    switch value {
    case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x2190...0x21FF, 0x2500...0x259F: 1
    case 0x3000...0x3029, 0x3041...0x3096, 0x30A1...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
      0xFF01...0xFF60:
      2
    default: 0
    }
  }

  /// Where a text of stand-alone code points stops fitting in `columns`: the bytes up to the cut
  /// and their columns, with `fits` false when an ellipsis must follow them (a cut to
  /// `columns - 1`, as `truncate` makes it), or the whole text and its columns. nil as soon as a
  /// code point up to the one that does not fit does not stand alone.
  package struct StandaloneCut {
    package var end: Int
    package var columns: Int
    package var fits: Bool
  }

  package static func standaloneCut(_ bytes: UnsafeBufferPointer<UInt8>, toColumns columns: Int) -> StandaloneCut? {
    var used = 0
    var cut = 0
    var cutColumns = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = UInt32(bytes[index])
      let value: UInt32
      let length: Int
      // The bytes of a String are valid UTF-8: a lead byte says how many follow it.
      if lead < 0x80 {
        (value, length) = (lead, 1)
      } else if lead < 0xE0 {
        (value, length) = ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
      } else if lead < 0xF0 {
        let high = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
        (value, length) = (high | UInt32(bytes[index + 2] & 0x3F), 3)
      } else {
        return nil  // four bytes: emoji and rarer scripts, none of them stand alone here
      }
      let width = standaloneColumns(value)
      guard width > 0 else { return nil }
      let next = used + width
      if next > columns { return StandaloneCut(end: cut, columns: cutColumns, fits: false) }
      index += length
      if next <= columns - 1 { (cut, cutColumns) = (index, next) }
      used = next
    }
    return StandaloneCut(end: count, columns: used, fits: true)
  }

  /// `standaloneCut` over the bytes of `text`; nil when it is not stand-alone text.
  package static func standaloneCut(_ text: some StringProtocol, toColumns columns: Int) -> StandaloneCut? {
    text.utf8.withContiguousStorageIfAvailable { standaloneCut($0, toColumns: columns) } ?? nil
  }

  /// The columns of a text of stand-alone code points, or nil for any other text.
  static func standaloneWidth(of text: some StringProtocol) -> Int? {
    standaloneCut(text, toColumns: .max)?.columns
  }

  /// `truncate` code point by code point, for a text of stand-alone code points up to where it is
  /// cut (the code point after the cut is read too, so no character can span the cut); nil for
  /// any other text.
  package static func truncateStandalone(_ text: String, toColumns columns: Int) -> String? {
    guard let cut = standaloneCut(text, toColumns: columns) else { return nil }
    if cut.fits { return text }
    return String(text[..<text.utf8.index(text.utf8.startIndex, offsetBy: cut.end)]) + "…"
  }

  /// A text made safe for the terminal and cut to `columns`, as `truncate(TerminalSafe.sanitize(text))`
  /// gives it, without the ellipsis (`cut`), and the columns it takes with it.
  package struct Fitted {
    package var text: Substring
    package var cut: Bool
    package var columns: Int
  }

  /// `text` sanitized and cut to `columns`. A text of stand-alone code points up to where it is cut
  /// is read no further than that (a long description in a narrow column) and not copied: no
  /// stand-alone code point is one that sanitizing changes.
  package static func fitted(_ text: String, toColumns columns: Int) -> Fitted {
    guard columns > 0 else { return Fitted(text: "", cut: false, columns: 0) }
    if let cut = standaloneCut(text, toColumns: columns) {
      let end = text.utf8.index(text.utf8.startIndex, offsetBy: cut.end)
      return Fitted(text: text[..<end], cut: !cut.fits, columns: cut.columns + (cut.fits ? 0 : 1))
    }
    let cut = truncate(TerminalSafe.sanitize(text), toColumns: columns)
    return Fitted(text: cut[...], cut: false, columns: width(of: cut))
  }
}

extension TerminalSafe {
  /// Whether sanitizing leaves the UTF-8 `bytes` as they are: no character of `isUnsafe(_:)`
  /// but, when `keepingNewlines`, a line feed.
  package static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>, keepingNewlines: Bool = false) -> Bool {
    var index = 0
    let count = bytes.count
    var printableUntil = 0
    while index < count {
      // Eight bytes at a time while they are all printable ASCII (a megabyte description is
      // checked on every frame); any other byte is read one at a time, as below.
      if index >= printableUntil, let base = bytes.baseAddress {
        while index + 8 <= count,
          Self.printableASCII(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
        {
          index += 8
        }
        printableUntil = index + 8
        guard index < count else { break }
      }
      let byte = bytes[index]
      if byte >= 0x20, byte < 0x7F {
        index += 1
        continue
      }
      if isUnsafe(bytes, at: index, keepingNewlines: keepingNewlines) { return false }
      index += 1
    }
    return true
  }

  /// Whether each of the eight bytes of `word` is printable ASCII (0x20 to 0x7E).
  @inline(__always)
  static func printableASCII(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    // No byte from 0x80; then none below 0x20 (a borrow sets its top bit); then no 0x7F (adding
    // one sets its top bit, and no byte below 0x80 carries into the next).
    return word & high == 0 && (word &- ones &* 0x20) & ~word & high == 0 && (word &+ ones) & high == 0
  }

  /// Whether the byte at `index` (not printable ASCII) starts what sanitizing replaces: a
  /// character of `isUnsafe(_:)` (a test holds the two to each other over every code point), or a
  /// line feed unless `keepingNewlines`. A lead byte of valid UTF-8 is never a continuation byte,
  /// so a match is a whole code point: 1 byte, 2 from 0xC2 or 0xD8, 3 from 0xE2.
  @inline(__always)
  package static func isUnsafe(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, keepingNewlines: Bool) -> Bool {
    let byte = bytes[index]
    switch byte {
    case 0x0A: return !keepingNewlines
    case 0x00..<0x20, 0x7F: return true
    // Valid UTF-8 has the bytes after a lead; a cut sequence is read as unsafe, never past the end.
    case 0xC2: return index + 1 >= bytes.count || bytes[index + 1] < 0xA0  // U+0080-U+009F
    case 0xD8: return index + 1 >= bytes.count || bytes[index + 1] == 0x9C  // U+061C
    case 0xE2:
      guard index + 2 < bytes.count else { return true }
      let (next, third) = (bytes[index + 1], bytes[index + 2])
      // U+200E, U+200F, U+2028-U+202E; U+2066-U+2069
      return (next == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)))
        || (next == 0x81 && (0xA6...0xA9).contains(third))
    default: return false
    }
  }
}

extension String {
  /// Appends `count` spaces (none for a count below 1), with no string of them made first.
  package mutating func appendSpaces(_ count: Int) {
    var left = count
    while left > 0 {
      let run = Swift.min(left, Self.spaces.utf8.count)
      append(contentsOf: Self.spaces[..<Self.spaces.utf8.index(Self.spaces.startIndex, offsetBy: run)])
      left -= run
    }
  }

  private static let spaces = String(repeating: " ", count: 64)
}
