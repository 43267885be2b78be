import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenTerminal
import ScreenText

/// An action a screen declares (`actions`): a key that does something with the record shown (a
/// detail screen's) or selected (a list's, a table's or a chart's row): open a URL, copy a
/// value, or run a command.
///
///     { "key": "ctrl-o", "title": "Open in browser", "open": "{html_url}" }
package struct ScreenAction: Sendable {
  /// What the action does, each value a template over the record.
  package enum Effect: Sendable {
    /// Open the URL in the browser (`$BROWSER`, else `xdg-open`); only http and https.
    case open(Template)
    /// Copy the text to the clipboard (OSC 52).
    case copy(Template)
    /// Run the program with these arguments, each template exactly one argument; no shell. With
    /// `wait`, screenrun waits for a key after the program ends, so that what it printed stays
    /// on screen; without, it draws its own screen again at once (an editor, a pager).
    case run([Template], wait: Bool)
  }

  package var key: Key
  /// What the footer and the `?` help call it.
  package var title: String
  package var effect: Effect
  /// Whether it asks first, showing exactly what it will do.
  package var confirm: Bool
  /// Where it stands in the file (`/actions/0`).
  package var pointer: JSONPointer

  package init(key: Key, title: String, effect: Effect, confirm: Bool, pointer: JSONPointer) {
    self.key = key
    self.title = title
    self.effect = effect
    self.confirm = confirm
    self.pointer = pointer
  }

  /// The action's templates, each with where it stands in the file.
  package var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    switch effect {
    case .open(let template): [(pointer / "open", template)]
    case .copy(let template): [(pointer / "copy", template)]
    case .run(let arguments, _): arguments.enumerated().map { (pointer / "run" / String($0.offset), $0.element) }
    }
  }

  /// The footer's hint: the key and the title, its first letter in lower case unless the second
  /// is upper case too (an initialism such as "URL" or "FDs" stays as written).
  package var hint: KeyHint {
    let second = title.dropFirst().first
    let keep = second?.isUppercase == true
    return KeyHint(
      keys: key.description, does: keep ? title : title.prefix(1).lowercased() + title.dropFirst(), need: .action)
  }

  /// The longest title: the footer and the help show it whole.
  package static let maximumTitleLength = 60

  /// The `?` help's line.
  package var help: KeyHelpLine { KeyHelpLine(keys: key.description, does: title) }

  /// What the action comes to on `record`: the URL, the text or the arguments, each template
  /// rendered whole (a registered secret is already masked by the template); or why it cannot be
  /// done, in words for the flash message.
  package func request(record: JSON?, parameters: [String: String]) -> Result<ActionRequest, ActionRefusal> {
    guard let record, record != .null else {
      return .failure(ActionRefusal("\(title): there is no record to act on"))
    }
    let context = TemplateContext(record: record, params: parameters)
    switch effect {
    case .open(let template):
      let url = template.render(in: context)
      guard !url.isEmpty else { return .failure(ActionRefusal("\(title): the record has no URL to open")) }
      guard WebURL.isValid(url) else {
        return .failure(
          ActionRefusal(
            "\(title): only http and https URLs with a host are opened, not \(ActionRequest.shown(url, limit: 60))"))
      }
      return .success(ActionRequest(title: title, what: .open(url: url), confirm: confirm))
    case .copy(let template):
      let text = template.render(in: context)
      guard !text.isEmpty else { return .failure(ActionRefusal("\(title): there is nothing to copy")) }
      return checked(ActionRequest(title: title, what: .copy(text: text), confirm: confirm))
    case .run(let templates, let wait):
      var arguments: [String] = []
      // After a literal "--" the arguments are operands, whatever they begin with.
      var afterDashes = false
      for (index, template) in templates.enumerated() {
        let value = template.render(in: context)
        // A dash the declaration writes (`--author={name}`) is the author's option; one that a
        // value brings is refused, and so is a plus (`+cmd` is a command to vim, less, more,
        // nano and ex). By scalar: a combining mark after it does not hide it.
        if !afterDashes, let first = value.unicodeScalars.first, first == "-" || first == "+",
          template.description.unicodeScalars.first != first
        {
          return .failure(
            ActionRefusal(
              "\(title): argument \(index + 1) (\(template.description)) begins with '\(first)', which the command could take for an option; nothing was run (put \"--\" before it in the screen)"
            ))
        }
        if template.isConstant, value == "--" { afterDashes = true }
        arguments.append(value)
      }
      guard let program = arguments.first, !program.isEmpty else {
        return .failure(ActionRefusal("\(title): the command's name is empty"))
      }
      return checked(ActionRequest(title: title, what: .run(arguments: arguments, wait: wait), confirm: confirm))
    }
  }

  /// `request`, or why it cannot be done (`ActionRequest.refusal`): what a key refuses, a
  /// script's dry run refuses, because both come here.
  private func checked(_ request: ActionRequest) -> Result<ActionRequest, ActionRefusal> {
    guard let refusal = request.refusal else { return .success(request) }
    return .failure(ActionRefusal("\(title): \(refusal)"))
  }
}

