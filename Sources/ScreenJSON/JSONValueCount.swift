/// The most values a response may hold, counted before it is parsed.
///
/// A value costs far more memory than its text: `{}` is two bytes, and an object in jansson's
/// tree or in `JSON` takes tens of bytes. A 53 MB answer of 7 million tiny records, within the
/// body limit, grew screenrun to 2.5 GB. So a response (an HTTP body, a plugin's answer line, a
/// declared sample file) is counted first, by a scan of its bytes that builds nothing, and one of
/// more than `JSON.maximumValues` values is refused before jansson reads a byte of it. A real
/// page holds far fewer: the largest recorded answer, 100 Marvel comics, holds 15,020.
extension JSON {
  /// How many values (every object, array, member and element, scalars included) one response
  /// may hold: `ParseOptions.response`'s limit.
  package static let maximumValues = 1_000_000

  /// The number of values in `bytes`, counted as far as `limit`; nil when it has more. The text
  /// need not be valid (the parse that follows says where it is not): each opening bracket and
  /// each comma outside a string starts a value, and an empty container holds none.
  static func valueCount(of bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> (count: Int, over: Int?) {
    var count = 1
    var inString = false
    var escaped = false
    /// The last byte outside a string that was not whitespace.
    var last: UInt8 = 0
    for index in bytes.indices {
      let byte = bytes[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","):
        count += 1
        if count > limit { return (count, index) }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        // The value counted at the opening of an empty container is none.
        if last == UInt8(ascii: "[") || last == UInt8(ascii: "{") { count -= 1 }
      case 0x20, 0x09, 0x0A, 0x0D:
        continue
      default:
        break
      }
      last = byte
    }
    return (count, nil)
  }

  /// Refuses `bytes` when it holds more than `limit` values, at the byte where the count passed it.
  static func checkValueCount(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int?) throws(JSONSyntaxError) {
    // Every value takes a byte at least: a text no longer than the limit is within it.
    guard let limit, bytes.count > limit, let over = valueCount(of: bytes, limit: limit).over else { return }
    let (line, column) = JSONPieceReader.location(ofByte: over + 1, in: bytes)
    var error = JSONSyntaxError(
      line: line, column: column, offset: over + 1,
      message: "more than \(grouped(limit)) JSON values, the most screenrun reads in one answer")
    error.exceedsValueLimit = true
    throw error
  }

  /// `1000000` as `1,000,000`.
  private static func grouped(_ number: Int) -> String {
    var digits = String(number)
    var place = digits.count - 3
    while place > 0 {
      digits.insert(",", at: digits.index(digits.startIndex, offsetBy: place))
      place -= 3
    }
    return digits
  }
}
