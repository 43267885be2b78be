import CSpawn
import FoundationEssentials
import ScreenSystem
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every plugin process screenrun started and has not reaped, and how they end: no process a
/// plugin started outlives screenrun by any way out it sees (PLUGINS.md, "Processes").
///
/// A process stays on the list until it is reaped, a stop in progress included, so that the stop
/// at exit finds it and waits for it or kills it. Killing a process is one step with reaping it,
/// under the list's lock: its id cannot be reused in between.
///
/// On Linux a stop kills the process group and every descendant of the program found in `/proc`
/// (a grandchild that called `setsid` has left the group, not the tree). When screenrun is the
/// reaper of its plugins' orphans (`adoptOrphans`, the command line), what a plugin's children
/// leave behind is adopted by screenrun, and `stopAll` kills and reaps all of it. Elsewhere only
/// the process group is killed.
package enum PluginProcesses {
  /// A process on the list: how to close its stdin (nil once closed).
  private struct Entry {
    var closeInput: (@Sendable () -> Void)?
  }

  private static let live = Mutex<[pid_t: Entry]>([:])
  /// Whether this process adopts its plugins' orphans (`PR_SET_CHILD_SUBREAPER`).
  private static let adopting = Atomic<Bool>(false)
  /// Whether this process has ever started a child: until it has, it has no descendant to end,
  /// and `stopAll` reads no process table (a scan of /proc, milliseconds on a busy machine, that
  /// every `--once` paid on its way out).
  private static let startedAny = Atomic<Bool>(false)

  /// Notes that a child is about to be started (before the fork, so that no way out misses it).
  static func willStart() { startedAny.store(true, ordering: .relaxed) }

  /// Makes screenrun the reaper of what its plugins leave behind (Linux): an orphaned grandchild
  /// becomes screenrun's child, and `stopAll` ends it. Only for a process whose every child is a
  /// plugin's (the command line): `stopAll` then ends every descendant.
  package static func adoptOrphans() {
    if cspawn_become_subreaper() == 0 { adopting.store(true, ordering: .relaxed) }
  }

  /// Runs `body` (a program an action runs, which is no plugin) with orphans left to the system:
  /// what the program leaves running when it ends (a browser that `xdg-open` started, a job put
  /// in the background) is its own, not a plugin's, and `stopAll` must not end it.
  package static func leavingOrphans<T>(_ body: () -> T) -> T {
    guard adopting.load(ordering: .relaxed) else { return body() }
    _ = cspawn_set_subreaper(0)
    defer { _ = cspawn_set_subreaper(1) }
    return body()
  }

  /// Takes back, for good, what `leavingOrphans` let go: what the program running now leaves
  /// when it ends comes to screenrun, and `stopAll` ends it. For a signal that ends screenrun
  /// while an action's program runs: a child of that program must not outlive screenrun holding
  /// its terminal, whether it ignores the signal or its parent is killed at the end of the grace.
  package static func adoptOrphansAgain() {
    guard adopting.load(ordering: .relaxed) else { return }
    startedAny.store(true, ordering: .relaxed)
    _ = cspawn_set_subreaper(1)
  }

  /// Adds a process, with how to close its stdin.
  static func track(_ pid: pid_t, closeInput: @escaping @Sendable () -> Void) {
    live.withLock { $0[pid] = Entry(closeInput: closeInput) }
  }

  /// Whether `pid` is on the list (not reaped yet).
  static func isTracked(_ pid: pid_t) -> Bool {
    live.withLock { $0[pid] != nil }
  }

  /// Stops processes on a thread of their own: the grace period never holds a thread of the
  /// concurrency pool (two on a two-core machine) or of Dispatch. They stay on the list until
  /// they are reaped, so `stopAll` waits for them.
  static func stopInBackground(_ pids: [pid_t]) {
    SystemThread.startOrRun(name: "plugin stop") { stop(pids) }
  }

  /// Closes each process's stdin, waits up to `ExternalSource.grace` for them to exit, then
  /// kills each one's process group and descendants and reaps it. Returns how each one that
  /// exited within the grace period ended ("exited with status 0").
  @discardableResult
  package static func stop(_ pids: [pid_t]) -> [pid_t: String] {
    let (present, closers) = live.withLock { live -> ([pid_t], [@Sendable () -> Void]) in
      var present: [pid_t] = []
      var closers: [@Sendable () -> Void] = []
      for pid in pids where live[pid] != nil {
        present.append(pid)
        if let close = live[pid]?.closeInput { closers.append(close) }
        live[pid]?.closeInput = nil
      }
      return (present, closers)
    }
    guard !present.isEmpty else { return [:] }
    for close in closers { close() }
    let deadline = ContinuousClock.now + ExternalSource.grace
    var running = present
    var ended: [pid_t: String] = [:]
    while !running.isEmpty, ContinuousClock.now < deadline {
      running.removeAll { pid in
        guard let exit = PluginSpawn.exit(of: pid) else { return false }
        ended[pid] = exit
        return true
      }
      if !running.isEmpty { usleep(5000) }
    }
    for pid in present { end(pid) }
    return ended
  }

  /// Stops every plugin process (those being stopped too), then, when screenrun adopts orphans,
  /// kills and reaps every process left below it: what screenrun does on every way out.
  package static func stopAll() {
    stop(live.withLock { Array($0.keys) })
    guard adopting.load(ordering: .relaxed), startedAny.load(ordering: .relaxed) else { return }
    // A killed process's children are adopted in turn: a few rounds end a tree that forks.
    for _ in 0..<8 {
      let left = ProcessTable.read().descendants(of: [getpid()])
      guard !left.isEmpty else { return }
      for pid in left { kill(pid, SIGKILL) }
      reap(ProcessTable.read().children(of: getpid()))
    }
  }

  /// Reaps each of `children` once it has died, waiting at most 200 ms for them all (a process
  /// that a SIGKILL cannot reach, another user's, is not waited for).
  private static func reap(_ children: [pid_t]) {
    var left = children
    let deadline = ContinuousClock.now + .milliseconds(200)
    while !left.isEmpty {
      left.removeAll { pid in
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) != 0
      }
      guard !left.isEmpty, ContinuousClock.now < deadline else { return }
      usleep(2000)
    }
  }

  /// Kills process `pid`'s group and its descendants, and reaps it; nothing if it was reaped.
  private static func end(_ pid: pid_t) {
    let adopted: [pid_t] = live.withLock { live in
      guard live[pid] != nil else { return [] }
      // Not reaped yet: its process group id cannot have been reused.
      let tree = ProcessTable.read().descendants(of: [pid])
      killpg(pid, SIGKILL)
      for member in tree { kill(member, SIGKILL) }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      live[pid] = nil
      return tree
    }
    // Its children are now screenrun's, when it adopts orphans: each is reaped once killed.
    guard adopting.load(ordering: .relaxed), !adopted.isEmpty else { return }
    let mine = Set(ProcessTable.read().children(of: getpid()))
    reap(adopted.filter { mine.contains($0) && !isTracked($0) })
  }
}

