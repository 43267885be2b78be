import CSpawn
import PluginHost
import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenSystem
import ScreenTerminal
import Synchronization

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Carries out a screen's action in the interactive mode, and says how it went (the flash
/// message). A command and a browser get the terminal while they run (`handOver`), as Ctrl-Z
/// gives it to the shell; a copy is an OSC 52 sequence on the terminal. Nothing here goes
/// through a shell: each argument is one `argv` entry, whatever it holds.
struct ActionRunner {
  /// The environment the programs get, and where `BROWSER` is read.
  var environment: [String: String]
  /// Gives the terminal to a program for the time of `body` (cooked mode, the main screen), and
  /// takes it back.
  var handOver: (() -> String) -> String
  /// Says, under what a program printed, that a key returns to screenrun, and waits for one:
  /// after a `run` action with `wait`, while the terminal is still handed over.
  var pause: () -> Void = { TerminalMode.waitForKey() }

  func carryOut(_ request: ActionRequest) -> String {
    // The key's request was refused already when it could not be done (`ScreenAction.request`,
    // which a script's dry run goes through too); a request made another way is held to the same.
    if let refusal = request.refusal { return "\(request.title): \(refusal)" }
    switch request.what {
    case .open(let url): return open(url, title: request.title)
    case .copy(let text): return copy(text, title: request.title)
    case .run(let arguments, let wait): return run(arguments, wait: wait, title: request.title)
    }
  }

  // MARK: - open

  /// The commands that may open a URL, in the order they are tried: `BROWSER`'s, as Debian reads
  /// it (commands separated by colons, `%s` in a word replaced by the URL, `%%` a percent sign,
  /// else the URL added as the last argument; words split at blanks, with no shell), else
  /// `xdg-open URL`.
  static func browsers(for url: String, browser: String?) -> [[String]] {
    let entries = browserEntries(browser)
    guard !entries.isEmpty else { return [["xdg-open", url]] }
    return entries.map { words in
      var placed = false
      var command: [String] = words.map { word in
        guard word.contains("%") else { return String(word) }
        var text = ""
        var rest = Substring(word)
        while let percent = rest.firstIndex(of: "%") {
          text += rest[..<percent]
          let next = rest.index(after: percent)
          if next < rest.endIndex, rest[next] == "s" {
            text += url
            placed = true
            rest = rest[rest.index(after: next)...]
          } else if next < rest.endIndex, rest[next] == "%" {
            text += "%"
            rest = rest[rest.index(after: next)...]
          } else {
            text += "%"
            rest = rest[next...]
          }
        }
        return text + rest
      }
      if !placed { command.append(url) }
      return command
    }
  }

