import ScreenKit
import ScreenRuntime
import Synchronization

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Where the terminal's events wait for the app: actions posted from any thread (keys, resizes,
/// ticks, screens' answers), taken by the session all at once, so that a burst of them is one
/// frame.
final class AppInbox: Sendable {
  private struct Inner {
    var actions: [AppAction] = []
    var waiter: CheckedContinuation<[AppAction], Never>?
    /// The last wait with a limit (`next(within:)`), and the last one whose limit ran out.
    var limitedWait = 0
    var limitReached = 0
  }

  private let inner = Mutex(Inner())

  init() {}

  /// Posts actions, in order; wakes the session if it waits.
  func post(_ actions: [AppAction]) {
    guard !actions.isEmpty else { return }
    let ready = inner.withLock { inner -> (CheckedContinuation<[AppAction], Never>, [AppAction])? in
      inner.actions += actions
      guard let waiter = inner.waiter else { return nil }
      inner.waiter = nil
      defer { inner.actions = [] }
      return (waiter, inner.actions)
    }
    if let (waiter, actions) = ready { waiter.resume(returning: actions) }
  }

  func post(_ action: AppAction) { post([action]) }

  /// Every action posted since the last call, none if there is none: what an action's effects
  /// posted at once (a screen saying it changed) is taken before the frame is drawn.
  func take() -> [AppAction] {
    inner.withLock { inner in
      defer { inner.actions = [] }
      return inner.actions
    }
  }

  /// Every action posted since the last call, waiting for one if there is none.
  func next() async -> [AppAction] { await wait(limited: nil) }

  /// Every action posted since the last call, waiting at most `limit` for one: none if none came.
  func next(within limit: Duration) async -> [AppAction] {
    let id = inner.withLock { inner in
      inner.limitedWait += 1
      return inner.limitedWait
    }
    let timer = Task { [weak self] in
      guard (try? await Task.sleep(for: limit)) != nil else { return }
      self?.reachLimit(id)
    }
    defer { timer.cancel() }
    return await wait(limited: id)
  }

  private func wait(limited id: Int?) async -> [AppAction] {
    await withCheckedContinuation { (waiter: CheckedContinuation<[AppAction], Never>) in
      let ready = inner.withLock { inner -> [AppAction]? in
        if !inner.actions.isEmpty {
          defer { inner.actions = [] }
          return inner.actions
        }
        if let id, inner.limitReached == id { return [] }
        inner.waiter = waiter
        return nil
      }
      if let ready { waiter.resume(returning: ready) }
    }
  }

  /// The limit of wait `id` ran out: it ends with no action, if it still waits.
  private func reachLimit(_ id: Int) {
    let waiter = inner.withLock { inner -> CheckedContinuation<[AppAction], Never>? in
      guard inner.limitedWait == id else { return nil }
      inner.limitReached = id
      defer { inner.waiter = nil }
      return inner.waiter
    }
    waiter?.resume(returning: [])
  }
}

/// Reads the terminal on a thread of its own, blocked in `poll(2)`: the bytes of stdin, decoded
/// into keys and pastes (`KeyReader`), SIGWINCH (through a self-pipe) as the new size, and the end
/// of input, each posted to the inbox as an action. No other thread waits for the terminal.
final class TerminalInput: Sendable {
  /// The self-pipe SIGWINCH's handler writes to, for the handler, which can reach only globals.
  /// Made once, before the handler that reads it is installed.
  nonisolated(unsafe) private static var resizePipe: (read: Int32, write: Int32) = (-1, -1)
  /// Written to end the thread.
  private let stopPipe: (read: Int32, write: Int32)

  /// Starts reading; nil when the thread or its pipes cannot be made.
  init?(posting inbox: AppInbox) {
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
  func stop() {
    var byte: UInt8 = 0
    _ = SystemIO.write(stopPipe.write, &byte, 1)  // one-door-out: a self-pipe (stop), not output
    close(stopPipe.write)
  }

  private static func read(inbox: AppInbox, resize: Int32, stop: Int32) {
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
        inbox.post(.endOfInput)
        return
      }
      if watched[2].revents != 0 { return }
      if watched[1].revents != 0 {
        // However many signals came, one resize to the size now.
        var drained = [UInt8](repeating: 0, count: 64)
        _ = SystemIO.read(resize, &drained, drained.count)
        inbox.post(.resize(TerminalMode.viewport()))
      }
      guard watched[0].revents != 0 else { continue }
      let count = SystemIO.read(STDIN_FILENO, &buffer, buffer.count)
      if count > 0 {
        inbox.post(
          reader.keys(Array(buffer[0..<count])).map { key in
            if case .paste(let text) = key { return .paste(text) }
            return .key(key)
          })
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        inbox.post(.endOfInput)  // stdin closed
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
