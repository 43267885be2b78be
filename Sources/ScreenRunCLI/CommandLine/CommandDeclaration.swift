/// A command line as data: its options and subcommands, each declared once. Parsing
/// (`Arguments.parse`), the usage and `--help` are derived from it; so can shell completions and
/// a man page be, since every name, value and line of help is a plain value here.
///
/// The grammar, settled for the subcommands to come:
///
///     screenrun [OPTION]... SCREEN.json [OPTION]...      run a screen
///     screenrun [OPTION]... SUBCOMMAND [ARGUMENT]... [OPTION]...
///
/// The first argument that is not an option decides. A subcommand is a bare word (`test`,
/// `plugin check`), and a screen is a path to a `.json` file, so one is never taken for the
/// other. A bare word that is no subcommand and names nothing on disk is an unknown subcommand:
/// a usage error, pointed at, with the near name. `--` ends the options.
struct CommandDeclaration: Sendable {
  /// The program's name, as the usage writes it.
  var name: String
  /// What the program does, under the usage lines.
  var summary: String
  var options: [Option]
  var subcommands: [Subcommand]
  /// The last paragraph of the help, such as the exit codes.
  var epilogue: String
  /// What the man page lists beside the options (`Documentation/ManPage.swift`): the exit
  /// statuses, screenrun's own environment variables (each plugin declares its own), and the
  /// files and folders used.
  var exitStatuses: [Topic] = []
  var environment: [Topic] = []
  var files: [Topic] = []

  /// A name and what it means: an exit status, a variable, a file.
  struct Topic: Sendable {
    var name: String
    var help: String
  }

  /// An option: `--width N`, `--once`, `--help` (also `-h`).
  struct Option: Sendable {
    var name: String
    /// Other spellings, such as `-h`.
    var aliases: [String] = []
    /// The value's placeholder (`N`, `FILE|-`); nil for an option that takes none.
    var value: String?
    var repeatable = false
    /// Where the usage names it.
    var form: Form
    /// One line or more of help; wrapped when printed.
    var help: String
    var effect: Effect
    /// With form `.own`: the `.run` options that form reads (`--check` reads `--plugin-path`).
    /// Giving it any other is a usage error, rather than an option silently ignored.
    var takes: [String] = []

    /// Where an option belongs in the usage.
    enum Form: Sendable {
      /// It changes how a screen runs: `SCREEN.json [--once] …`.
      case run
      /// A form of its own, with what follows it: `--check SCREEN.json...`.
      case own(operands: String)
      /// Asks about the program (help, version): the last usage line, joined by ` | `.
      case about
      /// Belongs to the subcommand of this name (`test --update`): the usage and the help list it
      /// with that subcommand, and giving it with anything else is a usage error.
      case subcommand(String)
    }

    /// What giving the option does.
    enum Effect: Sendable {
      /// Sets a flag or a value in the arguments; a value is checked here.
      case set(@Sendable (inout Arguments, String?) throws(UsageError) -> Void)
      /// Chooses what the run does instead of running a screen (`--check`, `--plugins`).
      case mode(Arguments.Mode)
      /// Answers at once, whatever else is given (`--help`, `--version`).
      case answer(Arguments.Command)
    }

    /// Every spelling, the name first.
    var spellings: [String] { [name] + aliases }

    /// The option as the usage writes it: `--width N`, `--param KEY=VALUE`.
    var synopsis: String {
      if case .own(let operands) = form, !operands.isEmpty { return "\(name) \(operands)" }
      return value.map { "\(name) \($0)" } ?? name
    }
  }

  /// A subcommand: `test SCREEN.json...`, `plugin check FOLDER`.
  struct Subcommand: Sendable {
    /// Its words: `["plugin", "check"]`.
    var words: [String]
    /// What follows it, as the usage writes it.
    var operands: String
    var help: String
    /// False for a subcommand whose name is reserved for what is to come: it is recognized, never
    /// taken for a screen, and says it is not in this version; the help does not list it.
    var available: Bool
    /// The command its operands (what follows its words) ask for; checks them.
    var command: @Sendable (_ operands: [String]) throws(UsageError) -> Arguments.Command
    /// The `.run` options it reads (`schema` reads `--plugin-path`); giving it any other is a
    /// usage error, rather than an option silently ignored.
    var takes: [String] = []
    /// Said under that error: where the subcommand gets what such options set instead.
    var instead: String?

    var name: String { words.joined(separator: " ") }
  }

  /// The option spelled `spelling`, if any.
  func option(spelled spelling: String) -> Option? {
    options.first { $0.spellings.contains(spelling) }
  }

  /// The options that belong to the subcommand named `name`.
  func options(of name: String) -> [Option] {
    options.filter { if case .subcommand(name) = $0.form { true } else { false } }
  }

  /// The `.run` options that a subcommand or an `.own` form (such as `--check`) takes.
  static let pluginPlaces = ["--plugin-path", "--no-user-plugins"]

  /// Every option spelling, as a near name is looked for among them.
  var spellings: [String] { options.flatMap(\.spellings) }
}
