import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenTerminal
import Testing

/// The theme and the frame writer as bytes: what each role becomes under each `--color` and
/// environment, every styled span closed, links only where safe, the selection and the cursor
/// from the frame's data.
@Suite("Theme and FrameWriter")
struct FrameWriterTests {
  static func bytes(_ text: TerminalText) -> String {
    String(decoding: TerminalWriter.bytes(of: text), as: UTF8.self)
  }

  static func line(_ line: Frame.Line, selected: Bool = false, theme: Theme = .terminal) -> String {
    var text = TerminalText()
    FrameWriter.append(line, selected: selected, theme: theme, to: &text)
    return bytes(text)
  }

  @Test("each role's attributes: bold title, dim hints, underlined links, red errors, bold yellow matches")
  func roles() {
    #expect(Self.line(Frame.Line("Marvel", role: .title)) == "\u{1B}[1mMarvel\u{1B}[0m")
    #expect(Self.line(Frame.Line("↑↓ move", role: .dim)) == "\u{1B}[2m↑↓ move\u{1B}[0m")
    #expect(Self.line(Frame.Line("error: x", role: .error)) == "\u{1B}[31merror: x\u{1B}[0m")
    #expect(Self.line(Frame.Line("Iron", role: .match)) == "\u{1B}[1;33mIron\u{1B}[0m")
    #expect(Self.line(Frame.Line("body")) == "body", "body text has no attribute and no reset")
    var row = Frame.Line(" 1. ", role: .dim)
    row.append("Iron", role: .match)
    row.append(" Man")
    #expect(
      Self.line(row, selected: true) == "\u{1B}[7m 1. \u{1B}[0m\u{1B}[1;33;7mIron\u{1B}[0m\u{1B}[7m Man\u{1B}[0m",
      "on the selected row every span is reversed, dim dropped")
  }

  @Test("NO_COLOR keeps bold, dim, underline and reverse video and drops colours; never and dumb write none")
  func themes() {
    let noColor = Theme.resolve(.auto, interactive: true, environment: ["NO_COLOR": "1"])
    #expect(noColor.styled && !noColor.colors && noColor.links)
    for role in Frame.Role.allCases {
      for selected in [false, true] {
        #expect(!noColor.attributes(for: role, selected: selected).contains { $0.isColor }, "\(role)")
      }
    }
    #expect(noColor.attributes(for: .title) == [.bold])
    #expect(noColor.attributes(for: .error) == [.bold])
    #expect(noColor.attributes(for: .body, selected: true) == [.reverse])
    #expect(Theme.resolve(.auto, interactive: true, environment: ["NO_COLOR": ""]) == .terminal, "empty is unset")
    #expect(Theme.resolve(.always, interactive: true, environment: ["NO_COLOR": "1"]).colors, "an explicit always")
    #expect(Theme.resolve(.never, interactive: true, environment: [:]) == .plain)
    #expect(Theme.resolve(.auto, interactive: true, environment: ["TERM": "dumb"]) == .plain)
    #expect(Theme.resolve(.auto, interactive: false, environment: [:]) == .plain, "--once and --script are plain")
    let always = Theme.resolve(.always, interactive: false, environment: [:])
    #expect(always.styled && !always.links, "plain outputs write no hyperlink, even styled")
    for role in Frame.Role.allCases {
      #expect(Theme.plain.attributes(for: role, selected: true).isEmpty)
      #expect(
        Self.line(Frame.Line(linking: "see https://a.example/b", role: role), theme: .plain)
          == "see https://a.example/b")
    }
    #expect(Theme.colorsDiff(.auto, terminal: true, environment: [:]))
    #expect(!Theme.colorsDiff(.auto, terminal: false, environment: [:]))
    #expect(!Theme.colorsDiff(.auto, terminal: true, environment: ["NO_COLOR": "1"]))
    #expect(Theme.colorsDiff(.always, terminal: false, environment: [:]))
    #expect(!Theme.colorsDiff(.never, terminal: true, environment: [:]))
  }

  @Test("a URL in a field is an OSC 8 link to the whole URL, cut or not; an unsafe one is only text")
  func links() {
    let url = "https://github.com/duxianwei520/react"
    let line = Frame.Line(linking: "Home    " + url + ", more")
    #expect(line.spans.map(\.role) == [.body, .link, .body])
    let cut = line.truncated(toColumns: 20)
    #expect(cut.text == "Home    https://git…")
    #expect(cut.spans[1].url == url, "the cut keeps the whole URL")
    #expect(
      Self.line(cut) == "Home    \u{1B}[4m\u{1B}]8;;\(url)\u{1B}\\https://git…\u{1B}]8;;\u{1B}\\\u{1B}[0m")
    let never = Theme.resolve(.never, interactive: true, environment: [:])
    #expect(Self.line(cut, theme: never) == "Home    https://git…")
    // A URL from data with what a link may not hold (a quote is no RFC 3986 character here,
    // an ESC never is) is drawn as text, no link.
    let hostile = Frame.Line(spans: [Frame.Span("x", role: .link, url: "https://a.b/\u{1B}]8;;x")])
    #expect(Self.line(hostile) == "\u{1B}[4mx\u{1B}[0m")
    let quoted = Frame.Line(spans: [Frame.Span("y", role: .link, url: "https://a.b/\"q")])
    #expect(Self.line(quoted) == "\u{1B}[4my\u{1B}[0m")
  }

  @Test("a row of two lines is selected whole: its subtitle is in the bar too (issue 39)")
  func twoLineSelection() {
    var frame = Frame(lines: [Frame.Line("› 1. x"), Frame.Line("     sub", role: .dim), Frame.Line("  2. y")])
    frame.selectedRow = 0
    frame.selectedRows = 2
    var shown: ScreenImage?
    let drawn = Self.bytes(FrameWriter.screen(frame, columns: 10, rows: 3, theme: .terminal, over: &shown))
    let lines = drawn.components(separatedBy: "\r\n")
    #expect(lines.count == 3, "\(drawn.debugDescription)")
    #expect(lines[0].contains("\u{1B}[7m› 1. x"), "\(drawn.debugDescription)")
    #expect(lines[1] == "\u{1B}[7m     sub\u{1B}[0m\u{1B}[7m  \u{1B}[0m\u{1B}[K", "\(drawn.debugDescription)")
    #expect(!lines[2].contains("7m"), "the next row is not selected: \(drawn.debugDescription)")
    #expect(frame.markup == "[selected]› 1. x[/selected]\n[selected][dim]     sub[/dim][/selected]\n  2. y\n")
  }

  @Test("the screen: the selection a bar across the width, the cursor where the frame says, or hidden")
  func screen() {
    var frame = Frame(lines: [Frame.Line("Title", role: .title), Frame.Line("Search: a▏›|▏b"), Frame.Line("› 1. x")])
    frame.selectedRow = 2
    frame.cursor = Frame.Cursor(row: 1, column: 12)
    let drawn = Self.bytes(FrameWriter.screen(frame, columns: 20, rows: 5, theme: .terminal))
    #expect(
      drawn == "\u{1B}[H\u{1B}[1mTitle\u{1B}[0m\u{1B}[K\r\nSearch: a▏›|▏b\u{1B}[K\r\n\u{1B}[7m› 1. x\u{1B}[0m\u{1B}[7m"
        + String(repeating: " ", count: 14) + "\u{1B}[0m\u{1B}[K\u{1B}[J\u{1B}[2;13H\u{1B}[?25h",
      "\(drawn.debugDescription)")
    frame.cursor = nil
    let plain = Self.bytes(FrameWriter.screen(frame, columns: 20, rows: 5, theme: .plain))
    #expect(plain == "\u{1B}[HTitle\u{1B}[K\r\nSearch: a▏›|▏b\u{1B}[K\r\n› 1. x\u{1B}[K\u{1B}[J\u{1B}[?25l")
  }

  @Test(
    "over the frame shown, the lines that differ, whole; a shorter frame clears below; the same frame writes nothing")
  func screenOverTheLastFrame() {
    var shown: ScreenImage? = nil
    func write(_ frame: Frame) -> String {
      Self.bytes(FrameWriter.screen(frame, columns: 20, rows: 5, theme: .terminal, over: &shown))
    }
    var frame = Frame(lines: [Frame.Line("Title", role: .title), Frame.Line("› 1. 日本"), Frame.Line("  2. y")])
    frame.selectedRow = 1
    let whole = write(frame)
    #expect(whole == Self.bytes(FrameWriter.screen(frame, columns: 20, rows: 5, theme: .terminal)))
    #expect(write(frame) == "", "the same frame again writes nothing")
    // The selection moves: its two rows, each from its first column, erased to its end.
    frame.lines[1] = Frame.Line("  1. 日本")
    frame.lines[2] = Frame.Line("› 2. y")
    frame.selectedRow = 2
    #expect(
      write(frame) == "\u{1B}[2;1H  1. 日本\u{1B}[K\u{1B}[3;1H\u{1B}[7m› 2. y\u{1B}[0m\u{1B}[7m"
        + String(repeating: " ", count: 14) + "\u{1B}[0m\u{1B}[K\u{1B}[?25l")
    // A shorter frame: what was below its last line goes; the cursor is put back on the caret.
    frame.lines.removeLast()
    frame.selectedRow = nil
    frame.cursor = Frame.Cursor(row: 1, column: 4)
    #expect(write(frame) == "\u{1B}[3;1H\u{1B}[J\u{1B}[2;5H\u{1B}[?25h")
    // Only the cursor moved: only the cursor is written.
    frame.cursor = Frame.Cursor(row: 1, column: 6)
    #expect(write(frame) == "\u{1B}[2;7H\u{1B}[?25h")
  }

  @Test("a plain output styled by --color always, and the markup a screen test records")
  func plainOutputs() {
    var frame = Frame(lines: [Frame.Line("Books", role: .title), Frame.Line(linking: "at https://a.example/b")])
    frame.lines.append(Frame.Line("2 results", role: .dim))
    let always = Theme.resolve(.always, interactive: false, environment: [:])
    #expect(
      Self.bytes(FrameWriter.lines(frame, theme: always))
        == "\u{1B}[1mBooks\u{1B}[0m\nat \u{1B}[4mhttps://a.example/b\u{1B}[0m\n\u{1B}[2m2 results\u{1B}[0m\n")
    #expect(Self.bytes(FrameWriter.lines(frame, theme: .plain)) == frame.plainText)
    #expect(frame.plainText == "Books\nat https://a.example/b\n2 results\n")
    #expect(frame.markup == "[title]Books[/title]\nat [link]https://a.example/b[/link]\n[dim]2 results[/dim]\n")
  }
}

