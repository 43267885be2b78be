import Foundation

/// A plugin program started: in a process group of its own (so that stopping it stops what it
/// started), with only the environment its manifest allows, signals at their defaults, no
/// descriptor of screenrun's but the three pipes, and the ends of those pipes screenrun keeps.
/// `ExternalProcess` serves requests over them; `ConformanceCheck` holds an exchange with them.
struct PluginSpawn {
  let pid: pid_t
  /// The argv run: the command with `./` resolved and the program found on `PATH`.
  let argv: [String]
  /// The write end of the program's stdin, and the read ends of its stdout and stderr; all
  /// close-on-exec, and the caller's to close.
  let input: Int32
  let output: Int32
  let errors: Int32

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
    guard systemPipe2(&stdinPipe, O_CLOEXEC) == 0 else { throw .transport("plugin '\(manifest.name)': no pipe") }
    guard systemPipe2(&stdoutPipe, O_CLOEXEC) == 0 else {
      for descriptor in stdinPipe { close(descriptor) }
      throw .transport("plugin '\(manifest.name)': no pipe")
    }
    guard systemPipe2(&stderrPipe, O_CLOEXEC) == 0 else {
      for descriptor in stdinPipe + stdoutPipe { close(descriptor) }
      throw .transport("plugin '\(manifest.name)': no pipe")
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
    // Nothing else of screenrun's reaches the plugin: not a socket, a cache file or another
    // plugin's pipe that some other part opened without close-on-exec.
    _ = systemAddCloseFrom(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let arguments = argv.map { strdup($0) } + [nil]
    let variables = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in arguments + variables { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, argv[0], &actions, &attributes, arguments, variables)
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
  /// Writes all of `bytes` to a plugin's stdin; false when the plugin is gone (a closed pipe:
  /// SIGPIPE is ignored) or the write fails.
  static func write(_ bytes: [UInt8], to input: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        Glibc.write(input, $0.baseAddress, $0.count)  // one-door-out: a plugin's stdin
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  /// How process `pid` ended ("exited with status 1", "was killed by signal 9"), or nil while it
  /// runs. It is not reaped: its process group id stays its own until it is.
  static func exit(of pid: pid_t) -> String? {
    var info = siginfo_t()
    guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid
    else { return nil }
    let status = info._sifields._sigchld.si_status
    return info.si_code == CLD_EXITED ? "exited with status \(status)" : "was killed by signal \(status)"
  }
}

/// glibc's `pipe2`, which its module map does not export without `_GNU_SOURCE`: a pipe whose ends
/// are close-on-exec from the start, so a program another thread starts meanwhile holds neither.
@_silgen_name("pipe2")
private func systemPipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), also behind `_GNU_SOURCE`.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func systemAddCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
