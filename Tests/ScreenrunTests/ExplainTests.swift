import Foundation
import ScreenRunTesting
import Testing

/// `--explain`: what the first load learned, printed instead of the frame, for each shipped screen
/// (sample data) and for a screen whose field bindings are wrong; and its exit codes.
@Suite("Explain mode")
struct ExplainTests {
  /// Each shipped screen that runs on the bundled data, with the parameters it needs.
  static let screens: [(screen: String, parameters: [String])] = [
    ("characters", []), ("character", ["id=1009368"]), ("character-comics", ["id=1009368", "name=Iron Man"]),
    ("characters-table", []), ("repositories", []), ("repositories-table", []),
    ("repository", ["repo=facebook/react"]), ("commits", ["repo=sigmavirus24/github3.py"]),
    ("commit", ["repo=sigmavirus24/github3.py", "sha=977560f205a84449522988b52e196f4bf502f79a"]),
  ]

  @Test("each shipped screen", arguments: 0..<screens.count)
  func shippedScreen(_ index: Int) async throws {
    let (screen, parameters) = Self.screens[index]
    let result = try await Screenrun.run(
      ["Screens/\(screen).json", "--explain"] + parameters.flatMap { ["--param", $0] })
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardError.isEmpty, "\(result)")
    assertSnapshot(result.standardOutput, named: "explain-\(screen)")
  }

  @Test("a misspelt field: the template reads a missing member, and the record's near member is named")
  func misspeltField() async throws {
    let result = try await Screenrun.run(["Tests/Fixtures/Explain/misspelt-field.json", "--explain"])
    #expect(result.exitCode == 0, "\(result)")
    let text = result.standardOutput
    #expect(
      text.contains(#"{nmae}  nmae → missing (the record has no member 'nmae'; did you mean 'name'?)"#), "\(text)")
    #expect(text.contains(#"= ""  (blank)"#), "\(text)")
    #expect(
      text.contains(#"comics.avialable → missing ('comics' has no member 'avialable'; did you mean 'available'?)"#),
      "\(text)")
    #expect(text.contains(#"| default:"?" → "?""#), "\(text)")
    #expect(
      text.contains(#"thumbnail.path.extension → missing ('thumbnail.path' is a string, with no member 'extension')"#))
    #expect(text.contains(#"name = "{nmae}" → ""  (blank)"#), "\(text)")
    #expect(text.contains("  name: \"3-D Man\""), "the record's own field is listed: \(text)")
    assertSnapshot(text, named: "explain-misspelt-field")
  }

  @Test("a data error: exit 1, with what was learned up to it")
  func dataError() async throws {
    let result = try await Screenrun.run(["Screens/commits.json", "--param", "repo=nobody/nothing", "--explain"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.standardOutput.contains("answer      error: "), "\(result)")
    #expect(result.standardOutput.contains("no record to show"), "\(result)")
    #expect(result.standardError.contains("error:"), "\(result)")
  }

  @Test("a screen that cannot be opened, or a missing --param: exit 2")
  func badScreen() async throws {
    let missing = try await Screenrun.run(["Screens/nothing.json", "--explain"])
    #expect(missing.exitCode == 2, "\(missing)")
    #expect(missing.standardOutput.isEmpty)
    let noParameter = try await Screenrun.run(["Screens/character.json", "--explain"])
    #expect(noParameter.exitCode == 2, "\(noParameter)")
    #expect(noParameter.standardError.contains("--param id=VALUE"), "\(noParameter)")
  }

  @Test("an external plugin: the request is the protocol line sent to its program")
  func externalPlugin() async throws {
    let (plugins, screen) = try ExternalPluginCommandTests.misbehaving("escapes")
    let result = try await Screenrun.run(
      [screen, "--explain", "--plugin-path", plugins.path], environment: ExternalPluginCommandTests.only)
    #expect(result.exitCode == 0, "\(result)")
    let text = result.standardOutput
    #expect(
      text.contains(#"sent        {"type":"page","resource":"items","params":{},"cursor":null,"pageSize":20}"#),
      "\(text)")
    #expect(text.contains(#"status      sample data · fresh"#), "\(text)")
    // The record's escapes are shown escaped, never raw.
    #expect(text.contains(#"name: "\u001b[2J"#), "\(text)")
    FrameChecks.expectPlainText(result)
  }
}
