import CJansson

/// Integers that do not fit 64 bits (`18446744073709551616`, or 400 digits) are valid JSON and
/// data like any other: they are kept as `JSON.bigInteger` with their digits as written.
///
/// jansson refuses them ("too big integer"), so a text that jansson refuses for that reason is
/// read again: each such literal outside a string is rewritten as a string that starts with a
/// marker no text from outside can hold (a NUL and a number drawn when the process starts), and
/// each string so marked becomes the integer again as jansson's tree is converted. A text with
/// no such integer costs nothing more than before.
extension JSON {
  /// Parses `bytes` with jansson, big integers included; an error is located in `bytes`.
  package static func jansson(_ bytes: UnsafeBufferPointer<UInt8>, flags: Int) -> Result<JSON, JSONSyntaxError> {
    var failure = json_error_t()
    let root = bytes.withMemoryRebound(to: CChar.self) { json_loadb($0.baseAddress, $0.count, flags, &failure) }
    if let root {
      defer { json_decref(root) }
      return .success(JSON(borrowing: root))
    }
    let error = JSONSyntaxError(failure)
    guard error.message.hasPrefix("too big"), let rewritten = BigIntegers.rewriting(bytes) else {
      return .failure(error)
    }
    return rewritten.text.withUnsafeBufferPointer { text in
      var again = json_error_t()
      let root = text.withMemoryRebound(to: CChar.self) { json_loadb($0.baseAddress, $0.count, flags, &again) }
      guard let root else {
        var error = JSONSyntaxError(again)
        error.offset = rewritten.originalOffset(of: error.offset)
        (error.line, error.column) = JSONPieceReader.location(ofByte: error.offset, in: bytes)
        return .failure(error)
      }
      defer { json_decref(root) }
      return .success(JSON(borrowing: root, bigIntegerMarker: BigIntegers.marker))
    }
  }
}

/// The rewriting of big integer literals as marked strings (see `JSON.jansson`).
enum BigIntegers {
  /// What a rewritten literal's string starts with, once jansson has read it.
  package static let marker = "\u{0}screenrun-big-integer-\(String(UInt64.random(in: 1...UInt64.max), radix: 16)):"

  /// The marker as it is written inside a JSON string.
  private static let escapedMarker = Array("\\u0000".utf8) + Array(marker.utf8.dropFirst())

  /// A text with its big integers rewritten, and where the text grew.
  struct Rewritten {
    package var text: [UInt8]
    /// For each literal rewritten, its offset in the new text and the bytes added before it.
    var growth: [(at: Int, added: Int)]

    /// The offset in the original text of `offset` in the new one.
    func originalOffset(of offset: Int) -> Int {
      var added = 0
      for step in growth where step.at <= offset { added = step.added }
      return max(0, offset - added)
    }
  }

  /// `bytes` with every integer literal beyond 64 bits (outside strings) rewritten as a marked
  /// string; nil when there is none.
  static func rewriting(_ bytes: UnsafeBufferPointer<UInt8>) -> Rewritten? {
    var text: [UInt8] = []
    var growth: [(at: Int, added: Int)] = []
    var copied = 0
    var index = 0
    var inString = false
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "-") || isDigit(byte) else {
        index += 1
        continue
      }
      let start = index
      let negative = byte == UInt8(ascii: "-")
      var end = negative ? index + 1 : index
      let digitsStart = end
      while end < count, isDigit(bytes[end]) { end += 1 }
      // A fraction or an exponent makes a real, which jansson reads (rounded) as it always did.
      var tokenEnd = end
      while tokenEnd < count, isNumberByte(bytes[tokenEnd]) { tokenEnd += 1 }
      defer { index = max(tokenEnd, index + 1) }
      guard tokenEnd == end,
        isBeyond64Bits(UnsafeBufferPointer(rebasing: bytes[digitsStart..<end]), negative: negative)
      else { continue }
      if text.isEmpty { text.reserveCapacity(count + 64) }
      text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<start]))
      let added = (growth.last?.added ?? 0) + escapedMarker.count + 2
      text.append(UInt8(ascii: "\""))
      text.append(contentsOf: escapedMarker)
      text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
      text.append(UInt8(ascii: "\""))
      growth.append((at: text.count - (end - start) - 1, added: added))
      copied = end
    }
    guard !growth.isEmpty else { return nil }
    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count]))
    return Rewritten(text: text, growth: growth)
  }

  /// The integer a marked string stands for (its digits, with a leading `-` when negative), or
  /// nil when `text` is not one.
  package static func digits(in text: String) -> String? {
    guard text.hasPrefix(marker) else { return nil }
    let digits = text.dropFirst(marker.count)
    let unsigned = digits.hasPrefix("-") ? digits.dropFirst() : digits
    guard !unsigned.isEmpty, unsigned.utf8.allSatisfy(isDigit) else { return nil }
    return String(digits)
  }

  /// Whether these digits (no sign, no leading zero) make an integer that 64 bits cannot hold.
  private static func isBeyond64Bits(_ digits: UnsafeBufferPointer<UInt8>, negative: Bool) -> Bool {
    guard !digits.isEmpty, digits[0] != UInt8(ascii: "0") || digits.count == 1 else { return false }
    let limit = Array((negative ? "9223372036854775808" : "9223372036854775807").utf8)
    if digits.count != limit.count { return digits.count > limit.count }
    return digits.lexicographicallyPrecedes(limit) == false && !digits.elementsEqual(limit)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
  }
}
