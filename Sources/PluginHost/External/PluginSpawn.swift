import CSpawn
import FoundationEssentials
import ScreenKit
import ScreenSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plugin program started: in a process group of its own (so that stopping it stops what it
/// started), with only the environment its manifest allows, signals at their defaults, no
/// descriptor of screenrun's but the three pipes, and the ends of those pipes screenrun keeps.
/// On Linux it is also sent SIGKILL if screenrun dies without stopping it (`PR_SET_PDEATHSIG`).
/// `ExternalProcess` serves requests over them; `ConformanceCheck` holds an exchange with them.
struct PluginSpawn {
  package let pid: pid_t
  /// The argv run: the command with `./` resolved and the program found on `PATH`.
  package let argv: [String]
  /// The write end of the program's stdin, and the read ends of its stdout and stderr; all
  /// close-on-exec, and the caller's to close.
  package let input: Int32
  package let output: Int32
  package let errors: Int32

  /// Starts the manifest's program; `all` is screenrun's environment, of which the program gets
  /// the baseline and the manifest's allow-list.
  init(_ manifest: PluginManifest, environment all: [String: String]) throws(DataSourceError) {
    let environment = manifest.environment(from: all)
    let argv: [String]
    switch manifest.resolvedCommand(path: environment["PATH"]) {
    case .success(let resolved): argv = resolved
    case .failure(let error): throw error
    }
    var stdinPipe: [Int32] = [-1, -1]
    var stdoutPipe: [Int32] = [-1, -1]
    var stderrPipe: [Int32] = [-1, -1]
    guard cspawn_pipe(&stdinPipe) == 0 else { throw .transport("plugin '\(manifest.name)': no pipe") }
    guard cspawn_pipe(&stdoutPipe) == 0 else {
      for descriptor in stdinPipe { close(descriptor) }
      throw .transport("plugin '\(manifest.name)': no pipe")
    }
    guard cspawn_pipe(&stderrPipe) == 0 else {
      for descriptor in stdinPipe + stdoutPipe { close(descriptor) }
      throw .transport("plugin '\(manifest.name)': no pipe")
    }
    let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let (status, pid) = Spawner.shared.start(
      argv, variables, input: stdinPipe[0], output: stdoutPipe[1], errors: stderrPipe[1])
    close(stdinPipe[0])
    close(stdoutPipe[1])
    close(stderrPipe[1])
    guard status == 0 else {
      for descriptor in [stdinPipe[1], stdoutPipe[0], stderrPipe[0]] { close(descriptor) }
      throw .transport("plugin '\(manifest.name)' could not start '\(argv[0])': \(String(cString: strerror(status)))")
    }
    self.pid = pid
    self.argv = argv
    input = stdinPipe[1]
    output = stdoutPipe[0]
    errors = stderrPipe[0]
  }
}

extension PluginSpawn {
  /// Writes all of `bytes` to a plugin's stdin, which is non-blocking: while the pipe is full it
  /// waits for room until `deadline`, asking `giveUp` every 50 ms.
  package static func write(
    _ bytes: [UInt8], to input: Int32, until deadline: ContinuousClock.Instant? = nil,
    giveUp: () -> Bool = { false }
  ) -> SystemIO.Written {
    bytes.withUnsafeBytes { buffer in
      SystemIO.writeAll(input, buffer) {
        if giveUp() { return false }
        if let deadline, ContinuousClock.now >= deadline { return false }
        var room = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
        _ = poll(&room, 1, 50)
        return true
      }
    }
  }

  /// Makes a plugin's stdin non-blocking (screenrun's end only: the program's end of the pipe is
  /// another open file).
  static func nonBlocking(_ input: Int32) {
    _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
  }

  /// How process `pid` ended ("exited with status 1", "was killed by signal 9"), or nil while it
  /// runs. It is not reaped: its process group id stays its own until it is.
  package static func exit(of pid: pid_t) -> String? {
    var exited: Int32 = 0
    var code: Int32 = 0
    guard cspawn_ended(pid, &exited, &code) == 1 else { return nil }
    return exited == 1 ? "exited with status \(code)" : "was killed by signal \(code)"
  }
}

/// The one thread that starts plugin programs, for the life of the process. On Linux a program
/// asks for SIGKILL when the thread that started it ends (`PR_SET_PDEATHSIG` follows the thread,
/// not the process): a thread of the concurrency pool, which can end when idle, would kill a
/// plugin in mid-run.
private final class Spawner: @unchecked Sendable {
  static let shared = Spawner()

  private struct Job {
    var argv: [String]
    var variables: [String]
    var descriptors: (Int32, Int32, Int32)
    var result: (status: Int32, pid: pid_t)?
  }

  /// Guards `jobs` and the results; the spawning thread waits on it for work, callers for results.
  private let condition = Condition()
  private var jobs: [Int: Job] = [:]
  private var order: [Int] = []
  private var next = 0

  /// Whether the spawning thread runs, once the first program is started; without it (the
  /// process had no thread left), programs start on the caller's thread, so a start never waits
  /// for a thread that is not there.
  private var threaded: Bool?

  /// Starts a program on the spawning thread and waits for it to be started: errno (0 when it
  /// was) and its process id.
  func start(_ argv: [String], _ variables: [String], input: Int32, output: Int32, errors: Int32)
    -> (Int32, pid_t)
  {
    condition.lock()
    defer { condition.unlock() }
    if threaded == nil { threaded = SystemThread.start(name: "plugin spawn") { [self] in serve() } }
    guard threaded == true else {
      let result = Self.spawn(Job(argv: argv, variables: variables, descriptors: (input, output, errors)))
      return (result.status, result.pid)
    }
    let number = next
    next += 1
    jobs[number] = Job(argv: argv, variables: variables, descriptors: (input, output, errors))
    order.append(number)
    condition.broadcast()
    while jobs[number]?.result == nil { condition.wait() }
    let result = jobs.removeValue(forKey: number)!.result!
    return (result.status, result.pid)
  }

  private func serve() {
    while true {
      condition.lock()
      while order.isEmpty { condition.wait() }
      let number = order.removeFirst()
      let job = jobs[number]!
      condition.unlock()
      let result = Self.spawn(job)
      condition.lock()
      jobs[number]?.result = result
      condition.broadcast()
      condition.unlock()
    }
  }

  private static func spawn(_ job: Job) -> (status: Int32, pid: pid_t) {
    let arguments = job.argv.map { strdup($0) } + [nil]
    let variables = job.variables.map { strdup($0) } + [nil]
    defer {
      for pointer in arguments + variables { free(pointer) }
    }
    var pid: pid_t = 0
    let (input, output, errors) = job.descriptors
    SignalEnding.holdIfEnding()  // no plugin starts once a signal has stopped them all
    PluginProcesses.willStart()
    let status = cspawn_start(job.argv[0], arguments, variables, input, output, errors, &pid)
    return (status, pid)
  }
}
