import Foundation
import TestSupport
import Testing

/// The built `screenrun` tool, run the way a user runs it.
enum Screenrun {
  /// The repository's root folder, found from this file's place in it.
  static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // ScreenrunTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The broken screen files, relative to the repository root (as the tests pass them).
  static let catalogFolder = "Tests/ScreenrunTests/Catalog"

  /// The binary beside the test bundle in the build products folder, or why it is not there.
  static var binary: Result<URL, ScreenrunBinary.NotFound> { ScreenrunBinary.located }

  /// The environment the tool runs in: this one, without anything that would switch it to live
  /// data, hand it secrets, or change its default width.
  static func environment(adding extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter { key, _ in
      !(key.hasPrefix("SCREENRUN_") || key.hasPrefix("MARVEL_") || key.hasPrefix("GITHUB_")
        || key == "COLUMNS" || key == "LINES")
    }
    environment["LC_ALL"] = "C.UTF-8"
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// Runs `screenrun` with `arguments`, from the repository root unless told otherwise.
  ///
  /// A run that times out or dies by a signal (a crash) is recorded as a test failure here, so no
  /// test can overlook it; a missing binary is a thrown, clear error.
  @discardableResult
  static func run(
    _ arguments: [String],
    stdin: String? = nil,
    in workingDirectory: URL? = nil,
    environment extra: [String: String] = [:],
    timeout: Duration = .seconds(20),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ProcessResult {
    let binary = try binary.get()
    let result = try await ProcessRunner.run(
      binary, arguments: arguments, stdin: stdin.map { Data($0.utf8) },
      workingDirectory: workingDirectory ?? repositoryRoot,
      environment: environment(adding: extra), timeout: timeout)
    let command = (["screenrun"] + arguments).joined(separator: " ")
    if result.timedOut {
      Issue.record(
        "`\(command)` did not finish within \(timeout) and was killed\n\(result)", sourceLocation: sourceLocation)
    } else if let signal = result.signal {
      Issue.record("`\(command)` crashed (signal \(signal))\n\(result)", sourceLocation: sourceLocation)
    }
    return result
  }
}
