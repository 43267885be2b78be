import Foundation
import Synchronization
import Testing

/// The built `screenrun` binary, run as a person runs it: from the repository root, with an
/// environment of our choosing, and killed should it outlive its timeout.
package enum Screenrun {
  package static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  package struct Result: Sendable, CustomStringConvertible {
    package var exitCode: Int32
    package var crashed: Bool
    package var timedOut: Bool
    package var stdout: String
    package var stderr: String

    package var description: String {
      "exit \(exitCode)\(timedOut ? " (killed: timeout)" : "")\n--- stdout:\n\(stdout)\n--- stderr:\n\(stderr)"
    }
  }

  /// `screenrun` beside this test binary (SwiftPM puts products in one folder), or
  /// `$SCREENRUN_BINARY`.
  package static func binary() throws -> URL { try ScreenrunBinary.url() }

  /// The environment of this process without anything that selects data or carries keys, plus
  /// `extra`.
  package static func environment(_ extra: [String: String]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter { key, _ in
      !(key.hasPrefix("SCREENRUN_") || key.hasPrefix("MARVEL_") || key.hasPrefix("GITHUB_") || key == "XDG_CACHE_HOME")
    }
    environment["LC_ALL"] = "C.UTF-8"
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// Runs `screenrun arguments` and waits for it, at most `timeout`. Output goes to files, so a
  /// full pipe can never stall the child.
  package static func run(_ arguments: [String], environment extra: [String: String], timeout: Duration = .seconds(30))
    async throws
    -> Result
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("out")
    let errURL = folder.appendingPathComponent("err")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    defer {
      try? out.close()
      try? err.close()
    }

    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    process.environment = environment(extra)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    let ended = Ended()
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      ended.wait(continuation)
      process.terminationHandler = { _ in ended.finish() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        ended.finish(throwing: error)
        return
      }
      let pid = process.processIdentifier
      DispatchQueue.global().asyncAfter(deadline: .now() + Double(timeout.components.seconds)) {
        if ended.timeOut() { kill(pid, SIGKILL) }
      }
    }
    return Result(
      exitCode: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
      timedOut: ended.timedOut, stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
      stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
  }

  /// The one resumption of the task waiting for a child, whichever of exit or timeout comes first.
  private final class Ended: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Void, any Error>?
      var finished = false
      var timedOut = false
    }
    private let state = Mutex(State())

    var timedOut: Bool { state.withLock(\.timedOut) }

    func wait(_ continuation: CheckedContinuation<Void, any Error>) {
      state.withLock { $0.continuation = continuation }
    }

    func finish(throwing error: (any Error)? = nil) {
      let continuation = state.withLock { state in
        state.finished = true
        defer { state.continuation = nil }
        return state.continuation
      }
      if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
    }

    /// Marks a timeout; false when the child already ended.
    func timeOut() -> Bool {
      state.withLock { state in
        guard !state.finished else { return false }
        state.timedOut = true
        return true
      }
    }
  }
}
