import Foundation
import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenTerminal
import Testing

/// The writer's pieces as values: the secret registry, neutralizing, links and fitted lines.
@Suite("TerminalWriter, SecretRegistry, TerminalControl and the lines FrameWriter draws")
struct TerminalWriterTests {
  static func text(_ value: TerminalText) -> String {
    String(decoding: TerminalWriter.bytes(of: value), as: UTF8.self)
  }

  @Test("a registered secret is redacted in any letter case, wherever it stands; short ones are not kept")
  func registry() {
    let registry = SecretRegistry()
    #expect(registry.redact("nothing yet") == "nothing yet")
    registry.register("abc")  // too short: would mangle words
    registry.register("0f1e2d3c4b5a69788796a5b4c3d2e1f0")
    registry.register("Private-Key-42")
    registry.register("Private-Key-42-and-more")
    #expect(registry.redact("abc") == "abc")
    #expect(registry.redact("h=0F1E2D3C4B5A69788796A5B4C3D2E1F0.") == "h=REDACTED.")
    #expect(registry.redact("x0f1e2d3c4b5a69788796a5b4c3d2e1f0y") == "xREDACTEDy")
    #expect(registry.redact("private-key-42 then PRIVATE-KEY-42-AND-MORE!") == "REDACTED then REDACTED!")
    #expect(registry.redact("é Private-Key-42 ü") == "é REDACTED ü")
    #expect(registry.redact("Private-Key-4") == "Private-Key-4")
    #expect(registry.contains("..private-key-42.."))
  }

  @Test("untrusted text: C0, DEL, C1, ESC sequences and bidi overrides become U+FFFD; newlines stay")
  func neutralize() {
    let hostile = "a\u{1B}]52;c;SGVsbG8=\u{07}b\u{9B}2Jc\u{7F}d\u{202E}e\u{2066}f\tg\r\nh\ri\u{0}j\n"
    let out = Self.text(TerminalText(untrusted: hostile))
    #expect(out == "a\u{FFFD}]52;c;SGVsbG8=\u{FFFD}b\u{FFFD}2Jc\u{FFFD}d\u{FFFD}e\u{FFFD}f g\nh\ni\u{FFFD}j\n")
    #expect(Self.text(TerminalText(untrusted: "Ünïcødé 漢字 🙂")) == "Ünïcødé 漢字 🙂")
  }

  @Test("the program's own control passes as it is, next to neutralized text")
  func control() {
    var frame = TerminalText(.home)
    frame.append(untrusted: "\u{1B}[2J")
    frame.append(.clearToLineEnd + .newline)
    #expect(Self.text(frame) == "\u{1B}[H\u{FFFD}[2J\u{1B}[K\r\n")
    #expect(Self.text(TerminalText(.move(row: 0, column: 100_000))) == "\u{1B}[1;9999H")
  }

  @Test("a link is made only to a plain http(s) URL of RFC 3986 characters")
  func links() {
    #expect(TerminalControl.link(to: "https://example.com/a_b-c~d?x=1&y=%2F#top") != nil)
    #expect(TerminalControl.link(to: "HTTP://example.com/") != nil)
    for bad in [
      "https://example.com/\u{1B}]52;c;x\u{07}", "https://example.com/a b", "https://example.com/\u{9C}",
      "https://example.com/é", "javascript:alert(1)", "file:///etc/passwd", "https://", "https://x/%zz",
      "https://example.com/\u{202E}", "https://example.com/" + String(repeating: "a", count: 3000),
    ] {
      #expect(TerminalControl.link(to: bad) == nil, "\(bad.debugDescription)")
    }
  }

  /// A line as the interactive mode draws it: cut to `columns`, in the terminal's theme.
  static func drawn(_ text: String, columns: Int) -> String {
    var drawn = TerminalText()
    FrameWriter.append(
      Frame.Line(linking: text).truncated(toColumns: columns), selected: false, theme: .terminal, to: &drawn)
    return Self.text(drawn)
  }

  @Test("interactive lines: a URL, alone or in a line, cut with … and linked whole; text from outside stays text")
  func fittedLines() {
    let url = "https://i.annihil.us/u/prod/marvel/i/mg/9/c0/527bb7b37ff55/portrait_xlarge.jpg"
    let link = "\u{1B}]8;;\(url)\u{1B}\\"
    let end = "\u{1B}]8;;\u{1B}\\"
    let underline = "\u{1B}[4m"
    let reset = "\u{1B}[0m"
    let linked = Self.drawn("  " + url, columns: 40)
    #expect(linked == "  " + underline + link + "https://i.annihil.us/u/prod/marvel/i/…" + end + reset, "\(linked)")

    #expect(Self.drawn(url, columns: 200) == underline + link + url + end + reset, "a URL that fits is linked")
    let inField = Self.drawn("see " + url, columns: 30)
    #expect(inField == "see " + underline + link + "https://i.annihil.us/u/pr…" + end + reset, "\(inField)")
    let hostile = Self.drawn("https://a.b/c\u{1B}]52;c;x\u{07}", columns: 60)
    #expect(!hostile.contains("\u{07}") && hostile.contains("\u{FFFD}"), "\(hostile.debugDescription)")
    #expect(FrameLine.isURL("http://a.b/c") && !FrameLine.isURL("http://a.b/c d"))
  }
}
