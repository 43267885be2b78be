import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenTerminal

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The full-screen mode, which does I/O only: it reads keys and signals (`TerminalInput`), sends
/// them to the app as actions (`Navigator.send`, which runs `App.reduce`), does the terminal's
/// effects (draw, redraw, quit, suspend, watch), and writes the app's frame. Every event takes
/// the same path: an action in the inbox, the reducer, one frame for all the actions that came
/// together and those their effects posted at once (a screen's store saying it changed), written
/// as the lines that differ from the frame the terminal shows.
@MainActor
final class InteractiveSession {
  private let navigator: Navigator
  private let watcher: ScreenWatcher?
  private let inbox = AppInbox()
  /// The thread that reads the terminal; stopped while an action's program has the terminal.
  private var input: TerminalInput?
  private let environment: [String: String]
  /// What the terminal shows, as the last frame wrote it; nil when it may show anything else (at
  /// the start, after a resize, a resume, a program that had the terminal, the line saying it is
  /// too small, or an overlay opened or closed), so that the next frame is written whole.
  private var shown: ScreenImage?
  /// The frame the terminal shows, and the overlay it was drawn with: the same frame again is not
  /// written, a frame with another overlay is written whole.
  private var shownFrame: (frame: AppFrame, overlay: AppState.Overlay)?

  /// How a session ended. (SIGINT, SIGTERM and SIGHUP end the process from `SignalWatcher`.)
  enum Ending: Equatable {
    case ok
    case noTerminal
  }

  /// What roles look like on this terminal (`--color`, NO_COLOR, TERM=dumb).
  let theme: Theme

  /// The glyphs frames are drawn with (`--ascii`).
  let glyphs: Glyphs

  init(
    navigator: Navigator, watcher: ScreenWatcher? = nil, glyphs: Glyphs = .unicode, color: ColorMode = .auto,
    environment: [String: String] = ScreenRunCommand.environment
  ) {
    self.glyphs = glyphs
    self.navigator = navigator
    self.watcher = watcher
    self.environment = environment
    theme = Theme.resolve(color, interactive: true, environment: environment)
  }

  /// Runs until the user quits; the terminal is restored whatever happens.
  func run() async -> InteractiveSession.Ending {
    // SIGINT, SIGTERM and SIGHUP end the session from a thread of their own, even while this one
    // is busy; served from before the terminal changes, so no signal finds it changed and unguarded.
    SignalWatcher.start([
      SIGINT: ScreenRunCommand.ExitCode.interrupted.rawValue, SIGTERM: ScreenRunCommand.ExitCode.terminated.rawValue,
      SIGHUP: ScreenRunCommand.ExitCode.terminated.rawValue,
    ])
    guard TerminalMode.enter() else {
      return .noTerminal
    }
    defer { TerminalMode.leave() }
    // A screen's answer arrives on its own task, as an action in the inbox.
    navigator.environment.onAction = { [inbox] in inbox.post($0) }
    defer { navigator.environment.onAction = nil }
    guard let reader = TerminalInput(posting: { [inbox] in inbox.post($0) }) else { return .noTerminal }
    input = reader
    defer { input?.stop() }
    defer { setTicking(false) }
    navigator.watching = watcher != nil

    var actions: [AppAction] = [.resize(TerminalMode.viewport())]
    while true {
      var draws = false
      // What the actions' effects posted at once is taken before the frame, so that one key
      // draws one frame; and a request they started that answers within a few milliseconds (the
      // sample data, a page from the cache) is drawn with them, so that a "Loading" that would
      // last one frame is never drawn. A few rounds at most, so that a flood of keys still shows.
      for round in 0..<8 where !actions.isEmpty {
        let requests = navigator.environment.requestsStarted
        for action in actions {
          if case .resize = action { forgetShown() }
          if perform(navigator.send(action), draws: &draws) { return .ok }
        }
        actions = inbox.take()
        if actions.isEmpty, round < 7, navigator.environment.requestsStarted != requests {
          actions = await inbox.next(within: Self.answerGrace)
        }
      }
      if draws { draw() }
      // Idle, the process sleeps: the tick runs only while something needs it.
      setTicking(navigator.state.needsTick)
      if actions.isEmpty { actions = await inbox.next() }
    }
  }

