import CSpawn

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A detached thread of the C library's own, for the few jobs that block in a system call (a
/// plugin's pipes, a child's exit, a signal): what `Foundation.Thread` did, without Foundation.
package enum SystemThread {
  /// Starts `body` on a new detached thread named `name`.
  package static func start(name: String, _ body: @escaping @Sendable () -> Void) {
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
    } else {
      // No thread could be made (the process is out of them): run the job here rather than drop it.
      Unmanaged<Body>.fromOpaque(box).takeRetainedValue().run()
    }
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
