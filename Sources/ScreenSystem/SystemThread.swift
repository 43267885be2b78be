import CSpawn

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A detached thread of the C library's own, for the few jobs that block in a system call (a
/// plugin's pipes, a child's exit, a signal): what `Foundation.Thread` did, without Foundation.
package enum SystemThread {
  /// Starts `body` on a new detached thread named `name`; false, with `body` not run, when no
  /// thread can be made (the process is out of them). Each caller says what then: a job that
  /// ends soon runs in place (`startOrRun`), a loop that would serve for ever reports a failure.
  package static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { pointer in
        let body = Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue()
        cspawn_name_thread(body.name)
        body.run()
        return nil
      }, box)
    if started == 0 {
      pthread_detach(thread)
      return true
    }
    Unmanaged<Body>.fromOpaque(box).release()
    return false
  }

  /// Starts `body`, a job that ends (a transfer, a grace period), on a thread of its own, or runs
  /// it here when no thread can be made, rather than drop it.
  package static func startOrRun(name: String, _ body: @escaping @Sendable () -> Void) {
    if !start(name: name, body) { body() }
  }

  private final class Body: Sendable {
    let name: String
    let run: @Sendable () -> Void
    init(name: String, run: @escaping @Sendable () -> Void) {
      self.name = name
      self.run = run
    }
  }
}
