import Testing

@testable import PluginHost
@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal
@testable import ScreenText

/// The one table of characters that untrusted text may not carry raw (`TerminalSafe.isUnsafe`),
/// held to every code point, and each writer's own replacement of them.
@Suite("Unsafe characters")
struct UnsafeCharacterTests {
  /// The table, written out here apart from the code: controls, DEL and C1, the bidirectional
  /// marks, the line and paragraph separators, the embeddings and overrides, the isolates.
  static let table: [ClosedRange<UInt32>] = [
    0x00...0x1F, 0x7F...0x9F, 0x061C...0x061C, 0x200E...0x200F, 0x2028...0x2029, 0x202A...0x202E, 0x2066...0x2069,
  ]

  static func inTable(_ value: UInt32) -> Bool { table.contains { $0.contains(value) } }

  @Test("every code point: the predicate is the table, and the UTF-8 fast path agrees with it")
  func predicateIsTheTable() {
    var mismatches: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
      let expected = Self.inTable(value)
      if TerminalSafe.isUnsafe(scalar) != expected { mismatches.append("predicate U+\(String(value, radix: 16))") }
      // The bytes of the scalar after a letter, so that the fast path starts where it is.
      let bytes = Array("a\(Character(scalar))z".utf8)
      let safe = bytes.withUnsafeBufferPointer { TerminalSafe.isSafe($0, keepingNewlines: true) }
      if safe == (expected && value != 0x0A) { mismatches.append("bytes U+\(String(value, radix: 16))") }
      if mismatches.count > 20 { break }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test("the eight-bytes-at-a-time path: every byte value at every place of a word, and code points at every offset")
  func eightAtATime() {
    for value in UInt8(0)...UInt8(255) {
      for place in 0..<8 {
        var bytes = [UInt8](repeating: UInt8(ascii: "k"), count: 8)
        bytes[place] = value
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        #expect(TerminalSafe.printableASCII(word) == (value >= 0x20 && value < 0x7F), "byte \(value) at \(place)")
      }
    }
    let scalars: [Unicode.Scalar] =
      (0..<0xA1).compactMap(Unicode.Scalar.init) + [
        "\u{061B}", "\u{061C}", "\u{061D}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2027}", "\u{2028}", "\u{202E}",
        "\u{202F}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "é", "日", "🙂",
      ]
    var mismatches: [String] = []
    for scalar in scalars {
      for offset in 0..<17 {
        let text = String(repeating: "p", count: offset) + String(Character(scalar)) + String(repeating: "q", count: 24)
        let safe = Array(text.utf8).withUnsafeBufferPointer { TerminalSafe.isSafe($0, keepingNewlines: false) }
        if safe != (TerminalSafe.sanitizeByScalars(text, keepNewlines: false) == text) {
          mismatches.append("U+\(String(scalar.value, radix: 16)) at \(offset)")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }

  @Test(
    "each writer keeps its replacement: U+FFFD on the terminal, an escape in JSON, logs and messages, a space in CSV")
  func eachWriterReplacesTheSameCharacters() throws {
    let samples: [Unicode.Scalar] = [
      "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{061C}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}", "\u{202E}",
      "\u{2066}", "\u{2069}",
    ]
    let kept: [Unicode.Scalar] = ["a", "界", "\u{A0}", "\u{200D}", "\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}"]
    for scalar in samples + kept {
      let unsafe = samples.contains(scalar)
      let text = "<\(Character(scalar))>"
      let hex = String(scalar.value, radix: 16)
      let escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      let name = "U+\(hex)"
      #expect(TerminalSafe.sanitize(text) == (unsafe ? "<\u{FFFD}>" : text), "\(name)")
      var bytes: [UInt8] = []
      TerminalWriter.neutralize(text, into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == (unsafe ? "<\u{FFFD}>" : text), "\(name)")
      #expect(JSON.string(text).lineText == "\"" + (unsafe ? "<\(escape)>" : text) + "\"", "\(name)")
      #expect(PluginLog.escaped(text) == (unsafe ? "<\(escape)>" : text), "\(name)")
      #expect(Diagnostic.escapingControls(text) == (unsafe ? "<\(escape)>" : text), "\(name)")
      #expect(RecordFormat.cell(text) == (unsafe ? "< >" : text), "\(name)")
    }
    // Where they differ on purpose: a tab is a space on the terminal and in a cell, and a line
    // break kept on the terminal when asked; JSON writes them as its short escapes.
    #expect(TerminalSafe.sanitize("a\tb\nc", keepNewlines: true) == "a b\nc")
    #expect(JSON.string("a\tb\nc").lineText == #""a\tb\nc""#)
    #expect(RecordFormat.cell("a\tb\r\nc") == "a b  c")
  }
}