/// The processes of the system and their parents, as `/proc` shows them (Linux); empty elsewhere.
package struct ProcessTable {
  /// Each process's parent.
  package var parents: [pid_t: pid_t] = [:]

  package static func read() -> ProcessTable {
    var table = ProcessTable()
    #if os(Linux)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return table }
      for name in names {
        guard let pid = pid_t(name), let parent = parent(of: pid) else { continue }
        table.parents[pid] = parent
      }
    #endif
    return table
  }

  /// The parent of `pid` from `/proc/PID/stat`: the field after the state, which follows the
  /// command's closing parenthesis (a command may hold spaces and parentheses).
  package static func parent(of pid: pid_t) -> pid_t? {
    let descriptor = SystemIO.open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC, 0)
    guard descriptor >= 0 else { return nil }
    defer { _ = SystemIO.close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 1024)
    let count = bytes.withUnsafeMutableBytes { SystemIO.read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0, let close = bytes[0..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = bytes[(close + 1)..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1 else { return nil }
    return pid_t(String(decoding: fields[1], as: UTF8.self))
  }

  /// The children of `pid`.
  package func children(of pid: pid_t) -> [pid_t] {
    parents.compactMap { $0.value == pid ? $0.key : nil }
  }

  /// Every descendant of `roots` (not the roots), children before their own.
  func descendants(of roots: [pid_t]) -> [pid_t] {
    var children: [pid_t: [pid_t]] = [:]
    for (pid, parent) in parents { children[parent, default: []].append(pid) }
    var found: [pid_t] = []
    var seen = Set(roots)
    var stack = roots
    while let pid = stack.popLast() {
      for child in children[pid] ?? [] where seen.insert(child).inserted {
        found.append(child)
        stack.append(child)
      }
    }
    return found
  }
}
