import FoundationEssentials
import PluginHost
import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenTerminal
import Synchronization

/// A test that cannot run: a broken test file, a screen that does not load, a plugin folder that
/// is not there. Each message is located (`FILE:LINE:COL: error: …`) like every other error.
struct BrokenTest: Error, Sendable {
  var messages: [String]
}

extension ScreenTest {
  /// Reads and parses the test file at `path` (a regular file only), or says where it is broken.
  static func load(_ path: String) -> Swift.Result<ScreenTest, BrokenTest> {
    switch RegularFile.contents(of: path, limit: 64 << 20) {
    case .success(let bytes):
      do {
        return .success(try ScreenTest(parsing: bytes))
      } catch {
        return .failure(BrokenTest(messages: ["\(path):\(error.line):\(error.column): error: \(error.message)"]))
      }
    case .failure(let problem):
      return .failure(BrokenTest(messages: ["\(path): error: \(problem.message(expecting: "a test file"))"]))
    }
  }

  /// Runs the test's commands as `screenrun SCREEN --script` runs a script, on a virtual clock
  /// and a screen of its own: the output of each command that ran, `start` first. A command that
  /// fails ends the run there, with its error and status 2; a data error shown by the last frame
  /// ends it with status 1, as `--script` does.
  ///
  /// `file` is the test's path, which the screen and plugin paths are relative to. Its screens
  /// come from the run's cache; its external plugins' processes are its own. Needs no actor:
  /// tests run side by side, one per task. With `pictures`, each output keeps its frame as a
  /// value (`Output.picture`).
  func run(file: String, in testRun: TestRun, environment: [String: String], pictures: Bool = false)
    async throws(BrokenTest) -> [Output]
  {
    let clock = VirtualScheduler()
    guard let now = settings.now else {
      return try await run(file: file, in: testRun, environment: environment, clock: clock, pictures: pictures)
    }
    // The templates' clock starts at the test's `now` and moves with its virtual clock, so a
    // refresh after `wait 60000` reads a minute later.
    let templateClock = TemplateClock {
      let elapsed = clock.now.components
      return now + Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }
    let result = await TemplateClock.$current.withValue(templateClock) {
      () async -> Swift.Result<[Output], BrokenTest> in
      do throws(BrokenTest) {
        return .success(
          try await run(file: file, in: testRun, environment: environment, clock: clock, pictures: pictures))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private func run(
    file: String, in testRun: TestRun, environment: [String: String], clock: VirtualScheduler, pictures: Bool
  ) async throws(BrokenTest) -> [Output] {
    let screen = Self.path(settings.screen, relativeTo: Self.folder(of: file))
    let sources = ExternalSources()
    let loader = try makeLoader(file: file, in: testRun, sources: sources)
    defer { sources.stopAll() }
    // The test's own plugins' secrets are masked whichever plugin echoes them, as in a run.
    loader.registry.registerSecrets(from: environment)

    let context = PluginContext(mode: settings.live ? .live : .sample, environment: environment)
    let navigator = Navigator(loader: loader, context: context, scheduler: clock)
    var parameters: [String: String] = [:]
    for parameter in settings.parameters { parameters[parameter.name] = parameter.value }
    do {
      try navigator.open(screen, parameters: parameters)
    } catch {
      // A data source that cannot start is what the screen shows (status 1, as with --script);
      // a screen that does not load breaks the test.
      guard case .dataSource = error else {
        throw BrokenTest(
          messages: [
            "\(file):\(settings.screenLine):1: error: the screen '\(settings.screen)' does not load"
          ] + Self.lines(of: error.description))
      }
      return [Output(errors: Self.errorLines(error.description), exit: 1)]
    }
    let runner = ScriptRunner(
      navigator: navigator, clock: clock,
      options: RenderOptions(
        width: settings.width, height: settings.height, glyphs: settings.ascii ? .ascii : .unicode))
    await navigator.settle()
    let frame = { settings.styles ? runner.frameValue()?.markup ?? "" : runner.frame() }
    let output = { Output(frame: Self.shown(frame()), picture: pictures ? runner.frameValue() : nil) }
    var outputs = [output()]
    for block in blocks.dropFirst() {
      do {
        guard let command = try Script.command(fromLine: block.command, number: block.line, kinds: navigator.kinds)
        else {
          outputs.append(Output())
          continue
        }
        if command == .quit {
          outputs.append(Output())
          break
        }
        try await runner.run(command, line: block.line)
        outputs.append(output())
      } catch {
        outputs.append(Output(errors: Self.errorLines(error.message), exit: 2))
        return outputs
      }
    }
    if let error = navigator.current?.error {
      outputs[outputs.count - 1].errors = Self.errorLines(error.description)
      outputs[outputs.count - 1].exit = 1
    }
    return outputs
  }

  /// Whether the test's screen takes its data from an external plugin, whose start (a process)
  /// is the slowest part of a test. Loads the screen into the run's cache, where the test takes
  /// it from; a test that cannot tell (a broken screen) does not.
  func usesExternalPlugin(file: String, in testRun: TestRun) -> Bool {
    let setup = testRun.setup(pluginFolders: pluginFolders(file: file))
    guard !setup.manifests.isEmpty else { return false }
    let loader = testRun.loader(setup, sources: ExternalSources())
    let screen = Self.path(settings.screen, relativeTo: Self.folder(of: file))
    guard let spec = try? loader.load(screen) else { return false }
    return setup.manifests.contains { $0.name == spec.source.plugin }
  }

  /// The test's plugin folders, resolved.
  private func pluginFolders(file: String) -> [String] {
    settings.pluginPaths.map { Self.path($0, relativeTo: Self.folder(of: file)) }
  }

  /// The test's loader: the shipped plugins, those the run adds, and the external ones in the
  /// test's plugin folders and the shipped places (never the user's), each external source kept
  /// in `sources` to be stopped after the test.
  private func makeLoader(file: String, in testRun: TestRun, sources: ExternalSources) throws(BrokenTest)
    -> ScreenLoader
  {
    let folders = pluginFolders(file: file)
    var problems: [String] = []
    for (index, resolved) in folders.enumerated() {
      var isFolder = false
      if !FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder) || !isFolder {
        problems.append(
          "\(file):\(settings.pluginPathLines[index]):1: error: the plugin path '\(settings.pluginPaths[index])' "
            + "is not a folder (\(resolved))")
      }
    }
    let setup = testRun.setup(pluginFolders: folders)
    problems += setup.problems
    guard problems.isEmpty else { throw BrokenTest(messages: problems) }
    return testRun.loader(setup, sources: sources)
  }

  /// The folder of a test file, which its paths are relative to.
  static func folder(of file: String) -> String {
    file.deletingLastPathComponent
  }

  /// What `--script` prints of a frame: neutralized and with every secret redacted.
  static func shown(_ text: String) -> String {
    String(decoding: TerminalWriter.bytes(of: TerminalText(untrusted: text)), as: UTF8.self)
  }

  /// An error message as the stderr lines of a test: `error: MESSAGE`, shown as `--script` shows it.
  static func errorLines(_ message: String) -> [String] {
    var lines = Self.lines(of: shown("error: " + message))
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// `path` from `folder`, with `.` and `name/..` taken out; an absolute path as it is.
  static func path(_ path: String, relativeTo folder: String) -> String {
    let joined = path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    let result = parts.joined(separator: "/")
    return joined.hasPrefix("/") ? "/" + result : (result.isEmpty ? "." : result)
  }
}

/// The external plugins' sources a test made, to be stopped when it ends.
final class ExternalSources: Sendable {
  private let sources = Mutex<[ExternalSource]>([])

  func add(_ source: ExternalSource) { sources.withLock { $0.append(source) } }

  func stopAll() {
    for source in sources.withLock({ $0 }) { source.stop() }
  }
}
