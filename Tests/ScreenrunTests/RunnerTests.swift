import Foundation
import Testing

/// The test runner itself: it finds the binary, feeds stdin, and never hangs.
@Suite("Process runner")
struct RunnerTests {
  static let shell = URL(fileURLWithPath: "/bin/sh")

  @Test("the screenrun binary is built beside the test bundle")
  func binaryIsFound() throws {
    let binary = try Screenrun.binary.get()
    #expect(FileManager.default.isExecutableFile(atPath: binary.path))
    #expect(binary.lastPathComponent == "screenrun")
  }

  @Test("a process that outlives its timeout is killed, with its children")
  func timeout() async throws {
    let result = try await ProcessRunner.run(
      Self.shell, arguments: ["-c", "sleep 30; echo never"], timeout: .milliseconds(300))
    #expect(result.timedOut)
    #expect(result.signal == SIGKILL)
    // Killed before `sleep` ended, however slowly a loaded machine ran the timeout (no timed bound).
    #expect(!result.stdoutLines.contains("never"))
    #expect(result.seconds < 30)
  }

  @Test("stdin, the working directory and the environment reach the process")
  func stdinFolderEnvironment() async throws {
    let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
    let result = try await ProcessRunner.run(
      Self.shell, arguments: ["-c", "cat; pwd -P; echo \"$SCREENRUN_RUNNER_TEST\"; echo oops >&2; exit 3"],
      stdin: Data("typed\n".utf8), workingDirectory: folder,
      environment: ["SCREENRUN_RUNNER_TEST": "set", "PATH": "/usr/bin:/bin"])
    #expect(result.exitCode == 3)
    #expect(result.signal == nil)
    #expect(result.stdoutLines == ["typed", folder.path, "set"])
    #expect(result.standardError == "oops\n")
  }

  @Test("a large output does not block the process")
  func largeOutput() async throws {
    let result = try await ProcessRunner.run(
      Self.shell,
      arguments: [
        "-c",
        "i=0; while [ $i -lt 2000 ]; do echo 0123456789012345678901234567890123456789012345678901234567890123456789012345678; i=$((i+1)); done",
      ])
    #expect(result.exitCode == 0)
    #expect(result.stdout.count == 2000 * 80)
  }
}
