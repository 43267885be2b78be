import FoundationEssentials
import ScreenSystem
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serves SIGINT, SIGTERM and SIGHUP on a thread of its own, so they are answered however busy
/// the main thread is (a long wrap, a huge paste): the terminal is given back and the process
/// ends with the signal's status at once.
///
/// A self-pipe: the handler only writes the signal's number to a pipe (async-signal-safe), and
/// the watcher thread, blocked reading it, does the rest with `TerminalWriter.exitNow`.
package enum SignalWatcher {
  /// The pipe's write end, for the handler, which can reach only globals. Set once, before the
  /// handlers that read it are installed.
  nonisolated(unsafe) private static var pipeWrite: Int32 = -1

  /// The status of the signal being served, 0 while none is: a main thread that ends meanwhile
  /// (its plugin stopped by the signal's own stop) ends with this status, not its own.
  package static let serving = Atomic<Int32>(0)

  /// Starts the watcher; `statuses` maps each signal to serve to the exit status it ends with.
  /// Safe to call once; later calls do nothing.
  /// `stop` stops what must not outlive screenrun (an action's program, given the signal first,
  /// and every plugin process) before the terminal is given back.
  package static func start(_ statuses: [Int32: Int32], stopping stop: @escaping @Sendable (Int32) -> Void) {
    guard pipeWrite == -1 else { return }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    pipeWrite = ends[1]
    let readEnd = ends[0]

    // Its loop never ends, so it never runs in place of a thread: without one, the signals keep
    // their default actions (they end the process) rather than hang it.
    let started = SystemThread.start(name: "screenrun signals") {
      // A parent may have started screenrun with these signals blocked (a mask is inherited):
      // this thread takes them whatever the other threads block.
      var served = sigset_t()
      sigemptyset(&served)
      for number in statuses.keys { sigaddset(&served, number) }
      pthread_sigmask(SIG_UNBLOCK, &served, nil)
      var number: UInt8 = 0
      while true {
        let count = read(readEnd, &number, 1)
        if count == 1, let status = statuses[Int32(number)] {
          serving.store(status, ordering: .sequentiallyConsistent)
          // Before any stop: the main thread must not carry on as if its plugin failed.
          SignalEnding.begin()
          // No program an action runs outlives screenrun (given the signal first, and a grace),
          // nor any plugin process.
          stop(Int32(number))
          TerminalWriter.exitNow(status: status)
        }
        if count == 0 || (count < 0 && errno != EINTR) { return }
      }
    }

    guard started else {
      close(readEnd)
      close(ends[1])
      pipeWrite = -1
      return
    }
    for number in statuses.keys {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
      #else
        action.__sigaction_u.__sa_handler = handler
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(number, &action, nil)
    }
  }

  private static let handler: @convention(c) (Int32) -> Void = { signal in
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = SystemIO.write(SignalWatcher.pipeWrite, &byte, 1)  // one-door-out: the self-pipe, not output
    errno = saved
  }
}