  /// The app's tick (`AppAction.tick`), ten times a second, off this actor (it only posts);
  /// nil while nothing needs it.
  private var ticker: Task<Void, Never>?

  /// Starts or stops the tick.
  private func setTicking(_ on: Bool) {
    if on, ticker == nil {
      ticker = Task.detached { [inbox] in
        while (try? await Task.sleep(for: .milliseconds(100))) != nil { inbox.post(.tick) }
      }
    } else if !on, let running = ticker {
      running.cancel()
      ticker = nil
    }
  }

  /// How long a frame waits for the answer of a request its actions started.
  static let answerGrace = Duration.milliseconds(8)

  /// Does the terminal's effects; true when one of them quits.
  private func perform(_ effects: [AppEffect], draws: inout Bool) -> Bool {
    for effect in effects {
      switch effect {
      case .draw:
        draws = true
      case .redraw:
        forgetShown()
        draws = true
      case .quit:
        return true
      case .suspend:
        // Stopped in here until `fg`; then the whole frame anew, at the terminal's size now.
        TerminalMode.suspend()
        forgetShown()
        if perform(navigator.send(.resume) + navigator.send(.resize(TerminalMode.viewport())), draws: &draws) {
          return true
        }
      case .perform(let request):
        // A program that took the terminal leaves it as it likes: the whole frame anew, at the
        // terminal's size now.
        let runner = ActionRunner(environment: environment) { body in self.handingOver(body) }
        let done = navigator.send(.performed(runner.carryOut(request)))
        forgetShown()
        if perform(done + navigator.send(.resize(TerminalMode.viewport())), draws: &draws) { return true }
      case .watch:
        guard let watcher, let restarted = watcher.changes() else { continue }
        let reloaded = navigator.send(.reload(restarted: restarted))
        watcher.lookAgain()
        if perform(reloaded, draws: &draws) { return true }
      default:
        break
      }
    }
    return false
  }

  /// Gives the terminal to a program for the time of `body`, as Ctrl-Z gives it to the shell:
  /// no thread of screenrun reads it meanwhile, the program gets the main screen in the mode
  /// screenrun found, and screenrun takes it back after.
  private func handingOver(_ body: () -> String) -> String {
    input?.stop()
    input = nil
    TerminalMode.leave()
    TerminalMode.guardHandOver()
    let result = body()
    // The program may have left the terminal in any mode: screenrun's is made from the one it
    // found, which it puts back first.
    TerminalMode.restore()
    _ = TerminalMode.enter()
    input = TerminalInput(posting: { [inbox] in inbox.post($0) })
    return result
  }

  // MARK: - Drawing

  /// Writes the app's frame: the one call between the app and the terminal. `FrameWriter` draws
  /// it from its data in the theme, as the lines that differ from what the terminal shows; a
  /// terminal too small for a frame gets the line saying so.
  private func draw() {
    guard let drawn = navigator.frame(glyphs: glyphs) else { return }
    let overlay = navigator.state.overlay
    if let before = shownFrame, shown != nil {
      if before.frame == drawn && before.overlay == overlay { return }
      if !Self.sameOverlay(before.overlay, overlay) { shown = nil }
    }
    shownFrame = (drawn, overlay)
    let size = navigator.state.size
    guard drawn.isScreen else {
      var text = TerminalText(.hideCursor + .home + .clearScreen)
      for (index, line) in drawn.frame.lines.enumerated() {
        if index > 0 { text.append(.newline) }
        text.append(untrusted: line.text)
      }
      TerminalWriter.write(text)
      shown = nil
      return
    }
    TerminalWriter.write(
      FrameWriter.screen(
        drawn.frame, columns: size.columns, rows: size.rows, theme: theme, glyphs: glyphs, over: &shown))
  }

  /// The terminal may show anything now: the next frame is written whole.
  private func forgetShown() {
    shown = nil
    shownFrame = nil
  }

  /// Whether two overlays are the same one (the help scrolled is still the help).
  private static func sameOverlay(_ one: AppState.Overlay, _ other: AppState.Overlay) -> Bool {
    switch (one, other) {
    case (.none, .none), (.help, .help), (.confirm, .confirm): true
    default: false
    }
  }
}
