import CJansson

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a large response piece by piece: it walks the outer containers itself and hands each
/// value small enough to jansson whole, converting it and releasing it before the next.
///
/// jansson's tree takes about six times the text it came from (a malloc'd node, hash table and
/// pair for every member), so parsing a 270 MB response at once peaks near 2 GB before a single
/// `JSON` value exists. Piece by piece, only one small tree is alive at a time, it is converted
/// while it is still in the cache, and its memory is reused for the next piece: the peak is the
/// text and the `JSON` values, and the whole is faster than one `json_loadb` of everything.
///
/// It accepts exactly what one `json_loadb` of the whole text accepts, and gives the same values:
/// the same whitespace, separators, depth limit (2048 nested values), key rules (no NUL byte;
/// duplicates refused or the last one kept in the first one's place) and trailing-text check.
/// Its own errors read like jansson's, located by byte offset in the whole text.
struct JSONPieceReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let flags: Int
  private let rejectDuplicateKeys: Bool
  /// Containers up to this many bytes go to jansson whole; bigger ones are walked.
  private let pieceSize: Int
  /// When set, the top object keeps only these members (and of a member read in part, only its
  /// members read); the others are skipped, not checked.
  private let onlyMembers: MemberLookup?
  /// When set, the array at this member of the top object (or, for a nil member, the array at
  /// the top) keeps, of each object element, only these members (a page answer's `records`);
  /// the rest of the document is kept whole.
  private let elementsOf: (member: String?, members: MemberLookup)?
  private var position = 0
  /// A hash of the text of the array whose elements are read in part (`elementsOf`), once it is
  /// read: what its elements were before the cut, so that two pages alike in the members kept are
  /// still told apart (`PageDigest`).
  package private(set) var elementsDigest: Int?

  /// jansson's JSON_PARSER_MAX_DEPTH: it counts every value, scalars included, from 1 at the top.
  static let maximumDepth = 2048

  init(
    _ bytes: UnsafeBufferPointer<UInt8>, flags: Int, rejectDuplicateKeys: Bool, pieceSize: Int,
    onlyMembers: RecordMembers? = nil, elementsOf: (member: String?, members: RecordMembers)? = nil
  ) {
    self.bytes = bytes
    self.flags = flags
    self.rejectDuplicateKeys = rejectDuplicateKeys
    self.pieceSize = max(2, pieceSize)
    self.onlyMembers = onlyMembers?.lookup
    self.elementsOf = elementsOf.map { ($0.member, $0.members.lookup) }
  }

  /// A container being walked: what it holds so far, and for an object the key being read.
  private struct OpenContainer {
    let isArray: Bool
    /// The members kept, when only some are (an object read in part); the others are stepped over.
    let wanted: MemberLookup?
    /// For an array: what is kept of each object element, when only some of its members are.
    var elementsWanted: MemberLookup? = nil
    /// Where the container starts in the text.
    var start = 0
    var elements: [JSON] = []
    var object = JSONObject()
    var key = ""
    /// What is kept of the value of `key`, when only some of its members are.
    var keyWanted: MemberLookup?

    var value: JSON { isArray ? .array(elements) : .object(object) }
  }

  /// The whole text's value; only whitespace may follow it.
  ///
  /// The containers being walked are kept on a stack of its own, not on the call stack, so a
  /// document nested 2,048 deep cannot overflow a thread's stack, however small.
  package mutating func document() throws(JSONSyntaxError) -> JSON {
    var stack: [OpenContainer] = []
    skipWhitespace()
    while true {
      // Read the next value whole, or open a container too big for one piece and read on inside.
      var value: JSON
      let depth = stack.count + 1
      guard let first = byte else { throw error("unexpected token") }
      let start = position
      if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
        // An object read in part is walked here, whatever its size, to step over the rest; so is
        // the array whose elements are read in part, and the object holding it.
        let isObject = first == UInt8(ascii: "{")
        let parent = stack.last
        let wanted = isObject ? (parent.map { $0.isArray ? $0.elementsWanted : $0.keyWanted } ?? onlyMembers) : nil
        let elementsWanted: MemberLookup?
        if let elementsOf, !isObject {
          let atMember = stack.count == 1 && parent?.isArray == false && parent?.key == elementsOf.member
          elementsWanted = atMember || (stack.isEmpty && elementsOf.member == nil) ? elementsOf.members : nil
        } else {
          elementsWanted = nil
        }
        let walked = wanted != nil || elementsWanted != nil || (stack.isEmpty && isObject && elementsOf != nil)
        if !walked, let (end, nesting) = containerExtent(from: start, limit: pieceSize) {
          guard depth - 1 + nesting <= Self.maximumDepth else { throw error("maximum parsing depth reached") }
          position = end
          value = try piece(start..<end)
        } else {
          guard depth <= Self.maximumDepth else { throw error("maximum parsing depth reached") }
          var open = OpenContainer(isArray: !isObject, wanted: wanted, elementsWanted: elementsWanted, start: start)
          position += 1
          skipWhitespace()
          if byte == (open.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
            position += 1
            noteDigest(of: open)
            value = open.value
          } else if try hasNextValue(in: &open) {
            stack.append(open)
            continue
          } else {
            value = open.value
          }
        }
      } else {
        guard depth <= Self.maximumDepth else { throw error("maximum parsing depth reached") }
        position = scalarEnd(from: start)
        if let plain = plainScalar(start..<position) { value = plain } else { value = try piece(start..<position) }
      }

      // Put the value in its container, and close every container that ends after it.
      while true {
        guard var open = stack.popLast() else {
          skipWhitespace()
          guard position == bytes.count else { throw error("end of file expected") }
          return value
        }
        if open.isArray { open.elements.append(value) } else { open.object[open.key] = value }
        skipWhitespace()
        if byte == UInt8(ascii: ",") {
          position += 1
          skipWhitespace()
          if try hasNextValue(in: &open) {
            stack.append(open)
            break
          }
          value = open.value
        } else if byte == (open.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
          position += 1
          noteDigest(of: open)
          value = open.value
        } else {
          throw error(open.isArray ? "']' expected" : "'}' expected")
        }
      }
    }
  }

  /// Keeps the hash of `open`'s text, just read, when it is the array whose elements are read in
  /// part.
  private mutating func noteDigest(of open: OpenContainer) {
    guard open.elementsWanted != nil else { return }
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[open.start..<position])))
    elementsDigest = hasher.finalize()
  }

  /// Whether a value of `open` comes next. In an array one always does; in an object this reads
  /// the next key and its colon, stepping over members not asked for, and is false when the
  /// object ended instead (its `}` read).
  private mutating func hasNextValue(in open: inout OpenContainer) throws(JSONSyntaxError) -> Bool {
    if open.isArray { return true }
    while true {
      guard byte == UInt8(ascii: "\"") else { throw error("string or '}' expected") }
      let keyStart = position
      // A key is found among the members kept by its bytes when it is plain: one not asked for
      // (most of a record's) is never made a String.
      let key: String
      let part: MemberLookup.Part?
      if let wanted = open.wanted {
        let found: (key: String, part: MemberLookup.Part)?
        if let plain = plainKey() {
          found = wanted.find(ascii: plain)
        } else {
          found = wanted.find(try self.key())
        }
        key = found?.key ?? ""
        part = found?.part
      } else {
        key = try self.key()
        part = .whole
      }
      if part != nil, rejectDuplicateKeys, open.object[key] != nil {
        position = keyStart
        throw error("duplicate object key")
      }
      skipWhitespace()
      guard byte == UInt8(ascii: ":") else { throw error("':' expected") }
      position += 1
      skipWhitespace()
      switch part {
      case .whole:
        // Every member is kept, or this one whole.
        open.key = key
        open.keyWanted = nil
        return true
      case .only(let inner):
        open.key = key
        open.keyWanted = inner
        return true
      case nil:
        break  // not asked for: stepped over
      }
      try skipValue()
      skipWhitespace()
      if byte == UInt8(ascii: "}") {
        position += 1
        return false
      }
      guard byte == UInt8(ascii: ",") else { throw error("'}' expected") }
      position += 1
      skipWhitespace()
    }
  }

  /// The bytes between the quotes of the key at `position`, when it is plain printable ASCII with
  /// no escape (reading on past it); nil for any other key (the position kept).
  private mutating func plainKey() -> UnsafeBufferPointer<UInt8>? {
    let start = position
    let end = scalarEnd(from: start)
    let inner = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<max(start + 1, end - 1)])
    guard end - start >= 2, bytes[end - 1] == UInt8(ascii: "\""),
      inner.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") })
    else { return nil }
    position = end
    return inner
  }

  /// An object key: plain ASCII is read here, anything with escapes or other bytes by jansson.
  private mutating func key() throws(JSONSyntaxError) -> String {
    if let plain = plainKey() { return String(decoding: plain, as: UTF8.self) }
    let start = position
    let end = scalarEnd(from: start)
    position = end
    guard case .string(let key) = try piece(start..<end) else {
      position = start
      throw error("string or '}' expected")
    }
    guard !key.utf8.contains(0) else {
      position = start
      throw error("NUL byte in object key not supported")
    }
    return key
  }

  /// Steps over the value at `position` without reading it: only its extent is found.
  private mutating func skipValue() throws(JSONSyntaxError) {
    guard let byte else { throw error("unexpected token") }
    if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
      guard let (end, _) = containerExtent(from: position, limit: bytes.count) else {
        throw error("unterminated container")
      }
      position = end
    } else {
      position = scalarEnd(from: position)
    }
  }

  /// The scalar in `range` when it is plainly valid and needs no jansson to read: a string with
  /// no escape and no control character, in valid UTF-8; a whole number of up to 18 digits;
  /// `true`, `false` or `null`. Anything else (escapes, fractions, exponents, what jansson would
  /// refuse) is nil, for `piece` to read. A page walked for the few members a screen reads hands
  /// jansson no text of its own per value this way.
  private func plainScalar(_ range: Range<Int>) -> JSON? {
    let count = range.count
    guard count > 0 else { return nil }
    let first = bytes[range.lowerBound]
    if first == UInt8(ascii: "\"") {
      guard count >= 2, bytes[range.upperBound - 1] == UInt8(ascii: "\"") else { return nil }
      let inner = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
      var ascii = true
      for byte in inner {
        if byte < 0x20 || byte == UInt8(ascii: "\\") { return nil }
        if byte >= 0x80 { ascii = false }
      }
      if ascii { return .string(String(decoding: inner, as: UTF8.self)) }
      return String(validating: inner, as: UTF8.self).map(JSON.string)
    }
    let negative = first == UInt8(ascii: "-")
    if negative || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) {
      let digits = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + (negative ? 1 : 0))..<range.upperBound])
      guard !digits.isEmpty, digits.count <= 18, digits[0] != UInt8(ascii: "0") || digits.count == 1 else {
        return nil
      }
      var number = 0
      for byte in digits {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        number = number * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return .int(negative ? -number : number)
    }
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    if text.elementsEqual("true".utf8) { return .bool(true) }
    if text.elementsEqual("false".utf8) { return .bool(false) }
    if text.elementsEqual("null".utf8) { return .null }
    return nil
  }

  /// Parses `range` with jansson alone, converts it, and releases jansson's tree.
  private func piece(_ range: Range<Int>) throws(JSONSyntaxError) -> JSON {
    switch JSON.jansson(UnsafeBufferPointer(rebasing: bytes[range]), flags: flags) {
    case .success(let value): return value
    case .failure(var error):
      error.offset = range.lowerBound + error.offset
      (error.line, error.column) = Self.location(ofByte: error.offset, in: bytes)
      throw error
    }
  }

  /// Where the container at `start` ends (just past its closing bracket) and how many values
  /// deep it goes, if that is within `limit` bytes; nil when it is bigger (or unclosed).
  private func containerExtent(from start: Int, limit: Int) -> (end: Int, nesting: Int)? {
    let limit = start + min(bytes.count - start, limit)
    var index = start
    var depth = 0
    var nesting = 0
    while index < limit {
      switch bytes[index] {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        nesting = max(nesting, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return (index + 1, nesting) }
      case UInt8(ascii: "\""):
        nesting = max(nesting, depth + 1)
        index = closingQuote(after: index, limit: limit)
      case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: ":"):
        break
      default:
        nesting = max(nesting, depth + 1)  // a number or literal: one value deeper
      }
      index += 1
    }
    return nil
  }

  /// Just past the scalar at `start`: a string to its closing quote, anything else to the next
  /// byte that cannot be part of a token. jansson then judges whether it is valid.
  private func scalarEnd(from start: Int) -> Int {
    var index = start
    if bytes[index] == UInt8(ascii: "\"") {
      return min(bytes.count, closingQuote(after: index, limit: bytes.count) + 1)
    }
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"),
        UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""):
        return max(index, start + 1)
      default:
        index += 1
      }
    }
    return index
  }

  /// The index of the quote that closes the string opened at `open`, or `limit` when none does
  /// before it. `memchr` finds each quote (strings are most of a document's bytes); a quote after
  /// an odd run of backslashes is escaped, and the search goes on past it.
  private func closingQuote(after open: Int, limit: Int) -> Int {
    guard let base = bytes.baseAddress else { return limit }
    var from = open + 1
    while from < limit {
      guard let found = memchr(base + from, Int32(UInt8(ascii: "\"")), limit - from) else { return limit }
      let quote = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      var backslashes = 0
      while quote - backslashes - 1 > open, base[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
      if backslashes % 2 == 0 { return quote }
      from = quote + 1
    }
    return limit
  }

  private var byte: UInt8? { position < bytes.count ? bytes[position] : nil }

  private mutating func skipWhitespace() {
    while let byte, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
  }

  /// An error at `position`, worded and placed as jansson places its own: just past the byte
  /// it stopped at, "near" that byte.
  private func error(_ message: String) -> JSONSyntaxError {
    let near: String
    if let byte, byte >= 0x20, byte < 0x7F {
      near = "'\(Character(Unicode.Scalar(byte)))'"
    } else {
      near = byte == nil ? "end of file" : "byte 0x\(String(byte!, radix: 16))"
    }
    let offset = min(bytes.count, position + 1)
    let (line, column) = Self.location(ofByte: offset, in: bytes)
    return JSONSyntaxError(line: line, column: column, offset: offset, message: "\(message) near \(near)")
  }

  /// The line and column of a byte offset, counted as jansson counts them: lines from 1, and
  /// columns in characters since the line began, so the column is that of the character before.
  package static func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
    let (line, before) = TextLocation.count(upTo: offset, in: bytes)
    return (line, max(1, before))
  }
}
