import ScreenKinds
import ScreenRuntime

extension Navigator {
  /// The current screen's state, when it is of kind `K`.
  package func state<K: Kind>(of kind: K.Type) -> K.State? { current?.model.state(as: K.self) }

  /// Sends a kind's action to the current screen, as its key or script command would; its work
  /// runs, and its answers come at the next `settle()`.
  package func sendToCurrent<K: Kind>(_ kind: K.Type, _ action: K.Action) {
    guard let id = current?.id else { return }
    send(.screenInput(.stack(id), ScreenInput(action)))
  }
}

extension AppState {
  /// Applies `action` to stack screen `id`'s state as its kind's reducer does: how a test of the
  /// app's test store names what a key did to a screen.
  package mutating func reduce<K: Kind>(_ kind: K.Type, _ action: K.Action, on id: Int) {
    guard let index = stack.firstIndex(where: { $0.id == id }) else { return }
    _ = stack[index].model.reduce(ScreenInput(action))
  }
}

extension AppEffect {
  /// The work of a screen's load: the requests before it cancelled, and one asked.
  package static func load(_ address: ScreenAddress) -> [AppEffect] {
    [.work(address, ScreenWork(.cancelRunning)), .work(address, .request)]
  }
}
