import Testing

@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenText

/// `render(in:showing:)`, what a list's rows and a table's cells render: only as much of the
/// template as the line shows, and the same line once cut to its width.
@Suite("Templates rendered as far as a line shows")
struct TemplateShowingTests {
  let record: JSON = ["name": "3-D Man", "mark": "e\u{301}\u{301}\u{301}\u{301}"]

  func cut(_ text: String, _ columns: Int) -> String {
    TextWidth.truncate(TerminalSafe.sanitize(text), toColumns: columns)
  }

  @Test("100,000 holes: far less is rendered, and the line cut to its width is the same")
  func manyHoles() throws {
    let template = try Template(String(repeating: "{name}", count: 100_000))
    let context = TemplateContext(record: record)
    let whole = template.render(in: context)
    for columns in [20, 80, 1000] {
      let shown = template.render(in: context, showing: columns)
      #expect(shown.utf8.count < whole.utf8.count / 4)
      #expect(whole.hasPrefix(shown))
      #expect(cut(shown, columns) == cut(whole, columns))
    }
  }

  @Test("text of no width does not count: 100,000 holes of combining marks render whole")
  func zeroWidthText() throws {
    let template = try Template(String(repeating: "{mark}", count: 40_000) + "{name}")
    let context = TemplateContext(record: record)
    let whole = template.render(in: context)
    let shown = template.render(in: context, showing: 80)
    #expect(cut(shown, 80) == cut(whole, 80))
  }

  @Test("a secret the stop cuts never shows: past the columns, or rendered whole and redacted")
  func secretAtTheStop() throws {
    let secret = "Zq7-template-stop-secret-0123456789"
    SecretRegistry.shared.register(secret)
    let half = secret.utf8.count / 2
    let head = String(secret.prefix(half))
    let tail = String(secret.dropFirst(half))
    let record: JSON = ["head": .string(head), "tail": .string(tail)]
    let context = TemplateContext(record: record)
    // The stop comes right after the secret's first half: 65,530 bytes of letters, or of marks
    // of no width (then nothing is shown yet, so it goes on and the secret is whole).
    for filler in ["x", "\u{301}"] {
      let count = 65_530 / filler.utf8.count
      let template = try Template(String(repeating: filler, count: count) + "{head}{tail} and more")
      for columns in [20, 80, 200] {
        let line = cut(template.render(in: context, showing: columns), columns)
        for start in 0...(secret.count - 8) {
          let piece = String(secret.dropFirst(start).prefix(8))
          let shows = line.contains(piece)
          #expect(!shows, "at \(columns) columns, the line shows \(piece) of the secret")
        }
      }
    }
  }
}
