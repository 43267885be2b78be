import PluginHTTP
import Testing

@Suite("MD5")
struct MD5Tests {
  struct Vector: Sendable, CustomTestStringConvertible {
    var input: String
    var digest: String
    var testDescription: String { input.count > 20 ? "\(input.prefix(12))… (\(input.utf8.count) bytes)" : "'\(input)'" }
  }

  /// RFC 1321, appendix A.5: the whole test suite.
  static let rfc1321: [Vector] = [
    Vector(input: "", digest: "d41d8cd98f00b204e9800998ecf8427e"),
    Vector(input: "a", digest: "0cc175b9c0f1b6a831c399e269772661"),
    Vector(input: "abc", digest: "900150983cd24fb0d6963f7d28e17f72"),
    Vector(input: "message digest", digest: "f96b697d7cb7938d525a2f31aaf161d0"),
    Vector(input: "abcdefghijklmnopqrstuvwxyz", digest: "c3fcd3d76192e4007dfb496cca67e13b"),
    Vector(
      input: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
      digest: "d174ab98d277d9f5a5611c2c9f419d9f"),
    Vector(
      input: "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
      digest: "57edf4a22be3c955ac49da2e2107b67a"),
  ]

  @Test("the RFC 1321 test suite", arguments: rfc1321)
  func rfc(_ vector: Vector) {
    #expect(MD5.hex(vector.input) == vector.digest)
  }

  /// Lengths around the 64-byte block and the 56-byte padding limit, where padding goes wrong
  /// first; the digests are GNU md5sum's.
  @Test(
    "lengths around the block boundaries",
    arguments: [
      (55, "ef1772b6dff9a122358552954ad0df65"), (56, "3b0c8ac703f828b04c6c197006d17218"),
      (57, "652b906d60af96844ebd21b674f35e93"), (63, "b06521f39153d618550606be297466d5"),
      (64, "014842d480b571495a4a0363793f7367"), (65, "c743a45e0d2e6a95cb859adae0248435"),
      (119, "8a7bd0732ed6a28ce75f6dabc90e1613"), (120, "5f61c0ccad4cac44c75ff505e1f1e537"),
      (128, "e510683b3f5ffe4093d021808bc6ff70"), (1000, "cabe45dcc9ae5b66ba86600cca6b8ba8"),
    ])
  func boundaries(_ length: Int, _ digest: String) {
    #expect(MD5.hex(String(repeating: "a", count: length)) == digest)
  }

  @Test("Marvel's documented example: ts 1, private key abcd, public key 1234")
  func marvelExample() {
    #expect(MD5.hex("1" + "abcd" + "1234") == "ffd275c5130566a2916217b101f26150")
  }

  @Test("text is hashed as its UTF-8 bytes")
  func utf8() {
    #expect(MD5.hex("ü€😀") == "267ea7ce5d600bbfc13a075d494f7617")
    #expect(MD5.digest(Array("abc".utf8)).count == 16)
  }
}
