/// A key press, as a screen's key bindings see it. The terminal turns bytes into keys
/// (screenrun's `Key.decode`), and a script names them (`key Down`).
package enum Key: Sendable, Hashable, CustomStringConvertible {
  case character(Character)
  case backspace, delete, enter, escape, tab, backTab, up, down, left, right, pageUp, pageDown, home, end
  /// Ctrl and a letter, as in `.control("r")`.
  case control(Character)
  /// A paste, whole (bracketed paste): one edit, never keys such as Enter.
  case paste(String)

  private static let named: [(String, Key)] = [
    ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right), ("PageUp", .pageUp), ("PageDown", .pageDown),
    ("Home", .home), ("End", .end), ("Enter", .enter), ("Escape", .escape), ("Tab", .tab), ("Shift-Tab", .backTab),
    ("Backspace", .backspace), ("Delete", .delete),
    ("Space", .character(" ")),
  ]

  /// The names a script can give: the named keys, `Ctrl-X` for a letter X, or one character.
  package static let names = named.map(\.0) + ["Ctrl-A … Ctrl-Z", "a single character"]

  /// The key a script names: `Down`, `PageUp`, `Ctrl-R`, `Space`, or one character such as `x`.
  /// Names are matched without regard to case (`down`, `ctrl-r`); a lone character is itself.
  package init?(name: String) {
    if name.count == 1, let character = name.first, !character.isWhitespace, !character.isNewline {
      self = .character(character)
      return
    }
    if let key = Self.named.first(where: { $0.0.lowercased() == name.lowercased() })?.1 {
      self = key
      return
    }
    let lower = name.lowercased()
    if lower.hasPrefix("ctrl-") || lower.hasPrefix("ctrl+"), lower.count == 6, let letter = lower.last,
      ("a"..."z").contains(letter)
    {
      self = .control(letter)
      return
    }
    if name.lowercased() == "esc" {
      self = .escape
      return
    }
    return nil
  }

  /// The names of the named keys, for a "did you mean".
  package static var spellings: [String] { named.map(\.0) }

  package var description: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .control(let letter): "Ctrl-" + letter.uppercased()
    case .paste: "a paste"
    default: Self.named.first { $0.1 == self }?.0 ?? "?"
    }
  }
}

/// The room a screen has on the terminal, which paging keys move by.
package struct Viewport: Sendable, Equatable {
  package var columns: Int
  package var rows: Int

  package init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
