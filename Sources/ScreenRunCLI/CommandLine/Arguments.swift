import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenTerminal
import ScreenTestRunner

/// What the options of the command line set, as the parser reads them one by one (each
/// option's effect sets its part here), and the command chosen; `invocation` then sorts them into
/// that command's own type (`Invocation`), which is what runs.
struct Arguments: Equatable {
  enum Command: Equatable {
    case run(screen: String)
    case check(files: [String])
    case plugins
    case help
    case version
    /// `screenrun test PATH...`: run screen tests.
    case test(paths: [String])
    /// `screenrun schema [plugin|test]`: print a JSON Schema (nil: the screen file's).
    case schema(of: String?)
    /// `screenrun completions SHELL`: print a completion script.
    case completions(shell: String)
    /// `screenrun completions params SCREEN.json`: the `--param` keys a screen reads, for the
    /// completion scripts (not in the help).
    case parameterKeys(screen: String)
    /// `screenrun plugin check DIR...`: check external plugins against the protocol.
    case pluginCheck(folders: [String])
  }

  /// What a run does instead of running a screen, chosen by an option.
  enum Mode: Equatable, Sendable {
    /// Validate the screen files given (`--check`).
    case check
    /// List the data sources (`--plugins`).
    case plugins
  }

  var command: Command
  var once = false
  /// A script file, or "-" for stdin.
  var script: String?
  /// Reload screen files when they change.
  var watch = false
  var width: Int?
  /// Lines per frame, as a terminal of that many shows it (`--height`); nil: every row.
  var height: Int?
  /// Frames drawn with ASCII glyphs only (`--ascii`): `Glyphs.ascii`.
  var ascii = false
  /// The glyphs frames are drawn with.
  var glyphs: Glyphs { ascii ? .ascii : .unicode }
  /// When frames are styled (`--color`).
  var color = ColorMode.auto
  var parameters: [String: String] = [:]
  /// Live data over HTTP instead of the bundled samples (`--live`, or `SCREENRUN_DATA=live`).
  var live = false
  /// Neither read nor write the HTTP response cache.
  var noCache = false
  /// Folders of external plugins given with `--plugin-path`, first first.
  var pluginPaths: [String] = []
  /// Only the shipped plugins and `--plugin-path` (`--no-user-plugins`).
  var noUserPlugins = false
  /// Frames end with the data source's status line (`--status`; always on in the interactive mode).
  var status = false
  /// Print what the first load learned instead of the frame (`--explain`).
  var explain = false
  /// Where to write one JSON line per request, answer and stale answer (`--trace FILE`).
  var trace: String?
  /// The options of `screenrun test`.
  var testOptions = TestOptions()
  /// The search the first screen starts with (`--query`).
  var query: String?
  /// Print records in this format instead of frames (`--output`).
  var output: RecordFormat?
  /// How many pages `--output` prints (`--pages`; `all` is `mostPages`); nil for the default, 1.
  var pages: Int?
  /// Write the one frame of `--once` as a picture in this format (`--picture`).
  var picture: PictureFormat?

  /// The usage lines, from the declaration.
  static var usage: String { declaration.usage }
  /// The line after a usage error: where the options and subcommands are listed.
  static let helpHint = "For more information, try 'screenrun --help'."
  /// All of `--help`, from the declaration, with the variables that `plugins` declare.
  static func help(plugins: [Plugin]) -> String {
    declaration.help(pluginEnvironment: CommandDeclaration.Topic.variables(of: plugins))
  }

  /// Reads the arguments after the program name into the command they ask for, with its own
  /// options, as `declaration` says; `environment`'s `SCREENRUN_DATA` applies as `--live` does. A
  /// problem is a usage error, located at the argument it is about.
  static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Invocation {
    try read(arguments).resolvingEnvironment(environment).invocation
  }

