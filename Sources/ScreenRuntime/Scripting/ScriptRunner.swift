import ScreenKinds
import ScreenTerminal
import ScreenText

/// Runs a script against a navigator and renders one frame after each command.
///
/// Runs are deterministic: after each command the runner waits for the requests in flight, and
/// time moves only on the virtual clock, so `wait 600` fires a debounce at once and the output is
/// the same on every machine.
///
/// It needs no actor: runners on as many tasks as there are cores run scripts side by side.
package final class ScriptRunner {
  package let navigator: Navigator
  private let clock: VirtualScheduler
  private let options: RenderOptions

  package init(navigator: Navigator, clock: VirtualScheduler, options: RenderOptions) {
    self.navigator = navigator
    self.clock = clock
    self.options = options
    // The app is as wide as the frames drawn: a preview pane loads where they show it.
    navigator.send(.resize(viewport))
  }

  /// The text printed before each frame, naming what led to it, uncut. Prefer the runner's
  /// `heading(_:)`, which keeps it within the frame's width.
  package static func heading(_ text: String) -> String { "$ " + TerminalSafe.sanitize(text) + "\n" }

  /// The text printed before each frame, naming what led to it (`$ start FILE`, `$ COMMAND`),
  /// made safe and cut to `width` columns with "…", as the frame's own lines are.
  package static func heading(_ text: String, width: Int) -> String {
    TextWidth.truncate("$ " + TerminalSafe.sanitize(text), toColumns: max(RenderOptions.minimumWidth, width)) + "\n"
  }

  /// The heading before a frame of this runner, cut to its width.
  package func heading(_ text: String) -> String { Self.heading(text, width: options.width) }

  /// The current screen's frame, as plain text.
  package func frame() -> String {
    guard let state = navigator.screenState else { return "" }
    return TextRenderer.render(state, options: options) + noted.map { $0.text + "\n" }.joined()
  }

  /// The current screen's frame as a value (its roles, links and selection); nil before a
  /// screen is open.
  package func frameValue() -> Frame? {
    navigator.screenState.map {
      var frame = TextRenderer.frame($0, options: options)
      frame.lines += noted
      return frame
    }
  }

  /// What the last command's action would have done (or why it could not), under the frame.
  private var note: String?

  private var noted: [Frame.Line] { note.map { ScreenAction.noteLines($0, width: options.width) } ?? [] }

  /// The room a `key` command's screen has: the frame's width, and a terminal's usual height.
  package var viewport: Viewport { Viewport(columns: options.width, rows: options.height ?? 24) }

  /// Reads a script whose kind commands are those of the navigator's kinds.
  package func script(_ text: String) throws(ScriptError) -> Script {
    try Script(parsing: text, kinds: navigator.kinds)
  }

  /// Runs one command and waits for it to settle; a command that cannot run is a script error.
  nonisolated(nonsending) package func run(_ command: ScriptCommand, line: Int) async throws(ScriptError) {
    guard let entry = navigator.current else { return }
    note = nil
    switch command {
    case .wait(let milliseconds):
      // Timer by timer, each one's work settled before the next: a refresh every 10 s refreshes
      // twice in `wait 20000`, the second timer set when the first one's answer came.
      let end = clock.now + .milliseconds(milliseconds)
      while let due = clock.nextDue, due < end {
        clock.advance(by: due - clock.now)
        await navigator.settle()
      }
      clock.advance(by: end - clock.now)
    case .open(let row):
      do {
        try navigator.select(row - 1)
      } catch {
        throw ScriptError(line: line, message: error.description)
      }
    case .back:
      guard navigator.back() else {
        throw ScriptError(line: line, message: "'back' on the first screen: there is nothing to go back to")
      }
    case .key(let key):
      switch navigator.press(key, viewport: viewport) {
      case .message(let message): throw ScriptError(line: line, message: "'\(command)': \(message)")
      case .action(let text): note = text
      case .handled, .quit: break
      }
    case .quit:
      break
    case .tab(let move):
      guard let group = entry.group else {
        throw ScriptError(
          line: line,
          message: "'\(command)' needs a tabs screen, and \(entry.spec.file) is a \(entry.model.kind) screen")
      }
      guard group.index(move) != nil else {
        throw ScriptError(
          line: line, message: "'\(command)': there is no tab \(move); the screen has \(group.titles.count)")
      }
      navigator.send(.showTab(move))
    case .kind:
      switch navigator.run(command, viewport: viewport) {
      case .send: break
      case .failed(let message): throw ScriptError(line: line, message: message)
      case .unsupported:
        let kinds = navigator.kinds.kinds.filter { $0.scriptCommands.contains(command.name) }.map(\.name)
        throw ScriptError(
          line: line,
          message:
            "'\(command)' needs a \(kinds.joined(separator: " or ")) screen, and \(entry.spec.file) is a \(entry.model.kind) screen"
        )
      }
    }
    await navigator.settle()
  }
}
