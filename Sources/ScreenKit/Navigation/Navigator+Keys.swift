/// What a key press came to.
public enum KeyOutcome: Sendable, Equatable {
  case handled
  /// The user asked to quit.
  case quit
  /// A short note for the user (the key could not do what it asks).
  case message(String)
}

extension Navigator {
  /// Applies a key press to the current screen: the keys every screen shares (quit, back), then
  /// the screen's kind's own bindings. The interactive loop only reads keys and draws; a script's
  /// `key NAME` comes here too, so every binding can be tested without a terminal.
  public func press(_ key: Key, viewport: Viewport) -> KeyOutcome {
    switch key {
    case .control("c"), .control("d"):
      return .quit
    case .escape, .left:
      return back() ? .handled : .message("This is the first screen. Ctrl-C quits.")
    default:
      break
    }
    guard let entry = current,
      let row = entry.model.press(key, screen: entry.screenState, viewport: viewport)
    else { return .handled }
    do {
      try select(row)
    } catch {
      return .message(error.description)
    }
    return .handled
  }
}
