import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a signal is ending screenrun, and the stop it puts to every other thread's work.
///
/// The signal's thread stops the plugins and an action's program, then gives the terminal back
/// and ends the process. Meanwhile the main thread would see its plugin die and carry on as if
/// the plugin had failed: print "plugin 'x' was killed by signal 9", close a `--output` document
/// so that it looks whole, write the `.pending` transcripts and the JUnit report of a screen test
/// run, start the next test's plugin. So from the signal on, any thread about to write output or
/// a file, or to start a program, waits here until the signal's thread ends the process.
package enum SignalEnding {
  private static let ending = Atomic<Bool>(false)

  /// Marks the process as ending of a signal: call before stopping anything.
  package static func begin() {
    ending.store(true, ordering: .sequentiallyConsistent)
  }

  package static var isEnding: Bool { ending.load(ordering: .sequentiallyConsistent) }

  /// Returns at once unless a signal is ending the process; then never returns: the thread
  /// sleeps until the signal's thread ends the process with `_exit`.
  package static func holdIfEnding() {
    guard isEnding else { return }
    while true { sleep(60) }
  }
}
