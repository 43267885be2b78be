import ScreenRuntime
import ScreenTerminal
import Synchronization

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

  /// The terminal's events (`TerminalInput`), each as the app's action.
  func post(_ events: [TerminalInput.Event]) {
    post(
      events.flatMap { event -> [AppAction] in
        switch event {
        case .keys(let keys):
          keys.map { key in
            if case .paste(let text) = key { return .paste(text) }
            return .key(key)
          }
        case .resize(let viewport): [.resize(viewport)]
        case .endOfInput: [.endOfInput]
        }
      })
  }

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