  /// Reads the options of the arguments after the program name, and the command they choose.
  static func read(_ arguments: [String]) throws(UsageError) -> Arguments {
    var result = Arguments(command: .help)
    var mode: Mode?
    var operands: [(index: Int, text: String)] = []
    var optionsEnded = false
    var index = 0
    // Options that belong to a subcommand, and options of a screen's run, where they were given:
    // checked once the command is known.
    var subcommandOptions: [(option: CommandDeclaration.Option, index: Int)] = []
    var runOptions: [(option: CommandDeclaration.Option, index: Int)] = []
    var modeOption: CommandDeclaration.Option?

    while index < arguments.count {
      defer { index += 1 }
      let argument = arguments[index]
      guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
        operands.append((index, argument))
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var (spelling, inline) = (argument, String?.none)
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        spelling = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let option = declaration.option(spelled: spelling) else {
        throw UsageError(
          Diagnostic.Message.unknown("unknown option '\(argument)'", name: spelling, among: declaration.spellings),
          at: index)
      }
      var value: String?
      if option.value == nil {
        if let inline {
          throw UsageError("\(spelling) takes no value, got '\(spelling)=\(inline)'", at: index)
        }
      } else if let inline {
        value = inline
      } else {
        guard index + 1 < arguments.count else { throw UsageError("\(spelling) needs a value", at: index) }
        index += 1
        value = arguments[index]
      }
      switch option.form {
      case .subcommand: subcommandOptions.append((option, index))
      case .run: runOptions.append((option, index))
      case .own, .about: break
      }
      switch option.effect {
      case .answer(let command): return Arguments(command: command)
      case .mode(let chosen):
        mode = chosen
        modeOption = option
      case .set(let apply): try apply(&result, value)
      }
    }

    var chosen: CommandDeclaration.Subcommand?
    if mode == nil, let subcommand = try subcommand(in: arguments, operands: operands) {
      guard subcommand.available else {
        throw UsageError(
          "'\(subcommand.name)' is a subcommand to come; this version of screenrun does not have it yet",
          at: operands[0].index)
      }
      chosen = subcommand
    }
    for (option, index) in subcommandOptions {
      guard case .subcommand(let owner) = option.form, owner != chosen?.name else { continue }
      throw UsageError("\(option.name) is an option of 'screenrun \(owner)'", at: index)
    }
    // An option of a screen's run given to a form that does not read it would be ignored.
    if let form = chosen.map({ (name: "'screenrun \($0.name)'", takes: $0.takes, instead: $0.instead) })
      ?? modeOption.map({ (name: $0.name, takes: $0.takes, instead: nil) }),
      let (option, index) = runOptions.first(where: { !form.takes.contains($0.option.name) })
    {
      // Every option the form takes, from the one declaration: its own, then the run's it reads.
      let taken = (chosen.map { declaration.options(of: $0.name).map(\.name) } ?? []) + form.takes
      let reads =
        taken.isEmpty
        ? "none of a screen's options"
        : taken.count == 1 ? taken[0] : taken.dropLast().joined(separator: ", ") + " and " + (taken.last ?? "")
      throw UsageError(
        "\(option.name) does not apply to \(form.name), which takes \(reads)\(form.instead.map { ": " + $0 } ?? "")",
        at: index)
    }
    if let chosen {
      result.command = try chosen.command(operands.dropFirst(chosen.words.count).map(\.text))
      return result
    }
    let screens = operands.map(\.text)
    switch mode {
    case .check:
      guard !screens.isEmpty else { throw UsageError("--check needs at least one screen file") }
      result.command = .check(files: screens)
    case .plugins:
      if let screen = screens.first { throw UsageError("--plugins takes no screen, got '\(screen)'") }
      result.command = .plugins
    case nil:
      guard let screen = screens.first else {
        throw UsageError("no screen given; try 'screenrun Screens/characters.json', or --help")
      }
      guard screens.count == 1 else {
        throw UsageError(
          "one screen at a time: got '\(screen)' and '\(screens[1])' (to check several, use --check)",
          at: operands[1].index)
      }
      result.command = .run(screen: screen)
      try checkOutputOptions(result, runOptions)
      try checkPictureOptions(result, runOptions)
    }
    return result
  }

  /// The subcommand the first operand names, if it names one; throws when it is a bare word
  /// that names neither a subcommand nor anything on disk (a screen is a path to a `.json` file).
  private static func subcommand(
    in arguments: [String], operands: [(index: Int, text: String)]
  ) throws(UsageError) -> CommandDeclaration.Subcommand? {
    guard let first = operands.first else { return nil }
    let words = operands.map(\.text)
    if let subcommand = declaration.subcommands.first(where: { words.starts(with: $0.words) }) {
      return subcommand
    }
    if let partial = declaration.subcommands.first(where: { $0.words[0] == first.text }) {
      let given = operands.prefix(partial.words.count).map(\.text).joined(separator: " ")
      let near = declaration.subcommands.filter { $0.words[0] == first.text }.map(\.name)
      throw UsageError(
        Diagnostic.Message(
          "unknown subcommand '\(given)'", suggestion: near.count == 1 ? near[0] : nil,
          expected: "expected one of " + near.joined(separator: ", ")),
        at: operands.count > 1 ? operands[1].index : first.index)
    }
    let bare = !first.text.isEmpty && first.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    guard bare, RegularFile.problem(at: first.text) == .missing else { return nil }
    let available = declaration.subcommands.filter(\.available).map(\.name)
    throw UsageError(
      Diagnostic.Message.unknown(
        "unknown subcommand '\(first.text)'", name: first.text, among: declaration.subcommands.map { $0.words[0] },
        expected: "a screen is a path to a .json file, such as Screens/characters.json",
        notes: available.isEmpty ? [] : ["subcommands: " + available.joined(separator: ", ")]),
      at: first.index)
  }
}

/// A command line that cannot be run: what is wrong, and which argument (counting from 0 after
/// the program's name) it is about, when it is about one.
struct UsageError: Error, CustomStringConvertible {
  var message: Diagnostic.Message
  var argument: Int?

  init(_ message: Diagnostic.Message, at argument: Int? = nil) {
    self.message = message
    self.argument = argument
  }

  var description: String { message.description }

  /// The arguments with a caret line under the one the error is about, as a compiler points at a
  /// column: the arguments before it are elided, and each is cut to a readable length.
  ///
  ///       screenrun tset Screens/characters.json
  ///                 ^^^^
  func pointer(in arguments: [String], program: String) -> String? {
    guard let argument, arguments.indices.contains(argument) else { return nil }
    func shown(_ text: String) -> String {
      TextWidth.truncate(TerminalSafe.sanitize(text), toColumns: 40)
    }
    var before = "  " + program + " "
    if argument > 0 { before += (argument > 1 ? "… " : "") + shown(arguments[argument - 1]) + " " }
    let target = shown(arguments[argument])
    let after = argument + 1 < arguments.count ? " " + shown(arguments[argument + 1]) : ""
    let caret =
      String(repeating: " ", count: TextWidth.width(of: before))
      + String(repeating: "^", count: max(1, TextWidth.width(of: target)))
    return before + target + after + "\n" + caret
  }
}
