/// Key presses, decoded from the bytes a terminal sends in raw mode. (What a key does is the
/// screen's kind's business: `Navigator.press`.)
extension Key {
  /// Decodes every key in `bytes`. A lone ESC is the Escape key; ESC with a known sequence is an
  /// arrow or paging key; unknown sequences are dropped rather than typed into the search.
  package static func decode(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        let (key, length) = escape(Array(bytes[index...]))
        if let key { keys.append(key) }
        index += length
        continue
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x09: keys.append(.tab)
      case 0x7F, 0x08: keys.append(.backspace)
      case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
      case 0x20..<0x7F: keys.append(.character(Character(Unicode.Scalar(byte))))
      case 0xC0...0xF7:
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        let end = min(bytes.count, index + length)
        if let text = String(validating: bytes[index..<end], as: UTF8.self), let character = text.first {
          keys.append(.character(character))
        }
        index = end
        continue
      default: break
      }
      index += 1
    }
    return keys
  }

  private static func escape(_ bytes: [UInt8]) -> (Key?, Int) {
    guard bytes.count > 1 else { return (.escape, 1) }
    guard bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") else { return (.escape, 1) }
    var end = 2
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return (nil, bytes.count) }
    let body = String(decoding: bytes[2...end], as: UTF8.self)
    let keys: [String: Key] = [
      "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end,
      "Z": .backTab, "3~": .delete, "5~": .pageUp, "6~": .pageDown, "1~": .home, "4~": .end, "7~": .home, "8~": .end,
    ]
    return (keys[body], end + 1)
  }
}

/// Reads keys from the terminal's bytes, read after read, with bracketed paste: the bytes between
/// ESC[200~ and ESC[201~ are one `.paste`, however many reads they come in, and none of them is a
/// key (a newline in a paste is not Enter). A Ctrl-C byte ends a paste too, and is Ctrl-C: a
/// terminal does not paste it, and a start marker with no end (typed, or pasted where the
/// terminal does not bracket pastes) would otherwise take every key after it, Ctrl-C included.
package struct KeyReader {
  package static let interrupt: UInt8 = 0x03
  package static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  package static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
  /// The most of a paste kept; the rest is dropped (a query has no use for megabytes).
  package static let maximumPaste = 64 * 1024

  /// The paste read so far, while one is open.
  private var paste: [UInt8]?
  /// The bytes at the end of the last read that may begin the end marker.
  private var held: [UInt8] = []

  package mutating func keys(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var rest = held + bytes
    held = []
    while !rest.isEmpty {
      if paste != nil {
        let end = Self.find(Self.pasteEnd, in: rest)
        if let interrupt = rest.firstIndex(of: Self.interrupt), interrupt < end ?? rest.count {
          append(rest[..<interrupt])
          keys.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
          paste = nil
          rest = Array(rest[interrupt...])
        } else if let end {
          append(rest[..<end])
          keys.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
          paste = nil
          rest = Array(rest[(end + Self.pasteEnd.count)...])
        } else {
          // Keep what may be the start of the end marker for the next read.
          let keep = Self.partialSuffix(of: rest, matching: Self.pasteEnd)
          append(rest[..<(rest.count - keep)])
          held = Array(rest.suffix(keep))
          rest = []
        }
      } else if let start = Self.find(Self.pasteStart, in: rest) {
        keys += Key.decode(Array(rest[..<start]))
        paste = []
        rest = Array(rest[(start + Self.pasteStart.count)...])
      } else {
        keys += Key.decode(rest)
        rest = []
      }
    }
    return keys
  }

  private mutating func append(_ bytes: ArraySlice<UInt8>) {
    guard let count = paste?.count, count < Self.maximumPaste else { return }
    paste?.append(contentsOf: bytes.prefix(Self.maximumPaste - count))
  }

  package static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    for index in 0...(bytes.count - needle.count) where bytes[index] == needle[0] {
      if Array(bytes[index..<(index + needle.count)]) == needle { return index }
    }
    return nil
  }

  /// How many bytes at the end of `bytes` are a start of `marker` (and shorter than it).
  package static func partialSuffix(of bytes: [UInt8], matching marker: [UInt8]) -> Int {
    for length in stride(from: min(marker.count - 1, bytes.count), to: 0, by: -1)
    where Array(bytes.suffix(length)) == Array(marker.prefix(length)) {
      return length
    }
    return 0
  }
}
