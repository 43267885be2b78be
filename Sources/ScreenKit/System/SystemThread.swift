import CSpawn

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A detached thread of the C library's own, for the few jobs that block in a system call (a
/// plugin's pipes, a child's exit, a signal): what `Foundation.Thread` did, without Foundation.
package enum SystemThread {
  /// Starts `body` on a new detached thread named `name`. When no thread can be made (the
  /// process is out of them), a job that ends (`inline`, the default) runs here rather than be
  /// dropped; one that never ends (a loop that serves signals) is not run, and false says so.
  @discardableResult
  package static func start(name: String, inline: Bool = true, _ body: @escaping @Sendable () -> Void) -> Bool {
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
    let job = Unmanaged<Body>.fromOpaque(box).takeRetainedValue()
    if inline { job.run() }
    return false
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
