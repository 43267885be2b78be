import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The files `screenrun test` and `--trace` write: a device or a FIFO is written in place and
/// never replaced, a FIFO with no reader is an error at once, a `--junit` link is followed, a
/// pending file is only ever a regular file, and `--accept` never makes a test a link. The accept
/// command printed names the running executable.
@Suite("screenrun test: the files it writes")
struct TestOutputFileTests {
  typealias Folder = ScreenTestCommandTests.Folder

  static let newTest = ["a.screentest": ScreenTestCommandTests.head() + "$ search iron\n"]

  static func kind(_ path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
  }

  /// Holds a FIFO open for reading (and writing, so that nothing sees an end) while `body` runs,
  /// and gives what was written to it meanwhile.
  static func reading(_ fifo: String, _ body: () async throws -> Void) async throws -> String {
    let descriptor = open(fifo, O_RDWR | O_NONBLOCK)
    try #require(descriptor >= 0, "cannot open the FIFO: \(String(cString: strerror(errno)))")
    defer { close(descriptor) }
    try await body()
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("--junit FIFO with a reader: the report goes through it, and it stays a FIFO")
  func junitToFIFO() async throws {
    let folder = try Folder(Self.newTest)
    let fifo = folder.path("report.fifo")
    try #require(mkfifo(fifo, 0o600) == 0)
    var result: ProcessResult?
    let report = try await Self.reading(fifo) { result = try await folder.run(["--junit", fifo]) }
    #expect(result?.exitCode == 1, "\(String(describing: result))")
    #expect(report.hasPrefix("<?xml") && report.contains("</testsuites>"), "\(report)")
    #expect(Self.kind(fifo) == S_IFIFO, "still a FIFO")
  }

  @Test("--junit FIFO with no reader: a clear error at once, not a hang; the FIFO stays")
  func junitToFIFOWithNoReader() async throws {
    let folder = try Folder(Self.newTest)
    let fifo = folder.path("report.fifo")
    try #require(mkfifo(fifo, 0o600) == 0)
    let result = try await folder.run(["--junit", fifo])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardError.contains("a FIFO that no process is reading"), "\(result)")
    #expect(Self.kind(fifo) == S_IFIFO, "still a FIFO")
  }

  /// A null device to write the report to: as root, a node of its own in the test's folder (the
  /// same device as /dev/null, 1:3), so that a binary that replaced it would replace only that
  /// node; otherwise /dev/null itself, which a user who is not root cannot replace.
  static func nullDevice(in folder: Folder) -> String {
    let path = folder.path("null")
    if getuid() == 0, mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 { return path }
    return "/dev/null"
  }

  @Test("--junit to a null device is written in place: it stays a character device")
  func junitToDevNull() async throws {
    let folder = try Folder(Self.newTest)
    let device = Self.nullDevice(in: folder)
    let result = try await folder.run(["--junit", device])
    #expect(result.exitCode == 1, "\(result)")
    #expect(!result.standardError.contains("JUnit"), "\(result)")
    #expect(Self.kind(device) == S_IFCHR)
    #expect(Self.kind("/dev/null") == S_IFCHR)
  }

