import ScreenText

/// One key binding of a kind: the keys, what they do in words, and the action. A kind's keys are
/// a list of these, tried in order: the same list answers a key press and draws the key help
/// (`?`), so the help cannot say what the keys do not do.
public struct KeyBinding<Model: ViewModel>: Sendable {
  public typealias Action = @Sendable (Key, Model.State, ScreenState, Viewport) -> KeyAction<Model.Input>?

  /// The keys bound; with `anyCharacter`, every character too; empty without it, every key (a
  /// catch-all, which the help leaves out when `does` is empty).
  public var keys: [Key]
  /// Whether every typed character, and every paste, is bound (the search field).
  public var anyCharacter: Bool
  /// What the keys do, for the help.
  public var does: String
  /// What a key does now; nil passes it on to the next binding.
  public var action: Action

  public init(_ keys: [Key], anyCharacter: Bool = false, _ does: String, action: @escaping Action) {
    self.keys = keys
    self.anyCharacter = anyCharacter
    self.does = does
    self.action = action
  }

  /// Whether the binding takes `key`.
  func binds(_ key: Key) -> Bool {
    if keys.contains(key) || (keys.isEmpty && !anyCharacter) { return true }
    if anyCharacter, case .character = key { return true }
    if anyCharacter, case .paste = key { return true }
    return false
  }

  /// The keys as the help names them: "Up, Ctrl-P".
  public var names: String {
    let named = keys.map(\.description)
    return (named + (anyCharacter ? ["a character or a paste"] : [])).joined(separator: ", ")
  }
}

/// A line of the key help: the keys, and what they do.
public struct KeyHelpLine: Sendable, Equatable {
  public var keys: String
  public var does: String

  public init(keys: String, does: String) {
    self.keys = keys
    self.does = does
  }
}

extension Array {
  /// The first action that the bindings give `key`, in order; `.unbound` when none takes it.
  package func press<Model: ViewModel>(_ key: Key, _ state: Model.State, _ screen: ScreenState, _ viewport: Viewport)
    -> KeyAction<Model.Input> where Element == KeyBinding<Model>
  {
    for binding in self where binding.binds(key) {
      if let action = binding.action(key, state, screen, viewport) { return action }
    }
    return .unbound
  }

  /// The help lines of the bindings, one a binding with words.
  package func help<Model: ViewModel>() -> [KeyHelpLine] where Element == KeyBinding<Model> {
    filter { !$0.does.isEmpty }.map { KeyHelpLine(keys: $0.names, does: $0.does) }
  }
}

/// The key help, drawn over the screen until the next key: the keys every screen shares, then the
/// kind's own, each from its bindings.
package enum KeyHelpFrame {
  package static func lines(kind: ScreenKind, help: [KeyHelpLine], options: RenderOptions) -> [String] {
    let width = options.width
    let keysWidth = min(width / 2, help.map { TextWidth.width(of: $0.keys) }.max() ?? 0)
    var body: [String] = []
    for line in help {
      let keys =
        TextWidth.width(of: line.keys) > keysWidth ? TextWidth.truncate(line.keys, toColumns: keysWidth) : line.keys
      let wrapped = TextWidth.wrap(line.does, toColumns: max(10, width - keysWidth - 2))
      for (index, text) in wrapped.enumerated() {
        body.append(
          (index == 0 ? TextWidth.pad(keys, toColumns: keysWidth) : String(repeating: " ", count: keysWidth)) + "  "
            + text)
      }
    }
    let header = ["Keys of a \(kind.name) screen", TextRenderer.rule(width)]
    let footer = [TextRenderer.rule(width), "Any key closes this help."]
    if let height = options.height {
      let budget = max(1, height - header.count - footer.count)
      body = Array(body.prefix(budget))
      body += Array(repeating: "", count: budget - body.count)
    }
    return header + body + footer
  }
}
