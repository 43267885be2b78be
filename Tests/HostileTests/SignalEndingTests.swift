import Foundation
import Testing

/// A signal that ends screenrun while a plugin is busy: the signal's thread stops the plugins,
/// and nothing the main thread does after that may reach the user as if the run had gone on: no
/// "plugin 'test' was killed by signal 9" (screenrun killed it), no `--output` document closed as
/// if whole, no `.pending` transcript or JUnit report of tests cut short, no plugin started for the
/// next test. The run ends with the signal's status and leaves no process behind.
@Suite("A signal while a plugin is busy", .serialized)
struct SignalEndingTests {
  typealias Fixture = PluginProcessTests.Fixture

  /// Starts screenrun with `arguments`, its stdout and stderr in files of the fixture's folder.
  static func start(_ fixture: Fixture, _ arguments: [String]) throws -> (Process, URL, URL) {
    let out = fixture.folder.appendingPathComponent("out-\(UUID().uuidString)")
    let err = fixture.folder.appendingPathComponent("err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = try Driver.binary()
    process.arguments = arguments
    process.environment = fixture.environment
    process.currentDirectoryURL = fixture.folder
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    return (process, out, err)
  }

  /// Waits (a guard, not a timing) until `ready` holds, then sends `signal` and waits for the end.
  static func signal(
    _ process: Process, _ signal: Int32, when ready: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    // Asked once a round: a process list read twice may differ (a fork before its exec).
    let deadline = ContinuousClock.now + .seconds(60)
    var isReady = ready()
    while !isReady, process.isRunning, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
      isReady = ready()
    }
    #expect(isReady, "the run never got busy", sourceLocation: sourceLocation)
    kill(process.processIdentifier, signal)
    let ended = ContinuousClock.now + .seconds(30)
    while process.isRunning, ContinuousClock.now < ended { try await Task.sleep(for: .milliseconds(20)) }
    #expect(!process.isRunning, "screenrun did not end", sourceLocation: sourceLocation)
    if process.isRunning { process.terminate() }
  }

  static func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

  static let statuses: [(Int32, Int32)] = [(SIGTERM, 143), (SIGINT, 130), (SIGHUP, 143)]

  @Test("--output json --pages all cut by a signal: no closing bracket, no plugin error, the signal's status")
  func outputCutBySignal() async throws {
    for (number, status) in Self.statuses {
      let fixture = try Fixture("endless+linger+setsid", timeout: 30)
      defer { fixture.remove() }
      let (process, out, err) = try Self.start(
        fixture, [fixture.screen, "--output", "json", "--pages", "all", "--plugin-path", fixture.plugins])
      // Pages are flowing: well past the first.
      try await Self.signal(process, number) {
        (try? out.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 > 200_000
      }
      let stdout = Self.text(out)
      let stderr = Self.text(err)
      #expect(process.terminationStatus == status, "signal \(number): \(stderr.prefix(2000))")
      #expect(!stdout.hasSuffix("]\n"), "signal \(number): the cut document was closed as if whole")
      #expect(!stderr.contains("killed by signal"), "signal \(number): \(stderr.prefix(2000))")
      #expect(await fixture.left().isEmpty, "signal \(number): processes left")
    }
  }

  @Test("screenrun test cut by a signal: no pending transcript, no JUnit report, no process left")
  func testsCutBySignal() async throws {
    for (number, status) in Self.statuses {
      let fixture = try Fixture("silent+linger+setsid", timeout: 30)
      defer { fixture.remove() }
      let transcript = try String(contentsOf: fixture.folder.appendingPathComponent("t.screentest"), encoding: .utf8)
      var tests = [fixture.folder.appendingPathComponent("t.screentest").path]
      for index in 1...5 {
        let path = fixture.folder.appendingPathComponent("t\(index).screentest")
        try transcript.write(to: path, atomically: true, encoding: .utf8)
        tests.append(path.path)
      }
      let report = fixture.folder.appendingPathComponent("report.xml")
      let (process, _, err) = try Self.start(fixture, ["test"] + tests + ["--jobs", "1", "--junit", report.path])
      // The first test's plugin and its grandchild are up, waiting for an answer that never comes.
      let screenrun = String(process.processIdentifier)
      try await Self.signal(process, number) {
        PluginProcessTests.running(holding: fixture.tag).filter { $0 != screenrun }.count >= 2
      }
      #expect(process.terminationStatus == status, "signal \(number): \(Self.text(err).prefix(2000))")
      let files = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)
      #expect(!files.contains { $0.hasSuffix(".pending") }, "signal \(number): pending files \(files.sorted())")
      #expect(!files.contains("report.xml"), "signal \(number): a JUnit report of tests that never ran")
      #expect(await fixture.left().isEmpty, "signal \(number): processes left")
    }
  }
}
