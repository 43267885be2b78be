import Foundation
import Synchronization

/// What a finished child process left behind.
struct ProcessResult: Sendable, CustomStringConvertible {
  /// The exit status, or the signal number when `signal` is set.
  var exitCode: Int32
  /// The signal that ended the process, if one did (a crash, or our kill on timeout).
  var signal: Int32?
  var stdout: Data
  var stderr: Data
  /// True when the process outlived its timeout and was killed.
  var timedOut: Bool
  var seconds: Double

  var standardOutput: String { String(decoding: stdout, as: UTF8.self) }
  var standardError: String { String(decoding: stderr, as: UTF8.self) }
  var stdoutLines: [String] { Self.lines(standardOutput) }
  var stderrLines: [String] { Self.lines(standardError) }

  private static func lines(_ text: String) -> [String] {
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  var description: String {
    let ending =
      timedOut ? "killed after timing out" : signal.map { "killed by signal \($0)" } ?? "exit code \(exitCode)"
    return
      "\(ending) in \(String(format: "%.2f", seconds)) s\n--- stdout:\n\(standardOutput)\n--- stderr:\n\(standardError)"
  }
}

/// Runs a program with arguments, an optional stdin, a working directory and an environment,
/// and never hangs: a process still running after `timeout` is killed.
///
/// Output goes to temporary files rather than pipes, so a chatty child can never block on a full
/// pipe while we wait for it; each run has its own folder, so runs in parallel do not meet.
enum ProcessRunner {
  struct LaunchError: Error, CustomStringConvertible {
    var description: String
  }

  static func run(
    _ executable: URL,
    arguments: [String] = [],
    stdin: Data? = nil,
    workingDirectory: URL? = nil,
    environment: [String: String]? = nil,
    timeout: Duration = .seconds(20)
  ) async throws -> ProcessResult {
    await gate.acquire()
    defer { Task { await gate.release() } }

    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenrun-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("stdout")
    let errURL = folder.appendingPathComponent("stderr")
    let inURL = folder.appendingPathComponent("stdin")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    try (stdin ?? Data()).write(to: inURL)

    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    let inHandle = try FileHandle(forReadingFrom: inURL)
    defer {
      try? outHandle.close()
      try? errHandle.close()
      try? inHandle.close()
    }

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    if let environment { process.environment = environment }
    process.standardOutput = outHandle
    process.standardError = errHandle
    process.standardInput = stdin == nil ? FileHandle.nullDevice : inHandle

    let state = RunState()
    let started = ContinuousClock.now
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      state.start(continuation)
      process.terminationHandler = { _ in state.finish() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        state.fail(LaunchError(description: "cannot run \(executable.path): \(error)"))
        return
      }
      // The child leads its own process group (Foundation spawns it so): killing the group also
      // ends any grandchild, which would otherwise hold Foundation's exit-watching socket open.
      let pid = process.processIdentifier
      DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds(timeout)) {
        guard state.timeOutIfRunning() else { return }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        // Should the end still go unnoticed, stop waiting for it rather than hang.
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) { state.giveUp() }
      }
    }
    let elapsed = ContinuousClock.now - started

    let running = process.isRunning
    let bySignal = running || process.terminationReason == .uncaughtSignal
    return ProcessResult(
      exitCode: running ? -1 : process.terminationStatus,
      signal: running ? SIGKILL : bySignal ? process.terminationStatus : nil,
      stdout: (try? Data(contentsOf: outURL)) ?? Data(),
      stderr: (try? Data(contentsOf: errURL)) ?? Data(),
      timedOut: state.timedOut,
      seconds: seconds(elapsed))
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// At most a few children at once: enough to keep the machine busy, few enough that a loaded CI
  /// box does not push a quick run past its timeout.
  private static let gate = Gate(limit: max(4, ProcessInfo.processInfo.activeProcessorCount * 2))
}

/// Whether a run has finished or timed out, and the one resumption of the task waiting for it.
private final class RunState: Sendable {
  private struct Value {
    var timedOut = false
    var finished = false
    var waiter: CheckedContinuation<Void, any Error>?
  }
  private let value = Mutex(Value())

  func start(_ waiter: CheckedContinuation<Void, any Error>) {
    value.withLock { $0.waiter = waiter }
  }

  /// The process ended.
  func finish() {
    let waiter = value.withLock { state -> CheckedContinuation<Void, any Error>? in
      state.finished = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// The process could not start.
  func fail(_ error: any Error) {
    let waiter = value.withLock { state -> CheckedContinuation<Void, any Error>? in
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(throwing: error)
  }

  /// Marks the run as timed out if it is still running; true when the caller must kill it.
  func timeOutIfRunning() -> Bool {
    value.withLock {
      guard !$0.finished, !$0.timedOut else { return false }
      $0.timedOut = true
      return true
    }
  }

  /// Stops waiting for a killed process whose end was never reported.
  func giveUp() {
    let waiter = value.withLock { state -> CheckedContinuation<Void, any Error>? in
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  var timedOut: Bool { value.withLock { $0.timedOut } }
}

/// A counting semaphore for async code.
private actor Gate {
  private var available: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(limit: Int) { available = limit }

  func acquire() async {
    if available > 0 {
      available -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty {
      available += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
