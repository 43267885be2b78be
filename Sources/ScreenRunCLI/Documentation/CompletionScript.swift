import FoundationEssentials

/// A shell completion script, generated from the command line's one declaration
/// (`Arguments.declaration`): its subcommands, its options and what each option's value is, and
/// the screen files. The `--param` keys are the ones the chosen screen reads: the script asks
/// `screenrun completions params SCREEN.json` for them when it needs them.
///
///     screenrun completions bash > ~/.local/share/bash-completion/completions/screenrun
struct CompletionScript {
  /// The shells a script can be written for.
  static let shells = ["bash", "zsh", "fish"]

  /// What a value or an operand completes to.
  enum Completion: Equatable {
    case nothing
    case files
    case directories
    /// Screen files (`*.json`) and folders to find them in.
    case screens
    /// The `--param` keys the chosen screen reads, each followed by `=`.
    case parameterKeys
    case words([String])
  }

  /// An option as the script offers it.
  struct Option {
    var spellings: [String]
    var help: String
    /// What its value completes to; nil for an option that takes none.
    var value: Completion?
    var repeatable: Bool
    /// Where it is offered.
    var places: Places
  }

  /// Where an option is offered: everywhere (`--help`), or after the subcommands named, where
  /// nil stands for no subcommand (a screen's run, `--check`).
  enum Places: Equatable {
    case everywhere
    case only([String?])

    func contains(_ subcommand: String?) -> Bool {
      switch self {
      case .everywhere: true
      case .only(let places): places.contains(subcommand)
      }
    }
  }

  /// A subcommand as the script offers it.
  struct Subcommand {
    var words: [String]
    var help: String
    var operands: Completion
  }

  var program: String
  var options: [Option]
  var subcommands: [Subcommand]

  init(_ declaration: CommandDeclaration) {
    program = declaration.name
    let available = declaration.subcommands.filter(\.available)
    options = declaration.options.map { option in
      let places: Places =
        switch option.form {
        case .about: .everywhere
        case .own: .only([nil])
        case .subcommand(let name): .only([name])
        // A screen's run, and the subcommands that take it.
        case .run: .only([nil] + available.filter { $0.takes.contains(option.name) }.map(\.name))
        }
      return Option(
        spellings: option.spellings, help: Self.summary(option.help), value: option.value.map(Self.completion),
        repeatable: option.repeatable, places: places)
    }
    subcommands = available.map {
      Subcommand(words: $0.words, help: Self.summary($0.help), operands: Self.completion($0.operands))
    }
  }

  /// What a placeholder (`FILE|-`, `DIR`, `N`, `KEY=VALUE`, `[plugin]`, `SHELL`) completes to:
  /// lowercase words are literal, and upper-case names say what kind of thing is wanted.
  static func completion(_ placeholder: String) -> Completion {
    // A file's extension (`SCREEN.json...`) is no word to complete; `json|jsonl` are.
    let words = placeholder.split(whereSeparator: { "[]| ".contains($0) }).map { String($0.prefix { $0 != "." }) }
    let literal = words.filter { $0.first?.isLowercase == true }
    if !literal.isEmpty { return .words(literal) }
    switch true {
    case placeholder.hasPrefix("KEY="): return .parameterKeys
    case placeholder.contains("SHELL"): return .words(shells)
    case placeholder.contains("DIR") || placeholder.contains("PLUGIN") || placeholder.contains("FOLDER"):
      return .directories
    case placeholder.contains("SCREEN"): return .screens
    case placeholder.contains("FILE") || placeholder.contains("TEST"): return .files
    default: return .nothing
    }
  }

  /// The first part of an option's help, short enough for a completion menu.
  static func summary(_ help: String) -> String {
    let clause = help.prefix { !";(:".contains($0) }.trimmingSpaces()
    return clause.count <= 70 ? clause : String(clause.prefix(69)) + "…"
  }

  /// The options offered after `subcommand`, or where no subcommand was given (nil).
  func options(for subcommand: String?) -> [Option] {
    options.filter { $0.places.contains(subcommand) }
  }

  /// The script for `shell`, one of `shells`.
  func text(for shell: String) -> String? {
    switch shell {
    case "bash": bash
    case "zsh": zsh
    case "fish": fish
    default: nil
    }
  }
}
