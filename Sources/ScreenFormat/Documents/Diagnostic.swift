import ScreenJSON
import ScreenText

/// A problem in a screen file: what kind of problem it is, where it is (the file, a line and
/// column where the text is known, a JSON pointer where it is about a value), and what to say.
///
///     Screens/characters.json:14:5: error at /paging/pageSze: unknown key 'pageSze'; did you mean 'pageSize'?
package struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
  package var kind: Kind
  package var file: String
  package var location: TextLocation?
  package var pointer: JSONPointer?
  /// The words, in parts: what is wrong, the near name meant, what was expected, notes.
  package var explanation: Message

  package init(
    kind: Kind = .schema, file: String, location: TextLocation? = nil, pointer: JSONPointer? = nil,
    explanation: Message
  ) {
    self.kind = kind
    self.file = file
    self.location = location
    self.pointer = pointer
    self.explanation = explanation
  }

  package init(
    kind: Kind = .schema, file: String, location: TextLocation? = nil, pointer: JSONPointer? = nil, message: String
  ) {
    self.init(kind: kind, file: file, location: location, pointer: pointer, explanation: Message(message))
  }

  /// What to tell the author, as one sentence: "unknown key 'pageSze'; did you mean 'pageSize'?".
  package var message: String { explanation.description }

  /// What the message adds in parentheses, such as "plugins: marvel, github".
  package var notes: [String] { explanation.notes }

  /// The problem as one line of text. Control characters (a screen file can hold an escape
  /// sequence inside a string) are written as `\u001b`, so printing a problem is always safe.
  package var description: String {
    let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
    let line = pointer.map { "\(place): error at \($0): \(message)" } ?? "\(place): error: \(message)"
    return Self.escapingControls(line)
  }

  package static func escapingControls(_ text: String) -> String {
    ScalarEscape.escaped(text, where: TerminalSafe.isUnsafe)
  }
}

extension Diagnostic {
  /// What kind of problem a diagnostic is, by the step of loading that found it. A struct with
  /// static members, so that a new kind breaks no caller's `switch`.
  package struct Kind: Sendable, Hashable, CustomStringConvertible {
    package let name: String

    package init(_ name: String) { self.name = name }

    package var description: String { name }

    /// The file cannot be read: missing, a folder, a FIFO or a device, too large, no permission.
    package static let file = Kind("file")
    /// The file is not JSON: empty, a byte order mark, a syntax error, not UTF-8.
    package static let syntax = Kind("syntax")
    /// The JSON is not a screen: an unknown or missing key, a value of the wrong type or range,
    /// a template that does not parse.
    package static let schema = Kind("schema")
    /// A template reads what its place does not have: a record field outside a record, unknown
    /// metadata.
    package static let template = Kind("template")
    /// The screen does not fit the plugin registry: its plugin, resource, parameters, page size.
    package static let registry = Kind("registry")
    /// The screen it opens (`select`) is missing, broken, or not given the parameters it reads.
    package static let navigation = Kind("navigation")
  }
}

extension Diagnostic {
  /// The words of a problem, built in one place so that every "did you mean" reads the same:
  ///
  ///     unknown plugin 'bokos'; did you mean 'books'? (plugins: books)
  ///     ╰─ summary ──────────╯  ╰─ suggestion ──────╯ ╰─ notes ──────╯
  ///     unknown kind 'lst'; expected "list" or "detail"
  ///     ╰─ summary ───────╯ ╰─ expected (said when no name is near) ─╯
  ///
  /// A message is written as a string where it has only a summary: `"'id' must be a string"`.
  package struct Message: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// What is wrong, quoting the author's value: "unknown key 'pageSze'".
    package var summary: String
    /// A near name the author may have meant.
    package var suggestion: String?
    /// What was expected, said only when there is no suggestion: "expected one of 'a', 'b'".
    package var expected: String?
    /// Each said in parentheses after the rest: "plugins: marvel, github".
    package var notes: [String]

    package init(_ summary: String, suggestion: String? = nil, expected: String? = nil, notes: [String] = []) {
      self.summary = summary
      self.suggestion = suggestion
      self.expected = expected
      self.notes = notes
    }

    package init(stringLiteral summary: String) { self.init(summary) }

    package init(stringInterpolation: DefaultStringInterpolation) {
      self.init(String(stringInterpolation: stringInterpolation))
    }

    /// A name that is none of `candidates`: the summary, with the nearest candidate (by edit
    /// distance, if near enough) as the suggestion. `spelled` writes a candidate as the author
    /// would write it, such as `meta.` before a metadata key.
    ///
    ///     Message.unknown("unknown filter 'uper'", name: "uper", among: ["upper", "lower"])
    ///     // unknown filter 'uper'; did you mean 'upper'?
    package static func unknown(
      _ summary: String, name: String, among candidates: some Sequence<String>,
      spelled: (String) -> String = { $0 }, expected: String? = nil, notes: [String] = []
    ) -> Message {
      let near = Spelling.nearest(to: name, in: candidates).map(spelled)
      return Message(summary, suggestion: near, expected: expected, notes: notes)
    }

    package var description: String {
      var text = summary
      if let suggestion {
        text += "; did you mean '\(suggestion)'?"
      } else if let expected {
        text += "; \(expected)"
      }
      for note in notes { text += " (\(note))" }
      return text
    }
  }
}

/// A screen file that could not be loaded, with every problem found in it (and in the screens it
/// opens).
package struct ScreenLoadError: Error, Sendable, CustomStringConvertible {
  package var diagnostics: [Diagnostic]

  package init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

  package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
