import ScreenKinds
import ScreenKit
import Synchronization
import Testing

/// Drives a view model in a test, in the spirit of TCA's `TestStore`: the test sends an input and
/// says how the whole state changes; the store checks the state against that after every step.
/// The answers of the model's effects (a page loaded, a debounce run out) are not applied on
/// their own: they wait in the store until the test receives them, in the order the test names,
/// so every race is played out as the test writes it, with no wall clock. Time is the store's
/// virtual clock only.
///
///     let store = TestStore(ListViewModel(source: source, configuration: configuration))
///     store.send(.appear) {
///       $0.status = .loading
///       $0.activeQuery = ""
///       $0.generation = 1
///     }
///     await store.receive(.pageLoaded(generation: 1, page: 0, cursor: nil, .success(page))) {
///       $0.status = .loaded
///       …
///     }
///     await store.finish()
///
/// A state change that the test did not describe fails the test, and so does an answer that
/// the test never received (`finish()` checks).
package final class TestStore<Model: ViewModel> {
  package let model: Model
  /// The virtual clock the model's timers run on.
  package let clock: VirtualScheduler
  /// The state after the last step.
  package private(set) var state: Model.State

  private let inbox = Inbox<Model.Input>()
  private var tasks: [Task<Void, Never>] = []
  private var timer: ScheduledAction?

  package init(_ model: Model, state: Model.State, clock: VirtualScheduler = VirtualScheduler()) {
    self.model = model
    self.state = state
    self.clock = clock
  }

  deinit {
    let left = inbox.unreceived
    if !left.isEmpty {
      Issue.record("the test store ended with \(left.count) inputs not received: \(left)")
    }
  }

  /// Sends `input`; `expect` turns the state before it into the state the test expects after.
  package func send(
    _ input: Model.Input, sourceLocation: SourceLocation = #_sourceLocation,
    _ expect: (inout Model.State) -> Void = { _ in }
  ) {
    apply(input, step: "send(\(input))", sourceLocation: sourceLocation, expect)
  }

  /// Moves the virtual clock; timers that come due send their inputs, to be received.
  package func advance(by duration: Duration) {
    clock.advance(by: duration)
  }

  /// Waits until one of the model's effects has sent `input` (answers still on their way are
  /// waited for, however long their data source holds them), then applies it and checks the
  /// state as `send` does. Fails when no effect is left that could send it.
  nonisolated(nonsending) package func receive(
    _ input: Model.Input, sourceLocation: SourceLocation = #_sourceLocation,
    _ expect: (inout Model.State) -> Void = { _ in }
  ) async where Model.Input: Equatable {
    await receive(
      where: { $0 == input }, described: "\(input)", sourceLocation: sourceLocation, expect)
  }

  /// Receives the first input sent that satisfies `matches` (for an answer whose exact value the
  /// test does not spell out).
  nonisolated(nonsending) package func receive(
    where matches: @escaping (Model.Input) -> Bool, described: String = "an input",
    sourceLocation: SourceLocation = #_sourceLocation, _ expect: (inout Model.State) -> Void = { _ in }
  ) async {
    while true {
      let (found, version, running) = inbox.take(where: matches)
      if let found {
        apply(found, step: "receive(\(described))", sourceLocation: sourceLocation, expect)
        return
      }
      guard running > 0 else {
        let left = inbox.unreceived
        let note = left.isEmpty ? "" : "; received and not asserted: \(left)"
        Issue.record(
          "expected to receive \(described), but no effect is left to send it\(note)", sourceLocation: sourceLocation)
        return
      }
      await inbox.waitForChange(after: version)
    }
  }

  /// Waits for every effect still running to end, then checks that the test received every input
  /// they sent. Cancelled effects send nothing.
  nonisolated(nonsending) package func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    for task in tasks { await task.value }
    tasks = []
    let left = inbox.takeAll()
    if !left.isEmpty {
      Issue.record("inputs sent by effects and never received: \(left)", sourceLocation: sourceLocation)
    }
  }

  /// Waits for the effects still running, then drops what every effect sent: the test says so
  /// when it does not care.
  nonisolated(nonsending) package func skipReceived() async {
    for task in tasks { await task.value }
    _ = inbox.takeAll()
  }

  private func apply(
    _ input: Model.Input, step: String, sourceLocation: SourceLocation, _ expect: (inout Model.State) -> Void
  ) {
    var expected = state
    expect(&expected)
    let effects = model.reduce(&state, input)
    if state != expected {
      let difference = StateDifference.describe(expected: expected, actual: state)
      Issue.record("the state after \(step) is not the expected one:\n\(difference)", sourceLocation: sourceLocation)
    }
    for effect in effects { start(effect) }
  }

  private func start(_ effect: Effect<Model.Input>) {
    switch effect.work {
    case .run(let operation):
      let id = inbox.started()
      let inbox = self.inbox
      tasks.append(
        Task {
          let input = await operation()
          inbox.finished(id, input)
        })
    case .cancelRunning:
      // A cancelled effect's answer never arrives, even one that came back before the test
      // received it: answers arrive when the test receives them.
      for task in tasks { task.cancel() }
      inbox.cancelAll()
    case .after(let delay, let input):
      timer?.cancel()
      let inbox = self.inbox
      timer = clock.schedule(after: delay) { inbox.deliver(input) }
    case .cancelTimer:
      timer?.cancel()
      timer = nil
    }
  }
}

