import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// MD5 (RFC 1321): the Marvel API signs each request with `md5(ts + privateKey + publicKey)`,
/// and the response cache names its files by the MD5 of what they hold.
///
///     MD5.hex("1" + "abcd" + "1234")  // "ffd275c5130566a2916217b101f26150"
///
/// Written in Swift rather than linked from OpenSSL or Nettle, so that the build, CI and an
/// installed binary need nothing beyond jansson, and OpenSSL 3's deprecation of its MD5 functions
/// cannot break the zero-warning rule. Checked against every test vector of RFC 1321. It is not
/// used for anything that needs collision resistance.
package enum MD5 {
  /// The 16-byte digest of `bytes`.
  package static func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    var message = Array(bytes)
    let bitLength = UInt64(message.count) &* 8
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    for shift in stride(from: 0, to: 64, by: 8) {
      message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }

    var state: (a: UInt32, b: UInt32, c: UInt32, d: UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    var words = [UInt32](repeating: 0, count: 16)
    for blockStart in stride(from: 0, to: message.count, by: 64) {
      for index in 0..<16 {
        let offset = blockStart + index * 4
        words[index] =
          UInt32(message[offset]) | UInt32(message[offset + 1]) << 8 | UInt32(message[offset + 2]) << 16
          | UInt32(message[offset + 3]) << 24
      }
      var (a, b, c, d) = state
      for step in 0..<64 {
        let mixed: UInt32
        let word: Int
        switch step {
        case 0..<16:
          mixed = (b & c) | (~b & d)
          word = step
        case 16..<32:
          mixed = (d & b) | (~d & c)
          word = (5 &* step &+ 1) % 16
        case 32..<48:
          mixed = b ^ c ^ d
          word = (3 &* step &+ 5) % 16
        default:
          mixed = c ^ (b | ~d)
          word = (7 &* step) % 16
        }
        let sum = a &+ mixed &+ sines[step] &+ words[word]
        (a, d, c) = (d, c, b)
        b = b &+ rotateLeft(sum, by: shifts[step])
      }
      state = (state.a &+ a, state.b &+ b, state.c &+ c, state.d &+ d)
    }
    return [state.a, state.b, state.c, state.d].flatMap { word in
      (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32($0 * 8)) }
    }
  }

  /// The digest of `bytes` as 32 lowercase hex digits, the form the Marvel API expects.
  package static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(32)
    for byte in digest(bytes) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The digest of the UTF-8 bytes of `text`, as hex.
  package static func hex(_ text: String) -> String {
    hex(Array(text.utf8))
  }

  private static func rotateLeft(_ value: UInt32, by count: UInt32) -> UInt32 {
    (value << count) | (value >> (32 - count))
  }

  /// The per-step rotations of RFC 1321, section 3.4.
  private static let shifts: [UInt32] = [[7, 12, 17, 22], [5, 9, 14, 20], [4, 11, 16, 23], [6, 10, 15, 21]]
    .flatMap { round in (0..<4).flatMap { _ in round } }

  /// T[i] of RFC 1321: the integer part of 2^32 × |sin(i)|, computed from the RFC's own
  /// definition rather than copied as 64 magic numbers (the test vectors check the result).
  private static let sines: [UInt32] = (1...64).map { UInt32(abs(sin(Double($0))) * 4_294_967_296) }
}