/// `--color` end to end: plain outputs are plain under `auto` whatever the terminal and the
/// environment, styled only with `always`; a bad value is a usage error.
@Suite("--color on the command line")
struct ColorOptionTests {
  @Test("--once into a pipe is plain text, with --color auto, never, or NO_COLOR unset; always styles it")
  func once() async throws {
    for options in [[], ["--color", "auto"], ["--color", "never"]] {
      let result = try await Screenrun.run(["Screens/characters.json", "--once", "--width", "60"] + options)
      #expect(result.exitCode == 0)
      #expect(!result.standardOutput.contains("\u{1B}"), "\(options): \(result.standardOutput.debugDescription)")
      #expect(result.standardOutput.hasPrefix("Marvel Characters\nSearch: Search characters…\n"))
    }
    let styled = try await Screenrun.run(["Screens/characters.json", "--once", "--width", "60", "--color", "always"])
    #expect(styled.standardOutput.hasPrefix("\u{1B}[1mMarvel Characters\u{1B}[0m\n"), "\(styled.standardOutput)")
    #expect(!styled.standardOutput.contains("\u{1B}]8;"), "no hyperlink in a plain output")
    let script = try await Screenrun.run(
      ["Screens/characters.json", "--script", "-", "--color", "always"], stdin: "search iron\n")
    #expect(script.standardOutput.contains("$ search iron\n\u{1B}[1mMarvel Characters\u{1B}[0m\n"))
  }

  @Test("--script frames show ▏, › and | typed into the search as they are")
  func typedMarkers() async throws {
    let result = try await Screenrun.run(
      ["Screens/characters.json", "--script", "-", "--width", "60"], stdin: "type a▏›|\nwait 600\n")
    #expect(result.standardOutput.contains("$ wait 600\nMarvel Characters\nSearch: a▏›|\n"), "\(result.standardOutput)")
    #expect(result.standardOutput.contains("No characters start with 'a▏›|'."))
  }

  @Test("--color takes auto, always or never")
  func badValue() async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--color", "yes"])
    #expect(result.exitCode == 2)
    #expect(result.standardError.contains("--color takes auto, always or never, not 'yes'"))
  }
}
