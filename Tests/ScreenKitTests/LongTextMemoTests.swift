import Testing

@testable import ScreenText

/// A long text is wrapped and redacted once and found again by its bytes (a detail view of a
/// megabyte description lays its body out on every key), never at the cost of a stale answer.
@Suite("Long texts: wrapped and redacted once")
struct LongTextMemoTests {
  /// Words of a few letters, `bytes` long at least, different for each `seed`.
  static func words(_ bytes: Int, seed: Int = 0) -> String {
    var text = ""
    var index = seed
    while text.utf8.count < bytes {
      text += String(repeating: Character(Unicode.Scalar(UInt8(97 + index % 26))), count: 1 + index % 7) + " "
      index += 1
    }
    return text
  }

  @Test("a text made again from the same bytes is found; another width, text or count of secrets is not")
  func foundByBytes() {
    let memo = LongTextMemo<Int>()
    var made = 0
    /// The memo's value for `text`, or `fresh` when it has to be made.
    func value(_ text: String, width: Int = 80, generation: Int = 0, fresh: Int) -> Int {
      memo.value(of: text, key: width, generation: generation) {
        made += 1
        return fresh
      }
    }
    let text = Self.words(20_000)
    let again = String(decoding: Array(text.utf8), as: UTF8.self)  // equal bytes, other storage
    #expect(value(text, fresh: 1) == 1)
    #expect(value(again, fresh: 2) == 1)
    #expect(made == 1)
    #expect(value(again, width: 40, fresh: 3) == 3)
    #expect(value(again, generation: 1, fresh: 4) == 4)
    var changed = Array(text.utf8)
    changed[changed.count - 2] = UInt8(ascii: "z")  // in the last word
    #expect(value(String(decoding: changed, as: UTF8.self), fresh: 5) == 5)
    changed = Array(text.utf8)
    changed[8] = UInt8(ascii: "z")
    #expect(value(String(decoding: changed, as: UTF8.self), fresh: 6) == 6)
    #expect(made == 5)
  }

  @Test("a short text is never kept, and the text used longest ago goes first")
  func shortAndEvicted() {
    let memo = LongTextMemo<Int>(capacity: 2)
    var made = 0
    for _ in 0..<3 {
      _ = memo.value(of: "short", key: 1, generation: 0) {
        made += 1
        return made
      }
    }
    #expect(made == 3)
    let (a, b, c) = (Self.words(17_000, seed: 1), Self.words(17_000, seed: 2), Self.words(17_000, seed: 3))
    _ = memo.value(of: a, key: 1, generation: 0) { 1 }
    _ = memo.value(of: b, key: 1, generation: 0) { 2 }
    _ = memo.value(of: a, key: 1, generation: 0) { 9 }  // a is used again: b is now the oldest
    _ = memo.value(of: c, key: 1, generation: 0) { 3 }
    #expect(memo.value(of: a, key: 1, generation: 0) { 0 } == 1)
    #expect(memo.value(of: b, key: 1, generation: 0) { 0 } == 0)
  }

  @Test("sameBytes compares bytes, not canonical equivalence")
  func bytesNotCharacters() {
    #expect(LongTextMemo<Int>.sameBytes("caf\u{E9}", "caf\u{E9}"))
    #expect(!LongTextMemo<Int>.sameBytes("caf\u{E9}", "cafe\u{301}"))
    #expect(LongTextMemo<Int>.sameBytes("", ""))
    #expect(!LongTextMemo<Int>.sameBytes("abcdefghi", "abcdefghj"))
  }

  @Test("a long text wrapped, then a secret it holds registered: the next wrap redacts it")
  func secretRegisteredAfterAWrap() {
    let registry = SecretRegistry()
    let secret = "ghp_memoTest" + String(UInt64.random(in: 1...UInt64.max), radix: 36)
    registry.register("unrelated-secret-value")
    let text = Self.words(40_000) + secret + " " + Self.words(100)
    #expect(registry.redact(text).contains(secret))
    registry.register(secret)
    let redacted = registry.redact(text)
    #expect(!redacted.contains(secret))
    #expect(redacted.contains(SecretRegistry.mask))
    #expect(registry.redact(String(decoding: Array(text.utf8), as: UTF8.self)) == redacted)
  }

  @Test("a long wrap is the same lines the second time, at each width")
  func wrapAgain() {
    let text = Self.words(30_000, seed: 5)
    for width in [20, 80] {
      let first = TextWidth.wrap(text, toColumns: width)
      #expect(TextWidth.wrap(String(decoding: Array(text.utf8), as: UTF8.self), toColumns: width) == first)
      #expect(first.allSatisfy { TextWidth.width(of: $0) <= width })
      #expect(first.joined(separator: " ") == String(text.dropLast()))  // only the spaces at breaks go
    }
  }
}
