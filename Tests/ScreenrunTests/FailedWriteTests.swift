import Foundation
import Testing

/// A write that fails ends the run quietly with status 1: stdout or stderr full (`/dev/full`) or
/// closed, and a reader that goes away (`| head -1`). Before, each ended in `Fatal error: 'try!'`
/// and a backtrace (exit 132).
@Suite("Failed writes end the run cleanly")
struct FailedWriteTests {
  /// Runs `command` in `sh -c`, where `"$0"` is the built screenrun, from the repository root.
  static func shell(_ command: String, _ arguments: [String] = []) async throws -> ProcessResult {
    let binary = try Screenrun.binary.get()
    let result = try await ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command, binary.path] + arguments,
      workingDirectory: Screenrun.repositoryRoot, environment: Screenrun.environment(), timeout: .seconds(30))
    #expect(!result.timedOut, "`\(command)` did not finish\n\(result)")
    return result
  }

  static func expectQuiet(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!text.contains("Fatal error"), "\(text)", sourceLocation: sourceLocation)
    #expect(!text.contains("try!"), "\(text)", sourceLocation: sourceLocation)
  }

  @Test("stdout to /dev/full: status 1, nothing on stderr")
  func stdoutFull() async throws {
    let result = try await Self.shell(#""$0" Screens/characters.json --once >/dev/full; echo "status $?""#)
    // `echo` also writes to the shell's stdout (the test's file), so the status can be read.
    #expect(result.standardOutput == "status 1\n", "\(result)")
    #expect(result.standardError.isEmpty, "\(result)")
  }

  @Test("stdout closed: status 1, nothing on stderr, and no file takes the closed descriptor")
  func stdoutClosed() async throws {
    let result = try await Self.shell(#"("$0" Screens/characters.json --once >&-); echo "status $?""#)
    #expect(result.standardOutput == "status 1\n", "\(result)")
    #expect(result.standardError.isEmpty, "\(result)")
  }

  @Test("stderr to /dev/full: status 1 (not 2), the frame still on stdout")
  func stderrFull() async throws {
    let result = try await Self.shell(
      #""$0" Screens/commits.json --param repo=nobody/nothing --once 2>/dev/full; echo "status $?""#)
    #expect(result.standardOutput.contains("Commits of nobody/nothing"), "\(result)")
    #expect(result.standardOutput.hasSuffix("status 1\n"), "\(result)")
    Self.expectQuiet(result.standardOutput)
  }

  @Test("stderr closed: status 1 for an error that cannot be told")
  func stderrClosed() async throws {
    let result = try await Self.shell(
      #"("$0" Tests/ScreenrunTests/Catalog/bad-kind.json --once 2>&-); echo "status $?""#)
    #expect(result.standardOutput == "status 1\n", "\(result)")
    #expect(result.standardError.isEmpty, "\(result)")
  }

  @Test("a good run with stderr closed still succeeds: nothing needed saying")
  func stderrClosedQuietRun() async throws {
    let result = try await Self.shell(#"("$0" Screens/characters.json --once 2>&-); echo "status $?""#)
    #expect(result.standardOutput.contains("3-D Man"), "\(result)")
    #expect(result.standardOutput.hasSuffix("status 0\n"), "\(result)")
  }

  @Test("| head -1: head gets its line, screenrun ends with status 1 and says nothing")
  func closedPipe() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-pipe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Far more output than a pipe holds, so screenrun is still writing when head has gone.
    let script = folder.appendingPathComponent("many.script")
    try String(repeating: "search a\nsearch i\n", count: 400).write(to: script, atomically: true, encoding: .utf8)
    let result = try await Self.shell(
      #"{ "$0" Screens/characters.json --script "$1"; echo "status $?" >&2; } | head -1"#, [script.path])
    #expect(result.standardOutput == "$ start Screens/characters.json\n", "\(result)")
    #expect(result.standardError == "status 1\n", "\(result)")
  }
}
