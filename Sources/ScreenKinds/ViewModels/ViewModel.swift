/// The shape of every view model here, as in the apps screenrun comes from: a `State` value, an
/// `Input` enum, and a pure function that applies an input to the state and says what work to
/// start. The work's answer comes back as another input (`.pageLoaded(…)`), so everything a screen
/// remembers is in its `State`, and a test can replay any order of answers.
///
///     struct Counter: ViewModel {
///       func reduce(_ state: inout Int, _ input: Bool) -> [Effect<Bool>] {
///         state += input ? 1 : -1
///         return []
///       }
///     }
///
/// The app runs a kind's view model on the state it keeps (`AnyViewModel`, in `AppState`); a
/// `Store` runs one on its own (a benchmark's list, a test of its concurrency): it holds the
/// state, runs the effects, and sends their answers back.
package protocol ViewModel<State, Input>: Sendable {
  associatedtype State: Sendable & Equatable
  associatedtype Input: Sendable

  /// Applies `input` to `state`; returns the work to start, which touches no state itself.
  func reduce(_ state: inout State, _ input: Input) -> [Effect<Input>]
}

/// Work a view model asks for: a request whose answer comes back as an input, a timer that sends
/// an input when it fires, or the cancelling of either.
package struct Effect<Input: Sendable>: Sendable {
  /// What the work is; a store (or a test store) does it.
  package enum Work: Sendable {
    case run(@Sendable () async -> Input)
    case cancelRunning
    case after(Duration, Input)
    case cancelTimer
  }

  package let work: Work

  /// Runs `operation` as a task and sends what it returns; dropped if cancelled meanwhile.
  package static func run(_ operation: @escaping @Sendable () async -> Input) -> Effect {
    Effect(work: .run(operation))
  }

  /// Cancels every task started so far: a late answer to one of them is never sent.
  package static var cancelRunning: Effect { Effect(work: .cancelRunning) }

  /// Sends `input` after `delay` on the store's scheduler, replacing the timer set before.
  package static func after(_ delay: Duration, send input: Input) -> Effect { Effect(work: .after(delay, input)) }

  /// Cancels the timer, if one is set.
  package static var cancelTimer: Effect { Effect(work: .cancelTimer) }
}
