import Synchronization

/// When delayed work runs: on the wall clock in a terminal, on a virtual clock in scripts and
/// tests, so that a debounce of 500 ms takes no time there and the outcome never depends on luck.
package protocol Scheduler: Sendable {
  /// Runs `action` once, after `delay`, unless the returned token is cancelled first.
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction
}

/// A pending action; cancelling it keeps it from running.
package final class ScheduledAction: Sendable {
  private let state: Mutex<(cancelled: Bool, onCancel: (@Sendable () -> Void)?)>

  package init(onCancel: (@Sendable () -> Void)? = nil) { state = Mutex((false, onCancel)) }

  package var isCancelled: Bool { state.withLock { $0.cancelled } }

  package func cancel() {
    let onCancel = state.withLock { state -> (@Sendable () -> Void)? in
      state.cancelled = true
      defer { state.onCancel = nil }
      return state.onCancel
    }
    onCancel?()
  }
}

/// The wall clock.
package final class RealScheduler: Scheduler {
  package init() {}

  package func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    let task = Task {
      try? await Task.sleep(for: delay)
      if !Task.isCancelled { action() }
    }
    return ScheduledAction { task.cancel() }
  }
}

/// A clock that moves only when told: `advance(by:)` runs, in order, what has come due.
package final class VirtualScheduler: Scheduler {
  private struct Entry {
    var due: Duration
    var order: Int
    var action: @Sendable () -> Void
    var token: ScheduledAction
  }

  private struct Inner {
    var now: Duration = .zero
    var pending: [Entry] = []
    var order = 0
    var pruneAt = 64
  }

  private let inner = Mutex(Inner())

  package init() {}

  /// The time on this clock: how far it has been advanced.
  package var now: Duration { inner.withLock { $0.now } }

  package func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    let token = ScheduledAction()
    inner.withLock { inner in
      if inner.pending.count >= inner.pruneAt {  // cancelled actions (a debounce per keystroke) are dropped
        inner.pending.removeAll { $0.token.isCancelled }
        inner.pruneAt = max(64, 2 * inner.pending.count)
      }
      inner.pending.append(Entry(due: inner.now + delay, order: inner.order, action: action, token: token))
      inner.order += 1
    }
    return token
  }

  /// Moves the clock forward, running each action that comes due, in due order. The actions run
  /// outside the clock's lock, so an action may schedule another (which runs too if due by then).
  package func advance(by duration: Duration) {
    let end = inner.withLock { inner in
      inner.pending.removeAll { $0.token.isCancelled }
      return inner.now + duration
    }
    while let entry = inner.withLock({ inner -> Entry? in
      let due = inner.pending.indices.filter { inner.pending[$0].due <= end }
      guard
        let index = due.min(by: {
          (inner.pending[$0].due, inner.pending[$0].order) < (inner.pending[$1].due, inner.pending[$1].order)
        })
      else { return nil }
      let entry = inner.pending.remove(at: index)
      inner.now = max(inner.now, entry.due)
      return entry
    }) {
      if !entry.token.isCancelled { entry.action() }
    }
    inner.withLock { $0.now = end }
  }

  /// When the first uncancelled action waiting comes due, on this clock; nil when none waits.
  package var nextDue: Duration? {
    inner.withLock { $0.pending.lazy.filter { !$0.token.isCancelled }.map(\.due).min() }
  }

  /// Whether any uncancelled action is waiting.
  package var hasPending: Bool { inner.withLock { $0.pending.contains { !$0.token.isCancelled } } }
}
