import ScreenText

/// One key binding of a kind, as data: the keys, what they do, a short hint for the footer and a
/// long text for the `?` help, and when the binding is active. A kind's keys are a list of these,
/// tried in order: the same list answers a key press and describes the keys, so the help cannot
/// say what the keys do not do.
///
///     KeyBinding([.control("r")], hint: "Ctrl-R reload", help: "reload, or retry after an error", send: .reload)
package struct KeyBinding<K: Kind>: Sendable {
  /// What a binding does when one of its keys is pressed while it is active.
  package enum Action: Sendable {
    /// Send this action to the screen.
    case send(K.Action)
    /// Show the key help (`?`).
    case help
    /// What the key asks for depends on the key and the screen (the row a page down reaches).
    case perform(@Sendable (Key, KindContext<K>) -> KeyAction<K.Action>)
  }

  /// When a binding takes its keys.
  package struct Condition: Sendable {
    /// Whether it is active on this screen now.
    package let isActive: @Sendable (KindContext<K>) -> Bool

    package init(_ isActive: @escaping @Sendable (KindContext<K>) -> Bool) { self.isActive = isActive }

    /// Active whatever the screen's state.
    package static var always: Condition { Condition { _ in true } }
    /// Active while the state is so.
    package static func state(_ predicate: @escaping @Sendable (K.State) -> Bool) -> Condition {
      Condition { predicate($0.state) }
    }
  }

  /// The keys bound; with `anyCharacter`, every character and every paste too.
  package var keys: [Key]
  /// Whether every typed character, and every paste, is bound (the search field).
  package var anyCharacter: Bool
  /// What the keys do.
  package var action: Action
  /// The footer's hint, as in "↑↓ move"; nil for a binding the footer does not name.
  package var hint: String?
  /// What the keys do, for the `?` help; empty leaves the binding out of it.
  package var help: String
  /// When the binding takes its keys; an inactive binding passes them on to the next.
  package var when: Condition

  package init(
    _ keys: [Key], anyCharacter: Bool = false, hint: String? = nil, help: String, when: Condition = .always,
    action: Action
  ) {
    self.keys = keys
    self.anyCharacter = anyCharacter
    self.hint = hint
    self.help = help
    self.when = when
    self.action = action
  }

  /// A binding that sends one action.
  package init(
    _ keys: [Key], hint: String? = nil, help: String, when: Condition = .always, send action: K.Action
  ) {
    self.init(keys, hint: hint, help: help, when: when, action: .send(action))
  }

  /// A binding whose action depends on the key and the screen.
  package init(
    _ keys: [Key], anyCharacter: Bool = false, hint: String? = nil, help: String, when: Condition = .always,
    perform: @escaping @Sendable (Key, KindContext<K>) -> KeyAction<K.Action>
  ) {
    self.init(keys, anyCharacter: anyCharacter, hint: hint, help: help, when: when, action: .perform(perform))
  }

  /// Whether the binding takes `key`, active or not.
  func binds(_ key: Key) -> Bool {
    if keys.contains(key) { return true }
    if anyCharacter, case .character = key { return true }
    if anyCharacter, case .paste = key { return true }
    return false
  }

  /// What the binding does with `key` on `screen`.
  func resolve(_ key: Key, _ screen: KindContext<K>) -> KeyAction<K.Action> {
    switch action {
    case .send(let action): .send(action)
    case .help: .help
    case .perform(let perform): perform(key, screen)
    }
  }

  /// The keys as the help names them: "Up, Ctrl-P".
  package var names: String {
    let named = keys.map(\.description)
    return (named + (anyCharacter ? ["a character or a paste"] : [])).joined(separator: ", ")
  }

  /// The binding as a kind built on `K` has it (a table has the list's keys): `state` and `spec`
  /// find the inner kind's part of the outer's, and `wrap` makes an inner action an outer one.
  package func lifted<Outer: Kind>(
    state: @escaping @Sendable (Outer.State) -> K.State, spec: @escaping @Sendable (Outer.Spec) -> K.Spec,
    action wrap: @escaping @Sendable (K.Action) -> Outer.Action
  ) -> KeyBinding<Outer> {
    let inner: @Sendable (KindContext<Outer>) -> KindContext<K> = { $0.map(state: state, spec: spec) }
    let condition = when
    let lifted: KeyBinding<Outer>.Action =
      switch action {
      case .send(let action): .send(wrap(action))
      case .help: .help
      case .perform(let perform): .perform { key, screen in perform(key, inner(screen)).map(wrap) }
      }
    return KeyBinding<Outer>(
      keys, anyCharacter: anyCharacter, hint: hint, help: help,
      when: KeyBinding<Outer>.Condition { condition.isActive(inner($0)) }, action: lifted)
  }
}

/// What a key asks of a screen: an action for its kind, to open a row, or to show the keys.
package enum KeyAction<Action: Sendable>: Sendable {
  case send(Action)
  case open(row: Int)
  /// Show the key help (`?`).
  case help
  /// Taken, and nothing to do.
  case none

  /// The same, its action wrapped for a kind built on this one.
  package func map<Outer: Sendable>(_ transform: (Action) -> Outer) -> KeyAction<Outer> {
    switch self {
    case .send(let action): .send(transform(action))
    case .open(let row): .open(row: row)
    case .help: .help
    case .none: .none
    }
  }
}

/// A line of the key help: the keys, and what they do.
package struct KeyHelpLine: Sendable, Equatable {
  package var keys: String
  package var does: String

  package init(keys: String, does: String) {
    self.keys = keys
    self.does = does
  }
}

extension Array {
  /// The first active binding that takes `key`, in order, and what it does; nil when none does
  /// (the navigator may give the key the meaning every screen shares).
  func press<K: Kind>(_ key: Key, _ screen: KindContext<K>) -> KeyAction<K.Action>? where Element == KeyBinding<K> {
    for binding in self where binding.binds(key) && binding.when.isActive(screen) {
      return binding.resolve(key, screen)
    }
    return nil
  }

  /// The help lines of the bindings, one a binding with words.
  func help<K: Kind>() -> [KeyHelpLine] where Element == KeyBinding<K> {
    filter { !$0.help.isEmpty }.map { KeyHelpLine(keys: $0.names, does: $0.help) }
  }

  /// The footer hints of the bindings active on `screen`, in order, each once.
  package func hints<K: Kind>(on screen: KindContext<K>) -> [String] where Element == KeyBinding<K> {
    var hints: [String] = []
    for binding in self where binding.when.isActive(screen) {
      if let hint = binding.hint, !hints.contains(hint) { hints.append(hint) }
    }
    return hints
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
