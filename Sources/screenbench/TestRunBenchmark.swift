import Foundation

/// P8: tests per second for `screenrun test` over the shipped screen tests (`Tests/Screens`), in
/// one process, against one `screenrun SCREEN --script` process per test, the shell loop a user
/// would write otherwise. Both run the same commands on the same screens: each test's settings
/// become the command line's options, and its `$` lines the script.
///
/// `screenrun test --jobs 1` is measured too, so the table says how much comes from one process
/// (no start-up, the sample data read once) and how much from running tests side by side.
struct TestRunBenchmark {
  let screenrun: String
  let runs: Int
  static let folder = "Tests/Screens"

  /// One test as a `--script` run: its command line and its script.
  struct ScriptRun {
    var arguments: [String]
    var script: String
  }

  func run() throws -> Section {
    var section = Section(
      id: "P8", title: "screen tests: screenrun test \(Self.folder) against a --script process per test")
    let tests = Self.testFiles(in: Self.folder)
    guard !tests.isEmpty else { throw ChildProcess.Failure(description: "no .screentest files in \(Self.folder)") }
    let folder = NSTemporaryDirectory() + "screenbench-p8-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var commands: [[String]] = []
    for (index, test) in tests.enumerated() {
      let run = try Self.scriptRun(test)
      let script = folder + "/\(index).script"
      try run.script.write(toFile: script, atomically: true, encoding: .utf8)
      commands.append([screenrun] + run.arguments + ["--script", script])
      if run.arguments.contains("--height") { section.notes.append("\(test): --script has no height") }
    }
    let inProcess = [screenrun, "test", Self.folder]
    let oneAtATime = inProcess + ["--jobs", "1"]
    // A test may expect a failing command (status 2) or a data error (status 1): --script ends so too.
    let accepted: Set<Int32> = [0, 1, 2]
    let perProcess = { () throws -> Double in
      try commands.reduce(0) { $0 + (try ChildProcess.time($1, acceptedStatuses: accepted, quiet: true)) }
    }
    for _ in 0..<2 {
      _ = try ChildProcess.time(inProcess)
      _ = try perProcess()
    }
    let measured = try sideBySide(
      rounds: runs, [{ try ChildProcess.time(inProcess) }, { try ChildProcess.time(oneAtATime) }, perProcess])
    let count = Double(tests.count)
    let rates = measured.map { Measurement($0.runs.map { count / $0 }) }
    section.rows.append(Row("screenrun test, \(tests.count) tests (tests/s)", .count, rates[0]))
    section.rows.append(Row("screenrun test --jobs 1 (tests/s)", .count, rates[1]))
    section.rows.append(Row("a --script process per test, one after another (tests/s)", .count, rates[2]))
    section.rows.append(
      Row("screenrun test / process per test", .ratio, Measurement.ratio(rates[0], rates[2]), goal: .atLeast(10)))
    section.rows.append(
      Row("screenrun test --jobs 1 / process per test", .ratio, Measurement.ratio(rates[1], rates[2])))
    return section
  }

  /// The `.screentest` files under `folder`, sorted.
  static func testFiles(in folder: String) -> [String] {
    let names = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
    return names.filter { $0.hasSuffix(".screentest") }.sorted().map { folder + "/" + $0 }
  }

  /// A test file's settings as `--script` options (paths made relative to here), and its commands.
  static func scriptRun(_ test: String) throws -> ScriptRun {
    let text = try String(contentsOfFile: test, encoding: .utf8)
    let base = (test as NSString).deletingLastPathComponent
    var arguments: [String] = []
    var screen: String?
    var script = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("$ ") {
        if line != "$ start" { script += line.dropFirst(2) + "\n" }
        continue
      }
      guard script.isEmpty, let colon = line.firstIndex(of: ":"), !line.hasPrefix("#"), !line.hasPrefix("|") else {
        continue
      }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      switch line[..<colon] {
      case "screen": screen = base + "/" + value
      case "param": arguments += ["--param", value]
      case "width": arguments += ["--width", value]
      case "plugin-path": arguments += ["--plugin-path", base + "/" + value, "--no-user-plugins"]
      case "height": arguments += ["--height"]
      default: break
      }
    }
    guard let screen else { throw ChildProcess.Failure(description: "\(test) names no screen") }
    return ScriptRun(arguments: [screen] + arguments.filter { $0 != "--height" }, script: script)
  }
}