extension TestStore where Model.State: DefaultState {
  package convenience init(_ model: Model, clock: VirtualScheduler = VirtualScheduler()) {
    self.init(model, state: Model.State(), clock: clock)
  }
}

/// A state that starts out as `init()`.
package protocol DefaultState { init() }
extension ListViewModel.State: DefaultState {}
extension DetailViewModel.State: DefaultState {}

/// The inputs effects have sent and the test has not yet received, and how many effects run.
private final class Inbox<Input: Sendable>: Sendable {
  private struct State {
    var inputs: [(id: Int, input: Input)] = []
    var nextID = 0
    /// Effects started and neither ended nor cancelled.
    var running: Set<Int> = []
    var version = 0
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())

  var unreceived: [Input] { state.withLock { $0.inputs.map(\.input) } }

  /// An effect started; its id.
  func started() -> Int {
    state.withLock { state in
      defer { state.nextID += 1 }
      state.running.insert(state.nextID)
      return state.nextID
    }
  }

  /// An effect ended, with what it sent; dropped if it was cancelled.
  func finished(_ id: Int, _ input: Input) {
    changed {
      if $0.running.remove(id) != nil { $0.inputs.append((id, input)) }
    }
  }

  /// Every effect started so far is cancelled: what they sent, or will send, is dropped.
  func cancelAll() {
    changed { state in
      let cancelled = state.running.union(state.inputs.map(\.id))
      state.running = []
      state.inputs.removeAll { cancelled.contains($0.id) && $0.id >= 0 }
    }
  }

  /// A timer fired.
  func deliver(_ input: Input) { changed { $0.inputs.append((-1, input)) } }

  func take(where matches: (Input) -> Bool) -> (Input?, version: Int, running: Int) {
    state.withLock { state in
      let index = state.inputs.firstIndex { matches($0.input) }
      return (index.map { state.inputs.remove(at: $0).input }, state.version, state.running.count)
    }
  }

  func takeAll() -> [Input] {
    state.withLock { state in
      defer { state.inputs = [] }
      return state.inputs.map(\.input)
    }
  }

  /// Returns once anything has changed since `version`.
  func waitForChange(after version: Int) async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool in
        if state.version != version { return true }
        state.waiter = continuation
        return false
      }
      if now { continuation.resume() }
    }
  }

  private func changed(_ body: (inout State) -> Void) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      body(&state)
      state.version += 1
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }
}

/// The fields of two states that differ, one a line.
enum StateDifference {
  static func describe<State>(expected: State, actual: State) -> String {
    let want = Mirror(reflecting: expected).children.map { ($0.label ?? "?", String(reflecting: $0.value)) }
    let got = Mirror(reflecting: actual).children.map { ($0.label ?? "?", String(reflecting: $0.value)) }
    let lines = zip(want, got).filter { $0.0.1 != $0.1.1 }.map { "  \($0.0.0): expected \($0.0.1), got \($0.1.1)" }
    return lines.isEmpty ? "  expected \(expected)\n  got      \(actual)" : lines.joined(separator: "\n")
  }
}
