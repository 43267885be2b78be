import ScreenFormat
import ScreenJSON
import ScreenKit

/// A script command that a kind runs itself (`search`, `type`, `next`, `sort`, …), as data: its
/// name, the argument it takes (checked when the script is read), what it does in words, and the
/// actions it sends to the screen.
///
///     KindCommand<CounterKind>("add", argument: .none, help: "count up") { _, _ in
///       .send([true])
///     }
package struct KindCommand<K: Kind>: Sendable {
  package typealias Argument = CommandArgument

  /// What running the command came to.
  package enum Outcome: Sendable {
    case send([K.Action])
    case failed(String)
  }

  package var name: String
  package var argument: Argument
  package var help: String
  /// The actions the command sends, from its argument and the screen; or why it cannot run.
  package var run: @Sendable (String, KindContext<K>) -> Outcome

  package init(
    _ name: String, argument: Argument, help: String, run: @escaping @Sendable (String, KindContext<K>) -> Outcome
  ) {
    self.name = name
    self.argument = argument
    self.help = help
    self.run = run
  }

  /// `reload`: loads the screen again, or retries what failed.
  package static var reload: KindCommand {
    KindCommand("reload", argument: .none, help: "load the screen again, or retry what failed") { _, _ in
      .send([K.reload])
    }
  }

  /// The command as a kind built on `K` has it: see `KeyBinding.lifted`.
  package func lifted<Outer: Kind>(
    state: @escaping @Sendable (Outer.State) -> K.State, spec: @escaping @Sendable (Outer.Spec) -> K.Spec,
    action wrap: @escaping @Sendable (K.Action) -> Outer.Action
  ) -> KindCommand<Outer> {
    let run = self.run
    return KindCommand<Outer>(name, argument: argument, help: help) { argument, screen in
      switch run(argument, screen.map(state: state, spec: spec)) {
      case .send(let actions): .send(actions.map(wrap))
      case .failed(let message): .failed(message)
      }
    }
  }
}

/// What a kind's script command is given after its name, checked when the script is read.
package enum CommandArgument: Sendable, Equatable {
  /// Nothing: `next`.
  case none
  /// The rest of the line, whatever it is, even empty: `search TEXT`.
  case text
  /// The rest of the line, which must not be empty; the message says what it should be.
  case required(String)
}