/// Why an action was not done: the flash message.
package struct ActionRefusal: Error, Sendable, Equatable {
  package var message: String

  package init(_ message: String) { self.message = message }
}

/// An action resolved on a record and not yet done: exactly what will be opened, copied or run.
package struct ActionRequest: Sendable, Equatable {
  package enum What: Sendable, Equatable {
    case open(url: String)
    case copy(text: String)
    /// With `wait` (a `run` action's default), a key is waited for after the program ends.
    case run(arguments: [String], wait: Bool = true)
  }

  package var title: String
  package var what: What
  /// Whether it asks first.
  package var confirm: Bool

  package init(title: String, what: What, confirm: Bool) {
    self.title = title
    self.what = what
    self.confirm = confirm
  }

  /// The most a copy sends: 56,244 bytes of text, 74,992 bytes of base64 (a multiple of 3 bytes,
  /// so no padding), within the 74,994 that xterm and many terminals that follow it take in one
  /// OSC 52 sequence (the terminal's limit: `TerminalControl.maximumCopyBytes`).
  package static let maximumCopyBytes = TerminalControl.maximumCopyBytes

  /// Why this cannot be done wherever it is carried out, or nil: a copy longer than a terminal
  /// takes (`maximumCopyBytes`) or holding a registered secret, an argument holding a NUL byte.
  /// The one check for both the key (`ActionRunner`) and a script's or screen test's dry run.
  package var refusal: String? {
    switch what {
    case .open: return nil
    case .copy(let text):
      if text.utf8.count > Self.maximumCopyBytes {
        return "not copied: \(text.utf8.count) bytes is more than a terminal takes (at most \(Self.maximumCopyBytes))"
      }
      return SecretRegistry.shared.contains(text) ? "not copied: it holds a secret" : nil
    case .run(let arguments, _): return Self.nulArgument(in: arguments)
    }
  }

  /// Why `arguments` cannot be given to a program: one holds a NUL byte, which would end it
  /// there. Nil when none does.
  package static func nulArgument(in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(where: { $0.utf8.contains(0) }) else { return nil }
    return "argument \(index + 1) holds a NUL byte, which no program can be given"
  }

  /// An argument as a person reads it in a message: bare when nothing in it could blur where it
  /// begins and ends (no blank, quote, backslash or control character), else in single quotes,
  /// control characters shown as escapes (`\n`).
  package static func quoted(_ argument: String) -> String {
    let safe =
      !argument.isEmpty
      && argument.unicodeScalars.allSatisfy {
        !$0.properties.isWhitespace && !"'\"\\`".unicodeScalars.contains($0)
          && $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
      }
    if safe { return argument }
    var text = "'"
    for scalar in argument.unicodeScalars {
      switch scalar {
      case "'": text += "'\\''"
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      case "\r": text += "\\r"
      default:
        if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
          text += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    return text + "'"
  }

  /// A value cut to `limit` characters for a message, its control characters escaped.
  package static func shown(_ value: String, limit: Int) -> String {
    let quoted = Self.quoted(value)
    return quoted.count <= limit ? quoted : String(quoted.prefix(limit - 1)) + "…"
  }

  /// The command's arguments as one line: each quoted where it must be, so that the line shows
  /// where every argument begins and ends.
  package static func commandLine(_ arguments: [String]) -> String {
    arguments.map { capped(quoted($0)) }.joined(separator: " ")
  }

  /// How much of one value a description shows: a megabyte value is not drawn whole.
  static let describedLength = 2_000

  /// `text` up to `describedLength` characters, and how many more there are.
  static func capped(_ text: String) -> String {
    guard text.count > describedLength else { return text }
    return String(text.prefix(describedLength)) + "… (and \(text.count - describedLength) more characters)"
  }

  /// What would be done, in words: "open https://…", "copy 'text' (12 characters)", "run git
  /// show --stat 0a1b2c and wait for a key". Scripts and screen tests show this instead of doing
  /// it.
  package var description: String {
    switch what {
    case .open(let url): "open \(Self.capped(Self.quoted(url)))"
    case .copy(let text): "copy \(Self.capped(Self.quoted(text))) (\(text.count) characters)"
    case .run(let arguments, let wait): "run \(Self.commandLine(arguments))" + (wait ? " and wait for a key" : "")
    }
  }
}

extension ScreenAction {
  /// A script's note of an action, as lines under its frame: wrapped, not cut, so every argument
  /// shows.
  package static func noteLines(_ note: String, width: Int) -> [Frame.Line] {
    TextWidth.wrap(TerminalSafe.sanitize(note), toColumns: max(RenderOptions.minimumWidth, width)).map {
      Frame.Line($0, role: .status)
    }
  }
}
