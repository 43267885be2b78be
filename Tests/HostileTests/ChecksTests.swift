import Testing

/// The driver's checks themselves: each catches what it looks for and lets plain output pass.
@Suite("The hostile suite's checks")
struct ChecksTests {
  @Test(
    "raw controls: ESC, BEL, CR, tab, DEL, C1, bidi and bytes that are not UTF-8 are caught; text and newlines pass",
    arguments: [
      ("a\u{1B}[2J", "ESC"), ("ring\u{07}", "BEL"), ("a\rb", "control 0x0D"), ("a\tb", "control 0x09"),
      ("del\u{7F}", "control 0x7F"), ("c1\u{9B}31m", "C1 control U+009B"), ("abc\u{202E}x", "bidi control U+202E"),
      ("\u{2066}x", "bidi control U+2066"),
    ])
  func rawControls(text: String, what: String) {
    #expect(Checks.rawControl(Array(text.utf8))?.1 == what)
  }

  @Test("plain text, wide characters, emoji and newlines are not raw; a lone 0x9B byte is")
  func plainText() {
    #expect(Checks.rawControl(Array("Iron Man\n漢字 👩‍👩‍👧 é\n".utf8)) == nil)
    #expect(Checks.rawControl([0x61, 0x9B, 0x32, 0x4A])?.1 == "bytes that are not UTF-8")
    #expect(Checks.rawControl([0x61, 0x9B, 0x32, 0x4A])?.0 == 1)
  }

  @Test("secrets are found in any case")
  func secrets() {
    let secret = "AbCdEf0123"
    #expect(Checks.secret(in: Array("x abcdef0123 y".utf8), [secret])?.0 == 2)
    #expect(Checks.secret(in: Array("x ABCDEF0123 y".utf8), [secret]) != nil)
    #expect(Checks.secret(in: Array("x abcdef012 y".utf8), [secret]) == nil)
  }

  @Test("crash text: the runtime's words and backtrace lines")
  func crashText() {
    #expect(Checks.crashText(Array("x.swift:3: Fatal error: boom\n".utf8)) != nil)
    #expect(Checks.crashText(Array("ok\n0 0x000055d5c0a1b2c3 main + 12\n".utf8)) == 3)
    #expect(Checks.crashText(Array("#1 0x00007f12345678 in foo\n".utf8)) == 0)
    #expect(Checks.crashText(Array("1-20 of 64, more to load\n12 comics\n".utf8)) == nil)
  }

  @Test("width: a line over the width is caught, by terminal columns; a lone URL is not")
  func width() {
    #expect(Checks.tooWide(Array("abcde\nabcdefghijk\n".utf8), width: 10)?.0 == 2)
    #expect(Checks.tooWide(Array("漢字漢字漢字\n".utf8), width: 10)?.1 == 12)
    #expect(Checks.tooWide(Array("ééééééééé\n".utf8), width: 10) == nil)
    #expect(Checks.tooWide(Array("  https://example.com/a/very/long/path/indeed\n".utf8), width: 10) == nil)
    #expect(Checks.tooWide(Array("see https://example.com/a/very/long/path\n".utf8), width: 10) != nil)
  }
}
