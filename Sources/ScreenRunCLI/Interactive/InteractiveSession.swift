import Dispatch
import FoundationEssentials
import ScreenKinds
import ScreenKit
import ScreenRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen mode: keys in, a frame out on every change of state and on resize.
@MainActor
final class InteractiveSession {
  private let navigator: Navigator
  private var sources: [any DispatchSourceProtocol] = []
  private var spinner: (any DispatchSourceTimer)?
  private var spinnerPhase = 0
  private var redrawPending = false
  private var flash: String?
  private var finish: CheckedContinuation<InteractiveSession.Ending, Never>?
  /// Called when a key or a signal has been handled (hot reload checks its files here).
  var afterEvent: (@MainActor () -> Void)?

  /// How a session ended. (SIGINT, SIGTERM and SIGHUP end the process from `SignalWatcher`.)
  enum Ending: Equatable {
    case ok
    case noTerminal
  }

  /// Whether the selection (the line a `›` marks) shows in reverse video: yes, unless NO_COLOR
  /// is set and not empty (no-color.org). Frames from --once and --script never have it.
  let reverseSelection: Bool
  /// Turns the bytes read into keys, a bracketed paste whole.
  private var keyReader = KeyReader()

  /// The glyphs frames are drawn with (`--ascii`).
  let glyphs: Glyphs

  init(
    navigator: Navigator, glyphs: Glyphs = .unicode,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.glyphs = glyphs
    self.navigator = navigator
    reverseSelection = environment["NO_COLOR", default: ""].isEmpty
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
    // A screen's answer arrives on its own task: the redraw comes here, to this actor.
    navigator.onChange = { [weak self] in
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.scheduleRedraw() } }
    }
    listen()
    draw()
    let code = await withCheckedContinuation { finish = $0 }
    for source in sources { source.cancel() }
    spinner?.cancel()
    return code
  }

  func quit(_ code: InteractiveSession.Ending = .ok) {
    finish?.resume(returning: code)
    finish = nil
  }

  /// Shows a short message on the last line until the next key.
  func show(_ message: String) {
    flash = message
    scheduleRedraw()
  }

  // MARK: - Events

  private func listen() {
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readKeys() }
    }
    input.resume()
    sources.append(input)

    // A resize only asks for a redraw, so it can wait its turn on this thread.
    signal(SIGWINCH, SIG_IGN)
    let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
    resize.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.draw() }
    }
    resize.resume()
    sources.append(resize)

    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.tick() }
    }
    timer.resume()
    spinner = timer
  }

  private func readKeys() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    guard count > 0 else {
      if count == 0 || (errno != EINTR && errno != EAGAIN) { quit() }  // stdin closed
      return
    }
    for key in keyReader.keys(Array(buffer[0..<count])) {
      flash = nil
      handle(key)
    }
    afterEvent?()
    scheduleRedraw()
  }

  private func tick() {
    guard let entry = navigator.current, entry.model.isBusy else { return }
    spinnerPhase += 1
    draw()
  }

  // MARK: - Keys

  /// Hands a key to the navigator, which knows what the current screen binds it to.
  private func handle(_ key: Key) {
    if key == .control("z") {
      // The terminal's own key, not a screen's: suspend, and on `fg` draw the whole frame anew.
      TerminalMode.suspend()
      draw()
      return
    }
    let size = TerminalMode.size()
    switch navigator.press(key, viewport: Viewport(columns: size.columns, rows: size.rows)) {
    case .handled: break
    case .quit: quit()
    case .message(let message): show(message)
    }
  }

  // MARK: - Drawing

  private func scheduleRedraw() {
    guard !redrawPending else { return }
    redrawPending = true
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated {
        self?.redrawPending = false
        self?.draw()
      }
    }
  }

  /// Draws the current screen over the last frame, line by line, clearing what is left over.
  private func draw() {
    guard navigator.current != nil else { return }
    let size = TerminalMode.size()
    guard size.columns >= RenderOptions.minimumWidth, size.rows >= RenderOptions.minimumHeight else {
      // Too small for a frame: say so in what room there is, rather than draw a frame that wraps.
      let message =
        "Too small: screenrun needs \(RenderOptions.minimumWidth)x\(RenderOptions.minimumHeight). Ctrl-C quits."
      let lines = TextWidth.wrap(message, toColumns: size.columns).prefix(size.rows)
      var frame = TerminalText(.hideCursor + .home + .clearScreen)
      for (index, line) in lines.enumerated() {
        if index > 0 { frame.append(.newline) }
        frame.append(untrusted: line)
      }
      TerminalWriter.write(frame)
      return
    }
    // Lone URLs come whole, and `TerminalLine` cuts them to the terminal as hyperlinks.
    let options = RenderOptions(
      width: size.columns, height: size.rows, spinnerPhase: spinnerPhase, keepsWholeURLs: true, glyphs: glyphs)
    guard let state = navigator.screenState else { return }
    var lines = TextRenderer.render(state, options: options).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    if lines.last == "" { lines.removeLast() }
    if let flash, !lines.isEmpty {
      lines[lines.count - 1] = glyphs.truncate(TerminalSafe.sanitize(flash), toColumns: size.columns)
    }
    var frame = TerminalText(.home)
    for (index, line) in lines.prefix(size.rows).enumerated() {
      if index > 0 { frame.append(.clearToLineEnd + .newline) }
      if reverseSelection, line.hasPrefix(glyphs.selectionMarker) {
        // The selection as a bar across the width, in reverse video.
        frame.append(.reverse)
        frame.append(
          TerminalLine.fitted(TextWidth.pad(line, toColumns: size.columns), columns: size.columns, glyphs: glyphs))
        frame.append(.resetStyle)
        continue
      }
      frame.append(TerminalLine.fitted(line, columns: size.columns, glyphs: glyphs))
    }
    frame.append(.clearToLineEnd + .clearToScreenEnd)
    // The terminal cursor on the search field's caret, as in a text field; hidden elsewhere.
    if let caret = Self.caret(in: Array(lines.prefix(size.rows)), glyphs: glyphs) {
      frame.append(.move(row: caret.row, column: caret.column) + .showCursor)
    } else {
      frame.append(.hideCursor)
    }
    TerminalWriter.write(frame)
  }

  /// Where the search field's caret (`Glyphs.caret`) is drawn, counted from 1: in the first
  /// search field line that holds one (the field shows a caret character of the query as
  /// `Glyphs.caretStandIn`).
  static func caret(in lines: [String], glyphs: Glyphs = .unicode) -> (row: Int, column: Int)? {
    for (index, line) in lines.enumerated() where line.hasPrefix(FrameLine.searchField) {
      guard let range = line.firstRange(of: glyphs.caret) else { continue }
      return (index + 1, TextWidth.width(of: String(line[..<range.lowerBound])) + 1)
    }
    return nil
  }
}
