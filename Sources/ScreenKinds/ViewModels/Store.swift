import Synchronization

/// Runs a view model on its own, outside the app (whose screens keep their state as values in
/// `AppState`): for a benchmark of a list's searches and a test of a view model's concurrency. It
/// holds the state, applies inputs one at a time, runs the effects they ask for, and sends the
/// effects' answers back as inputs. It is `Sendable` and needs no actor: inputs
/// may come from any task, and screens run side by side on as many cores as there are.
package final class Store<Model: ViewModel>: Sendable {
  private struct Inner {
    var state: Model.State
    // A few at a time, so a list, not a dictionary (whose generic type would cost its first
    // instantiation on the first frame).
    var running: [(id: Int, task: Task<Void, Never>)] = []
    var nextID = 0
    var timer: ScheduledAction?
    var onChange: (@Sendable () -> Void)?
  }

  package let model: Model
  private let scheduler: any Scheduler
  private let inner: Mutex<Inner>

  package init(_ model: Model, state: Model.State, scheduler: any Scheduler) {
    self.model = model
    self.scheduler = scheduler
    inner = Mutex(Inner(state: state))
  }

  /// The state now (a copy: the store goes on).
  package var state: Model.State { inner.withLock { $0.state } }

  /// Called after every input (the terminal redraws), on the task that sent it.
  package var onChange: (@Sendable () -> Void)? {
    get { inner.withLock { $0.onChange } }
    set { inner.withLock { $0.onChange = newValue } }
  }

  /// Applies `input` and starts the work it asks for.
  package func send(_ input: Model.Input) {
    let onChange = inner.withLock { inner -> (@Sendable () -> Void)? in
      for effect in model.reduce(&inner.state, input) { start(effect, &inner) }
      return inner.onChange
    }
    onChange?()
  }

  /// Waits until no work is running, including work started by work that ended meanwhile.
  /// (Each task removes itself as its last step, so this ends.)
  package func settle() async {
    while let task = inner.withLock({ $0.running.first?.task }) { await task.value }
  }

  /// Stops the store for good, for a screen no longer shown: its running work is cancelled (a
  /// data source that honours cancellation drops its request) and its answers are dropped, its
  /// timer is cancelled, and it calls `onChange` no more.
  package func stop() {
    inner.withLock { inner in
      for (_, task) in inner.running { task.cancel() }
      inner.timer?.cancel()
      inner.timer = nil
      inner.onChange = nil
    }
  }

  private func start(_ effect: Effect<Model.Input>, _ inner: inout Inner) {
    switch effect.work {
    case .run(let operation):
      let id = inner.nextID
      inner.nextID += 1
      // Started under the lock, so the task cannot end (and remove itself) before it is listed.
      let task = Task { [weak self] in
        let input = await operation()
        if !Task.isCancelled { self?.send(input) }
        self?.inner.withLock { $0.running.removeAll { $0.id == id } }
      }
      inner.running.append((id, task))
    case .cancelRunning:
      for (_, task) in inner.running { task.cancel() }
    case .after(let delay, let input):
      inner.timer?.cancel()
      inner.timer = scheduler.schedule(after: delay) { [weak self] in self?.send(input) }
    case .cancelTimer:
      inner.timer?.cancel()
      inner.timer = nil
    }
  }
}
