import Foundation
import ScreenKit
import Synchronization
import TestSupport
import Testing

@testable import ScreenRunCLI
@testable import ScreenTestRunner

/// One `screenrun test` run shares what its tests can: each screen loads once for all the tests
/// that open it (a broken one too), and the tests on an external plugin start first, in a lane of
/// their own.
@Suite("screenrun test run")
struct TestRunTests {
  static let root = Screenrun.repositoryRoot.path
  /// The compiled-in plugins, as the command line hands them to a run.
  static let plugins = ScreenRunCommand.registry(adding: []).all

  /// Runs the tests in `files` (name: text) in a folder of their own, in one run.
  static func run(
    _ files: [String: String], extra: [String: String] = [:], jobs: Int = 2
  ) async throws -> (results: [TestCommand.Result], run: TestRun, folder: ScreenFolder) {
    let folder = try ScreenFolder(files.merging(extra) { $1 })
    let names = files.keys.sorted().map(folder.file)
    var options = TestOptions()
    options.jobs = jobs
    let command = TestCommand(paths: [], options: options, plugins: plugins, environment: [:])
    let run = TestRun(plugins: plugins)
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
    let run = TestRun(plugins: Self.plugins)
    func uses(_ name: String) throws -> Bool {
      try ScreenTest.load(folder.file(name)).get().usesExternalPlugin(file: folder.file(name), in: run)
    }
    #expect(try uses("plugin.screentest"))
    #expect(try !uses("compiled.screentest"))
    // The others start costliest first, ties in the order given.
    #expect(
      TestCommand.startOrder(external: [false, true, false, false, true, false], cost: [5, 1, 9, 5, 7, 0]) == [
        2, 0, 3, 5,
      ])
    #expect(TestCommand.startOrder(external: [false, false], cost: [0, 0]) == [0, 1])
  }

  /// What `readAndRun` did, step by step, as its tasks record it.
  final class Steps: Sendable {
    let events = Mutex<[String]>([])
    let running = Mutex((now: 0, most: 0))

    func begin(_ event: String) {
      events.withLock { $0.append(event) }
      running.withLock {
        $0.now += 1
        $0.most = max($0.most, $0.now)
      }
    }

    func end(_ event: String) {
      events.withLock { $0.append(event) }
      running.withLock { $0.now -= 1 }
    }
  }

  @Test(
    "reads and runs share the --jobs places; an external test runs once read, the others once all are read",
    arguments: [1, 2, 3])
  func readAndRun(jobs: Int) async {
    let external: Set<Int> = [1, 6]
    let cost = [3, 0, 8, 1, 8, 5, 0, 2, 9, 4]
    let steps = Steps()
    let values = await TestCommand.readAndRun(count: cost.count, jobs: jobs) { index in
      steps.begin("read \(index)")
      // A read after the first external test waits for it to start (as a slow read would),
      // for a while: with places to spare, it starts before the reading ends.
      if index > 1, jobs > 1 {
        for _ in 0..<10_000 where !steps.events.withLock({ $0.contains("run 1") }) { await Task.yield() }
      }
      steps.end("read \(index) done")
      let test = ScreenTest.load("/nonexistent/\(index).screentest")
      return TestCommand.Loaded(test: test, external: external.contains(index), cost: cost[index])
    } run: { index, loaded in
      steps.begin("run \(index)")
      await Task.yield()
      steps.end("run \(index) done")
      return index * 10 + (loaded.external ? 1 : 0)
    } done: { _, _ in
    }
    #expect(values == cost.indices.map { $0 * 10 + (external.contains($0) ? 1 : 0) })
    let events = steps.events.withLock { $0 }
    #expect(steps.running.withLock { $0.most } <= jobs)
    let runs = events.filter { $0.hasPrefix("run ") && !$0.hasSuffix("done") }
    #expect(Set(runs).count == cost.count && runs.count == cost.count)
    // The tests on compiled-in plugins start after the last read; one at a time, costliest first
    // (side by side, two started together may begin in either order).
    let lastRead = events.lastIndex { $0.hasPrefix("read ") && $0.hasSuffix("done") }!
    let others = runs.filter { !external.contains(Int($0.dropFirst(4))!) }
    let order = TestCommand.startOrder(external: cost.indices.map(external.contains), cost: cost)
    #expect(Set(others) == Set(order.map { "run \($0)" }))
    if jobs == 1 { #expect(others == order.map { "run \($0)" }) }
    #expect(others.allSatisfy { events.firstIndex(of: $0)! > lastRead })
    if jobs > 1 {
      #expect(events.firstIndex(of: "run 1")! < lastRead, "\(events)")
    }
  }

  @Test("tests with the same plugin folders share one discovery; other folders get their own")
  func setups() throws {
    let external = "\(Self.root)/Tests/Screens/external/plugins"
    let run = TestRun(plugins: Self.plugins)
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
