import Foundation
import Testing

/// The plugin documents (`PLUGINS.md` and `docs/plugins/*.md`) held to the repository: every file
/// they show whole is that file, byte for byte; the Python example's line count is the one they
/// say; and the commands the external plugin's document shows with their output print that output.
@Suite("Plugin documents")
struct PluginDocsTests {
  static let documents = ["docs/plugins/declared.md", "docs/plugins/external.md", "docs/plugins/swift.md"]
  static let python = "Plugins/External/planets/planets.py"

  static func read(_ path: String) throws -> String {
    try String(contentsOf: Screenrun.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// Each `<!-- the source of FILE -->` marker of a document, with the fenced block after it.
  static func shownFiles(in text: String) -> [(file: String, shown: String)] {
    let marked = /<!-- the source of ([^ ]+) -->\n```[a-z]*\n/
    return text.matches(of: marked).compactMap { match in
      guard let end = text.range(of: "\n```", range: match.range.upperBound..<text.endIndex) else { return nil }
      return (String(match.output.1), String(text[match.range.upperBound..<end.lowerBound]) + "\n")
    }
  }

  @Test("every file a plugin document shows whole is the file, byte for byte")
  func shownFilesAreTheFiles() throws {
    var count = 0
    for document in Self.documents {
      for (file, shown) in Self.shownFiles(in: try Self.read(document)) {
        #expect(shown == (try Self.read(file)), "\(document) shows \(file), which is not the file")
        count += 1
      }
    }
    // The Swift examples (two files and the shelf), the planets program and manifest, breweries' manifest.
    #expect(count == 6, "\(count) files shown")
  }

  @Test("the Python example is as many lines as PLUGINS.md and docs/plugins/external.md say, and about 30")
  func pythonExampleCount() throws {
    let lines = try Self.read(Self.python).split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect((25...35).contains(lines), "\(Self.python) is \(lines) lines")
    #expect(try Self.read("PLUGINS.md").contains("a whole Python plugin of \(lines) lines"))
    #expect(try Self.read("docs/plugins/external.md").contains("Its program is \(lines) lines of Python 3"))
  }

  /// The transcript after the first runnable block of docs/plugins/external.md: each command
  /// (after `$ screenrun `) and the lines it prints.
  static func transcript() throws -> [(arguments: [String], output: [String])] {
    let text = try read("docs/plugins/external.md")
    let start = try #require(text.range(of: "<!-- runnable -->\n```\n"))
    let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
    var commands: [(arguments: [String], output: [String])] = []
    for line in text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("$ screenrun ") {
        commands.append((line.dropFirst("$ screenrun ".count).split(separator: " ").map(String.init), []))
      } else if !commands.isEmpty {
        commands[commands.count - 1].output.append(String(line))
      }
    }
    return commands
  }

  @Test("plugin check and --once of the Python example print what docs/plugins/external.md shows")
  func pythonExampleRuns() async throws {
    let commands = try Self.transcript()
    #expect(commands.count == 2, "\(commands.map(\.arguments))")
    for (arguments, shown) in commands {
      let result = try await Screenrun.run(arguments, environment: ["SCREENRUN_NO_USER_PLUGINS": "1"])
      #expect(result.exitCode == 0 && result.stderr.isEmpty, "screenrun \(arguments.joined(separator: " ")): \(result)")
      var printed = result.stdoutLines
      // The `runs:` line names the python3 found on PATH, which differs from machine to machine.
      let runs = printed.firstIndex { $0.hasPrefix("  runs: ") }
      if let runs, let shownRuns = shown.firstIndex(where: { $0.hasPrefix("  runs: ") }) {
        #expect(printed[runs].hasSuffix(" Plugins/External/planets/planets.py"))
        printed[runs] = shown[shownRuns]
      }
      #expect(printed == shown, "screenrun \(arguments.joined(separator: " ")) printed:\n\(result.stdout)")
    }
  }
}
