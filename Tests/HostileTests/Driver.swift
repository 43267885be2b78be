import Foundation
import ReplayServer
import Synchronization
import TestSupport

/// Runs the built `screenrun` on a probe: its own folder, cache and server, known secrets in the
/// environment, and a kill when it hangs: after `cpuSeconds` of CPU (a loop that never ends), or
/// `hangSeconds` on the wall clock (a wait that never ends).
enum Driver {
  /// The wall-clock time after which a run is a hang and is killed: only a guard against a run
  /// that waits for good, far beyond what any probe takes on a loaded machine (a run that works
  /// is waited for, not timed: its CPU time is what `cpuSeconds` bounds).
  static let hangSeconds = 300.0
  /// The CPU time after which a run is a hang (`ulimit -S -t`, SIGXCPU): a loop that never ends
  /// spends it wherever it runs, whereas a run slowed by other work on the machine does not.
  static let cpuSeconds = 60
  /// The address space a run may take (KB, for `ulimit -v`): a runaway read is a crash, not a
  /// machine out of memory.
  static let memoryLimitKB = 4 << 20

  static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `screenrun` beside the test binary (SwiftPM puts products in one folder), or
  /// `$SCREENRUN_BINARY`.
  static func binary() throws -> URL { try ScreenrunBinary.url() }

  /// What one run left behind.
  struct Run: Sendable {
    var stdout: [UInt8]
    var stderr: [UInt8]
    var exitCode: Int32
    var signal: Int32?
    var timedOut: Bool
    var seconds: Double
  }

  /// Runs `probe` and checks everything the suite checks.
  static func check(_ probe: Probe, binary: URL) async -> Outcome {
    let started = ContinuousClock.now
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenrun-hostile-\(UUID().uuidString)", isDirectory: true)
    defer { removeAll(folder) }
    let work = folder.appendingPathComponent("work", isDirectory: true)
    let cache = folder.appendingPathComponent("cache", isDirectory: true)
    let home = folder.appendingPathComponent("home", isDirectory: true)
    var server: HostileServer?
    defer { server?.stop() }
    do {
      for directory in [work, cache, home] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      }
      for (name, bytes) in probe.files {
        try Data(bytes).write(to: work.appendingPathComponent(name))
      }
      try probe.prepare?(work)
      if let answer = probe.answer { server = try HostileServer(answer: answer) }
    } catch {
      return Outcome(probe: probe, findings: [Finding(.setup, "the probe could not be set up: \(error)")], seconds: 0)
    }

    let base = server?.baseURL ?? "http://127.0.0.1:9"
    var environment = ProcessInfo.processInfo.environment.filter { key, _ in
      !(key.hasPrefix("SCREENRUN_") || key.hasPrefix("MARVEL_") || key.hasPrefix("GITHUB_") || key == "COLUMNS"
        || key == "LINES" || key == "XDG_CACHE_HOME")
    }
    environment.merge([
      "LC_ALL": "C.UTF-8", "HOME": home.path, "XDG_CACHE_HOME": cache.path,
      "MARVEL_BASE_URL": base, "GITHUB_API_URL": base, "MARVEL_PUBLIC_KEY": Hostile.marvelPublicKey,
      "MARVEL_PRIVATE_KEY": Hostile.marvelPrivateKey, "GITHUB_TOKEN": Hostile.githubToken,
      "SCREENRUN_HTTP_TIMEOUT": "3", "SCREENRUN_HTTP_CONNECT_TIMEOUT": "2",
    ]) { _, new in new }
    for (key, value) in probe.environment {
      environment[key] = value.replacingOccurrences(of: "{dir}", with: work.path)
        .replacingOccurrences(of: "{cache}", with: cache.path)
    }

    var arguments = probe.arguments.map { $0.replacingOccurrences(of: "{dir}", with: work.path) }
    if !probe.plain {
      arguments += ["--width", String(probe.width)]
      if probe.answer != nil { arguments.append("--live") }
      if !arguments.contains("--script") { arguments.append("--once") }
    }

    var runs: [Run] = []
    if let damage = probe.damageCache {
      runs.append(await run(binary, arguments, environment: environment, stdin: probe.stdin, in: folder))
      do {
        try damage(cache)
      } catch {
        return Outcome(
          probe: probe, findings: [Finding(.setup, "the cache could not be damaged: \(error)")], seconds: 0)
      }
    }
    runs.append(await run(binary, arguments, environment: environment, stdin: probe.stdin, in: folder))
    server?.stop()

