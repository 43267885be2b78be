import Foundation

/// Runs a program to its end the way a shell would start it: no signal blocked, every signal's
/// action the default, and no descriptor inherited but stdin (/dev/null), stdout and stderr
/// (files).
///
/// `ProcessRunner` (Foundation's `Process`) passes on the signal mask of the test thread that
/// starts the child, in which most signals are blocked, and a socket it watches for the child's
/// end. That is harmless for `screenrun`, but a daemon such as the tmux server inherits both: it
/// then never sees SIGCHLD or SIGTERM (so `kill-server` does nothing), and the run that started it
/// never ends. tmux is therefore started through here.
enum CleanSpawn {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func run(
    _ executable: URL, arguments: [String], environment: [String: String], timeout: Duration = .seconds(20)
  ) async throws -> ProcessResult {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenrun-spawn-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outPath = folder.appendingPathComponent("stdout").path
    let errPath = folder.appendingPathComponent("stderr").path

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }

    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    let started = ContinuousClock.now
    let code = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
    guard code == 0 else {
      throw Failure(description: "cannot run \(executable.path): \(String(cString: strerror(code)))")
    }

    // Wait for this child only (waitpid with its pid), polling so that no thread blocks.
    var status: Int32 = 0
    var timedOut = false
    while true {
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited == -1, errno != EINTR {
        throw Failure(description: "waitpid(\(pid)) failed: errno \(errno)")
      }
      if !timedOut, ContinuousClock.now - started > timeout {
        timedOut = true
        kill(pid, SIGKILL)
      }
      try? await Task.sleep(for: .milliseconds(5))
    }
    let signal = status & 0x7F
    return ProcessResult(
      exitCode: signal == 0 ? (status >> 8) & 0xFF : signal,
      signal: signal == 0 ? nil : signal,
      stdout: (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data(),
      stderr: (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data(),
      timedOut: timedOut,
      seconds: ProcessRunner.seconds(ContinuousClock.now - started))
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift does not
  /// see (it is a GNU extension); without it, descriptors that are not close-on-exec leak.
  private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private static let closeFrom: CloseFrom? = {
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
      return nil
    }
    return unsafeBitCast(symbol, to: CloseFrom.self)
  }()
}
