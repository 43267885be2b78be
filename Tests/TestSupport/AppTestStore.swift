import PluginHost
import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenTerminal
import Testing

/// Drives the interactive app's reducer (`App.reduce`) in a test, with no terminal and no wall
/// clock, in the spirit of TCA's `TestStore`: the test sends an action, and names the effects the
/// reducer returns and how the whole state changes. The effects on screens and files run for real
/// (`AppEnvironment`: the screen files are read, the screens' view models made and started on
/// the store's virtual clock), and the actions they answer with wait until the test receives them,
/// in order. The terminal's effects (draw, quit, suspend, watch) are only named: the test checks
/// the frame a draw would write (`frame`).
///
///     let store = try AppTestStore(open: folder.file("books.json"), registry: registry)
///     await store.settle()
///     store.send(.key(.character("?")), effects: [.draw]) { $0.overlay = .help(top: 0) }
///     #expect(store.frame.contains("Keys of a list screen"))
///
/// A state change or an effect that the test did not name fails it, and so does an answer that
/// the test never received.
package final class AppTestStore {
  /// The app after the last step.
  package private(set) var state: AppState
  package let environment: AppEnvironment
  /// The virtual clock the screens' timers run on.
  package let clock: VirtualScheduler
  /// The answers of effects, not yet received.
  private var answers: [AppAction] = []

  /// Opens `path` as the first screen (as `screenrun` does before its session starts), in a
  /// terminal of `size`, with its files watched (`--watch`) or not.
  package init(
    open path: String, parameters: [String: String] = [:], registry: PluginRegistry,
    size: Viewport = Viewport(columns: 60, rows: 16), watching: Bool = false,
    clock: VirtualScheduler = VirtualScheduler()
  ) throws {
    self.clock = clock
    environment = AppEnvironment(
      loader: ScreenLoader(registry: registry, kinds: .standard), context: PluginContext(), scheduler: clock)
    var state = AppState()
    state.size = size
    state.watching = watching
    let screen = try environment.makeScreen(path, parameters: parameters, id: state.nextID)
    for effect in App.reduce(&state, .opened(screen)) { _ = environment.perform(effect, in: state) }
    self.state = state
  }

  deinit {
    if !answers.isEmpty { Issue.record("the app test store ended with actions not received: \(answers)") }
  }

  /// Sends `action`: the reducer must return `effects`, and `expect` turns the state before into
  /// the state after.
  package func send(
    _ action: AppAction, effects: [AppEffect], sourceLocation: SourceLocation = #_sourceLocation,
    _ expect: (inout AppState) -> Void = { _ in }
  ) {
    if let first = answers.first {
      Issue.record("send(\(action)) while \(first) waits to be received", sourceLocation: sourceLocation)
    }
    apply(action, step: "send(\(action))", effects: effects, sourceLocation: sourceLocation, expect)
  }

  /// Receives the next action an effect answered with, which must be `action`, and applies it as
  /// `send` does.
  package func receive(
    _ action: AppAction, effects: [AppEffect], sourceLocation: SourceLocation = #_sourceLocation,
    _ expect: (inout AppState) -> Void = { _ in }
  ) {
    let matches: (AppAction) -> Bool = { $0 == action }
    receive(where: matches, described: "\(action)", effects: effects, sourceLocation: sourceLocation) { state, _ in
      expect(&state)
    }
  }

  /// Receives the next action an effect answered with, which must satisfy `matches` (an action
  /// whose value the test cannot spell, such as a screen just opened); `expect` gets it too.
  package func receive(
    where matches: (AppAction) -> Bool, described: String, effects: [AppEffect],
    sourceLocation: SourceLocation = #_sourceLocation, _ expect: (inout AppState, AppAction) -> Void
  ) {
    guard let action = answers.first else {
      Issue.record("expected to receive \(described), but no effect answered", sourceLocation: sourceLocation)
      return
    }
    answers.removeFirst()
    guard matches(action) else {
      Issue.record("expected to receive \(described), received \(action)", sourceLocation: sourceLocation)
      return
    }
    apply(action, step: "receive(\(described))", effects: effects, sourceLocation: sourceLocation) {
      expect(&$0, action)
    }
  }

  /// Waits until no screen has a request in flight, applying the screens' answers
  /// (`.screenInput`) as they come, with the requests they start: a screen's data arriving is not
  /// a step the test names. Timers run only when the test moves `clock`, and their answers are
  /// applied at the next `settle`.
  package func settle() async {
    while true {
      await environment.settle()
      let screenAnswers = environment.takeAnswers()
      if screenAnswers.isEmpty { return }
      for answer in screenAnswers {
        for effect in App.reduce(&state, answer) where !effect.isTerminal {
          if let next = environment.perform(effect, in: state) { answers.append(next) }
        }
      }
    }
  }

  /// The text of the frame a draw would write now, a line each.
  package var frame: String {
    state.frame()?.lines.joined(separator: "\n") ?? ""
  }

  private func apply(
    _ action: AppAction, step: String, effects expectedEffects: [AppEffect], sourceLocation: SourceLocation,
    _ expect: (inout AppState) -> Void
  ) {
    var expected = state
    expect(&expected)
    let effects = App.reduce(&state, action)
    if state != expected {
      let difference = StateDifference.describe(expected: expected, actual: state)
      Issue.record("the state after \(step) is not the expected one:\n\(difference)", sourceLocation: sourceLocation)
    }
    if effects != expectedEffects {
      Issue.record(
        "the effects of \(step) are \(effects), not the expected \(expectedEffects)", sourceLocation: sourceLocation)
    }
    for effect in effects where !effect.isTerminal {
      if let answer = environment.perform(effect, in: state) { answers.append(answer) }
    }
  }
}

extension AppTestStore {
  /// The effects that reducing `action` on stack screen `id` asks for now (its kind's work, as
  /// the app runs it): for the expected effects of a key whose input the test names.
  package func work<K: Kind>(_ kind: K.Type, _ action: K.Action, on id: Int = 1) -> [AppEffect] {
    var copy = state
    return App.apply(ScreenInput(action), to: .stack(id), &copy)
  }
}
