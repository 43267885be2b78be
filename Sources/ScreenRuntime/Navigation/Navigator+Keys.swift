import ScreenKinds

/// What a key press came to.
package enum KeyOutcome: Sendable, Equatable {
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

  /// Shared keys that the screen may take first: ← moves the cursor in a list's search that has
  /// text, and goes back everywhere else.
  static let screenFirst: [Key] = [.left]

  /// Applies a key press to the current screen: the keys every screen shares (quit, back), then
  /// the screen's kind's own bindings. The interactive loop only reads keys and draws; a script's
  /// `key NAME` comes here too, so every binding can be tested without a terminal. While the key
  /// help is shown, a key closes it and does nothing else (but Ctrl-C still quits).
  package func press(_ key: Key, viewport: Viewport) -> KeyOutcome {
    let shared = Self.sharedKeys.first { $0.keys.contains(key) }?.what
    if showsHelp {
      showsHelp = false
      return shared == .quit ? .quit : .handled
    }
    if let shared, !Self.screenFirst.contains(key) { return perform(shared) }
    guard let entry = current else { return shared.map(perform) ?? .handled }
    var viewport = viewport
    // The status line takes a row of the frame, where there is room for it (`TextRenderer`).
    if showsStatus, viewport.rows > RenderOptions.minimumHeight { viewport.rows -= 1 }
    switch entry.model.press(key, screen: entry.screenState, viewport: viewport) {
    case .unbound:
      return shared.map(perform) ?? .handled
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

  /// What a key every screen shares does.
  private func perform(_ shared: SharedKey) -> KeyOutcome {
    switch shared {
    case .quit: .quit
    case .back: back() ? .handled : .message("This is the first screen. Ctrl-C quits.")
    }
  }
}
