/// What a key press came to.
public enum KeyOutcome: Sendable, Equatable {
  case handled
  /// The user asked to quit.
  case quit
  /// A short note for the user (the key could not do what it asks).
  case message(String)
}

extension Navigator {
  /// What the keys every screen shares do, before the kind's own bindings: the key help lists them.
  enum SharedKey { case quit, back }

  static let sharedKeys: [(keys: [Key], does: String, what: SharedKey)] = [
    ([.escape, .left], "go back to the screen before", .back),
    ([.control("c"), .control("d")], "quit", .quit),
  ]

  /// Applies a key press to the current screen: the keys every screen shares (quit, back), then
  /// the screen's kind's own bindings. The interactive loop only reads keys and draws; a script's
  /// `key NAME` comes here too, so every binding can be tested without a terminal. While the key
  /// help is shown, a key closes it and does nothing else (but Ctrl-C still quits).
  public func press(_ key: Key, viewport: Viewport) -> KeyOutcome {
    let shared = Self.sharedKeys.first { $0.keys.contains(key) }?.what
    if showsHelp {
      showsHelp = false
      return shared == .quit ? .quit : .handled
    }
    switch shared {
    case .quit:
      return .quit
    case .back:
      return back() ? .handled : .message("This is the first screen. Ctrl-C quits.")
    case nil:
      break
    }
    guard let entry = current else { return .handled }
    var viewport = viewport
    // The status line takes a row of the frame, where there is room for it (`TextRenderer`).
    if showsStatus, viewport.rows > RenderOptions.minimumHeight { viewport.rows -= 1 }
    switch entry.model.press(key, screen: entry.screenState, viewport: viewport) {
    case .handled:
      return .handled
    case .help:
      showsHelp = true
      return .handled
    case .open(let row):
      do {
        try select(row)
      } catch {
        return .message(error.description)
      }
      return .handled
    }
  }
}
