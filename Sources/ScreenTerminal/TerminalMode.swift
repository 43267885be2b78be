import FoundationEssentials
import ScreenSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts the terminal into raw mode on the alternate screen, and always puts it back: on quit,
/// on an error, on a failed write, on SIGINT, SIGTERM and SIGHUP (served off the main thread by
/// `SignalWatcher`, so a busy main thread cannot hold them up), and on a crash (a trap or a bad
/// access), where a signal handler restores the saved mode before the process dies.
package enum TerminalMode {
  /// The mode to go back to, for the crash handler, which can reach only globals. Written once,
  /// by the first `enter`, before the handlers that read it are installed: a later `enter` (after
  /// a program an action ran, or after Ctrl-Z) keeps it, so that a program that left the
  /// terminal raw does not leave it so after screenrun quits.
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var hasSaved = false
  nonisolated(unsafe) private static var active = false

  package static let enterScreen: TerminalControl =
    .enterAlternateScreen + .enableBracketedPaste + .hideCursor + .home + .clearScreen
  /// A frame cut short (a write given up, a signal mid-frame) may stop inside a styled span or an
  /// open hyperlink: both are closed before the screen is left.
  package static let leaveScreen: TerminalControl =
    .resetStyle + .linkEnd + .showCursor + .disableBracketedPaste + .leaveAlternateScreen

  /// Enters raw mode and the alternate screen; false when stdin is not a terminal.
  package static func enter() -> Bool {
    var current = termios()
    guard tcgetattr(STDIN_FILENO, &current) == 0 else { return false }
    if !hasSaved {
      saved = current
      hasSaved = true
    }
    var raw = saved
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
    active = true
    TerminalWriter.setTeardown(teardown())
    for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
      _ = signal(number, crashHandler)
    }
    TerminalWriter.write(TerminalText(enterScreen))
    return true
  }

  /// Puts back the mode screenrun found, whatever a program left: before it takes the terminal
  /// again after one.
  package static func restore() {
    guard hasSaved else { return }
    var mode = saved
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &mode)
  }

  /// While a program an action runs has the terminal: a signal that ends screenrun (after it has
  /// ended the program) leaves whatever screen and mode the program left for the ones screenrun
  /// found.
  package static func guardHandOver() {
    guard hasSaved else { return }
    TerminalWriter.setTeardown(teardown())
  }

  /// What the main screen says under a program's output while screenrun waits for a key.
  package static let returnPrompt = "Press Enter to return to screenrun"

  /// After a program an action ran (`"wait": true`), on the main screen where its output is:
  /// says under it that a key returns (`returnPrompt`), and waits for one, as lazygit and less
  /// do after a command. The key is read with no echo and no signals, so Ctrl-C returns as any
  /// key does rather than ending screenrun; keys typed before the line showed (for the program,
  /// which did not read them) are dropped, so the output stays until a key pressed after it.
  /// Returns at once when stdin is no terminal, and at the end of the input.
  package static func waitForKey() {
    guard hasSaved else { return }
    var mode = saved
    mode.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &mode.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &mode) == 0 else { return }
    // A program may end with its style on, or without a new line: the prompt is on a line of its
    // own, in the terminal's own style.
    var text = TerminalText(.resetStyle + .linkEnd + .newline)
    text.append(untrusted: returnPrompt)
    TerminalWriter.write(text)
    var byte: UInt8 = 0
    while read(STDIN_FILENO, &byte, 1) < 0, errno == EINTR {}
    TerminalWriter.write(TerminalText(.newline))
  }

  /// Leaves the screen and puts back the saved mode: at once (not after the output drains, which
  /// a stuck terminal never does), then the keys typed but not read are dropped, as TCSAFLUSH
  /// would.
  private static func teardown() -> TerminalWriter.Teardown {
    let original = saved
    return TerminalWriter.Teardown(control: leaveScreen) {
      var mode = original
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &mode)
      _ = tcflush(STDIN_FILENO, TCIFLUSH)
    }
  }

  /// Leaves the alternate screen and restores the saved mode; safe to call more than once.
  package static func leave() {
    TerminalWriter.tearDown()
    active = false
  }

  /// Ctrl-Z (raw mode reads it as a key, not a signal): gives the terminal back, stops the
  /// process as the shell expects (SIGTSTP, its default action), and when `fg` continues it
  /// (SIGCONT) takes the terminal again from the mode the shell left. The caller redraws whole.
  package static func suspend() {
    leave()
    signal(SIGTSTP, SIG_DFL)
    // To this thread, with the signal unblocked here: the process stops in `raise`, not after
    // the lines below have taken the terminal again.
    var stop = sigset_t()
    var previous = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    // Stopped here until SIGCONT.
    _ = enter()
  }

  /// The size of the terminal, as the app's `resize` gives it.
  package static func viewport() -> Viewport {
    let size = size()
    return Viewport(columns: size.columns, rows: size.rows)
  }

  /// The size of the terminal, in columns and rows.
  package static func size() -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Restores the terminal with only async-signal-safe calls, then dies of the same signal.
  ///
  /// The one documented exception to the one door out (`TerminalWriter`): in a crash nothing but
  /// a raw `write(2)` of constant bytes is safe, and the writer's lock may be held by the thread
  /// that crashed.
  private static let crashHandler: @convention(c) (Int32) -> Void = { number in
    if TerminalMode.active {
      let leave: StaticString = "\u{1B}[0m\u{1B}]8;;\u{1B}\\\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l"
      _ = SystemIO.write(STDOUT_FILENO, leave.utf8Start, leave.utf8CodeUnitCount)  // one-door-out: crash handler
      _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &TerminalMode.saved)
    }
    _ = signal(number, SIG_DFL)
    raise(number)
  }
}
