/// A line and column in a text file, both counting from 1; columns count characters.
package struct TextLocation: Sendable, Hashable, CustomStringConvertible {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  package var description: String { "\(line):\(column)" }

  /// The line (from 1) that byte `offset` of UTF-8 text falls on, and how many characters of
  /// that line come before it (a multi-byte character counts once, at its lead byte).
  package static func count(upTo offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, charactersBefore: Int) {
    var line = 1
    var characters = 0
    for byte in bytes.prefix(offset) {
      if byte == 0x0A {
        line += 1
        characters = 0
      } else if byte & 0xC0 != 0x80 {
        characters += 1
      }
    }
    return (line, characters)
  }
}

/// Finds where each value of a well-formed JSON document starts, by pointer.
///
/// jansson keeps no positions for the values it parses, yet a screen author wants
/// `characters.json:12:5`, not only `/paging/pageSze`. This scans the text once more, after
/// jansson has accepted it. An object member is located at its key, which is what an author
/// looks for when a key is unknown.
package struct JSONLocator {
  /// Where each member's key starts (for array elements and the root: where the value starts).
  private var keys: [JSONPointer: TextLocation] = [:]
  /// Where each value starts.
  private var values: [JSONPointer: TextLocation] = [:]
  /// The byte offset where each value starts.
  private var valueOffsets: [JSONPointer: Int] = [:]

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var column = 1

  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    skipWhitespace()
    keys[.root] = TextLocation(line: line, column: column)
    value(at: .root, depth: 0)
  }

  /// Where the member named by `pointer` starts (its key), or its nearest ancestor that exists.
  package func keyLocation(of pointer: JSONPointer) -> TextLocation? {
    Self.nearest(pointer, in: keys)
  }

  /// Where the value at `pointer` starts, or its nearest ancestor that exists.
  package func valueLocation(of pointer: JSONPointer) -> TextLocation? {
    values[pointer] ?? Self.nearest(pointer, in: keys)
  }

  /// Where the character `offset` characters into the string value at `pointer` stands in the
  /// text. Escapes such as `\"` or `\u00e9` take more columns than the character they stand for.
  package func location(ofCharacter offset: Int, inStringAt pointer: JSONPointer) -> TextLocation? {
    guard let start = valueOffsets[pointer], let origin = values[pointer],
      start < bytes.count, bytes[start] == UInt8(ascii: "\"")
    else { return nil }
    var index = start + 1
    var column = origin.column + 1
    var remaining = offset
    while remaining > 0, index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") {
        let length = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "u") ? 6 : 2
        index += length
        column += length
      } else {
        index += 1
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        column += 1
      }
      remaining -= 1
    }
    return TextLocation(line: origin.line, column: column)
  }

  private static func nearest(_ pointer: JSONPointer, in table: [JSONPointer: TextLocation]) -> TextLocation? {
    var tokens = pointer.tokens
    while true {
      if let location = table[JSONPointer(tokens)] { return location }
      if tokens.isEmpty { return nil }
      tokens.removeLast()
    }
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func advance() {
    guard let byte = current else { return }
    index += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1  // count a UTF-8 sequence once, at its lead byte
    }
  }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      advance()
    }
  }

  private mutating func value(at pointer: JSONPointer, depth: Int) {
    guard depth < 4096, let byte = current else { return }
    values[pointer] = TextLocation(line: line, column: column)
    valueOffsets[pointer] = index
    switch byte {
    case UInt8(ascii: "{"):
      advance()
      skipWhitespace()
      while let next = current, next != UInt8(ascii: "}") {
        let here = TextLocation(line: line, column: column)
        guard next == UInt8(ascii: "\"") else { return }
        let key = string()
        let member = pointer / key
        keys[member] = here
        skipWhitespace()
        if current == UInt8(ascii: ":") { advance() }
        skipWhitespace()
        value(at: member, depth: depth + 1)
        skipWhitespace()
        if current == UInt8(ascii: ",") {
          advance()
          skipWhitespace()
        }
      }
      advance()
    case UInt8(ascii: "["):
      advance()
      skipWhitespace()
      var position = 0
      while let next = current, next != UInt8(ascii: "]") {
        let element = pointer / position
        keys[element] = TextLocation(line: line, column: column)
        value(at: element, depth: depth + 1)
        skipWhitespace()
        if current == UInt8(ascii: ",") {
          advance()
          skipWhitespace()
        }
        position += 1
      }
      advance()
    case UInt8(ascii: "\""):
      _ = string()
    default:
      while let next = current,
        next != UInt8(ascii: ","), next != UInt8(ascii: "}"), next != UInt8(ascii: "]"),
        next != 0x20, next != 0x0A, next != 0x0D, next != 0x09
      {
        advance()
      }
    }
  }

  /// Reads a string literal and returns its decoded value (enough of it to name a key).
  private mutating func string() -> String {
    advance()  // the opening quote
    var scalars: [UInt8] = []
    while let byte = current, byte != UInt8(ascii: "\"") {
      if byte == UInt8(ascii: "\\") {
        advance()
        guard let escaped = current else { break }
        switch escaped {
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "u"):
          var hex = ""
          for _ in 0..<4 {
            advance()
            if let digit = current { hex.append(Character(Unicode.Scalar(digit))) }
          }
          if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
            scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
          }
        default: scalars.append(escaped)
        }
        advance()
      } else {
        scalars.append(byte)
        advance()
      }
    }
    advance()  // the closing quote
    return String(decoding: scalars, as: UTF8.self)
  }
}
