import Foundation
import Testing

/// The options, usage errors and exit codes of `screenrun` (DESIGN.md, "The command line").
@Suite("Command line")
struct CommandLineTests {
  static let usageLine = "usage: screenrun SCREEN.json"
  /// What follows a usage error in place of the usage (issue 39, item 13).
  static let helpHint = "For more information, try 'screenrun --help'."

  @Test("--help prints the usage and exits 0")
  func help() async throws {
    let result = try await Screenrun.run(["--help"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardOutput.hasPrefix(Self.usageLine), "\(result)")
    for option in ["--once", "--width N", "--param KEY=VALUE", "--check", "--plugins", "--help", "--version"] {
      #expect(result.standardOutput.contains(option), "the usage does not mention \(option)")
    }
    #expect(result.standardOutput.contains("exit codes"), "the usage does not explain the exit codes")
    #expect(result.stderr.isEmpty, "\(result.standardError)")
    FrameChecks.expectPlainText(result)
  }

  @Test("--version prints the version")
  func version() async throws {
    let result = try await Screenrun.run(["--version"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardOutput == "screenrun 0.8.0\n")
    #expect(result.stderr.isEmpty, "\(result.standardError)")
  }

  @Test("--plugins lists marvel with its resources and their parameters")
  func plugins() async throws {
    let result = try await Screenrun.run(["--plugins"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result.standardError)")
    FrameChecks.expectPlainText(result)

    // "name: summary", then "  resource (kind): summary", then "    parameter[ (required)]: summary".
    var plugins: [String: [String: (kind: String, parameters: [String: Bool])]] = [:]
    var plugin: String?
    var resource: String?
    for line in result.stdoutLines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
      let head = String(line.prefix { $0 != ":" })
      if !line.hasPrefix(" ") {
        plugin = head
        plugins[head] = [:]
      } else if line.hasPrefix("    "), let plugin, let resource {
        let name = head.trimmingCharacters(in: .whitespaces)
        let parts = name.split(separator: " ", maxSplits: 1)
        plugins[plugin]?[resource]?.parameters[String(parts[0])] = name.hasSuffix("(required)")
      } else if let plugin {
        let parts = head.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
        resource = String(parts[0])
        plugins[plugin]?[String(parts[0])] = (parts.count > 1 ? String(parts[1]) : "", [:])
      }
    }
    let marvel = try #require(plugins["marvel"], "no 'marvel' plugin in:\n\(result.standardOutput)")
    #expect(marvel["characters"]?.kind == "(list)", "\(result.standardOutput)")
    #expect(marvel["character"]?.kind == "(record)", "\(result.standardOutput)")
    #expect(marvel["character-comics"]?.kind == "(list)", "\(result.standardOutput)")
    #expect(marvel["characters"]?.parameters["nameStartsWith"] == false, "\(result.standardOutput)")
    #expect(marvel["character"]?.parameters["id"] == true, "'id' is a required parameter of 'character'")
    #expect(marvel["character-comics"]?.parameters["id"] == true, "\(result.standardOutput)")
  }

  @Test("no arguments is a usage error with the usage on stderr")
  func noArguments() async throws {
    let result = try await Screenrun.run([])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.stdout.isEmpty, "\(result.standardOutput)")
    #expect(result.standardError.hasPrefix("screenrun: error: "), "\(result)")
    #expect(result.standardError.contains(Self.usageLine), "\(result)")
  }

  struct UsageErrorCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var says: [String]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(
    "a bad command line exits 2 with a message and the usage",
    arguments: [
      UsageErrorCase(
        arguments: ["Screens/characters.json", "--widht", "40"],
        says: ["unknown option '--widht'", "did you mean '--width'?"]),
      UsageErrorCase(arguments: ["Screens/characters.json", "--width", "5"], says: ["--width", "20", "'5'"]),
      UsageErrorCase(arguments: ["Screens/characters.json", "--width", "wide"], says: ["--width", "'wide'"]),
      UsageErrorCase(arguments: ["Screens/characters.json", "--width"], says: ["--width needs a value"]),
      UsageErrorCase(
        arguments: ["Screens/character.json", "--param", "id"], says: ["--param", "KEY=VALUE", "'id'"]),
      UsageErrorCase(
        arguments: ["Screens/character.json", "--param", "=1009368"], says: ["--param", "KEY=VALUE", "'=1009368'"]),
      UsageErrorCase(
        arguments: ["Screens/characters.json", "Screens/character.json"],
        says: ["one screen at a time", "Screens/characters.json", "Screens/character.json", "--check"]),
      UsageErrorCase(arguments: ["--check"], says: ["--check needs at least one screen file"]),
      // An option of a screen's run, given where nothing reads it, is refused rather than ignored.
      UsageErrorCase(
        arguments: ["test", "--width", "40", "Tests/Screens"],
        says: [
          "--width does not apply to 'screenrun test', which takes --filter, --update, --accept, --junit, "
            + "--pictures, --jobs, --color and --plugin-path", "a test file sets its own screen, width",
        ]),
      UsageErrorCase(
        arguments: ["test", "--no-user-plugins"],
        says: ["--no-user-plugins does not apply to 'screenrun test'", "never reads the user's plugins"]),
      UsageErrorCase(
        arguments: ["plugin", "check", "x", "--width", "40"],
        says: ["--width does not apply to 'screenrun plugin check', which takes --live, --no-cache and --param"]),
      UsageErrorCase(
        arguments: ["--check", "Screens/characters.json", "--once"],
        says: ["--once does not apply to --check", "which takes --plugin-path and --no-user-plugins"]),
      UsageErrorCase(arguments: ["schema", "--live"], says: ["--live does not apply to 'screenrun schema'"]),
      UsageErrorCase(arguments: ["completions", "bash", "--param", "a=b"], says: ["--param does not apply"]),
    ])
  func usageError(_ example: UsageErrorCase) async throws {
    let result = try await Screenrun.run(example.arguments)
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.stdout.isEmpty, "\(result.standardOutput)")
    let first = result.stderrLines.first ?? ""
    #expect(first.hasPrefix("screenrun: error: "), "\(result)")
    for words in example.says {
      #expect(first.contains(words), "'\(words)' missing from: \(first)")
    }
    #expect(result.stderrLines.last == Self.helpHint, "no hint after the error: \(result)")
    #expect(!result.standardError.contains(Self.usageLine), "the usage after the error: \(result)")
  }

