import ScreenKit
import Testing

@testable import ScreenRunCLI
@testable import ScreenTestRunner

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
    #expect(
      parsed
        == .run(
          RunCommand(
            screen: "Screens/characters.json", mode: .show(once: true, picture: nil), width: 40,
            parameters: ["a": "b=c"])))
    #expect(try Arguments.parse(["a.json", "--check", "b.json"]) == .check(CheckCommand(files: ["a.json", "b.json"])))
    #expect(try Arguments.parse(["--check", "--", "-x.json"]) == .check(CheckCommand(files: ["-x.json"])))
    #expect(try Arguments.parse(["--help", "--widht"]) == .help, "what follows --help is never read")
    // Each command holds its own options: a run's mode is the one its options choose.
    let output = try Arguments.parse(["s.json", "--output", "csv", "--pages", "3", "--live", "--no-cache"])
    guard case .run(let run) = output else {
      Issue.record("not a run: \(output)")
      return
    }
    #expect(run.mode == .output(.csv, pages: 3) && run.data == DataChoice(live: true, noCache: true))
    #expect(
      try Arguments.parse(["s.json"], environment: ["SCREENRUN_DATA": "live"])
        == .run(RunCommand(screen: "s.json", mode: .show(once: false, picture: nil), data: DataChoice(live: true))))
    var options = TestOptions()
    options.jobs = 2
    options.pluginPaths = ["p"]
    #expect(
      try Arguments.parse(["test", "--jobs", "2", "--plugin-path", "p"])
        == .test(ScreenTestsCommand(paths: [], options: options)))
    #expect(
      try Arguments.parse(["plugin", "check", "x", "--param", "a=1"])
        == .pluginCheck(PluginCheckInvocation(folders: ["x"], parameters: ["a": "1"])))
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
