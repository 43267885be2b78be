import TestSupport
import Testing

@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal
@testable import ScreenText

/// A flash message keeps its advice (issue 39): it wraps onto the frame's last lines, as many as
/// it needs up to a third of the height, and the `?` help shows the last one whole.
extension AppTests {
  static let noBrowser =
    "Open in browser: no browser opened it (xdg-open: command not found); set BROWSER to your browser"

  @Test("at 80 columns a long flash wraps onto the lines it needs, from the bottom, and keeps its advice")
  func aLongFlashWrapsAndKeepsItsAdvice() async {
    await store.settle()
    store.send(.resize(Viewport(columns: 80, rows: 24)), effects: [.draw]) { $0.size = Viewport(columns: 80, rows: 24) }
    let before = lines
    store.send(.performed(Self.noBrowser), effects: [.draw]) { $0.flash = Self.noBrowser }
    let frame = lines
    #expect(frame.count == before.count, "the frame keeps its height: \(frame)")
    #expect(frame.allSatisfy { TextWidth.width(of: String($0)) <= 80 }, "\(frame)")
    #expect(
      frame.suffix(2).map(String.init) == [
        "Open in browser: no browser opened it (xdg-open: command not found); set BROWSER",
        "to your browser",
      ], "\(frame)")
    // The lines above it are the frame's, as before.
    #expect(frame.dropLast(2) == before.dropLast(2))
    // The next key takes the flash away; the help shows it whole at its top.
    store.send(.key(.character("?")), effects: [.draw]) {
      $0.flash = nil
      $0.overlay = .help(top: 0)
    }
    #expect(store.state.lastFlash == Self.noBrowser)
    let help = lines.map(String.init)
    #expect(
      help[2...3] == [
        "Last message            Open in browser: no browser opened it (xdg-open: command",
        "                        not found); set BROWSER to your browser",
      ], "\(help)")
  }

  @Test("in a narrow, short terminal a flash takes at most a third of the rows; the help shows it whole")
  func aFlashInANarrowTerminal() async {
    await store.settle()
    store.send(.resize(Viewport(columns: 30, rows: 10)), effects: [.draw]) { $0.size = Viewport(columns: 30, rows: 10) }
    store.send(.performed(Self.noBrowser), effects: [.draw]) { $0.flash = Self.noBrowser }
    let frame = lines.map(String.init)
    #expect(frame.allSatisfy { TextWidth.width(of: $0) <= 30 }, "\(frame)")
    // Three rows of ten: two whole lines, and the last cut with an ellipsis.
    #expect(
      frame.suffix(3) == [
        "Open in browser: no browser", "opened it (xdg-open: command", "not found); set BROWSER to yo…",
      ],
      "\(frame)")
    #expect(frame.first == "Books", "the title stays: \(frame)")
    store.send(.key(.character("?")), effects: [.draw]) {
      $0.flash = nil
      $0.overlay = .help(top: 0)
    }
    // The help's text column is narrow: the message wraps in it, whole, from its first line.
    #expect(store.state.helpLines?.first == KeyHelpLine(keys: "Last message", does: Self.noBrowser))
    #expect(lines[2].hasPrefix("Last message") && lines[2].hasSuffix(" Open in"), "\(lines)")
  }
}
