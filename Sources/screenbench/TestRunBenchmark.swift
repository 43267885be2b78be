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
  /// With `--smoke`: how many tests on compiled-in plugins to run (and every external one), so
  /// that CI checks the benchmark in seconds; nil for all.
  var smokeTests: Int? = nil
  static let folder = "Tests/Screens"

  /// One test as a `--script` run: its command line and its script.
  struct ScriptRun {
    var arguments: [String]
    var script: String
    /// Whether the test draws its frames at a height, which --script cannot.
    var height = false
  }

  func run() throws -> Section {
    var section = Section(
      id: "P8", title: "screen tests: screenrun test \(Self.folder) against a --script process per test")
    var tests = Self.testFiles(in: Self.folder)
    if let smokeTests {
      let usesExternal = try tests.map { try Self.scriptRun($0).arguments.contains("--plugin-path") }
      let compiledIn = tests.indices.filter { !usesExternal[$0] }.prefix(smokeTests)
      tests = tests.indices.filter { usesExternal[$0] || compiledIn.contains($0) }.map { tests[$0] }
    }
    guard !tests.isEmpty else { throw ChildProcess.Failure(description: "no .screentest files in \(Self.folder)") }
    let folder = NSTemporaryDirectory() + "screenbench-p8-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var commands: [[String]] = []
    var external: Set<Int> = []
    for (index, test) in tests.enumerated() {
      let run = try Self.scriptRun(test)
      let script = folder + "/\(index).script"
      try run.script.write(toFile: script, atomically: true, encoding: .utf8)
      commands.append([screenrun] + run.arguments + ["--script", script])
      if run.arguments.contains("--plugin-path") { external.insert(index) }
      if run.height { section.notes.append("\(test): --script has no height; its process draws the frames without it") }
    }
    // The tests on compiled-in plugins alone: an external plugin's start-up (a Python process)
    // is paid the same in both ways, and bounds the ratio over all the tests.
    let compiledIn = tests.indices.filter { !external.contains($0) }
    // A test may expect a failing command (status 2) or a data error (status 1): --script ends so too.
    func perProcess(_ indices: [Int]) -> () throws -> Double {
      {
        try indices.reduce(0) {
          $0 + (try ChildProcess.time(commands[$1], acceptedStatuses: [0, 1, 2], quiet: true))
        }
      }
    }
    func inProcess(_ indices: [Int], jobs: [String] = []) -> () throws -> Double {
      { try ChildProcess.time([screenrun, "test"] + indices.map { tests[$0] } + jobs) }
    }
    let contenders = [
      inProcess(Array(tests.indices)), perProcess(Array(tests.indices)),
      inProcess(Array(tests.indices), jobs: ["--jobs", "1"]), inProcess(compiledIn), perProcess(compiledIn),
    ]
    for contender in contenders { _ = try contender() }
    let measured = try sideBySide(rounds: runs, contenders)
    let counts = [tests.count, tests.count, tests.count, compiledIn.count, compiledIn.count].map(Double.init)
    let rates = zip(measured, counts).map { measurement, count in Measurement(measurement.runs.map { count / $0 }) }
    section.rows += [
      Row("screenrun test, all \(tests.count) tests (tests/s)", .count, rates[0]),
      Row("a --script process per test, one after another (tests/s)", .count, rates[1]),
      Row("screenrun test / process per test", .ratio, Measurement.ratio(rates[0], rates[1]), goal: .atLeast(10)),
      Row("screenrun test --jobs 1 (tests/s)", .count, rates[2]),
      Row("screenrun test --jobs 1 / process per test", .ratio, Measurement.ratio(rates[2], rates[1])),
      Row("screenrun test, the \(compiledIn.count) on compiled-in plugins (tests/s)", .count, rates[3]),
      Row("a --script process per test, the same \(compiledIn.count) (tests/s)", .count, rates[4]),
      Row("compiled-in plugins: screenrun test / process per test", .ratio, Measurement.ratio(rates[3], rates[4])),
    ]
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
    var height = false
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
      case "height": height = true
      default: break
      }
    }
    guard let screen else { throw ChildProcess.Failure(description: "\(test) names no screen") }
    return ScriptRun(arguments: [screen] + arguments, script: script, height: height)
  }
}
