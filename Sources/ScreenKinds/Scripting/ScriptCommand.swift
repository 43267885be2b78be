import ScreenFormat
import ScreenTerminal

/// One line of a script: the commands of a scripted session, as a test author writes them.
///
///     # find Iron Man and open him
///     type iron
///     wait 600
///     open 9
///     back
package enum ScriptCommand: Sendable, Equatable, CustomStringConvertible {
  /// Let this many milliseconds pass (on the virtual clock: no wall time).
  case wait(milliseconds: Int)
  /// Open row N (from 1) of the screen (a list's row, a detail's link).
  case open(Int)
  case back
  case quit
  /// A key press, as in the interactive mode (`key Down`, `key Enter`, `key Ctrl-R`).
  case key(Key)
  /// Show another tab of a tabs screen: `tab 2`, `tab next`, `tab previous`.
  case tab(TabMove)
  /// A command a kind declares (`search iron`, `type iron`, `next`, `reload`, `sort -stars`),
  /// with the rest of its line: the kind of the current screen runs it (`KindCommand`).
  case kind(name: String, argument: String)

  /// The commands every screen runs, whatever its kind.
  package static let names = ["wait", "open", "back", "quit", "key", "tab"]

  /// The command's name, as a script spells it.
  package var name: String {
    switch self {
    case .wait: "wait"
    case .open: "open"
    case .back: "back"
    case .quit: "quit"
    case .key: "key"
    case .tab: "tab"
    case .kind(let name, _): name
    }
  }

  package var description: String {
    switch self {
    case .wait(let milliseconds): "wait \(milliseconds)"
    case .open(let row): "open \(row)"
    case .back: "back"
    case .quit: "quit"
    case .key(let key): "key \(key)"
    case .tab(let move): "tab \(move)"
    case .kind(let name, let argument): argument.isEmpty ? name : "\(name) \(argument)"
    }
  }
}

/// A problem in a script, at its line (from 1).
package struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
  package var line: Int
  package var message: String

  package init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  package var description: String { "\(line): error: \(message)" }
}

/// A script's commands, each with its line number.
package struct Script: Sendable, Equatable {
  package var commands: [(line: Int, command: ScriptCommand)]

  package static func == (a: Script, b: Script) -> Bool {
    a.commands.map(\.line) == b.commands.map(\.line) && a.commands.map(\.command) == b.commands.map(\.command)
  }

  /// Reads a whole script, whose kind commands are those `kinds` declare. Blank lines and lines
  /// starting with `#` are skipped.
  package init(parsing text: String, kinds: KindRegistry) throws(ScriptError) {
    commands = []
    // "\r\n" is one Character in Swift, so lines split on either ending.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, content) in lines.enumerated() {
      if let command = try Self.command(fromLine: content, number: index + 1, kinds: kinds) {
        commands.append((index + 1, command))
      }
    }
  }

  /// Reads one line of a script: nil for a blank line or a `#` comment. The text after a
  /// command's name, less one space, is its argument, so `search  x` searches for " x".
  package static func command(fromLine content: some StringProtocol, number line: Int, kinds: KindRegistry)
    throws(ScriptError) -> ScriptCommand?
  {
    var content = Substring(content)
    if content.last == "\r" { content = content.dropLast() }
    let trimmed = content.drop { $0 == " " || $0 == "\t" }
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    let name = String(trimmed.prefix { $0 != " " && $0 != "\t" })
    var argument = trimmed.dropFirst(name.count)
    if argument.first == " " || argument.first == "\t" { argument = argument.dropFirst() }
    return try command(name, String(argument), line: line, kinds: kinds)
  }

  private static func command(_ name: String, _ argument: String, line: Int, kinds: KindRegistry)
    throws(ScriptError) -> ScriptCommand
  {
    func none() throws(ScriptError) {
      guard argument.trimmingWhitespace().isEmpty else {
        throw ScriptError(line: line, message: "'\(name)' takes no argument, got '\(argument)'")
      }
    }
    func number(_ what: String, range: ClosedRange<Int>) throws(ScriptError) -> Int {
      guard let value = Int(argument.trimmingWhitespace()), range.contains(value) else {
        throw ScriptError(line: line, message: "'\(name)' takes \(what), not '\(argument)'")
      }
      return value
    }
    switch name {
    case "wait":
      return .wait(milliseconds: try number("milliseconds from 0 to 3600000, as in 'wait 600'", range: 0...3_600_000))
    case "open": return .open(try number("a row number from 1, as in 'open 3'", range: 1...Int.max))
    case "back":
      try none()
      return .back
    case "quit":
      try none()
      return .quit
    case "key":
      let name = argument.trimmingWhitespace()
      guard let key = Key(name: name) else {
        let message = Diagnostic.Message.unknown(
          "'key' takes a key name, not '\(name)'", name: name, among: Key.spellings,
          expected: "keys are " + Key.names.joined(separator: ", "))
        throw ScriptError(line: line, message: message.description)
      }
      // Ctrl-C and Ctrl-D quit, as they do in a terminal.
      return key == .control("c") || key == .control("d") ? .quit : .key(key)
    case "tab":
      switch argument.trimmingWhitespace() {
      case "next": return .tab(.next)
      case "previous": return .tab(.previous)
      default:
        return .tab(.number(try number("'next', 'previous' or a tab's number from 1, as in 'tab 2'", range: 1...9)))
      }
    default:
      switch kinds.argument(ofCommand: name) {
      case .none?:
        try none()
        return .kind(name: name, argument: "")
      case .text?:
        return .kind(name: name, argument: argument)
      case .required(let message)?:
        guard !argument.isEmpty else { throw ScriptError(line: line, message: message) }
        return .kind(name: name, argument: argument)
      case nil:
        break
      }
      let names = kinds.commandNames + ScriptCommand.names
      let message = Diagnostic.Message.unknown(
        "unknown command '\(name)'", name: name, among: names,
        expected: "commands are " + names.joined(separator: ", "))
      throw ScriptError(line: line, message: message.description)
    }
  }
}
