/// The shape of every view model here, as in the apps screenrun comes from: a `State` value, an
/// `Input` enum, and `trigger(_:)` to send an input. The state is read, never written, from outside.
@MainActor
public protocol ViewModel<State, Input>: AnyObject {
  associatedtype State
  associatedtype Input

  var state: State { get }
  func trigger(_ input: Input)
}

/// A view model with its concrete type erased, so a screen holds any model of the same shape.
@MainActor
public final class AnyViewModel<State, Input>: ViewModel {
  private let readState: @MainActor () -> State
  private let send: @MainActor (Input) -> Void

  public init<Model: ViewModel>(_ model: Model) where Model.State == State, Model.Input == Input {
    readState = { model.state }
    send = { model.trigger($0) }
  }

  public var state: State { readState() }

  public func trigger(_ input: Input) { send(input) }
}

/// Work a view model has started and not yet finished: fetches, tracked so that a caller can wait
/// for the model to settle (a script, a test) and so that a newer request can cancel an older one.
@MainActor
final class Effects {
  // A few at a time, so a list, not a dictionary (whose generic type would cost its first
  // instantiation on the first frame).
  private var running: [(id: Int, task: Task<Void, Never>)] = []
  private var nextID = 0

  /// Runs `work` as a task, remembered until it ends.
  func run(_ work: @escaping @MainActor () async -> Void) {
    let id = nextID
    nextID += 1
    let task = Task { @MainActor [weak self] in
      await work()
      self?.running.removeAll { $0.id == id }
    }
    running.append((id, task))
  }

  func cancelAll() {
    for (_, task) in running { task.cancel() }
  }

  /// Waits until no work is running, including work started by work that ended meanwhile.
  /// (Each task removes itself as its last step, so this ends.)
  func settle() async {
    while let task = running.first?.task { await task.value }
  }
}
