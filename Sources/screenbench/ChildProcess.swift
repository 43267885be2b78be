import Foundation
import ScreenKit
import ScreenSystem

/// Runs other programs: timed with `posix_spawn` (no Foundation in the way, so the clock holds the
/// child's start-up and nothing of ours), or through `Process` when their output is wanted.
enum ChildProcess {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `arguments` (the first one found on PATH when it has no slash) with stdin and stdout on
  /// /dev/null and stderr kept (on /dev/null too when `quiet`), waits for it, and returns the
  /// seconds from spawn to exit; an exit status not in `acceptedStatuses` is a failure.
  static func time(
    _ arguments: [String], environment: [String: String]? = nil, acceptedStatuses: Set<Int32> = [0],
    quiet: Bool = false
  ) throws(Failure) -> Double {
    try times(arguments, environment: environment, acceptedStatuses: acceptedStatuses, quiet: quiet).wall
  }

  /// `time`, with the child's CPU time too (user + system, from `wait4`): on a shared machine
  /// the wall time holds the waits for a core, the CPU time does not.
  static func times(
    _ arguments: [String], environment: [String: String]? = nil, acceptedStatuses: Set<Int32> = [0],
    quiet: Bool = false
  ) throws(Failure) -> (wall: Double, cpu: Double) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }

    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for pointer in envp ?? [] { free(pointer) } }

    var pid: pid_t = 0
    let clock = ContinuousClock()
    let start = clock.now
    let spawned =
      envp.map { posix_spawnp(&pid, arguments[0], &actions, nil, argv, $0) }
      ?? posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw Failure(description: "cannot start '\(arguments[0])': \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
    let elapsed = (clock.now - start).seconds
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    // The status word: the low 7 bits are the signal that ended it, the next byte the exit code.
    guard status & 0x7F == 0, acceptedStatuses.contains((status >> 8) & 0xFF) else {
      throw Failure(description: "'\(arguments.joined(separator: " "))' failed (wait status \(status))")
    }
    return (elapsed, seconds(usage.ru_utime) + seconds(usage.ru_stime))
  }

  /// The standard output of `arguments` (looked up on PATH), or nil when it cannot run or fails.
  static func output(of arguments: [String], environment: [String: String]? = nil) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The full path of `name` on PATH, or nil.
  static func find(_ name: String) -> String? {
    ProgramSearch.program(name, path: ProcessInfo.processInfo.environment["PATH"])
  }
}
