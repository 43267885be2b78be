import Foundation

/// A child process the test talks to while it runs: it writes stdin a piece at a time and reads
/// stdout as it grows, for sessions that must change something between two commands (hot
/// reload). `ProcessRunner` stays the way to run a process to its end.
///
/// Output goes to files, as with `ProcessRunner`; stdin is a pipe whose ends are close-on-exec, so
/// no other child started meanwhile holds it open and the end of input arrives when it is closed.
final class StreamingProcess {
  struct Timeout: Error, CustomStringConvertible {
    var description: String
  }

  let process = Process()
  let folder: URL
  private let input: FileHandle
  private var inputOpen = true

  /// Starts `executable`; stop it with `finish` or `kill` (a deinit kills it too).
  init(_ executable: URL, arguments: [String], workingDirectory: URL, environment: [String: String]) throws {
    Self.ignoreBrokenPipes
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenrun-stream-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let outURL = folder.appendingPathComponent("stdout")
    let errURL = folder.appendingPathComponent("stderr")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    defer {
      try? outHandle.close()
      try? errHandle.close()
    }

    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw Timeout(description: "pipe failed: errno \(errno)") }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let readEnd = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    input = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    defer { try? readEnd.close() }

    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = workingDirectory
    process.environment = environment
    process.standardInput = readEnd
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
  }

  deinit {
    kill()
    try? FileManager.default.removeItem(at: folder)
  }

  /// A write to a child that has died must fail, not kill the test process with SIGPIPE.
  private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  var standardOutput: String {
    String(decoding: (try? Data(contentsOf: folder.appendingPathComponent("stdout"))) ?? Data(), as: UTF8.self)
  }

  var standardError: String {
    String(decoding: (try? Data(contentsOf: folder.appendingPathComponent("stderr"))) ?? Data(), as: UTF8.self)
  }

  func write(_ text: String) throws {
    try input.write(contentsOf: Data(text.utf8))
  }

  /// Ends the child's input.
  func closeInput() {
    guard inputOpen else { return }
    inputOpen = false
    try? input.close()
  }

  /// Polls stdout every 50 ms until `condition` holds of it, for up to `timeout`; throws with
  /// what was printed when it never does, or when the process ends first.
  @discardableResult
  func waitForOutput(
    _ what: String, timeout: Duration = .seconds(10), until condition: (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while true {
      let output = standardOutput
      if condition(output) { return output }
      if !process.isRunning, condition(standardOutput) == false {
        throw Timeout(description: "screenrun ended (\(process.terminationStatus)) before \(what)\n\(transcript)")
      }
      if ContinuousClock.now >= deadline {
        throw Timeout(description: "no \(what) within \(timeout)\n\(transcript)")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Closes stdin and waits for the process to end; its exit status.
  func finish(timeout: Duration = .seconds(10)) async throws -> Int32 {
    closeInput()
    let deadline = ContinuousClock.now + timeout
    while process.isRunning {
      if ContinuousClock.now >= deadline {
        kill()
        throw Timeout(description: "screenrun did not end within \(timeout) of the end of its input\n\(transcript)")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    return process.terminationStatus
  }

  func kill() {
    closeInput()
    if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
  }

  var transcript: String { "--- stdout:\n\(standardOutput)\n--- stderr:\n\(standardError)" }
}

extension Screenrun {
  /// Starts `screenrun` with `arguments` from the repository root, for a session the test feeds
  /// as it goes.
  static func start(_ arguments: [String], in workingDirectory: URL? = nil) throws -> StreamingProcess {
    try StreamingProcess(
      binary.get(), arguments: arguments, workingDirectory: workingDirectory ?? repositoryRoot,
      environment: environment())
  }
}
