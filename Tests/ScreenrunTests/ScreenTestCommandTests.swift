import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `screenrun test` through the built tool: exit codes (2 wins), failures with diffs, pending
/// files, `--update`, `--accept`, `--junit`, `--filter`, and tests run side by side.
@Suite("screenrun test")
struct ScreenTestCommandTests {
  /// A temporary folder of test files, whose screens are the shipped ones.
  final class Folder {
    let url: URL

    init(_ files: [String: String]) throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent("screentest-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      for (name, text) in files { try write(name, text) }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws {
      let file = url.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func read(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    /// Runs `screenrun test` in this folder.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessResult {
      try await Screenrun.run(["test"] + arguments, in: url, environment: environment, timeout: .seconds(60))
    }
  }

  static let screens = Screenrun.repositoryRoot.appendingPathComponent("Screens").path

  /// A test's head: the shipped characters screen at 60 columns.
  static func head(_ screen: String = "characters.json", _ extra: String = "") -> String {
    "screen: \(screens)/\(screen)\nwidth: 60\n\(extra)"
  }

  /// A test recorded by the tool itself: written new, then accepted.
  static func recorded(_ commands: String, in folder: Folder, as name: String) async throws -> String {
    try folder.write(name, head() + commands)
    let first = try await folder.run([name])
    #expect(first.exitCode == 1, "\(first)")
    let accepted = try await folder.run(["--accept", name])
    #expect(accepted.exitCode == 0 && accepted.standardOutput.contains("accepted \(name)"), "\(accepted)")
    return try #require(folder.read(name))
  }

  @Test("a new test fails, is written as pending, and passes only once accepted")
  func newTestIsPending() async throws {
    let folder = try Folder(["a.screentest": Self.head() + "$ search iron\n"])
    for attempt in 1...2 {
      let result = try await folder.run([])
      #expect(result.exitCode == 1, "attempt \(attempt): \(result)")
      #expect(result.stdoutLines.first == "NEW     a.screentest", "\(result)")
      #expect(result.standardOutput.contains("review it and accept it"), "\(result)")
      #expect(folder.read("a.screentest") == Self.head() + "$ search iron\n", "the test itself is left alone")
      let pending = try #require(folder.read("a.screentest.pending"))
      #expect(pending.contains("$ start\n| Marvel Characters\n") && pending.contains("$ search iron\n| Marvel"))
    }
    // --update does not record a new test either: it stays pending until accepted.
    let updated = try await folder.run(["--update"])
    #expect(updated.exitCode == 1 && updated.standardOutput.contains("NEW"), "\(updated)")

    let accepted = try await folder.run(["--accept"])
    #expect(accepted.exitCode == 0, "\(accepted)")
    #expect(!folder.exists("a.screentest.pending"))
    let passed = try await folder.run([])
    #expect(passed.exitCode == 0, "\(passed)")
    #expect(passed.stdoutLines == ["ok      a.screentest", "1 test: 1 passed, 0 failed, 0 broken"], "\(passed)")
  }

  @Test("a changed frame fails with a diff under its command, trailing spaces shown, and no colour off a terminal")
  func failureDiff() async throws {
    let folder = try Folder([:])
    let text = try await Self.recorded("$ search iron\n$ next\n", in: folder, as: "t.screentest")
    try folder.write("t.screentest", text.replacingOccurrences(of: "| 1-20 of 20\n", with: "| 1-20 of 21  \n"))
    let result = try await folder.run(["t.screentest"], environment: ["NO_COLOR": ""])
    #expect(result.exitCode == 1, "\(result)")
    let output = result.standardOutput
    #expect(output.hasPrefix("FAIL    t.screentest\n  $ search iron  (line "), "\(result)")
    #expect(output.contains("\n  -| 1-20 of 21␠␠\n  +| 1-20 of 20\n"), "\(result)")
    #expect(output.contains("\n   | Data provided by Marvel"), "context after the change")
    #expect(!output.contains("\u{1B}"), "no colour when stdout is not a terminal")
    #expect(output.contains("the actual output is in t.screentest.pending"))
    #expect(folder.read("t.screentest.pending") == text, "the pending file holds what the screen draws")
    // `next` fails now: there is no next page of 20 rows. Its frame was recorded; now an error.
    #expect(output.contains("1 test: 0 passed, 1 failed, 0 broken"), "\(result)")
  }

  @Test("an expected error and status pass; a different one fails")
  func expectedErrors() async throws {
    let folder = try Folder([:])
    let text = try await Self.recorded("$ open 99\n$ search never\n", in: folder, as: "e.screentest")
    #expect(
      text.hasSuffix("$ open 99\n! error: cannot open: there is no row 99; the list has 20\n? exit 2\n"), "\(text)")
    let passed = try await folder.run([])
    #expect(passed.exitCode == 0, "\(passed)")
    try folder.write("e.screentest", text.replacingOccurrences(of: "row 99", with: "row 98"))
    let failed = try await folder.run([])
    #expect(failed.exitCode == 1, "\(failed)")
    #expect(failed.standardOutput.contains("-! error: cannot open: there is no row 98"), "\(failed)")
  }