  /// `BROWSER`'s commands, each split into words; none when it is unset, empty or only colons
  /// and blanks.
  static func browserEntries(_ browser: String?) -> [[Substring]] {
    (browser ?? "").split(separator: ":").map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }) }
      .filter { !$0.isEmpty }
  }

  private func open(_ url: String, title: String) -> String {
    let commands = Self.browsers(for: url, browser: environment["BROWSER"])
    var failures: [String] = []
    let opened = handOver {
      for command in commands {
        switch Self.runWaiting(command, environment: environment) {
        case .success(let ended) where ended.succeeded: return command[0]
        case .success(let ended): failures.append("\(command[0]) \(ended)")
        case .failure(let failure): failures.append("\(command[0]): \(failure)")
        }
      }
      return ""
    }
    if !opened.isEmpty { return "\(title): opened \(ActionRequest.shown(url, limit: 60)) with \(opened)" }
    let tried = failures.joined(separator: "; ")
    let hint = Self.browserEntries(environment["BROWSER"]).isEmpty ? "; set BROWSER to your browser" : ""
    return "\(title): no browser opened it (\(tried))\(hint)"
  }

  // MARK: - copy

  private func copy(_ text: String, title: String) -> String {
    guard isatty(STDOUT_FILENO) == 1 else {
      return "\(title): the clipboard cannot be asked: stdout is not a terminal"
    }
    // `carryOut` checked the size and the secrets already: this is the encoding's own guard.
    guard let control = TerminalControl.clipboard(text) else { return "\(title): not copied" }
    TerminalWriter.write(TerminalText(control))
    let count = text.count
    return "\(title): copied \(count) character\(count == 1 ? "" : "s") to the clipboard (OSC 52)"
  }

  // MARK: - run

  private func run(_ arguments: [String], wait: Bool, title: String) -> String {
    let outcome = handOver {
      switch Self.runWaiting(arguments, environment: environment) {
      case .success(let ended):
        // What the program printed stays on the main screen until a key; a program that did
        // not start printed nothing, and the flash says why.
        if wait { pause() }
        return "\(arguments[0]) \(ended)"
      case .failure(let failure): return "\(arguments[0]): \(failure)"
      }
    }
    return "\(title): \(outcome)"
  }

  // MARK: - Processes

  /// How a program ended.
  struct Ended: CustomStringConvertible {
    var exited: Bool
    var code: Int32

    var succeeded: Bool { exited && code == 0 }
    var description: String { exited ? "exited with status \(code)" : "was ended by signal \(code)" }
  }

  /// Why a program did not start.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The program an action runs now, 0 while none does.
  static let running = Atomic<pid_t>(0)

  /// Ends the program an action runs, if one does, before screenrun ends of `signal` (from
  /// `SignalWatcher`): the program gets the same signal, then SIGKILL when it has not ended within
  /// `grace`, so that none outlives screenrun holding the terminal. It is left for `runWaiting`
  /// to reap. What the program started and is still its own (a child that ignores the signal, or
  /// that the program's end leaves behind) is adopted by screenrun as the program ends, and the
  /// `ExternalSource.stopAll` that follows ends it.
  static func stopRunning(signal: Int32, grace: Duration = .seconds(2)) {
    let pid = running.load(ordering: .sequentiallyConsistent)
    guard pid > 0 else { return }
    ExternalSource.adoptOrphansAgain()
    kill(pid, signal)
    guard !ends(pid, within: grace) else { return }
    kill(pid, SIGKILL)
    _ = ends(pid, within: .seconds(1))
  }

  /// Whether `pid` ends (or is reaped) within `limit`.
  private static func ends(_ pid: pid_t, within limit: Duration) -> Bool {
    let deadline = ContinuousClock.now + limit
    var exited: Int32 = 0
    var code: Int32 = 0
    while running.load(ordering: .sequentiallyConsistent) == pid, cspawn_ended(pid, &exited, &code) == 0 {
      guard ContinuousClock.now < deadline else { return false }
      usleep(10_000)
    }
    return true
  }

  /// Starts `arguments[0]` (found on the environment's PATH unless it holds a slash) with the rest as its
  /// arguments, in screenrun's process group and on its terminal, and waits for it to end.
  /// Meanwhile screenrun ignores SIGINT and SIGQUIT, as `system(3)` does, so Ctrl-C stops the
  /// program and not screenrun; the program gets every signal at its default.
  ///
  /// What the program leaves running when it ends (a browser that `xdg-open` started, a job put in
  /// the background) is its own: screenrun does not adopt it, so it does not end it with the
  /// plugins when it quits.
  static func runWaiting(_ arguments: [String], environment: [String: String]) -> Result<Ended, Failure> {
    ExternalSource.leavingOrphans { spawnWaiting(arguments, environment: environment) }
  }

  private static func spawnWaiting(_ arguments: [String], environment: [String: String]) -> Result<Ended, Failure> {
    guard !arguments.isEmpty else { return .failure(Failure(description: "no program to run")) }
    if let refusal = ActionRequest.nulArgument(in: arguments) { return .failure(Failure(description: refusal)) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGWINCH] {
      sigaddset(&defaults, number)
    }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] =
      environment.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var ignore = sigaction()
    #if canImport(Glibc)
      ignore.__sigaction_handler.sa_handler = SIG_IGN
    #else
      ignore.__sigaction_u.__sa_handler = SIG_IGN
    #endif
    var savedInterrupt = sigaction()
    var savedQuit = sigaction()
    sigaction(SIGINT, &ignore, &savedInterrupt)
    sigaction(SIGQUIT, &ignore, &savedQuit)
    defer {
      sigaction(SIGINT, &savedInterrupt, nil)
      sigaction(SIGQUIT, &savedQuit, nil)
    }
    // The program is looked for on the PATH it is given, as a shell would: posix_spawnp would
    // search screenrun's own.
    guard let path = ProgramSearch.program(arguments[0], path: environment["PATH"]) else {
      return .failure(Failure(description: "command not found"))
    }
    var pid = pid_t()
    var started = posix_spawn(&pid, path, nil, &attributes, argv, envp)
    // A program just written is "busy" (ETXTBSY) while a process that forked as it was written
    // still holds it open for writing, which ends at that process's exec: a few short waits.
    for attempt in 1...5 where started == ETXTBSY {
      usleep(useconds_t(10_000 * attempt))
      started = posix_spawn(&pid, path, nil, &attributes, argv, envp)
    }
    guard started == 0 else {
      let reason = started == ENOENT ? "command not found" : String(cString: strerror(started))
      return .failure(Failure(description: reason))
    }
    running.store(pid, ordering: .sequentiallyConsistent)
    defer { running.store(0, ordering: .sequentiallyConsistent) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return .failure(Failure(description: "lost track of it")) }
    }
    let exited = status & 0x7F == 0
    return .success(Ended(exited: exited, code: exited ? (status >> 8) & 0xFF : status & 0x7F))
  }
}
