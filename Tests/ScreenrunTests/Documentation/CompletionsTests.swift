import Foundation
import Testing

@testable import ScreenRunCLI

/// `screenrun completions bash|zsh|fish`: scripts the shells accept, generated from the one
/// declaration of the command line, that complete what a user types.
@Suite("Shell completions")
struct CompletionsTests {
  static func installed(_ shell: String) -> Bool {
    ["/bin", "/usr/bin", "/usr/local/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(shell)") }
  }

  /// The script, written to a temporary file.
  static func script(_ shell: String) async throws -> (path: String, text: String) {
    let result = try await Screenrun.run(["completions", shell])
    #expect(result.exitCode == 0, "\(result)")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-completions-\(UUID()).\(shell)")
    try result.stdout.write(to: file)
    return (file.path, result.standardOutput)
  }

  static func syntaxCheck(_ shell: String, arguments: [String]) async throws {
    let (path, text) = try await script(shell)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), arguments: [shell] + arguments + [path])
    #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(shell) refuses the script: \(result)")
    // Every option and subcommand of the declaration is in it.
    let declaration = Arguments.declaration
    for spelling in declaration.spellings {
      let name = shell == "fish" ? String(spelling.drop { $0 == "-" }) : spelling
      #expect(text.contains(name), "\(shell): no \(spelling)")
    }
    for subcommand in declaration.subcommands where subcommand.available {
      #expect(text.contains(subcommand.words[0]), "\(shell): no \(subcommand.name)")
    }
  }

  @Test("bash -n accepts the bash script")
  func bashSyntax() async throws { try await Self.syntaxCheck("bash", arguments: ["-n"]) }

  @Test("zsh -n accepts the zsh script", .enabled(if: installed("zsh"), "zsh is not installed: skipped"))
  func zshSyntax() async throws { try await Self.syntaxCheck("zsh", arguments: ["-n"]) }

  @Test("fish -n accepts the fish script", .enabled(if: installed("fish"), "fish is not installed: skipped"))
  func fishSyntax() async throws { try await Self.syntaxCheck("fish", arguments: ["-n"]) }

  @Test("the bash script completes options, screens, subcommands' operands and --param keys")
  func bashCompletes() async throws {
    let (path, _) = try await Self.script("bash")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let binary = try Screenrun.binary.get().path
    let lines: [[String]] = [
      [binary, "--par"],
      [binary, "Screens/ch"],
      [binary, "Screens/character.json", "--param", ""],
      [binary, "--once", "--param", "i", "Screens/character.json"],
      [binary, ""],
      [binary, "schema", ""],
      [binary, "completions", ""],
      [binary, "--width", "80", "completions", "z"],
      [binary, "--plugin-path", "Plug"],
      [binary, "test", "--"],
      [binary, "schema", "--"],
    ]
    // `complete_at WORD... INDEX`: COMP_WORDS and COMP_CWORD set as bash sets them, then the function.
    var program = """
      source "$1"
      complete_at() {
        local index="${@: -1}"
        COMP_WORDS=("${@:1:$#-1}")
        COMP_CWORD=$index
        COMPREPLY=()
        _screenrun 2>/dev/null
        printf '%s\\n' "${COMPREPLY[@]}" | sort
        echo ---
      }

      """
    for words in lines {
      let cursor = words == lines[3] ? 3 : words.count - 1
      program += "complete_at " + (words + [String(cursor)]).map { "'\($0)'" }.joined(separator: " ") + "\n"
    }
    let result = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), arguments: ["bash", "-c", program, "bash", path],
      workingDirectory: Screenrun.repositoryRoot)
    #expect(result.exitCode == 0, "\(result)")
    let answers = result.standardOutput.components(separatedBy: "---\n").map {
      $0.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
    try #require(answers.count >= lines.count, "\(result)")
    #expect(answers[0] == ["--param"])
    #expect(
      answers[1] == [
        "Screens/character-comics.json", "Screens/character.json", "Screens/characters-chart.json",
        "Screens/characters-ordered.json", "Screens/characters-table.json", "Screens/characters.json",
      ])
    #expect(answers[2] == ["id="], "the keys that Screens/character.json reads")
    #expect(answers[3] == ["id="], "the screen may come after --param")
    #expect(answers[4].contains("schema") && answers[4].contains("completions") && answers[4].contains("Screens"))
    #expect(answers[5] == ["plugin"])
    #expect(answers[6] == ["bash", "fish", "zsh"])
    #expect(answers[7] == ["zsh"], "an option's value is not taken for the subcommand")
    #expect(answers[8] == ["Plugins"])
    // After a subcommand: its own options and the run options it takes, nothing it would refuse.
    let testOptions9 = [
      "--accept", "--color", "--filter", "--help", "--jobs", "--junit", "--pictures", "--plugin-path", "--update",
    ]
    #expect(answers[9] == testOptions9 + ["--version"])
    #expect(answers[10] == ["--help", "--no-user-plugins", "--plugin-path", "--version"])
  }

  @Test(
    "the fish script completes options by where they apply, screens and --param keys",
    .enabled(if: installed("fish"), "fish is not installed: skipped"))
  func fishCompletes() async throws {
    let (path, _) = try await Self.script("fish")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let binary = try Screenrun.binary.get()
    let lines = [
      "screenrun test --", "screenrun schema --", "screenrun plugin check --", "screenrun Screens/characters.json --wi",
      "screenrun Screens/character.json --param ", "screenrun completions ", "screenrun te",
    ]
    // `complete -C LINE` prints what fish offers there, one candidate a line (with a tab and its
    // description); the script finds `screenrun` on PATH, as an installed one is.
    var program = "source $argv[1]\n"
    for line in lines { program += "complete -C '\(line)' | string replace -r '\\t.*' '' | sort; echo ---\n" }
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let result = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), arguments: ["fish", "--no-config", "-c", program, path],
      workingDirectory: Screenrun.repositoryRoot, environment: environment)
    #expect(result.exitCode == 0, "\(result)")
    let answers = result.standardOutput.components(separatedBy: "---\n").map {
      $0.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
    try #require(answers.count >= lines.count, "\(result)")
    let testOptions0 = [
      "--accept", "--color", "--filter", "--help", "--jobs", "--junit", "--pictures", "--plugin-path", "--update",
    ]
    #expect(answers[0] == testOptions0 + ["--version"])
    #expect(answers[1] == ["--help", "--no-user-plugins", "--plugin-path", "--version"])
    #expect(answers[2] == ["--help", "--live", "--no-cache", "--param", "--version"])
    #expect(answers[3] == ["--width"])
    #expect(answers[4].contains("id="), "\(answers[4])")
    #expect(answers[5] == ["bash", "fish", "zsh"])
    #expect(answers[6].contains("test"), "\(answers[6])")
  }

  @Test("completions params SCREEN prints the keys a screen reads; an unknown shell is a usage error")
  func parameterKeys() async throws {
    let keys = try await Screenrun.run(["completions", "params", "Screens/commits.json"])
    #expect(keys.exitCode == 0, "\(keys)")
    #expect(keys.stdoutLines == ["repo"], "\(keys)")
    let none = try await Screenrun.run(["completions", "params", "Screens/characters.json"])
    #expect(none.exitCode == 0 && none.stdout.isEmpty, "\(none)")
    let unknown = try await Screenrun.run(["completions", "tcsh"])
    #expect(unknown.exitCode == 2 && unknown.stdout.isEmpty, "\(unknown)")
  }
}