  @Test("--update rewrites the expected frames of the tests that differ, and then they pass")
  func update() async throws {
    let folder = try Folder([:])
    let text = try await Self.recorded("$ search iron\n", in: folder, as: "u.screentest")
    let edited = text.replacingOccurrences(of: "| 1-20 of 20\n", with: "| something else\n")
    try folder.write("u.screentest", edited)
    try folder.write("u.screentest.pending", "stale")
    let result = try await folder.run(["--update"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdoutLines.first == "updated u.screentest", "\(result)")
    #expect(result.standardOutput.contains("+| 1-20 of 20"), "the update shows what changed: \(result)")
    #expect(folder.read("u.screentest") == text)
    #expect(!folder.exists("u.screentest.pending"))
    let again = try await folder.run([])
    #expect(again.exitCode == 0, "\(again)")
  }

  @Test("exit codes: 0 all pass, 1 one fails, 2 one is broken (2 wins), each broken test located")
  func exitCodes() async throws {
    let folder = try Folder([:])
    let good = try await Self.recorded("$ search zzzz\n", in: folder, as: "good.screentest")
    try folder.write("sub/fail.screentest", good.replacingOccurrences(of: "zzzz'.", with: "yyyy'."))
    try folder.write("sub/.hidden/skipped.screentest", "not a test")
    var result = try await folder.run(["good.screentest"])
    #expect(result.exitCode == 0, "\(result)")
    result = try await folder.run([])
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stdoutLines.first == "ok      good.screentest" && result.stdoutLines[1] == "FAIL    sub/fail.screentest")

    try folder.write("sub/broken.screentest", "screen: x.json\nwidht: 60\n")
    try folder.write("sub/missing.screentest", "# a screen that is not there\nscreen: nowhere.json\n$ next\n")
    result = try await folder.run(["."])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardOutput.contains("BROKEN  sub/broken.screentest"))
    #expect(result.standardOutput.contains("4 tests: 1 passed, 1 failed, 2 broken"), "\(result)")
    let errors = result.standardError
    #expect(
      errors.contains("sub/broken.screentest:2:1: error: unknown setting 'widht'; did you mean 'width'?"), "\(errors)")
    #expect(errors.contains("sub/missing.screentest:2:1: error: the screen 'nowhere.json' does not load"), "\(errors)")
    #expect(errors.contains("sub/nowhere.json: error: "), "\(errors)")
    #expect(!folder.exists("sub/broken.screentest.pending"))

    result = try await folder.run(["no-such-folder"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardError.contains("no-such-folder: error: no such test file or folder"), "\(result)")
  }

  @Test("--filter runs the tests whose path holds the text")
  func filter() async throws {
    let folder = try Folder([:])
    let text = try await Self.recorded("$ search zzzz\n", in: folder, as: "zeta.screentest")
    try folder.write("alpha/one.screentest", text)
    try folder.write("alpha/two.screentest", text)
    var result = try await folder.run(["--filter", "ALPHA"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdoutLines == [
        "ok      alpha/one.screentest", "ok      alpha/two.screentest", "2 tests: 2 passed, 0 failed, 0 broken",
      ], "\(result)")
    result = try await folder.run(["--filter", "nothing"])
    #expect(
      result.exitCode == 2 && result.standardError.contains("no .screentest files whose path holds 'nothing'"),
      "\(result)")
    result = try await Screenrun.run(["Screens/characters.json", "--filter", "x"])
    #expect(
      result.exitCode == 2 && result.standardError.contains("--filter is an option of 'screenrun test'"), "\(result)")
  }

  @Test("--accept takes every pending file in without running anything, or the ones named")
  func accept() async throws {
    let folder = try Folder([
      "a.screentest": Self.head() + "$ search iron\n", "b/b.screentest": Self.head() + "$ search spi\n",
    ])
    _ = try await folder.run([])
    #expect(folder.exists("a.screentest.pending") && folder.exists("b/b.screentest.pending"))
    // The accepted output is the pending file, whatever is in it: nothing runs again.
    let pending = try #require(folder.read("a.screentest.pending"))
    let edited = pending.replacingOccurrences(of: "| Marvel Characters\n", with: "| Edited\n")
    try folder.write("a.screentest.pending", edited)
    var result = try await folder.run(["--accept", "a.screentest"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(folder.read("a.screentest") == edited && folder.exists("b/b.screentest.pending"))
    result = try await folder.run(["--accept"])
    #expect(result.stdoutLines == ["accepted b/b.screentest", "1 accepted"], "\(result)")
    result = try await folder.run(["--accept"])
    #expect(result.exitCode == 0 && result.stdoutLines == ["no pending output to accept"], "\(result)")
    result = try await folder.run(["b"])
    #expect(result.exitCode == 0, "\(result)")
  }

  @Test(
    "--accept on a terminal shows each diff and asks: n keeps the pending file, y takes it in",
    .enabled(if: TmuxSession.isAvailable, TmuxSession.skipMessage))
  func acceptOnATerminal() async throws {
    let folder = try Folder([:])
    let text = try await Self.recorded("$ search zzzz\n", in: folder, as: "a.screentest")
    try folder.write("b.screentest", text)
    let edited = text.replacingOccurrences(of: "| Marvel Characters\n", with: "| Marvel Heroes\n")
    try folder.write("a.screentest.pending", edited)
    try folder.write("b.screentest.pending", edited)
    let ending = try await TmuxSession.with(["test", "--accept"], width: 100, height: 40, in: folder.url) { pane in
      let first = try await pane.waitForScreen("the first question") { $0.contains("accept it? [y]es") }
      #expect(first.contains("a.screentest") && first.contains("-| Marvel Characters"), "\(first.text)")
      #expect(first.contains("+| Marvel Heroes"), "\(first.text)")
      try await pane.type("n")
      try await pane.press("Enter")
      try await pane.waitForScreen("the second question") { $0.lines.filter { $0.contains("accept it?") }.count == 2 }
      try await pane.type("y")
      try await pane.press("Enter")
      let end = try await pane.waitForEnd()
      let screen = try await pane.capture()
      #expect(screen.contains("accepted b.screentest") && screen.contains("1 accepted, 1 skipped"), "\(screen.text)")
      return end
    }
    #expect(ending.status == 0)
    #expect(folder.read("a.screentest") == text && folder.exists("a.screentest.pending"), "n keeps it pending")
    #expect(folder.read("b.screentest") == edited && !folder.exists("b.screentest.pending"), "y takes it in")
  }

  @Test("--junit writes a report that parses back: a case per test, the diff in its failure, escaped")
  func junit() async throws {
    let folder = try Folder([:])
    let good = try await Self.recorded("$ search zzzz\n", in: folder, as: "good.screentest")
    // A failure whose diff holds markup, quotes and a control character.
    try folder.write("bad.screentest", good.replacingOccurrences(of: "zzzz'.", with: "<&\"'\u{1}>'."))
    try folder.write("broken.screentest", "screen: x.json\nwidth: 1\n")
    try folder.write("new.screentest", Self.head())
    let result = try await folder.run(["--junit", "report.xml"])
    #expect(result.exitCode == 2, "\(result)")
    let xml = try #require(folder.read("report.xml"))
    #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character in XML 1.0")

    #if canImport(FoundationXML) || canImport(Darwin)
      let report = JUnitReader()
      let parser = XMLParser(data: Data(xml.utf8))
      parser.delegate = report
      #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
      #expect(
        report.suites == [["tests": "4", "failures": "2", "errors": "1", "name": "screenrun test", "skipped": "0"]])
      #expect(report.cases.map { $0["name"] } == ["bad", "broken", "good", "new"])
      #expect(report.failures.count == 2 && report.errors.count == 1)
      let diff = report.failures[0]
      #expect(diff.contains("-| No characters start with '<&\"'⟨U+0001⟩>'."), "\(diff)")
      #expect(diff.contains("+| No characters start with 'zzzz'."), "\(diff)")
      #expect(report.errors[0].contains("broken.screentest:2:8: error: 'width' takes"), "\(report.errors)")
    #endif
  }

  @Test("tests run side by side print the same results, in the same order, as one at a time")
  func parallel() async throws {
    let folder = try Folder([:])
    let text = try await Self.recorded(
      "$ type iron\n$ wait 600\n$ open 1\n$ back\n$ next\n", in: folder, as: "t00.screentest")
    for index in 1..<16 { try folder.write(String(format: "t%02d.screentest", index), text) }
    try folder.write("t07.screentest", text.replacingOccurrences(of: "| 1-20 of 20", with: "| 1-20 of 19"))
    let serial = try await folder.run(["--jobs", "1"])
    let parallel = try await folder.run(["--jobs", "8"])
    #expect(serial.exitCode == 1 && parallel.exitCode == 1, "\(parallel)")
    #expect(parallel.standardOutput == serial.standardOutput)
    #expect(parallel.stdoutLines.filter { $0.hasPrefix("ok ") }.count == 15, "\(parallel)")
    #expect(parallel.stdoutLines.contains("16 tests: 15 passed, 1 failed, 0 broken"), "\(parallel)")
  }

  @Test("an external plugin through the test's plugin path; user plugins are never looked for")
  func externalPlugin() async throws {
    let misbehave = Screenrun.repositoryRoot.appendingPathComponent("Tests/Fixtures/External/misbehave.py").path
    let manifest = """
      {"name": "fixture", "summary": "test", "protocol": 1, "command": ["python3", "\(misbehave)", "good"],
       "resources": [{"name": "items", "kind": "list", "summary": "items"}]}
      """
    let screen = """
      {"version": 1, "kind": "list", "title": "Items", "source": {"plugin": "fixture", "resource": "items"},
       "row": {"title": "{name}"}}
      """
    let folder = try Folder([
      "plugins/fixture/plugin.json": manifest, "items.json": screen,
      "t.screentest": "screen: items.json\nplugin-path: plugins\n$ next\n",
      "user.screentest": "screen: items.json\n",
    ])
    let user = ["SCREENRUN_PLUGIN_PATH": folder.path("plugins")]
    var result = try await folder.run(["t.screentest"], environment: user)
    #expect(result.exitCode == 1, "\(result)")
    let pending = try #require(folder.read("t.screentest.pending"), "\(result)")
    #expect(pending.contains("| 21. record 20\n") && pending.contains("| 1-40 of 45, more to load\n"), "\(pending)")
    result = try await folder.run(["--accept"])
    result = try await folder.run(["t.screentest"])
    #expect(result.exitCode == 0, "\(result)")
    // Without the plugin path, SCREENRUN_PLUGIN_PATH is not read: the plugin is unknown.
    result = try await folder.run(["user.screentest"], environment: user)
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardError.contains("unknown plugin 'fixture'"), "\(result)")
  }

  @Test("--plugin-path adds a folder of plugins to every test, ahead of the test's own (issue 40)")
  func pluginPathOnTheCommandLine() async throws {
    func manifest() -> String {
      """
      {"name": "fixture", "summary": "test", "http": {"baseURL": {"variable": "FIXTURE_URL", "default": "https://fixture.example"}},
       "sample": {"file": "sample.json", "id": "id"},
       "resources": [{"name": "items", "kind": "list", "summary": "items", "request": {"path": "/items", "records": "/"}}]}
      """
    }
    let screen = """
      {"version": 1, "kind": "list", "title": "Items", "source": {"plugin": "fixture", "resource": "items"},
       "row": {"title": "{name}"}}
      """
    let folder = try Folder([
      "cli/fixture/plugin.json": manifest(),
      "cli/fixture/sample.json": #"[{"id": 1, "name": "from the command line"}]"#,
      "tests/plugins/fixture/plugin.json": manifest(),
      "tests/plugins/fixture/sample.json": #"[{"id": 1, "name": "from the test's folder"}]"#,
      "tests/items.json": screen,
      "tests/bare.screentest": "screen: items.json\n",
      "tests/own.screentest": "screen: items.json\nplugin-path: plugins\n",
    ])
    var result = try await folder.run(["tests/bare.screentest"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardError.contains("unknown plugin 'fixture'"), "\(result)")
    // Relative to the current folder, as every path on the command line.
    result = try await folder.run(["--plugin-path", "cli", "tests"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stdoutLines.filter { $0.hasPrefix("NEW ") }.count == 2, "\(result)")
    for name in ["bare", "own"] {
      let pending = try #require(folder.read("tests/\(name).screentest.pending"), "\(result)")
      #expect(pending.contains("from the command line"), "\(name): \(pending)")
    }
    result = try await folder.run(["--accept"])
    result = try await folder.run(["tests", "--plugin-path", "cli"])
    #expect(result.exitCode == 0, "\(result)")
    // A folder that is not there is a usage error, before any test runs.
    result = try await folder.run(["tests", "--plugin-path", "nowhere"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.standardError.contains("--plugin-path 'nowhere' is not a folder"), "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
  }

  @Test("the shipped screen tests pass (Tests/Screens)")
  func shippedTests() async throws {
    let result = try await Screenrun.run(["test", "Tests/Screens"], timeout: .seconds(120))
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
    #expect(result.stdoutLines.last?.hasSuffix("0 failed, 0 broken") == true, "\(result)")
  }
}

#if canImport(FoundationXML) || canImport(Darwin)
  /// Reads a JUnit report back: the suites' and cases' attributes, and the failures' and errors' text.
  final class JUnitReader: NSObject, XMLParserDelegate {
    var suites: [[String: String]] = []
    var cases: [[String: String]] = []
    var failures: [String] = []
    var errors: [String] = []
    private var text: String?

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      switch name {
      case "testsuite": suites.append(attributes)
      case "testcase": cases.append(attributes)
      case "failure", "error": text = ""
      default: break
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if name == "failure" { failures.append(text ?? "") }
      if name == "error" { errors.append(text ?? "") }
      text = nil
    }
  }
#endif
