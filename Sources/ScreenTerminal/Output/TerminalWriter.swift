import FoundationEssentials
import ScreenSystem
import ScreenText
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one door out: every byte for the terminal, stdout or stderr goes through here.
///
///     TerminalWriter.write(untrusted: frame)                       // stdout
///     TerminalWriter.writeLine(untrusted: "x.json: error: …")      // stderr
///     TerminalWriter.write(frame)        // a TerminalText: the interactive mode's drawing
///
/// It takes two kinds of value, and only it turns either into bytes:
/// - untrusted text, a `String`: anything from outside. Control characters (C0 but the newline,
///   DEL, C1), and with them every escape sequence, and bidirectional overrides and isolates
///   (U+202A–U+202E, U+2066–U+2069) become U+FFFD; a tab becomes a space and a carriage return a
///   newline. Every secret in `SecretRegistry.shared` becomes `REDACTED`, in any letter case.
/// - the program's own control, a `TerminalControl`, which only the terminal code can make.
///
/// A write that fails (a full disk, a closed descriptor, a reader gone from a pipe) ends the
/// process at once with status 1 and prints nothing more; the terminal is restored first when
/// the interactive mode holds it (see `setTeardown`). SIGPIPE is ignored, so a closed pipe is
/// such a failed write and `screenrun … | head -1` ends quietly.
///
/// The one other writer is the crash-signal handler in `TerminalMode`, which puts the terminal
/// back with a raw `write(2)` because nothing else is safe in a signal handler.
package enum TerminalWriter {
  package enum Stream: Sendable {
    case standardOutput
    case standardError

    package var descriptor: Int32 { self == .standardOutput ? STDOUT_FILENO : STDERR_FILENO }
  }

  /// How to give the terminal back: the control that leaves the program's screen, and the
  /// restoring of the saved terminal mode. Run once, by whichever comes first: the normal end,
  /// a failed write, or a signal.
  package struct Teardown: Sendable {
    package var control: TerminalControl
    package var restore: @Sendable () -> Void

    package init(control: TerminalControl, restore: @escaping @Sendable () -> Void) {
      self.control = control
      self.restore = restore
    }
  }

  /// Held while bytes go out, so that frames, errors and a teardown never interleave.
  private static let writing = Mutex<Set<Int32>>([])
  private static let teardown = Mutex<Teardown?>(nil)
  /// What a failed write stops before the process ends: the command line's plugin processes
  /// (`setStops`), so that none outlives screenrun.
  private static let stops = Mutex<@Sendable () -> Void>({})

  // MARK: - Start

  /// Readies stdin, stdout and stderr; call first thing in `main`.
  ///
  /// SIGPIPE is ignored (a closed pipe is then a failed write). A standard descriptor that is
  /// closed is held with /dev/null, so that no file the program opens later takes its number
  /// and receives its output, and writing to it (stdout, stderr) fails as a closed one should.
  /// One that the runtime already took for itself (an eventfd) is treated as closed too.
  package static func prepareStandardStreams() {
    signal(SIGPIPE, SIG_IGN)
    var closed: Set<Int32> = []
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      if fcntl(descriptor, F_GETFD) == -1 {
        let null = open("/dev/null", O_RDWR)
        if null >= 0, null != descriptor {
          _ = dup2(null, descriptor)
          close(null)
        }
        closed.insert(descriptor)
      } else if isRuntimeDescriptor(descriptor) {
        closed.insert(descriptor)
      }
    }
    closed.remove(STDIN_FILENO)
    writing.withLock { $0 = closed }
  }

  /// Whether `descriptor` is an anonymous inode (an eventfd, epoll or signalfd), which the runtime
  /// opened into a standard slot that was closed when the process started.
  /// A terminal, a pipe, a socket or a device is not one (an anonymous inode has no type, or
  /// that of a regular file), so only those are looked up in /proc.
  private static func isRuntimeDescriptor(_ descriptor: Int32) -> Bool {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    if type == 0 { return true }
    guard type == S_IFREG else { return false }
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    guard count > 0 else { return false }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self).hasPrefix("anon_inode:")
  }

  // MARK: - Writing

  /// Writes text from outside, neutralized and redacted.
  package static func write(untrusted text: String, to stream: Stream = .standardOutput) {
    write(TerminalText(untrusted: text), to: stream)
  }

  /// Writes a line of text from outside (a newline is added), by default to stderr.
  package static func writeLine(untrusted line: String, to stream: Stream = .standardError) {
    write(TerminalText(untrusted: line + "\n"), to: stream)
  }

  package static func write(_ text: TerminalText, to stream: Stream = .standardOutput) {
    let bytes = bytes(of: text)
    guard !bytes.isEmpty else { return }
    SignalEnding.holdIfEnding()  // nothing goes out once a signal ends the run
    writing.withLock { closed in
      if closed.contains(stream.descriptor) || !writeAll(bytes, to: stream.descriptor) { failed() }
    }
  }

  /// Writes records that `--output` printed (JSON, CSV, TSV) to stdout as they are: the format
  /// has already redacted secrets in the values (`RecordFormat.redacted`, the templates of CSV's
  /// cells) and made every control character an escape or a space, and its own line ends (CSV's
  /// CRLF) must stay. A failed write ends the process as any other does.
  package static func write(records text: String) {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return }
    SignalEnding.holdIfEnding()  // a document cut by a signal is not closed as if whole
    writing.withLock { closed in
      if closed.contains(STDOUT_FILENO) || !writeAll(bytes, to: STDOUT_FILENO) { failed() }
    }
  }

  /// The bytes `text` becomes: untrusted pieces neutralized and redacted, control as it is.
  package static func bytes(of text: TerminalText) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(
      text.pieces.reduce(0) {
        if case .untrusted(let text) = $1 { $0 + text.utf8.count } else { $0 }
      })
    for piece in text.pieces {
      switch piece {
      case .untrusted(let text): neutralize(SecretRegistry.shared.redact(text), into: &bytes)
      case .control(let control): bytes += control.sequence.utf8
      }
    }
    return bytes
  }

  /// Appends `text` with every character of `TerminalSafe.isUnsafe(_:)` replaced by U+FFFD, but
  /// tabs, which become spaces, and CR and CRLF, which become a newline.
  package static func neutralize(_ text: String, into output: inout [UInt8]) {
    var text = text
    text.withUTF8 { neutralize($0, into: &output) }
  }

  /// `neutralize` over valid UTF-8: the runs between what it replaces are copied whole.
  package static func neutralize(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    // Room at least doubled: a frame neutralized piece by piece is not copied once a piece.
    if output.capacity < output.count + bytes.count {
      output.reserveCapacity(max(2 * output.capacity, output.count + bytes.count))
    }
    let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    let count = bytes.count
    var copied = 0
    var index = 0
    while index < count {
      let byte = bytes[index]
      guard byte < 0x20 || byte >= 0x7F, TerminalSafe.isUnsafe(bytes, at: index, keepingNewlines: true) else {
        index += 1
        continue
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
      switch byte {
      case 0x0D:
        if index + 1 == count || bytes[index + 1] != 0x0A { output.append(0x0A) }
        index += 1
      case 0x09:
        output.append(0x20)
        index += 1
      case 0xC2, 0xD8:  // C1: U+0080–U+009F, and U+061C (or a sequence cut at the end)
        output += replacement
        index = min(index + 2, count)
      case 0xE2:  // U+200E, U+200F, U+2028–U+202E, U+2066–U+2069 (or a sequence cut at the end)
        output += replacement
        index = min(index + 3, count)
      default:
        output += replacement
        index += 1
      }
      copied = index
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count]))
  }

  /// Writes all of `bytes`; false when the descriptor refuses them, or (`waiting` false) when it
  /// would have to wait for room.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, waiting: Bool = true) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0, errno == EINTR {
          continue
        } else if written < 0, errno == EAGAIN, waiting {
          var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&wait, 1, 100)
        } else {
          return false
        }
      }
      return true
    }
  }

  #if canImport(Glibc)
    private static let systemWrite = Glibc.write
  #else
    private static let systemWrite = Darwin.write
  #endif

  /// A write failed: give the terminal back and end quietly with status 1.
  private static func failed() -> Never {
    runTeardown()
    stops.withLock { $0 }()  // no plugin process outlives screenrun
    _exit(1)
  }

  // MARK: - The terminal's return

  /// Sets what a failed write stops before it ends the process (the command line: its plugins).
  package static func setStops(_ stop: @escaping @Sendable () -> Void) {
    stops.withLock { $0 = stop }
  }

  /// Sets (or clears) how to give the terminal back on the way out.
  package static func setTeardown(_ value: Teardown?) {
    teardown.withLock { $0 = value }
  }

  /// Gives the terminal back now, if a teardown is set; it runs once.
  package static func tearDown() {
    writing.withLock { _ in runTeardown() }
  }

  /// Gives the terminal back and ends the process with `status`, from any thread, whatever the
  /// main thread is doing: a frame being written is given up to 50 ms to finish first. After that
  /// (a terminal that takes no more output) the teardown is written only as far as it goes
  /// without waiting.
  package static func exitNow(status: Int32) -> Never {
    let deadline = ContinuousClock.now + .milliseconds(50)
    while ContinuousClock.now < deadline {
      writing.withLockIfAvailable { _ -> Void in
        runTeardown()
        _exit(status)
      }
      usleep(1000)
    }
    _ = fcntl(STDOUT_FILENO, F_SETFL, fcntl(STDOUT_FILENO, F_GETFL) | O_NONBLOCK)
    runTeardown(waiting: false)
    _exit(status)
  }

  private static func runTeardown(waiting: Bool = true) {
    guard
      let value = teardown.withLock({ current -> Teardown? in
        defer { current = nil }
        return current
      })
    else { return }
    _ = writeAll(Array(value.control.sequence.utf8), to: STDOUT_FILENO, waiting: waiting)
    value.restore()
  }
}
