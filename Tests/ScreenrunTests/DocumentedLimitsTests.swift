import Foundation
import Testing

/// What the docs say and what the tool does agree: `--watch --script` ends with its script, and
/// the 4 MiB limit on screen files is in the reference, the man page and the error.
@Suite("Docs and behaviour agree: --watch --script, the screen file limit")
struct DocumentedLimitsTests {
  static func text(_ name: String) throws -> String {
    try String(contentsOf: Screenrun.repositoryRoot.appendingPathComponent(name), encoding: .utf8)
  }

  @Test("--watch --script ends when the script ends, with its status, as --help, the man page and the guide say")
  func watchWithScriptEnds() async throws {
    let result = try await Screenrun.run(
      ["Screens/characters.json", "--watch", "--script", "-", "--width", "60"], stdin: "search iron\n")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardOutput.contains("$ search iron"), "\(result)")

    let help = try await Screenrun.run(["--help"])
    let said = "except with --script, which ends the run when the script ends"
    // --help wraps its column: read it as one line.
    let words = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains(said), "\(help)")
    #expect(try Self.text("docs/screenrun.1").contains(said.replacingOccurrences(of: "-", with: "\\-")))
    #expect(try Self.text("docs/guide/02-editing.md").contains("With `--script`, the run ends when the script ends"))
    #expect(try !Self.text("docs/guide/02-editing.md").contains("fixed edit clears them. It never exits."))
  }

  @Test("a screen file over 4 MiB is refused with its size, and the reference and the man page give the limit")
  func screenFileLimit() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-limit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let screen = folder.appendingPathComponent("big.json")
    let padding = String(repeating: " ", count: 4 << 20)
    try Data(
      (#"{"kind": "list", "title": "T", "source": {"plugin": "marvel", "resource": "characters"}, "row": {"title": "{name}"}"#
        + padding + "}").utf8
    ).write(to: screen)
    let result = try await Screenrun.run(["--check", screen.path])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardError.contains("is at most 4194304"), "\(result)")
    #expect(try Self.text("docs/reference/command-line.md").contains("at most 4 MiB (4,194,304 bytes)"))
    #expect(try Self.text("docs/screenrun.1").contains("at most 4 MiB (4,194,304 bytes)"))
  }
}