  @Test(
    "an argument an option does not take is a usage error",
    arguments: [
      UsageErrorCase(arguments: ["--plugins", "Screens/characters.json"], says: ["Screens/characters.json"]),
      UsageErrorCase(arguments: ["Screens/characters.json", "--once=yes"], says: ["--once"]),
    ])
  func ignoredArgument(_ example: UsageErrorCase) async throws {
    let result = try await Screenrun.run(example.arguments)
    #expect(result.exitCode == 2, "\(result)")
    for words in example.says {
      #expect(result.stderrLines.first?.contains(words) == true, "\(result)")
    }
  }

  @Test(
    "a bare word first is a subcommand: an unknown one is pointed at, with the near name",
    arguments: [
      UsageErrorCase(
        arguments: ["tset", "Screens/characters.json"], says: ["unknown subcommand 'tset'", "did you mean 'test'?"]),
      UsageErrorCase(
        arguments: ["--once", "characters"],
        says: ["unknown subcommand 'characters'", "a screen is a path to a .json file"]),
      UsageErrorCase(
        arguments: ["plugin", "chek"], says: ["unknown subcommand 'plugin chek'", "did you mean 'plugin check'?"]),
    ])
  func unknownSubcommand(_ example: UsageErrorCase) async throws {
    let result = try await Screenrun.run(example.arguments)
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.stdout.isEmpty, "\(result.standardOutput)")
    let lines = result.stderrLines
    for words in example.says {
      #expect(lines.first?.contains(words) == true, "'\(words)' missing from: \(result.standardError)")
    }
    // The second line shows the arguments, the third a caret under the word.
    let word = example.arguments.first { !$0.hasPrefix("-") && ($0 == "tset" || $0 == "characters" || $0 == "chek") }
    let shown = try #require(lines.dropFirst().first)
    let carets = try #require(lines.dropFirst(2).first)
    let start = try #require(shown.range(of: " " + (word ?? "?"))).lowerBound
    let column = shown.distance(from: shown.startIndex, to: start) + 1
    #expect(
      carets == String(repeating: " ", count: column) + String(repeating: "^", count: word?.count ?? 0), "\(result)")
    #expect(result.stderrLines.last == Self.helpHint, "\(result)")
  }

  @Test("-- ends the options: what follows is a screen even if it starts with a dash")
  func endOfOptions() async throws {
    let result = try await Screenrun.run(["--once", "--", "--x.json"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.stderrLines.first == "--x.json: error: no such file", "\(result)")
  }

  @Test("--help is derived from the declaration: every option and its value, in one column")
  func helpListsEveryOption() async throws {
    let result = try await Screenrun.run(["-h"])
    #expect(result.exitCode == 0, "\(result)")
    let options = result.stdoutLines.drop { $0 != "options:" }.dropFirst().prefix { !$0.isEmpty }
    let names = options.filter { $0.hasPrefix("  --") }.map { $0.dropFirst(2).prefix { $0 != " " && $0 != "," } }
    #expect(
      names == [
        "--once", "--script", "--watch", "--width", "--height", "--ascii", "--color", "--param", "--query", "--output",
        "--pages", "--picture", "--live", "--no-cache", "--status",
        "--explain",
        "--trace", "--plugin-path",
        "--no-user-plugins", "--check", "--plugins", "--help", "--version",
      ], "\(result.standardOutput)")
    // Where each option's help starts: after its name and at least two spaces.
    let columns = Set(
      options.filter { $0.hasPrefix("  --") }.compactMap { line -> Int? in
        guard let gap = line.dropFirst(2).range(of: "  ") else { return nil }
        let help = line[gap.upperBound...].drop { $0 == " " }
        return line.distance(from: line.startIndex, to: help.startIndex)
      })
    #expect(columns.count == 1, "the help does not start in one column: \(result.standardOutput)")
  }

  @Test("a screen file that does not exist")
  func noSuchFile() async throws {
    let result = try await Screenrun.run(["Screens/no-such-screen.json"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.stdout.isEmpty, "\(result.standardOutput)")
    #expect(result.stderrLines.first == "Screens/no-such-screen.json: error: no such file", "\(result)")
  }

  @Test("a mistyped screen file gets the near name of a screen in its folder, spelled as it was given")
  func mistypedScreenFile() async throws {
    let result = try await Screenrun.run(["Screens/charcters.json"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(
      result.stderrLines.first
        == "Screens/charcters.json: error: no such file; did you mean 'Screens/characters.json'?", "\(result)")
    let checked = try await Screenrun.run(["--check", "Screens/repositry.json"])
    #expect(checked.exitCode == 2, "\(checked)")
    #expect(checked.standardError.contains("did you mean 'Screens/repository.json'?"), "\(checked)")
  }

  @Test("a folder given as the screen")
  func folder() async throws {
    let result = try await Screenrun.run(["Screens", "--once"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.stdout.isEmpty, "\(result.standardOutput)")
    let first = result.stderrLines.first ?? ""
    #expect(first.hasPrefix("Screens: error: "), "\(result)")
    #expect(first.contains("folder"), "\(result)")
  }

  @Test("a detail screen without its --param says which to pass")
  func missingParameter() async throws {
    let result = try await Screenrun.run(["Screens/character.json"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.stdout.isEmpty, "\(result.standardOutput)")
    let first = result.stderrLines.first ?? ""
    #expect(first.hasPrefix("Screens/character.json: error: "), "\(result)")
    #expect(first.contains("--param id=VALUE"), "\(result)")
  }

  @Test("an unknown character exits 1: the not-found error on stderr, the error in the frame")
  func unknownCharacter() async throws {
    let result = try await Screenrun.run(["Screens/character.json", "--param", "id=1", "--width", "80"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.standardError.contains("error: not found: "), "\(result)")
    #expect(result.standardError.contains("We couldn't find that character"), "\(result)")
    #expect(result.stderrLines.first?.hasPrefix("Screens/character.json: error: ") == true, "\(result)")
    let frameError = result.stdoutLines.first { $0.contains("error") }
    #expect(frameError?.contains("not found: ") == true, "the frame does not show the error:\n\(result.standardOutput)")
    #expect(frameError?.contains("We couldn't find that character") == true, "\(result.standardOutput)")
    FrameChecks.expectPlainText(result)
    FrameChecks.expectFits(result, width: 80)
  }
}
