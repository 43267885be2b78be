import ScreenKit
import Testing

@testable import ScreenRunCLI

/// The command line as a library: `ScreenRun.main(plugins:)` runs with the shipped plugins and
/// those given, and the parser is reachable without spawning the binary.
@Suite("The command line as a library")
struct LibraryTests {
  static func plugin(_ name: String, summary: String = "added") -> Plugin {
    Plugin(name: name, summary: summary, resources: []) { _ throws(DataSourceError) in
      throw .badRequest("not made in this test")
    }
  }

  @Test func addedPluginsJoinTheShippedOnes() {
    let registry = ScreenRunCommand.registry(adding: [Self.plugin("books")])
    #expect(registry.names == ["books", "github", "marvel", "shelf"])
    #expect(ScreenRunCommand.registry(adding: []).names == ["github", "marvel", "shelf"])
  }

  @Test func anAddedPluginReplacesAShippedOneOfItsName() {
    let registry = ScreenRunCommand.registry(adding: [Self.plugin("marvel", summary: "mine")])
    #expect(registry.names == ["github", "marvel", "shelf"])
    #expect(registry.plugin(named: "marvel")?.summary == "mine")
  }

  @Test func parsesInProcess() throws {
    let parsed = try Arguments.parse(["--width=40", "Screens/characters.json", "--param", "a=b=c", "--once"])
    #expect(parsed.command == .run(screen: "Screens/characters.json"))
    #expect(parsed.width == 40)
    #expect(parsed.parameters == ["a": "b=c"])
    #expect(parsed.once)
    #expect(try Arguments.parse(["a.json", "--check", "b.json"]).command == .check(files: ["a.json", "b.json"]))
    #expect(try Arguments.parse(["--check", "--", "-x.json"]).command == .check(files: ["-x.json"]))
    #expect(
      try Arguments.parse(["--help", "--widht"]).command == .help, "what follows --help is never read")
  }

  @Test func aUsageErrorPointsAtItsArgument() {
    #expect(throws: UsageError.self) { try Arguments.parse(["Screens/a.json", "--widht"]) }
    do {
      _ = try Arguments.parse(["Screens/a.json", "--widht"])
    } catch {
      #expect(error.argument == 1)
      #expect(error.message.suggestion == "--width")
      #expect(
        error.pointer(in: ["Screens/a.json", "--widht"], program: "screenrun")
          == "  screenrun Screens/a.json --widht\n                           ^^^^^^^")
    }
  }
}
