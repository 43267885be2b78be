import FoundationEssentials
import ScreenKit
import ScreenSystem
import ScreenTerminal
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--trace FILE`: one JSON line for each request sent, each answer with its time, and each
/// answer dropped as stale (`SourceMonitor` makes the lines). Every line has the process's
/// secrets removed before it is written, and holds no raw control character (JSON escapes them).
///
/// The file is opened as `OutputFile` says: a device or a FIFO (`/dev/stdout`) is written in
/// place, a FIFO that no process reads is an error at once, and a link is followed. A file that
/// cannot be opened is a usage error before the run starts. A write that fails (a
/// full disk, `/dev/full`) stops the trace, never the run: the run goes on, and once it is over
/// the failure is said on stderr and the exit status is 1.
final class TraceFile: Sendable {
  private struct State {
    var descriptor: Int32
    var failure: String?
  }

  let path: String
  private let state: Mutex<State>

  /// The trace of this run, while it runs.
  private static let current = Mutex<TraceFile?>(nil)

  private init(path: String, descriptor: Int32) {
    self.path = path
    state = Mutex(State(descriptor: descriptor))
  }

  /// What the modes give their `SourceMonitor`: the running trace's writer, if there is one.
  static var line: (@Sendable (String) -> Void)? {
    guard let file = current.withLock({ $0 }) else { return nil }
    return { @Sendable text in file.write(text) }
  }

  /// Runs `body` with a trace to `path` (none when nil); a file that cannot be opened ends the
  /// run at once with exit 2, and a write that failed turns an ok run into exit 1.
  @MainActor
  static func running(
    _ path: String?, _ body: @MainActor () async -> ScreenRunCommand.ExitCode
  ) async -> ScreenRunCommand.ExitCode {
    guard let path else { return await body() }
    let descriptor: Int32
    do {
      descriptor = try OutputFile.open(forWriting: path)
    } catch {
      Output.error("screenrun: error: cannot write the trace to '\(path)': \(error)")
      return .usage
    }
    let file = TraceFile(path: path, descriptor: descriptor)
    current.withLock { $0 = file }
    let code = await body()
    current.withLock { $0 = nil }
    let failure = file.close()
    guard let failure else { return code }
    Output.error("screenrun: error: the trace to '\(path)' stopped: \(failure)")
    return code == .ok ? .failure : code
  }

  /// Appends one line; after a failed write, nothing more.
  func write(_ line: String) {
    SignalEnding.holdIfEnding()  // no line for the plugin that the signal's stop killed
    let bytes = Array((SecretRegistry.shared.redact(line) + "\n").utf8)
    state.withLock { state in
      guard state.failure == nil, state.descriptor >= 0 else { return }
      var offset = 0
      while offset < bytes.count {
        let (file, left) = (state.descriptor, bytes.count - offset)
        let written = bytes.withUnsafeBufferPointer { buffer in
          SystemIO.write(file, buffer.baseAddress! + offset, left)  // one-door-out: the trace file
        }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else {
          state.failure = "a write failed (\(String(cString: strerror(errno))))"
          return
        }
        offset += written
      }
    }
  }

  /// Closes the file; the failure that stopped the trace, if one did.
  private func close() -> String? {
    state.withLock { state in
      if state.descriptor >= 0, SystemIO.close(state.descriptor) != 0, state.failure == nil {
        state.failure = "closing the file failed (\(String(cString: strerror(errno))))"
      }
      state.descriptor = -1
      return state.failure
    }
  }
}