  @Test("--junit LINK is followed: the file it points to gets the report, and the link stays a link")
  func junitThroughLink() async throws {
    let folder = try Folder(Self.newTest)
    try folder.write("reports/target.xml", "old")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("report.xml"), withDestinationPath: "reports/target.xml")
    let result = try await folder.run(["--junit", "report.xml"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(Self.kind(folder.path("report.xml")) == S_IFLNK, "the link is not replaced")
    #expect(folder.read("reports/target.xml")?.hasPrefix("<?xml") == true)

    try FileManager.default.createSymbolicLink(
      atPath: folder.path("dangling.xml"), withDestinationPath: "nowhere/x.xml")
    let dangling = try await folder.run(["--junit", "dangling.xml"])
    #expect(dangling.exitCode == 2, "\(dangling)")
    #expect(dangling.standardError.contains("a symbolic link to nothing"), "\(dangling)")
    #expect(Self.kind(folder.path("dangling.xml")) == S_IFLNK)
  }

  @Test("--trace FIFO: with no reader a clear error before the run; with one, the lines go through it")
  func traceToFIFO() async throws {
    let folder = try Folder([:])
    let fifo = folder.path("trace.fifo")
    try #require(mkfifo(fifo, 0o600) == 0)
    let alone = try await Screenrun.run(["Screens/characters.json", "--once", "--trace", fifo])
    #expect(alone.exitCode == 2, "\(alone)")
    #expect(alone.standardError.contains("a FIFO that no process is reading"), "\(alone)")
    #expect(alone.standardOutput.isEmpty, "the run did not start: \(alone)")

    var result: ProcessResult?
    let lines = try await Self.reading(fifo) {
      result = try await Screenrun.run(["Screens/characters.json", "--once", "--trace", fifo])
    }
    #expect(result?.exitCode == 0, "\(String(describing: result))")
    #expect(lines.contains(#""event":"request""#), "\(lines)")
    #expect(Self.kind(fifo) == S_IFIFO)
  }

  @Test("a pending file's place that holds a link or a FIFO is refused, and left as it is")
  func pendingPlaceNotAFile() async throws {
    let folder = try Folder(Self.newTest)
    try folder.write("outside/victim.txt", "keep me")
    let pending = folder.path("a.screentest.pending")
    try FileManager.default.createSymbolicLink(atPath: pending, withDestinationPath: "outside/victim.txt")
    let linked = try await folder.run([])
    #expect(linked.exitCode == 2, "\(linked)")
    #expect(linked.standardError.contains("holds a symbolic link, not a regular file"), "\(linked)")
    #expect(folder.read("outside/victim.txt") == "keep me")
    #expect(Self.kind(pending) == S_IFLNK)

    try FileManager.default.removeItem(atPath: pending)
    try #require(mkfifo(pending, 0o600) == 0)
    let fifo = try await folder.run([])
    #expect(fifo.exitCode == 2, "\(fifo)")
    #expect(fifo.standardError.contains("holds a FIFO"), "\(fifo)")
    #expect(Self.kind(pending) == S_IFIFO)
  }

  @Test("--accept of a pending file that is a link is refused: the test never becomes a link")
  func acceptLink() async throws {
    let folder = try Folder(Self.newTest)
    // A transcript that would be accepted, outside the tests' folder.
    let first = try await folder.run([])
    #expect(first.exitCode == 1, "\(first)")
    let transcript = try #require(folder.read("a.screentest.pending"))
    try FileManager.default.removeItem(atPath: folder.path("a.screentest.pending"))
    try folder.write("elsewhere/a.txt", transcript)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("a.screentest.pending"), withDestinationPath: folder.path("elsewhere/a.txt"))
    let accepted = try await folder.run(["--accept"])
    #expect(accepted.exitCode == 2, "\(accepted)")
    #expect(accepted.standardError.contains("not a regular file"), "\(accepted)")
    #expect(Self.kind(folder.path("a.screentest")) == S_IFREG)
    #expect(folder.read("a.screentest") == Self.newTest["a.screentest"])
  }

  @Test("the accept command printed is the running executable's: weatherrun test --accept")
  func acceptCommandNamesTheExecutable() async throws {
    let folder = try Folder(Self.newTest)
    let binary = try Screenrun.binary.get()
    let weatherrun = folder.url.appendingPathComponent("bin/weatherrun")
    try FileManager.default.createDirectory(
      at: weatherrun.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: weatherrun, withDestinationURL: binary)
    let result = try await ProcessRunner.run(
      weatherrun, arguments: ["test"], workingDirectory: folder.url, environment: Screenrun.environment(),
      timeout: .seconds(60))
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.standardOutput.contains("accept it with 'weatherrun test --accept a.screentest'"), "\(result)")
    #expect(result.standardOutput.contains("accept it: weatherrun test --accept\n"), "\(result)")
    #expect(!result.standardOutput.contains("screenrun test --accept"), "\(result)")
  }

  @Test("a test without height warns once its transcript passes 1 MiB; with a height it does not")
  func largeTranscriptWarns() async throws {
    let commands = String(repeating: "$ next\n", count: 4) + String(repeating: "$ key Down\n", count: 300)
    let folder = try Folder([
      "long.screentest": ScreenTestCommandTests.head() + commands,
      "short.screentest": ScreenTestCommandTests.head("characters.json", "height: 24\n") + commands,
    ])
    let result = try await folder.run([])
    #expect(result.exitCode == 1, "\(result)")
    let warnings = result.standardError.split(separator: "\n").filter { $0.contains("warning: the transcript is") }
    #expect(warnings.count == 1, "\(result)")
    #expect(warnings.first?.hasPrefix("long.screentest: warning:") == true, "\(result)")
    #expect(warnings.first?.contains("add 'height: 24'") == true, "\(result)")
    let pending = try #require(folder.read("long.screentest.pending"))
    #expect(pending.utf8.count > 1 << 20, "the frames are unchanged: every row in each")
  }

  @Test("--junit /dev/stdout adds the report to the run's output file, never replacing it")
  func junitToStandardOutput() async throws {
    let folder = try Folder(Self.newTest)
    let result = try await folder.run(["--junit", "/dev/stdout"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.standardOutput.hasPrefix("NEW     a.screentest"), "\(result)")
    #expect(result.standardOutput.contains("<?xml") && result.standardOutput.contains("</testsuites>"), "\(result)")
  }

  @Test("--trace /dev/stdout into a pipe: the trace lines and the frame both come through")
  func traceToStandardOutputPipe() async throws {
    let process = Process()
    process.executableURL = try Screenrun.binary.get()
    process.arguments = ["Screens/characters.json", "--once", "--trace", "/dev/stdout", "--width", "60"]
    process.currentDirectoryURL = Screenrun.repositoryRoot
    process.environment = Screenrun.environment()
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.contains(#""event":"request""#), "\(text)")
    #expect(text.contains("Marvel Characters"), "\(text)")
  }
}
