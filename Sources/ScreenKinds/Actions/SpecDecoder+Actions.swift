import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenTerminal

extension ScreenAction {
  /// The keys of an action object, in the order messages list them.
  package static let keys = ["key", "title", "open", "copy", "run", "confirm", "wait"]
  /// The members of which an action has exactly one.
  package static let effects = ["open", "copy", "run"]
  /// Keys that every screen keeps for itself, beyond its kind's bindings: back, quit, Ctrl-Z,
  /// which suspends, and Ctrl-L, which draws the whole screen again.
  static let shared: [Key] = SharedKeys.back + SharedKeys.quit + SharedKeys.suspend + SharedKeys.redraw
  /// Ctrl and a letter that a terminal sends as the byte of another key: Ctrl-H is Backspace,
  /// Ctrl-I Tab, Ctrl-J and Ctrl-M Enter.
  static let letters = Array("abcdefghijklmnopqrstuvwxyz")
  static func alias(of letter: Character) -> String? {
    // A switch, not a dictionary: a `[Character: String]` costs its first user a runtime lookup.
    switch letter {
    case "h": "Backspace"
    case "i": "Tab"
    case "j", "m": "Enter"
    default: nil
    }
  }
}

extension SpecDecoder {
  /// Decodes a screen's `actions`: an array of `{key, title, open|copy|run, confirm}`, a `run`
  /// with an optional `wait`. Each key must be free on a screen of `kind`: not one of its
  /// bindings' keys nor a key every screen keeps, and not a character where the screen has a
  /// search (it types). A taken key is reported with the free keys near it.
  mutating func decodeActions(_ value: JSON?, kind: ScreenKind?, hasSearch: Bool) -> [ScreenAction] {
    guard let value else { return [] }
    let pointer = JSONPointer.root / "actions"
    guard case .array(let elements) = value else {
      fail(
        pointer, .value(offset: 0),
        "'actions' must be an array of actions such as [{\"key\": \"ctrl-o\", \"title\": \"Open\", \"open\": \"{html_url}\"}], not \(value.typeDescription)"
      )
      return []
    }
    // The free keys a message suggests are free of every action's key, later ones' too.
    let declared = Set(
      elements.compactMap { element -> Key? in
        guard case .object(let object) = element, case .string(let name) = object["key"] else { return nil }
        return Key(name: name)
      })
    let taken = ScreenAction.Taken(kind: kind)
    var actions: [ScreenAction] = []
    // Hashed, though a screen has a few actions: a hostile file has 10,000 on one key.
    var used: [Key: Int] = [:]
    for (index, element) in elements.enumerated() {
      let at = pointer / String(index)
      guard
        let object = requireObject(
          element, at: at, name: "an action", example: #"{"key": "ctrl-o", "title": "Open", "open": "{html_url}"}"#)
      else { continue }
      checkKeys(object, at: at, allowed: ScreenAction.keys, misplaced: { Self.misplacedWait($0, in: object) })
      let key = decodeActionKey(
        object, at: at, taken: taken, declared: declared, hasSearch: hasSearch, used: used, kind: kind)
      let title = requiredString(object, "title", at: at)
      if let title, title.trimmingWhitespace().isEmpty {
        fail(at / "title", .value(offset: 0), "'title' is empty; say what the action does, as in \"Open in browser\"")
      } else if let title, title.count > ScreenAction.maximumTitleLength {
        fail(
          at / "title", .value(offset: 0),
          "'title' is \(title.count) characters long; the footer and the help show at most \(ScreenAction.maximumTitleLength)"
        )
      }
      let confirm = optionalBool(object, "confirm", at: at) ?? false
      let effect = decodeActionEffect(object, at: at)
      if let key { used[key] = index }
      guard let key, let title, let effect else { continue }
      actions.append(ScreenAction(key: key, title: title, effect: effect, confirm: confirm, pointer: at))
    }
    return actions
  }

  private mutating func decodeActionKey(
    _ object: JSONObject, at pointer: JSONPointer, taken: ScreenAction.Taken, declared: Set<Key>, hasSearch: Bool,
    used: [Key: Int],
    kind: ScreenKind?
  ) -> Key? {
    guard let name = requiredString(object, "key", at: pointer) else { return nil }
    let at = pointer / "key"
    guard let key = Key(name: name) else {
      let message = Diagnostic.Message.unknown(
        "unknown key '\(name)'", name: name, among: Key.spellings + ScreenAction.letters.map { "ctrl-\($0)" },
        expected: "expected a key such as \"ctrl-o\" (Ctrl and a letter), a named key or one character")
      fail(at, .value(offset: 0), message)
      return nil
    }
    // Said only when the key is refused: most keys are free, and this looks at every letter.
    var near: String {
      let free = Self.freeKeys(near: key) { taken.contains($0) || declared.contains($0) }
      return free.isEmpty ? "" : "; free keys near it: " + free.map { "'\($0)'" }.joined(separator: ", ")
    }
    // A control or format character is no key a person types as such: it never arrives.
    if case .character(let character) = key,
      let scalar = character.unicodeScalars.first(where: {
        [.control, .format].contains($0.properties.generalCategory)
      })
    {
      let control =
        (1...26).contains(scalar.value) ? "ctrl-" + String(Character(Unicode.Scalar(UInt8(scalar.value + 0x60)))) : nil
      let hex = String(scalar.value, radix: 16, uppercase: true)
      let shown = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      fail(
        at, .value(offset: 0),
        "the key is the control or format character \(shown), which no key types; "
          + (control.map { "write \"\($0)\"" } ?? "take Ctrl and a letter") + near)
      return nil
    }
    if case .control(let letter) = key, let alias = ScreenAction.alias(of: letter) {
      fail(at, .value(offset: 0), "'\(name)' reaches screenrun as \(alias), which it cannot tell apart\(near)")
      return nil
    }
    if let index = used[key] {
      fail(at, .value(offset: 0), "'\(name)' is the key of action \(index) too\(near)")
      return nil
    }
    if taken.contains(key) {
      let owner =
        key == .control("z")
        ? "suspends (Ctrl-Z)"
        : "is taken on a \(kind?.name ?? "such") screen" + (kind?.help(of: key).map { " (\($0))" } ?? "")
      fail(at, .value(offset: 0), "'\(name)' \(owner)\(near)")
      return nil
    }
    if case .character = key, hasSearch {
      fail(at, .value(offset: 0), "'\(name)' types into the search on this screen; take Ctrl and a letter\(near)")
      return nil
    }
    if case .paste = key { return nil }
    return key
  }

  /// Up to three Ctrl keys that are free, the nearest in the alphabet to `key`'s letter first.
  static func freeKeys(near key: Key, taken: (Key) -> Bool) -> [String] {
    let letter: Character =
      switch key {
      case .control(let letter): letter
      case .character(let character) where character.isLetter: Character(character.lowercased())
      default: "a"
      }
    let target = Int(letter.unicodeScalars.first?.value ?? 97)
    let letters = ScreenAction.letters
      .filter { !taken(.control($0)) && ScreenAction.alias(of: $0) == nil }
    return
      letters
      .sorted { distance($0, target) < distance($1, target) }
      .prefix(3).map { "ctrl-\($0)" }
  }

  private static func distance(_ letter: Character, _ target: Int) -> Int {
    abs(Int(letter.unicodeScalars.first?.value ?? 0) - target)
  }

  /// Why `wait` is out of place in this action: it says what happens after a program ends, and an
  /// `open` or a `copy` runs none that prints (a browser that has the terminal returns at once).
  private static func misplacedWait(_ key: String, in object: JSONObject) -> String? {
    guard key == "wait", object["run"] == nil,
      let effect = ScreenAction.effects.first(where: { object[$0] != nil })
    else { return nil }
    return
      "'wait' is for a 'run' action, which it makes wait for a key after the program ends; this one has '\(effect)'"
  }

  private mutating func decodeActionEffect(_ object: JSONObject, at pointer: JSONPointer) -> ScreenAction.Effect? {
    let present = ScreenAction.effects.filter { object[$0] != nil }
    // A misspelt 'open' is reported as an unknown key, with its near name, and only so.
    if present.isEmpty, object.keys.contains(where: { !ScreenAction.keys.contains($0) }) { return nil }
    guard present.count == 1, let name = present.first else {
      let message =
        present.isEmpty
        ? "an action needs one of 'open', 'copy' or 'run'"
        : "an action has exactly one of 'open', 'copy' or 'run', and this one has "
          + present.map { "'\($0)'" }.joined(separator: " and ")
      fail(present.count > 1 ? pointer / present[1] : pointer, .key, message)
      return nil
    }
    switch name {
    case "open": return optionalTemplate(object, "open", at: pointer).map(ScreenAction.Effect.open)
    case "copy": return optionalTemplate(object, "copy", at: pointer).map(ScreenAction.Effect.copy)
    default:
      // A program's output stays on screen until a key unless the action says it takes the
      // screen itself (an editor, a pager): `"wait": false`.
      let wait = optionalBool(object, "wait", at: pointer) ?? true
      return decodeRun(object["run"], at: pointer / "run").map { ScreenAction.Effect.run($0, wait: wait) }
    }
  }

  /// `run`: an array of templates, the first a literal program name.
  private mutating func decodeRun(_ value: JSON?, at pointer: JSONPointer) -> [Template]? {
    guard case .array(let elements) = value, !elements.isEmpty else {
      fail(
        pointer, .value(offset: 0),
        "'run' must be an array of arguments, the program first, such as [\"git\", \"show\", \"{sha}\"]; it runs with no shell"
      )
      return nil
    }
    var arguments: [Template] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let text) = element else {
        fail(
          pointer / String(index), .value(offset: 0),
          "argument \(index + 1) must be a string template, not \(element.typeDescription)")
        return nil
      }
      guard let template = template(text, at: pointer / String(index)) else { return nil }
      arguments.append(template)
    }
    if !arguments[0].isConstant || arguments[0].description.isEmpty {
      fail(
        pointer / "0", .value(offset: 0),
        "the program, argument 1, must be a name or a path written out, such as \"git\", not a template")
      return nil
    }
    return arguments
  }
}

extension ScreenAction {
  /// The keys an action cannot take on a screen of a kind: its bindings' keys, active or not,
  /// and the keys every screen keeps.
  struct Taken {
    let kind: ScreenKind?

    func contains(_ key: Key) -> Bool {
      ScreenAction.shared.contains(key) || kind?.binds(key) == true
    }
  }
}

extension Kind {
  /// Whether one of the kind's bindings takes `key`, active or not.
  static func binds(_ key: Key) -> Bool {
    // By index: `contains(where:)` here is generic over the kind, and its first call looks up
    // the array's iterator at run time.
    let bindings = bindings
    for index in bindings.indices where bindings[index].keys.contains(key) { return true }
    return false
  }

  /// What the first binding of `key` does, as the `?` help says it; nil when it says nothing.
  static func help(of key: Key) -> String? {
    bindings.first { $0.keys.contains(key) && !$0.help.isEmpty }?.help
  }
}

extension ScreenKind {
  /// Whether one of the kind's bindings takes `key`, active or not: an action cannot take it.
  func binds(_ key: Key) -> Bool { type.binds(key) }

  /// What the kind's first binding of `key` does, as the `?` help says it.
  func help(of key: Key) -> String? { type.help(of: key) }
}
