import ScreenTerminal
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
    /// A key every screen shares (back, quit), which the navigator answers: the binding names it
    /// in the kind's footer and help, where the kind puts it, and passes the key on.
    case passOn
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
    /// While a screen lies before this one (`ScreenState.canGoBack`).
    package static var canGoBack: Condition { Condition { $0.screen.canGoBack } }

    /// Active while both are.
    package static func && (lhs: Condition, rhs: Condition) -> Condition {
      Condition { lhs.isActive($0) && rhs.isActive($0) }
    }
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
  package var hint: KeyHint?
  /// When the footer names the binding; nil: while it is active (`when`).
  package var hintWhen: Condition?
  /// What the keys do, for the `?` help; empty leaves the binding out of it.
  package var help: String
  /// When the binding takes its keys; an inactive binding passes them on to the next.
  package var when: Condition
  /// When the `?` help lists the binding; nil: while it is active (`when`). A search's editing
  /// keys work once something is typed, and the help (opened with the search empty) lists them
  /// wherever there is a search.
  package var helpWhen: Condition?

  package init(
    _ keys: [Key], anyCharacter: Bool = false, hint: KeyHint? = nil, hintWhen: Condition? = nil, help: String,
    when: Condition = .always, action: Action
  ) {
    self.keys = keys
    self.anyCharacter = anyCharacter
    self.hint = hint
    self.hintWhen = hintWhen
    self.help = help
    self.when = when
    self.action = action
  }

  /// A binding that sends one action.
  package init(
    _ keys: [Key], hint: KeyHint? = nil, help: String, when: Condition = .always, send action: K.Action
  ) {
    self.init(keys, hint: hint, help: help, when: when, action: .send(action))
  }

  /// A binding whose action depends on the key and the screen.
  package init(
    _ keys: [Key], anyCharacter: Bool = false, hint: KeyHint? = nil, hintWhen: Condition? = nil, help: String,
    when: Condition = .always, perform: @escaping @Sendable (Key, KindContext<K>) -> KeyAction<K.Action>
  ) {
    self.init(
      keys, anyCharacter: anyCharacter, hint: hint, hintWhen: hintWhen, help: help, when: when,
      action: .perform(perform))
  }

  /// Esc and ← go back to the screen before (← where no binding before this one takes it: a
  /// list's search with text moves its cursor). The navigator answers them.
  package static var back: KeyBinding {
    KeyBinding(
      SharedKeys.back, hint: KeyHint("Esc back", need: .back), hintWhen: .canGoBack,
      help: "go back to the screen before", action: .passOn)
  }

  /// `q` goes back, and quits from the first screen, as in less and tig: on a screen where
  /// letters do not type (`when`). The navigator answers it.
  package static func pagerBack(when: Condition = .always) -> KeyBinding {
    KeyBinding(
      SharedKeys.backOrQuit, help: "go back; on the first screen, quit", when: when,
      action: .passOn)
  }

  /// The binding with its footer hint shown only while `condition` holds.
  package func hinted(when condition: Condition) -> KeyBinding {
    var binding = self
    binding.hintWhen = condition
    return binding
  }

  /// The binding listed in the `?` help while `condition` holds, active or not.
  package func helped(when condition: Condition) -> KeyBinding {
    var binding = self
    binding.helpWhen = condition
    return binding
  }

  /// Ctrl-C and Ctrl-D quit. The navigator answers them.
  package static var quit: KeyBinding {
    KeyBinding(SharedKeys.quit, hint: KeyHint("Ctrl-C quit", need: .quit), help: "quit", action: .passOn)
  }

  /// Ctrl-Z suspends, as full-screen programs do: the terminal goes back to the shell, and `fg`
  /// resumes. The navigator answers it; the footer leaves it to the help.
  package static var suspend: KeyBinding {
    KeyBinding(SharedKeys.suspend, help: "suspend; the shell's fg resumes", action: .passOn)
  }

  /// Tab and Shift-Tab show the next tab and the one before, on a tab of a tabs screen (where a
  /// detail's Tab would move between its links): keys that never type into a search. The
  /// navigator answers them.
  package static var tabs: KeyBinding {
    KeyBinding(
      SharedKeys.nextTab + SharedKeys.previousTab, hint: KeyHint("Tab tabs", need: .action),
      help: "show the next tab, or with Shift-Tab the one before", when: Condition { $0.screen.tabBar != nil },
      action: .passOn)
  }

  /// Ctrl-L draws the whole screen again, as in less and vim: for a terminal that another program
  /// wrote over. The navigator answers it; the footer leaves it to the help.
  package static var redraw: KeyBinding {
    KeyBinding(SharedKeys.redraw, help: "draw the whole screen again", action: .passOn)
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
    case .passOn: .none  // never asked: `press` passes these keys on
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
    let lift = { (condition: Condition) in KeyBinding<Outer>.Condition { condition.isActive(inner($0)) } }
    let lifted: KeyBinding<Outer>.Action =
      switch action {
      case .send(let action): .send(wrap(action))
      case .help: .help
      case .passOn: .passOn
      case .perform(let perform): .perform { key, screen in perform(key, inner(screen)).map(wrap) }
      }
    var outer = KeyBinding<Outer>(
      keys, anyCharacter: anyCharacter, hint: hint, hintWhen: hintWhen.map(lift), help: help, when: lift(when),
      action: lifted)
    outer.helpWhen = helpWhen.map(lift)
    return outer
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

/// A binding's hint in the footer: the keys as the footer names them, and what they do in a word
/// or two ("Ctrl-R reload"), and how much the footer needs it where it is too narrow for every
/// hint (`Need`). The up and down arrows are named by the frame's glyphs ("↑↓", or "Up/Down"
/// under `--ascii`).
package struct KeyHint: Sendable, Equatable, ExpressibleByStringLiteral {
  /// The keys; nil for the up and down arrows, which the glyphs name.
  package var keys: String?
  package var does: String
  package var need: Need

  /// How much a footer needs a hint, most first: a footer too narrow for all its hints leaves out
  /// the least needed (`TextRenderer.keyHelp`). How to get help, how to quit and how to go back
  /// come first, so that a person can always find them; then the keys that move and open; then
  /// the screen's own actions (and the preview's key); then the rest, which the `?` help lists.
  package enum Need: Int, Sendable, Comparable {
    case help, quit, back, main, action, more

    /// Whether the footer puts the hint at its end, after the screen's own keys: the ways out and
    /// the help, always in the same place.
    package var isLast: Bool { self <= .back }

    package static func < (lhs: Need, rhs: Need) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  package init(keys: String?, does: String, need: Need = .more) {
    self.keys = keys
    self.does = does
    self.need = need
  }

  /// "Ctrl-R reload": the keys, a space, what they do.
  package init(stringLiteral text: String) {
    self.init(text)
  }

  /// "Enter open", needed as `need` says.
  package init(_ text: String, need: Need = .more) {
    let space = text.firstIndex(of: " ") ?? text.endIndex
    self.init(keys: String(text[..<space]), does: String(text[space...].dropFirst()), need: need)
  }

  /// The key help's hint (`?`, the binding that shows the help): the one a footer keeps last.
  package static let help = KeyHint("? help", need: .help)

  /// The up and down arrows, and what they do: a main key.
  package static func upDown(_ does: String) -> KeyHint { KeyHint(keys: nil, does: does, need: .main) }

  /// The hint as the footer writes it in `glyphs`.
  package func text(_ glyphs: Glyphs) -> String { (keys ?? glyphs.upDown) + " " + does }
}

extension Kind {
  /// The footer's key hints of a screen of this kind in `options`' glyphs, from its bindings; none
  /// outside the interactive mode, whose frames have no key line.
  package static func hints(_ state: State, _ spec: Spec, _ screen: ScreenState, _ options: RenderOptions)
    -> [KeyHint]
  {
    guard let rows = options.height else { return [] }
    let context = KindContext<Self>(
      state: state, spec: spec, screen: screen, viewport: Viewport(columns: options.width, rows: rows))
    // An action acts on a record: with none (loading, an error, no rows) its key would only say so.
    let actions = actionRecord(state) == nil ? [] : screen.spec.actions.map(\.hint)
    return bindings.hints(on: context, glyphs: options.glyphs) + actions
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
  /// (the navigator may give the key the meaning every screen shares, as a `passOn` binding asks).
  func press<K: Kind>(_ key: Key, _ screen: KindContext<K>) -> KeyAction<K.Action>? where Element == KeyBinding<K> {
    for binding in self where binding.binds(key) && binding.when.isActive(screen) {
      if case .passOn = binding.action { return nil }
      return binding.resolve(key, screen)
    }
    return nil
  }

  /// The help lines of the bindings, one a binding with words, in two parts: the kind's own keys
  /// (those the footer names as main, moving and opening, first; then editing, paging,
  /// reloading, in order), and the keys every screen shares (`passOn`: back, quit) with the
  /// help's own key last. On `screen`, only the bindings that work there
  /// now: active, and where the footer's hint has a condition (a preview that fits), that too.
  package func help<K: Kind>(on screen: KindContext<K>? = nil) -> (own: [KeyHelpLine], shared: [KeyHelpLine])
  where Element == KeyBinding<K> {
    let described = filter { binding in
      guard !binding.help.isEmpty else { return false }
      guard let screen else { return true }
      return (binding.helpWhen ?? binding.when).isActive(screen) && binding.hintWhen?.isActive(screen) != false
    }
    func isShared(_ binding: KeyBinding<K>) -> Bool {
      switch binding.action {
      case .passOn, .help: true
      case .send, .perform: false
      }
    }
    // Moving and opening first (the footer's main keys), then the rest in order.
    let own =
      described.filter { !isShared($0) && $0.hint?.need == .main }
      + described.filter { !isShared($0) && $0.hint?.need != .main }
    let passedOn = described.filter { if case .passOn = $0.action { true } else { false } }
    let help = described.filter { if case .help = $0.action { true } else { false } }
    func lines(_ bindings: [KeyBinding<K>]) -> [KeyHelpLine] {
      bindings.map { KeyHelpLine(keys: $0.names, does: $0.help) }
    }
    return (lines(own), lines(passedOn + help))
  }

  /// The footer hints of the bindings on `screen`, in order, each once (as `glyphs` write it): a
  /// binding's hint shows while its `hintWhen` holds, or else while it is active; the help's while
  /// a binding that shows the help is active.
  package func hints<K: Kind>(on screen: KindContext<K>, glyphs: Glyphs = .unicode) -> [KeyHint]
  where Element == KeyBinding<K> {
    var hints: [KeyHint] = []
    for binding in self where (binding.hintWhen ?? binding.when).isActive(screen) {
      var hint = binding.hint
      if hint == nil, case .help = binding.action { hint = .help }
      if let hint, !hints.contains(where: { $0.text(glyphs) == hint.text(glyphs) }) { hints.append(hint) }
    }
    return hints
  }
}

/// The key help, drawn over the screen until the next key: the keys every screen shares, then the
/// kind's own, each from its bindings.
package enum KeyHelpFrame {
  /// The `?` help of a kind's screen: its title (`title`), the keys and what they do from line
  /// `top` (from 0) of them, in as many lines as the height allows, and the rules and the
  /// closing line (`dim`). Where the lines do not all fit, the closing line says which show, of
  /// how many, and that ↑↓, PgUp and PgDn scroll them (`scroll(_:from:help:options:)`).
  package static func frame(kind: ScreenKind, help: [KeyHelpLine], options: RenderOptions, top: Int = 0) -> Frame {
    let body = lines(help, options)
    let title = "Keys of a \(kind.name) screen"
    guard let rows = bodyRows(options), body.count > rows else {
      return overlay(title: title, body: body, closing: "Any key closes this help.", options: options)
    }
    let top = max(0, min(top, body.count - rows))
    // The longest form that fits: a closing line cut mid-word would lose what the keys do.
    let lines = "\(top + 1)-\(top + rows) of \(body.count)"
    let upDown = options.glyphs.upDown
    let forms = [
      "Lines \(lines): \(upDown), PgUp, PgDn scroll; other keys close",
      "Lines \(lines): \(upDown) scroll; other keys close",
      "\(lines): \(upDown) scroll, other keys close",
      "\(lines): \(upDown) scroll",
    ]
    let closing = forms.first { TextWidth.width(of: $0) <= options.width } ?? forms[forms.count - 1]
    return overlay(title: title, body: Array(body[top..<(top + rows)]), closing: closing, options: options)
  }

  /// The line the help shows first after `key` in the help shown from line `top`: a line up or
  /// down (↑↓, Ctrl-P, Ctrl-N), a screenful (PgUp, PgDn, Space), to either end (Home, End); nil
  /// for any other key, or where every line shows (any key then closes the help).
  package static func scroll(_ key: Key, from top: Int, help: [KeyHelpLine], options: RenderOptions) -> Int? {
    let count = lines(help, options).count
    guard let rows = bodyRows(options), count > rows else { return nil }
    let moved: Int
    switch key {
    case .up, .control("p"): moved = top - 1
    case .down, .control("n"): moved = top + 1
    case .pageUp: moved = top - rows
    case .pageDown, .character(" "): moved = top + rows
    case .home: moved = 0
    case .end: moved = count
    default: return nil
    }
    return max(0, min(moved, count - rows))
  }

  /// The rows of the help's body in a frame of the options' height (nil: no height, every line).
  private static func bodyRows(_ options: RenderOptions) -> Int? {
    options.height.map { max(1, $0 - 4) }
  }

  /// The help's lines: each binding's keys, padded to one column, and what they do, wrapped.
  private static func lines(_ help: [KeyHelpLine], _ options: RenderOptions) -> [Frame.Line] {
    let width = options.width
    let keysWidth = min(width / 2, help.map { TextWidth.width(of: $0.keys) }.max() ?? 0)
    var body: [Frame.Line] = []
    for line in help {
      let keys =
        TextWidth.width(of: line.keys) > keysWidth
        ? options.glyphs.truncate(line.keys, toColumns: keysWidth) : line.keys
      let wrapped = TextWidth.wrap(line.does, toColumns: max(10, width - keysWidth - 2))
      for (index, text) in wrapped.enumerated() {
        body.append(
          Frame.Line(
            (index == 0 ? TextWidth.pad(keys, toColumns: keysWidth) : String(repeating: " ", count: keysWidth)) + "  "
              + text))
      }
    }
    return body
  }

  /// A frame drawn over the screen until the next key: its title, a rule, the body (cut to the
  /// height, or filled to it), a rule and the closing line that says what a key does.
  package static func overlay(title: String, body: [Frame.Line], closing: String, options: RenderOptions) -> Frame {
    let rule = Frame.Line(options.glyphs.rule(options.width), role: .dim)
    let header = [Frame.Line(title, role: .title), rule]
    let footer = [rule, Frame.Line(closing, role: .dim)]
    var body = body
    if let height = options.height {
      let budget = max(1, height - header.count - footer.count)
      body = Array(body.prefix(budget))
      body += Array(repeating: Frame.Line(""), count: budget - body.count)
    }
    return Frame(lines: header + body + footer)
  }
}

/// The keys every screen shares, whatever its kind: the app's reducer answers them, and each
/// kind's `KeyBinding.back`, `.quit`, `.suspend` and `.redraw` name them in the footer and the help.
package enum SharedKeys {
  /// Esc and ←: back to the screen before.
  package static let back: [Key] = [.escape, .left]
  /// Ctrl-C and Ctrl-D: quit.
  package static let quit: [Key] = [.control("c"), .control("d")]
  /// `q`: back, or quit on the first screen; only where the screen's kind passes it on (no
  /// search takes typed characters there).
  package static let backOrQuit: [Key] = [.character("q")]
  /// Ctrl-Z: suspend (raw mode reads it as a key, not as SIGTSTP), whatever is shown.
  package static let suspend: [Key] = [.control("z")]
  /// Ctrl-L: the whole screen drawn again, whatever is shown.
  package static let redraw: [Key] = [.control("l")]
  /// Tab and Shift-Tab: the next tab and the one before, on a tabs screen's tab.
  package static let nextTab: [Key] = [.tab]
  package static let previousTab: [Key] = [.backTab]
  /// Ctrl-T: shows or hides the preview pane, on a list or table that declares one (the app
  /// answers it; `KeyBinding.previewToggle` names it, a chart leaves it out).
  package static let previewToggle: Key = .control("t")
}
