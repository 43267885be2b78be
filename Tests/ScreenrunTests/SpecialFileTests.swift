import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A FIFO, a device or a symlink loop given as the screen or as `--script FILE` is named for what
/// it is, exits 2, and never blocks or reads forever. `--script -` is the way to stream a script.
@Suite("Command line: files that are not files")
struct SpecialFileTests {
  /// A folder with a FIFO and a symlink loop in it, removed afterwards.
  final class Folder {
    let path = NSTemporaryDirectory() + "screenrun-special-" + UUID().uuidString
    var fifo: String { path + "/pipe" }
    var loop: String { path + "/loop.json" }

    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
      try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.json")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  @Test("--script FIFO: refused as a FIFO, with the streaming way named; no wait for a writer")
  func scriptFromFIFO() async throws {
    let folder = try Folder()
    let result = try await Screenrun.run(["Screens/characters.json", "--script", folder.fifo])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardError.contains("is a FIFO (a named pipe), not a script file"), "\(result)")
    #expect(result.standardError.contains("--script -"), "\(result)")
    #expect(!result.standardError.contains("permission"), "\(result)")
  }

  @Test("--script /dev/zero or /dev/null: a device, not a script file", arguments: ["/dev/zero", "/dev/null"])
  func scriptFromDevice(_ path: String) async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--script", path])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardError == "\(path): error: is a device, not a script file\n", "\(result)")
  }

  @Test("--script of a symlink loop says so")
  func scriptFromLoop() async throws {
    let folder = try Folder()
    let result = try await Screenrun.run(["Screens/characters.json", "--script", folder.loop])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardError.contains("is a symlink loop"), "\(result)")
  }

  @Test("a FIFO, /dev/zero or /dev/null as the screen is named for what it is", arguments: [0, 1, 2])
  func screenIsSpecial(_ which: Int) async throws {
    let folder = try Folder()
    let path = [folder.fifo, "/dev/zero", "/dev/null"][which]
    let result = try await Screenrun.run([path, "--once"])
    #expect(result.exitCode == 2, "\(result)")
    let expected = which == 0 ? "is a FIFO (a named pipe), not a screen file" : "is a device, not a screen file"
    #expect(result.standardError.contains("\(path): error: \(expected)"), "\(result)")
  }

  @Test("--script - still streams from stdin")
  func scriptFromStandardInput() async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--script", "-"], stdin: "search Iron\n")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardOutput.contains("$ search Iron"), "\(result)")
  }
}
