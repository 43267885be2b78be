import ScreenSystem

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Reads the terminal on a thread of its own, blocked in `poll(2)`: the bytes of stdin, decoded
/// into keys and pastes (`KeyReader`), SIGWINCH (through a self-pipe) as the new size, and the end
/// of input, each posted as an `Event` (the app's inbox makes each an action). No other
/// thread waits for the terminal.
package final class TerminalInput: Sendable {
  /// What the terminal reports: keys and pastes, a new size, or the end of its input.
  package enum Event: Sendable {
    case keys([Key])
    case resize(Viewport)
    case endOfInput
  }

  /// The self-pipe SIGWINCH's handler writes to, for the handler, which can reach only globals.
  /// Made once, before the handler that reads it is installed.
  nonisolated(unsafe) private static var resizePipe: (read: Int32, write: Int32) = (-1, -1)
  /// Written to end the thread.
  private let stopPipe: (read: Int32, write: Int32)

  /// Starts reading; nil when the thread or its pipes cannot be made.
  package init?(posting inbox: @escaping @Sendable ([Event]) -> Void) {
    guard Self.installResizeHandler(), let stop = Self.makePipe() else { return nil }
    stopPipe = stop
    let resize = Self.resizePipe.read
    guard Self.spawn({ Self.read(inbox: inbox, resize: resize, stop: stop.read) }) else {
      close(stop.read)
      close(stop.write)
      return nil
    }
  }

  /// Ends the thread (it closes the pipe's read end as it goes).
  package func stop() {
    var byte: UInt8 = 0
    _ = SystemIO.write(stopPipe.write, &byte, 1)  // one-door-out: a self-pipe (stop), not output
    close(stopPipe.write)
  }

  private static func read(inbox: @Sendable ([Event]) -> Void, resize: Int32, stop: Int32) {
    defer { close(stop) }
    var reader = KeyReader()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var watched = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: resize, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&watched, nfds_t(watched.count), -1) >= 0 else {
        if errno == EINTR { continue }
        inbox([.endOfInput])
        return
      }
      if watched[2].revents != 0 { return }
      if watched[1].revents != 0 {
        // However many signals came, one resize to the size now.
        var drained = [UInt8](repeating: 0, count: 64)
        _ = SystemIO.read(resize, &drained, drained.count)
        inbox([.resize(TerminalMode.viewport())])
      }
      guard watched[0].revents != 0 else { continue }
      let count = SystemIO.read(STDIN_FILENO, &buffer, buffer.count)
      if count > 0 {
        inbox([.keys(reader.keys(Array(buffer[0..<count])))])
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        inbox([.endOfInput])  // stdin closed
        return
      }
    }
  }

  private static func makePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    return (ends[0], ends[1])
  }

  private static func installResizeHandler() -> Bool {
    if resizePipe.write != -1 { return true }
    guard let ends = makePipe() else { return false }
    _ = fcntl(ends.read, F_SETFL, fcntl(ends.read, F_GETFL) | O_NONBLOCK)
    resizePipe = ends
    signal(SIGWINCH, resizeHandler)
    return true
  }

  private static let resizeHandler: @convention(c) (Int32) -> Void = { _ in
    let saved = errno
    var byte: UInt8 = 1
    _ = SystemIO.write(TerminalInput.resizePipe.write, &byte, 1)  // one-door-out: a self-pipe (SIGWINCH), not output
    errno = saved
  }

  /// Runs `body` on a new detached thread; false when none can be made.
  private static func spawn(_ body: @escaping @Sendable () -> Void) -> Bool {
    final class Body {
      let run: @Sendable () -> Void
      init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let made = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard made == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    #if canImport(Glibc)
      pthread_detach(thread)
    #else
      if let thread { pthread_detach(thread) }
    #endif
    return true
  }
}
