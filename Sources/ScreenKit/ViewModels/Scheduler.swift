/// When delayed work runs: on the wall clock in a terminal, on a virtual clock in scripts and
/// tests, so that a debounce of 500 ms takes no time there and the outcome never depends on luck.
@MainActor
public protocol Scheduler: AnyObject {
  /// Runs `action` once, after `delay`, unless the returned token is cancelled first.
  func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction
}

/// A pending action; cancelling it keeps it from running.
@MainActor
public final class ScheduledAction {
  private(set) var isCancelled = false
  private var onCancel: (() -> Void)?

  init(onCancel: (() -> Void)? = nil) { self.onCancel = onCancel }

  public func cancel() {
    isCancelled = true
    onCancel?()
    onCancel = nil
  }
}

/// The wall clock.
@MainActor
public final class RealScheduler: Scheduler {
  public init() {}

  public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
    let task = Task { @MainActor in
      try? await Task.sleep(for: delay)
      if !Task.isCancelled { action() }
    }
    return ScheduledAction { task.cancel() }
  }
}

/// A clock that moves only when told: `advance(by:)` runs, in order, what has come due.
@MainActor
public final class VirtualScheduler: Scheduler {
  private struct Entry {
    var due: Duration
    var order: Int
    var action: @MainActor () -> Void
    var token: ScheduledAction
  }

  public private(set) var now: Duration = .zero
  private var pending: [Entry] = []
  private var order = 0
  private var pruneAt = 64

  public init() {}

  public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
    let token = ScheduledAction()
    if pending.count >= pruneAt {  // cancelled actions (a debounce per keystroke) are dropped
      pending.removeAll { $0.token.isCancelled }
      pruneAt = max(64, 2 * pending.count)
    }
    pending.append(Entry(due: now + delay, order: order, action: action, token: token))
    order += 1
    return token
  }

  /// Moves the clock forward, running each action that comes due, in due order.
  public func advance(by duration: Duration) {
    let end = now + duration
    pending.removeAll { $0.token.isCancelled }
    while let index = nextDue(before: end) {
      let entry = pending.remove(at: index)
      now = max(now, entry.due)
      if !entry.token.isCancelled { entry.action() }
    }
    now = end
  }

  /// Whether any uncancelled action is waiting.
  public var hasPending: Bool { pending.contains { !$0.token.isCancelled } }

  private func nextDue(before end: Duration) -> Int? {
    pending.indices
      .filter { pending[$0].due <= end }
      .min { (pending[$0].due, pending[$0].order) < (pending[$1].due, pending[$1].order) }
  }
}