    let hashes = (server?.requests ?? []).compactMap { $0.queryValue("hash") }.filter { !$0.isEmpty }
    let secrets = [Hostile.marvelPrivateKey, Hostile.githubToken] + hashes
    var findings: [Finding] = []
    for var run in runs {
      run.stdout = probe.formatted(run.stdout)
      findings += Checks.all(run, width: probe.checksWidth ? probe.width : .max, secrets: secrets)
    }
    findings += Checks.cache(cache, secrets: secrets)
    return Outcome(probe: probe, findings: findings, seconds: (ContinuousClock.now - started).seconds)
  }

  /// Runs the binary once, under a memory and a CPU-time limit, killed after `hangSeconds`.
  /// Output goes to files, so a child that writes a lot never blocks on a pipe.
  static func run(
    _ binary: URL, _ arguments: [String], environment: [String: String], stdin: [UInt8]?, in folder: URL
  ) async -> Run {
    let name = UUID().uuidString
    let outURL = folder.appendingPathComponent("\(name).out")
    let errURL = folder.appendingPathComponent("\(name).err")
    let inURL = folder.appendingPathComponent("\(name).in")
    let started = ContinuousClock.now
    func failed(_ reason: String) -> Run {
      Run(
        stdout: [], stderr: Array("the driver could not run screenrun: \(reason)".utf8), exitCode: -1, signal: nil,
        timedOut: false, seconds: 0)
    }
    guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
      FileManager.default.createFile(atPath: errURL.path, contents: nil),
      FileManager.default.createFile(atPath: inURL.path, contents: Data(stdin ?? [])),
      let out = try? FileHandle(forWritingTo: outURL), let err = try? FileHandle(forWritingTo: errURL),
      let input = try? FileHandle(forReadingFrom: inURL)
    else { return failed("cannot make its output files") }
    defer {
      try? out.close()
      try? err.close()
      try? input.close()
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      [
        "-c",
        "ulimit -v \(memoryLimitKB) 2>/dev/null; ulimit -c 0 2>/dev/null; ulimit -S -t \(cpuSeconds) 2>/dev/null; exec \"$0\" \"$@\"",
        binary.path,
      ] + arguments
    process.currentDirectoryURL = repositoryRoot
    process.environment = environment
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    process.standardOutput = out
    process.standardError = err
    let ended = Ended()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      ended.wait(continuation)
      process.terminationHandler = { _ in ended.finish() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        ended.finish()
        return
      }
      let pid = process.processIdentifier
      DispatchQueue.global().asyncAfter(deadline: .now() + hangSeconds) {
        if ended.timeOut() { kill(pid, SIGKILL) }
      }
    }
    guard !process.isRunning, process.processIdentifier != 0 else { return failed("it did not start") }
    let signaled = process.terminationReason == .uncaughtSignal
    // Killed at the CPU limit: a loop that never ends, a hang as much as a wait that never ends.
    let spun = signaled && process.terminationStatus == SIGXCPU
    return Run(
      stdout: read(outURL), stderr: read(errURL), exitCode: signaled ? -1 : process.terminationStatus,
      signal: signaled && !spun ? process.terminationStatus : nil, timedOut: ended.timedOut || spun,
      seconds: (ContinuousClock.now - started).seconds)
  }

  /// At most 64 MB of a file.
  private static func read(_ url: URL) -> [UInt8] {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
    defer { try? handle.close() }
    return Array((try? handle.read(upToCount: 64 << 20)) ?? Data())
  }

  /// Removes a probe's folder, even where a probe took the permissions away.
  private static func removeAll(_ folder: URL) {
    if let enumerator = FileManager.default.enumerator(atPath: folder.path) {
      while let next = enumerator.nextObject() as? String {
        chmod(folder.appendingPathComponent(next).path, 0o700)
      }
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// The one resumption of the task waiting for a child, whichever of exit or timeout comes first.
  private final class Ended: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Void, Never>?
      var finished = false
      var timedOut = false
    }
    private let state = Mutex(State())

    var timedOut: Bool { state.withLock(\.timedOut) }

    func wait(_ continuation: CheckedContinuation<Void, Never>) {
      state.withLock { $0.continuation = continuation }
    }

    func finish() {
      let continuation = state.withLock { state in
        state.finished = true
        defer { state.continuation = nil }
        return state.continuation
      }
      continuation?.resume()
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

extension Duration {
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
