import Foundation
import ScreenKit
import TestSupport
import Testing

@testable import ScreenRunCLI

/// One `screenrun test` run shares what its tests can: each screen loads once for all the tests
/// that open it (a broken one too), and the tests on an external plugin start first, in a lane of
/// their own.
@Suite("screenrun test run")
struct TestRunTests {
  static let root = Screenrun.repositoryRoot.path

  /// Runs the tests in `files` (name: text) in a folder of their own, in one run.
  static func run(
    _ files: [String: String], extra: [String: String] = [:], jobs: Int = 2
  ) async throws -> (results: [TestCommand.Result], run: TestRun, folder: ScreenFolder) {
    let folder = try ScreenFolder(files.merging(extra) { $1 })
    let names = files.keys.sorted().map(folder.file)
    let command = TestCommand(paths: [], options: TestOptions(jobs: jobs), plugins: [], environment: [:])
    let run = TestRun(plugins: [])
    let results = await command.runAll(names, in: run) { _ in }
    return (results, run, folder)
  }

  static func verdict(_ result: TestCommand.Result) -> String {
    switch result.verdict {
    case .passed: "passed"
    case .failed: "failed"
    case .new: "new"
    case .updated: "updated"
    case .broken(let messages): "broken: " + messages.joined(separator: "\n")
    }
  }

  @Test("two tests of one screen load it, and the screen it opens, once", arguments: [1, 2])
  func oneLoadAScreen(jobs: Int) async throws {
    let test = "screen: \(Self.root)/Screens/characters.json\nwidth: 60\n$ open 1\n$ back\n"
    let (results, run, folder) = try await Self.run(["a.screentest": test, "b.screentest": test], jobs: jobs)
    #expect(results.map(Self.verdict) == ["new", "new"])
    #expect(run.screenLoads == 1, "characters.json, and character.json as the screen it selects")
    let pending = try String(contentsOfFile: folder.file("a.screentest.pending"), encoding: .utf8)
    #expect(pending.contains("$ open 1\n| 3-D Man\n"), "\(pending)")
    #expect(try String(contentsOfFile: folder.file("b.screentest.pending"), encoding: .utf8) == pending)
  }

  @Test("a broken screen used by two tests gives both its located error, and is read once")
  func brokenScreen() async throws {
    let test = "screen: broken.json\n$ start\n"
    let (results, run, folder) = try await Self.run(
      ["a.screentest": test, "b.screentest": test], extra: ["broken.json": "{\n  \"kind\": \"list\",,\n}"])
    #expect(run.screenLoads == 1)
    let messages = results.map { result -> [String] in
      guard case .broken(let messages) = result.verdict else { return [] }
      return messages
    }
    #expect(messages.count == 2 && messages.allSatisfy { $0.count == 2 }, "\(messages)")
    #expect(messages[0].first == folder.file("a.screentest") + ":1:1: error: the screen 'broken.json' does not load")
    #expect(messages[1].first == folder.file("b.screentest") + ":1:1: error: the screen 'broken.json' does not load")
    #expect(messages[0].last == messages[1].last)
    #expect(messages[0].last?.hasPrefix(folder.file("broken.json") + ":2:") == true, "\(messages)")
    #expect(messages[0].last?.contains("error: invalid JSON") == true, "\(messages)")
  }

  @Test("a test on an external plugin is known before it runs, and runs in a lane of its own")
  func externalFirst() throws {
    let external = "\(Self.root)/Tests/Screens/external"
    let folder = try ScreenFolder([
      "plugin.screentest": "screen: \(external)/items.json\nplugin-path: \(external)/plugins\n",
      "compiled.screentest": "screen: \(Self.root)/Screens/characters.json\n",
    ])
    let run = TestRun(plugins: [])
    func uses(_ name: String) throws -> Bool {
      try ScreenTest.load(folder.file(name)).get().usesExternalPlugin(file: folder.file(name), in: run)
    }
    #expect(try uses("plugin.screentest"))
    #expect(try !uses("compiled.screentest"))
    #expect(TestCommand.lanes(external: [false, true, false, true]) == [[1, 3], [0, 2]])
    #expect(TestCommand.lanes(external: [false, false]) == [[], [0, 1]])
    // The others start costliest first, ties in the order given; the external lane keeps its order.
    #expect(
      TestCommand.lanes(external: [false, true, false, false, true, false], cost: [5, 1, 9, 5, 7, 0])
        == [[1, 4], [2, 0, 3, 5]])
  }

  @Test("tests with the same plugin folders share one discovery; other folders get their own")
  func setups() throws {
    let external = "\(Self.root)/Tests/Screens/external/plugins"
    let run = TestRun(plugins: [])
    let none = run.setup(pluginFolders: [])
    let fixture = run.setup(pluginFolders: [external])
    #expect(!none.manifests.contains { $0.name == "fixture" })
    #expect(fixture.manifests.contains { $0.name == "fixture" })
    #expect(run.setup(pluginFolders: [external]).screens === fixture.screens)
    #expect(none.screens !== fixture.screens)
    // Each test's registry makes its own sources: no test sees another's plugin process.
    let (first, second) = (ExternalSources(), ExternalSources())
    let registries = [run.loader(fixture, sources: first).registry, run.loader(fixture, sources: second).registry]
    #expect(registries[0] !== registries[1])
    #expect(registries.allSatisfy { $0.plugin(named: "fixture") != nil && $0.plugin(named: "marvel") != nil })
  }
}
