import ScreenKit

/// Key presses, decoded from the bytes a terminal sends in raw mode. (What a key does is the
/// screen's kind's business: `Navigator.press`.)
extension Key {
  /// Decodes every key in `bytes`. A lone ESC is the Escape key; ESC with a known sequence is an
  /// arrow or paging key; unknown sequences are dropped rather than typed into the search.
  static func decode(_ bytes: [UInt8]) -> [Key] {
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
      "Z": .backTab, "5~": .pageUp, "6~": .pageDown, "1~": .home, "4~": .end, "7~": .home, "8~": .end,
    ]
    return (keys[body], end + 1)
  }
}
