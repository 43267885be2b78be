import FoundationEssentials
import ScreenKit
import ScreenRuntime
import ScreenSystem
import ScreenTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `screenrun test [PATH...]`: finds `.screentest` files, runs them side by side in this process,
/// prints a line for each and a summary, and exits 0 when all pass, 1 when one fails, and 2 when
/// one cannot run (a broken test file or screen), 2 winning.
package struct TestCommand {
  var paths: [String]
  var options: TestOptions
  /// The compiled-in plugins: the shipped ones, with those `ScreenRun.main(plugins:)` adds in their
  /// place (the command line's registry).
  var plugins: [Plugin]
  var environment: [String: String]

  package init(paths: [String], options: TestOptions, plugins: [Plugin], environment: [String: String]) {
    self.paths = paths
    self.options = options
    self.plugins = plugins
    self.environment = environment
  }

  /// The folder searched when no path is given.
  static let defaultPath = "."

  /// The name of the running executable, as the accept command that a failing test prints names
  /// it: the last part of `argv[0]` (`weatherrun` for a package's own executable made with
  /// `ScreenRun.main`), or `screenrun` when the process was started with an empty `argv[0]`.
  static var program: String {
    let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
    return name.isEmpty || name == "/" ? "screenrun" : name
  }

  /// How one test came out.
  struct Result: Sendable {
    enum Verdict: Sendable {
      case passed
      /// The output differs; the actual one is in the pending file.
      case failed([BlockDiff])
      /// The test holds no expected output; the actual one is in the pending file.
      case new
      /// `--update` rewrote its expected output.
      case updated([BlockDiff])
      /// It cannot run: located messages.
      case broken([String])
    }

    var name: String
    var verdict: Verdict
    var pending: String?
    /// Said on stderr after the result's line: a transcript grown past `largeTranscript`.
    var warnings: [String] = []
  }

  /// A transcript larger than this, of a test without `height`, is warned about: without one,
  /// every frame holds every row loaded so far, so a long test's transcript grows as the square
  /// of its commands (4,000 `key Down` lines wrote 189 MB).
  static let largeTranscript = 1 << 20

  /// A command whose output differs, and how.
  struct BlockDiff: Sendable {
    var command: String
    /// The command's line in the test file (0 for a `start` it leaves out).
    var line: Int
    /// Why the output is missing, when the command did not run.
    var note: String?
    var diff: TranscriptDiff
  }

  /// Whether a test's path holds the `--filter` text, ignoring case (Unicode's lowercasing, in
  /// any locale the same).
  static func path(_ path: String, holds filter: String) -> Bool {
    filter.isEmpty || path.lowercased().contains(filter.lowercased())
  }

  package func run() async -> ExitCode {
    if options.accept {
      guard options.pictures == nil else {
        Output.error("screenrun: error: --pictures does not go with --accept, which runs no test")
        return .usage
      }
      return accept()
    }
    for folder in options.pluginPaths {
      var isFolder = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder else {
        Output.error("screenrun: error: --plugin-path '\(folder)' is not a folder")
        return .usage
      }
    }
    let (names, missing) = Self.find(paths.isEmpty ? [Self.defaultPath] : paths, suffix: "." + ScreenTest.fileExtension)
    for path in missing { Output.error("\(path): error: no such test file or folder") }
    let selected = names.filter { name in options.filter.map { Self.path(name, holds: $0) } ?? true }
    guard !selected.isEmpty else {
      let looked = (paths.isEmpty ? [Self.defaultPath] : paths).joined(separator: ", ")
      let filter = options.filter.map { " whose path holds '\($0)'" } ?? ""
      Output.error("screenrun: error: no .screentest files\(filter) in \(looked)")
      return .usage
    }
    if let folder = options.pictures, let problem = Self.picturesProblem(folder, tests: selected) {
      Output.error("screenrun: error: --pictures: \(problem)")
      return .usage
    }
    let colour = Theme.colorsDiff(options.color, terminal: isatty(STDOUT_FILENO) == 1, environment: environment)
    let testRun = TestRun(plugins: plugins, pluginFolders: options.pluginPaths)
    let results = await runAll(selected, in: testRun) { result in Self.report(result, colour: colour) }
    var code: ExitCode = missing.isEmpty ? .ok : .usage
    for result in results {
      switch result.verdict {
      case .broken: code = .usage
      case .failed, .new: if code == .ok { code = .failure }
      case .passed, .updated: break
      }
    }
    Output.write(Self.summary(results))
    if let junit = options.junit {
      do {
        try OutputFile.write(Array(JUnitReport.xml(results).utf8), to: junit)
      } catch {
        Output.error("\(junit): error: cannot write the JUnit report: \(error)")
        code = .usage
      }
    }
    return code
  }

  /// Runs the tests, `jobs` at a time, and hands each result to `report` in the order of `names`
  /// as soon as it and every one before it are done.
  ///
  /// Each test file is read first, and its screen loaded into `testRun`'s cache, to find the
  /// tests whose screen takes its data from an external plugin: such a test starts as soon as its
  /// file is read, in a lane of its own, so that the wait for its plugin's process overlaps the
  /// reading of the other files and the other tests rather than holding their places. The other
  /// tests start once every file is read, longest first (by how much output they expect), so the
  /// run does not end on one long test while the other places stand idle.
  func runAll(_ names: [String], in testRun: TestRun, report: (Result) -> Void) async -> [Result] {
    let jobs = max(1, options.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    let (options, environment) = (options, environment)
    var results = [Result?](repeating: nil, count: names.count)
    var reported = 0
    return await Self.readAndRun(count: names.count, jobs: jobs) { index in
      let test = ScreenTest.load(names[index])
      let external = (try? test.get())?.usesExternalPlugin(file: names[index], in: testRun) ?? false
      return Loaded(test: test, external: external, cost: (try? test.get())?.expectedSize ?? 0)
    } run: { index, loaded in
      await Self.test(names[index], loaded.test, options: options, in: testRun, environment: environment)
    } done: { index, result in
      results[index] = result
      while reported < names.count, let result = results[reported] {
        report(result)
        reported += 1
      }
    }
  }

  /// A test file as read: the test, whether it is on an external plugin, and its cost.
  struct Loaded: Sendable {
    var test: Swift.Result<ScreenTest, BrokenTest>
    var external: Bool
    var cost: Int
  }

  /// The order the tests that are not on an external plugin start in: the costliest first, ties
  /// in the order given.
  static func startOrder(external: [Bool], cost: [Int]) -> [Int] {
    external.indices.filter { !external[$0] }.sorted { cost[$0] != cost[$1] ? cost[$0] > cost[$1] : $0 < $1 }
  }

  /// What one task of `readAndRun` did: read a test, or ran one.
  enum Step<Value: Sendable>: Sendable {
    case read(Int, Loaded)
    case ran(Int, Value)
  }

  /// Reads each of `count` tests (`read`, in index order) and runs it (`run`), `jobs` at a time
  /// in all, reads and runs together. A test on an external plugin runs as soon as it is read;
  /// the others once every test is read, in `startOrder`. A place that frees goes to the
  /// external lane and the rest (reads, then the other tests) by turns, so neither holds every
  /// place. `done` is told of each run as it ends. The results by index.
  static func readAndRun<Value: Sendable>(
    count: Int, jobs: Int, read: @escaping @Sendable (Int) async -> Loaded,
    run: @escaping @Sendable (Int, Loaded) async -> Value, done: (Int, Value) -> Void
  ) async -> [Value] {
    await withTaskGroup(of: Step<Value>.self) { group in
      var loaded = [Loaded?](repeating: nil, count: count)
      var values = [Value?](repeating: nil, count: count)
      var (nextRead, reads) = (0, 0)
      var external: [Int] = []
      var externalStarted = 0
      var others: [Int]? = count == 0 ? [] : nil
      var othersStarted = 0
      var externalsTurn = false
      /// Starts the next read or test; false when none can start now.
      func startNext() -> Bool {
        let externalReady = externalStarted < external.count
        let otherReady = nextRead < count || othersStarted < (others?.count ?? 0)
        guard externalReady || otherReady else { return false }
        if externalReady && (externalsTurn || !otherReady) {
          let index = external[externalStarted]
          let test = loaded[index]!
          group.addTask { .ran(index, await run(index, test)) }
          externalStarted += 1
          externalsTurn = false
        } else if nextRead < count {
          let index = nextRead
          group.addTask { .read(index, await read(index)) }
          nextRead += 1
          externalsTurn = true
        } else if let others {
          let index = others[othersStarted]
          let test = loaded[index]!
          group.addTask { .ran(index, await run(index, test)) }
          othersStarted += 1
          externalsTurn = true
        }
        return true
      }
      var running = 0
      while running < jobs, startNext() { running += 1 }
      while let outcome = await group.next() {
        running -= 1
        switch outcome {
        case .read(let index, let test):
          loaded[index] = test
          reads += 1
          if test.external { external.append(index) }
          if reads == count {
            others = startOrder(external: loaded.map { $0!.external }, cost: loaded.map { $0!.cost })
          }
        case .ran(let index, let value):
          values[index] = value
          done(index, value)
        }
        while running < jobs, startNext() { running += 1 }
      }
      return values.map { $0! }
    }
  }

  /// Runs and judges one test, read from its file as `loaded`; writes its pending file or, with
  /// `--update`, the test.
  static func test(
    _ name: String, _ loaded: Swift.Result<ScreenTest, BrokenTest>, options: TestOptions, in testRun: TestRun,
    environment: [String: String]
  ) async -> Result {
    let test: ScreenTest
    switch loaded {
    case .success(let loaded): test = loaded
    case .failure(let broken): return Result(name: name, verdict: .broken(broken.messages))
    }
    var actual: ScreenTest
    do {
      actual = test.replacingOutputs(
        try await test.run(file: name, in: testRun, environment: environment, pictures: options.pictures != nil))
    } catch {
      return Result(name: name, verdict: .broken(error.messages))
    }
    if let folder = options.pictures {
      if let problem = writePictures(of: actual, named: name, to: folder) {
        return Result(name: name, verdict: .broken([problem]))
      }
      for index in actual.blocks.indices { actual.blocks[index].output.picture = nil }
    }
    let pending = name + "." + ScreenTest.pendingExtension
    let warnings = Self.warnings(about: actual, of: test)
    func save(_ text: String, to path: String) -> String? {
      if path == pending, let kind = Self.notRegular(pending) {
        return "\(path): error: the pending file's place holds \(kind), not a regular file; "
          + "remove it, and the next run writes the pending output there"
      }
      // A test cut short by a signal (its plugin stopped) leaves no transcript to accept.
      SignalEnding.holdIfEnding()
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return nil
      } catch {
        return "\(path): error: cannot write: \(SystemError.describe(error))"
      }
    }
    if test.isUnrecorded {
      if let problem = save(actual.text, to: pending) { return Result(name: name, verdict: .broken([problem])) }
      return Result(name: name, verdict: .new, pending: pending, warnings: warnings)
    }
    if actual.blocks.map(\.output) == test.blocks.map(\.output) {
      if Self.notRegular(pending) == nil { try? FileManager.default.removeItem(atPath: pending) }
      return Result(name: name, verdict: .passed, warnings: warnings)
    }
    let diffs = Self.diffs(expected: test, actual: actual)
    if options.update {
      if let problem = save(actual.text, to: name) { return Result(name: name, verdict: .broken([problem])) }
      if Self.notRegular(pending) == nil { try? FileManager.default.removeItem(atPath: pending) }
      return Result(name: name, verdict: .updated(diffs), warnings: warnings)
    }
    if let problem = save(actual.text, to: pending) { return Result(name: name, verdict: .broken([problem])) }
    return Result(name: name, verdict: .failed(diffs), pending: pending, warnings: warnings)
  }

  // MARK: - Pictures

  /// The name of the pictures of the test at `path`: its file's name without `.screentest`.
  static func pictureName(_ path: String) -> String {
    String(path.lastPathComponent.dropLast(ScreenTest.fileExtension.count + 1))
  }

  /// Why `--pictures` cannot write into `folder` for `tests`, or nil once the folder is there
  /// (made if missing): two tests of one name would write the same files.
  static func picturesProblem(_ folder: String, tests: [String]) -> String? {
    var seen: [String: String] = [:]
    for test in tests {
      let name = pictureName(test)
      if let other = seen[name] {
        return "\(other) and \(test) would both write \(name)-1.svg, …; run them apart, or choose with --filter"
      }
      seen[name] = test
    }
    var status = stat()
    if stat(folder, &status) == 0 {
      return status.st_mode & S_IFMT == S_IFDIR ? nil : "'\(folder)' is not a folder"
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      return nil
    } catch {
      return "cannot make the folder '\(folder)': \(SystemError.describe(error))"
    }
  }

  /// Writes each frame of `actual`, the test at `path` as it ran, as `NAME-N.svg` in `folder`,
  /// drawn at the test's width (and height) in its glyphs; the problem, if one cannot be written.
  static func writePictures(of actual: ScreenTest, named path: String, to folder: String) -> String? {
    let name = pictureName(path)
    for (index, block) in actual.blocks.enumerated() {
      guard let frame = block.output.picture else { continue }
      let settings = actual.settings
      let picture = FramePicture.draw(
        frame, as: .svg, columns: settings.width, rows: settings.height, glyphs: settings.ascii ? .ascii : .unicode)
      let file = folder + "/\(name)-\(index + 1).svg"
      do {
        try OutputFile.write(Array(SecretRegistry.shared.redact(picture).utf8), to: file)
      } catch {
        return "\(file): error: cannot write the picture: \(error)"
      }
    }
    return nil
  }

  /// The warning for a transcript past `largeTranscript` when the test has no `height`.
  static func warnings(about actual: ScreenTest, of test: ScreenTest) -> [String] {
    guard test.settings.height == nil else { return [] }
    let size = actual.text.utf8.count
    guard size > largeTranscript else { return [] }
    let megabytes = (Double(size) / Double(1 << 20) * 10).rounded() / 10
    return [
      "the transcript is \(megabytes) MiB (over \(largeTranscript >> 20) MiB): without 'height', every frame "
        + "holds every row loaded; add 'height: 24' to show only what a terminal of 24 lines shows"
    ]
  }

  /// What stands at `path` when it is there and is not a regular file (`a symbolic link`, `a FIFO`),
  /// or nil. A pending file is only ever a regular file beside its test: anything else in its
  /// place is neither written through, replaced, removed nor accepted.
  static func notRegular(_ path: String) -> String? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFLNK: return "a symbolic link"
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFSOCK: return "a socket"
    default: return "something other than a file"
    }
  }

  /// The commands whose output differs, each with a diff of its lines in the test file.
  static func diffs(expected: ScreenTest, actual: ScreenTest) -> [BlockDiff] {
    var diffs: [BlockDiff] = []
    for (index, block) in expected.blocks.enumerated() {
      let output = index < actual.blocks.count ? actual.blocks[index].output : nil
      if output == block.output { continue }
      let first = block.line + 1
      diffs.append(
        BlockDiff(
          command: block.command, line: block.line,
          note: output == nil ? "not run: the run ended before this command" : nil,
          diff: TranscriptDiff(old: block.output.lines, new: output?.lines ?? [], oldStart: first, newStart: first)))
    }
    return diffs
  }

  // MARK: - Finding tests

  /// The files under `paths` whose names end with `suffix` (a folder is searched recursively,
  /// leaving out hidden folders), sorted, and the paths that do not exist.
  static func find(_ paths: [String], suffix: String) -> (files: [String], missing: [String]) {
    var files: [String] = []
    var missing: [String] = []
    func search(_ folder: String, depth: Int) {
      guard depth < 64, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
      for name in names.sorted() where !name.hasPrefix(".") {
        let path = folder == "." ? name : folder + "/" + name
        var status = stat()
        guard lstat(path, &status) == 0 else { continue }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: search(path, depth: depth + 1)
        case S_IFREG, S_IFLNK: if name.hasSuffix(suffix) { files.append(path) }
        default: break
        }
      }
    }
    for path in paths {
      var isFolder = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        missing.append(path)
        continue
      }
      if isFolder {
        let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        search(folder, depth: 0)
      } else {
        files.append(path)
      }
    }
    var seen: Set<String> = []
    return (files.filter { seen.insert($0).inserted }, missing)
  }

  // MARK: - Reporting

  /// The line a result prints, and what follows it: the diff, or where the pending output is.
  static func report(_ result: Result, colour: Bool) {
    var text = TerminalText()
    func line(_ words: String, _ color: TerminalControl.Color?, _ rest: String) {
      if colour, let color { text.append(.foreground(color)) }
      text.append(untrusted: words)
      if colour, color != nil { text.append(.resetStyle) }
      text.append(untrusted: rest + "\n")
    }
    switch result.verdict {
    case .passed:
      line("ok     ", .green, " " + result.name)
    case .failed(let diffs):
      line("FAIL   ", .red, " " + result.name)
      text.append(render(diffs, colour: colour))
      text.append(
        untrusted: "  the actual output is in \(result.pending ?? ""); accept it with "
          + "'\(Self.program) test --accept \(result.name)', or fix the screen\n")
    case .new:
      line("NEW    ", .yellow, " " + result.name)
      text.append(
        untrusted: "  no expected output yet; the output is in \(result.pending ?? ""): "
          + "review it and accept it with '\(Self.program) test --accept \(result.name)'\n")
    case .updated(let diffs):
      line("updated", .yellow, " " + result.name)
      text.append(render(diffs, colour: colour))
    case .broken(let messages):
      line("BROKEN ", .red, " " + result.name)
      for message in messages { Output.error(message) }
    }
    TerminalWriter.write(text)
    for warning in result.warnings { Output.error("\(result.name): warning: \(warning)") }
  }

  /// The diffs under their commands, with what cannot be seen made visible; in colour on a
  /// terminal.
  static func render(_ diffs: [BlockDiff], colour: Bool) -> TerminalText {
    var text = TerminalText()
    func styled(_ line: String, _ color: TerminalControl.Color?) {
      text.append(untrusted: "  ")
      if colour, let color { text.append(.foreground(color)) }
      text.append(untrusted: line)
      if colour, color != nil { text.append(.resetStyle) }
      text.append(untrusted: "\n")
    }
    for diff in diffs {
      styled("$ " + Visible.marked(diff.command) + (diff.line > 0 ? "  (line \(diff.line))" : ""), nil)
      if let note = diff.note { styled(note, nil) }
      for hunk in diff.diff.hunks {
        styled(hunk.header, .cyan)
        for line in hunk.lines {
          switch line {
          case .kept(let content): styled(" " + Visible.marked(content), nil)
          case .removed(let content): styled("-" + Visible.marked(content), .red)
          case .added(let content): styled("+" + Visible.marked(content), .green)
          }
        }
      }
    }
    return text
  }

  /// The diffs as plain text (the JUnit report's).
  static func plain(_ diffs: [BlockDiff]) -> String {
    String(decoding: TerminalWriter.bytes(of: render(diffs, colour: false)), as: UTF8.self)
  }

  /// `12 tests: 10 passed, 1 failed, 1 broken`, and what to do about pending output.
  static func summary(_ results: [Result]) -> String {
    var (passed, failed, new, updated, broken) = (0, 0, 0, 0, 0)
    for result in results {
      switch result.verdict {
      case .passed: passed += 1
      case .failed: failed += 1
      case .new: new += 1
      case .updated: updated += 1
      case .broken: broken += 1
      }
    }
    var parts = ["\(passed) passed", "\(failed) failed"]
    if new > 0 { parts.append("\(new) new") }
    if updated > 0 { parts.append("\(updated) updated") }
    parts.append("\(broken) broken")
    var text = "\(results.count) test\(results.count == 1 ? "" : "s"): " + parts.joined(separator: ", ") + "\n"
    if failed + new > 0 {
      text += "review the pending output (NAME.screentest.pending) and accept it: \(program) test --accept\n"
    }
    return text
  }
}
