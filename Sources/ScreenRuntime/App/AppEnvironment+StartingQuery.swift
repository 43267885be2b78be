import ScreenKinds

extension AppEnvironment {
  /// Starts `screen` with a search for `query` (its kind's `search` command), in place of its
  /// first load; returns why it cannot, when its kind or its spec has no search.
  static func startSearching(_ query: String, _ screen: AppScreen) -> String? {
    let command = ScriptCommand.kind(name: "search", argument: query)
    switch screen.model.run(command, screen: screen.screenState, viewport: Viewport(columns: 80, rows: 24)) {
    case .done: return nil
    case .failed(let message): return message
    case .unsupported: return "\(screen.spec.file) is a \(screen.model.kind) screen, which has no search"
    }
  }
}
