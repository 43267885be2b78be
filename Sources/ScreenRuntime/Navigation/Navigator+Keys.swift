import ScreenKinds
import ScreenTerminal

/// What a key press came to.
package enum KeyOutcome: Sendable, Equatable {
  case handled
  /// The user asked to quit.
  case quit
  /// A short note for the user (the key could not do what it asks).
  case message(String)
  /// A screen's action: what it would do, or why it cannot (a script does no action).
  case action(String)
}

extension Navigator {
  /// Presses a key on a screen of `viewport`'s size, as the terminal does (`AppAction.key`): the
  /// keys every screen shares (quit, back), then the screen's kind's own bindings. A script's
  /// `key NAME` comes here, so every binding can be tested without a terminal.
  package func press(_ key: Key, viewport: Viewport) -> KeyOutcome {
    if state.size != viewport { send(.resize(viewport)) }
    // An action's key, or the answer to an action's confirmation: what it comes to is a note.
    let confirming = if case .confirm = state.overlay { true } else { false }
    let acts = confirming || (state.overlay == .none && current?.spec.actions.contains { $0.key == key } == true)
    let effects = send(.key(key))
    if effects.contains(.quit) { return .quit }
    if let note = App.note(effects, flash: acts ? state.flash : nil) { return .action(note) }
    return state.flash.map(KeyOutcome.message) ?? .handled
  }
}
