import Foundation
import Testing

@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRunCLI
@testable import ScreenSystem

/// How the interactive mode carries out an action, without a terminal: `BROWSER` read as Debian
/// reads it, and a program started with each argument whole, no shell between.
@Suite("Action runner")
struct ActionRunnerTests {
  static let url = "https://example.org/a?b=1&c=2"

  @Test func browserIsAColonSeparatedListOfCommandsWithTheURLForPercentSOrLast() {
    #expect(ActionRunner.browsers(for: Self.url, browser: nil) == [["xdg-open", Self.url]])
    #expect(ActionRunner.browsers(for: Self.url, browser: "") == [["xdg-open", Self.url]])
    #expect(
      ActionRunner.browsers(for: Self.url, browser: "firefox -new-tab:lynx %s -dump::w3m --url=%s%%")
        == [["firefox", "-new-tab", Self.url], ["lynx", Self.url, "-dump"], ["w3m", "--url=\(Self.url)%"]])
    // The URL is one word whatever it holds: no shell splits or expands it.
    let odd = "https://example.org/$(id) x;y"
    #expect(ActionRunner.browsers(for: odd, browser: "open") == [["open", odd]])
  }

  @Test func withNoBrowserInBROWSERTheMessageSaysToSetIt() {
    // No program is found on this PATH, whatever this machine has installed (the runner searches
    // the PATH of the environment it is given): xdg-open fails, and the message says why.
    for browser in [nil, "", ":", " : "] {
      var environment = ["PATH": "/nonexistent"]
      environment["BROWSER"] = browser
      let message = ActionRunner(environment: environment) { $0() }.carryOut(
        ActionRequest(title: "Open", what: .open(url: Self.url), confirm: false))
      #expect(
        message == "Open: no browser opened it (xdg-open: command not found); set BROWSER to your browser",
        "\(String(describing: browser)): \(message)")
    }
    let named = ActionRunner(environment: ["PATH": "/nonexistent", "BROWSER": "/nonexistent/lynx"]) { $0() }.carryOut(
      ActionRequest(title: "Open", what: .open(url: Self.url), confirm: false))
    #expect(named == "Open: no browser opened it (/nonexistent/lynx: command not found)")
  }

  @Test("a program is looked for on the PATH of the runner's environment, not screenrun's")
  func programsAreFoundOnTheGivenPATH() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-path-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let opener = folder.appendingPathComponent("xdg-open")
    let record = folder.appendingPathComponent("opened").path
    try "#!/bin/sh\nprintf '%s' \"$1\" > '\(record)'\n".write(to: opener, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
    let message = ActionRunner(environment: ["PATH": "/nonexistent:" + folder.path]) { $0() }.carryOut(
      ActionRequest(title: "Open", what: .open(url: Self.url), confirm: false))
    #expect(message == "Open: opened \(Self.url) with xdg-open", "\(message)")
    #expect(try String(contentsOfFile: record, encoding: .utf8) == Self.url)
    #expect(ProgramSearch.program("xdg-open", path: "/nonexistent") == nil)
    #expect(ProgramSearch.program("sh", path: "/nonexistent::/bin") == "/bin/sh")
    #expect(ProgramSearch.program("./relative", path: "/bin") == "./relative")
  }

  @Test func aProgramGetsEachArgumentWholeAndItsStatusIsReported() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-runner-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let evil = "-x; touch pwned $(id) \"q\"\nline two"
    let output = folder.appendingPathComponent("arguments").path
    let result = ActionRunner.runWaiting(
      ["sh", "-c", "printf '%s\\0' \"$@\" > \"$0\"; exit 4", output, "--", evil], environment: ["PATH": "/usr/bin:/bin"]
    )
    let ended = try result.get()
    #expect(!ended.succeeded && ended.description == "exited with status 4")
    let written = try String(contentsOfFile: output, encoding: .utf8)
    #expect(written == "--\0" + evil + "\0")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))

    if case .failure(let failure) = ActionRunner.runWaiting(["screenrun-no-such-program"], environment: [:]) {
      #expect(failure.description == "command not found")
    } else {
      Issue.record("a program that does not exist started")
    }
    if case .failure(let failure) = ActionRunner.runWaiting(["echo", "a\0b"], environment: [:]) {
      #expect(failure.description == "argument 2 holds a NUL byte, which no program can be given")
    } else {
      Issue.record("an argument with a NUL byte was cut")
    }
  }

  @Test("a run with wait waits for a key after its program, while it still has the terminal; one without does not")
  func aRunWaitsForAKeyOnlyWithWait() {
    final class Events { var list: [String] = [] }
    let events = Events()
    var runner = ActionRunner(environment: ["PATH": "/usr/bin:/bin"]) { body in
      events.list.append("hand over")
      defer { events.list.append("take back") }
      return body()
    }
    runner.pause = { events.list.append("wait for a key") }
    for wait in [true, false] {
      events.list = []
      let message = runner.carryOut(
        ActionRequest(title: "Show", what: .run(arguments: ["sh", "-c", "exit 2"], wait: wait), confirm: false))
      #expect(message == "Show: sh exited with status 2")
      #expect(events.list == ["hand over"] + (wait ? ["wait for a key"] : []) + ["take back"], "wait: \(wait)")
    }
    // A program that did not start printed nothing: the flash says why, at once.
    events.list = []
    let missing = runner.carryOut(
      ActionRequest(title: "Show", what: .run(arguments: ["screenrun-no-such-program"], wait: true), confirm: false))
    #expect(missing == "Show: screenrun-no-such-program: command not found")
    #expect(events.list == ["hand over", "take back"])
  }
}

/// The guide's chapter on actions (docs/guide/05-actions.md) shows what a script prints for an action: the same as screenrun prints.
@Suite("The guide: actions")
struct ReadmeActionsTests {
  @Test func theScriptExampleShowsWhatScreenrunPrints() async throws {
    let result = try await Screenrun.run(
      ["Screens/repositories.json", "--script", "-", "--width", "60"], stdin: "search py\nkey Ctrl-O\nkey Ctrl-Y\n")
    #expect(result.exitCode == 0, "\(result)")
    let readme = try String(
      contentsOf: Screenrun.repositoryRoot.appendingPathComponent("docs/guide/05-actions.md"), encoding: .utf8)
    let notes = result.standardOutput.components(separatedBy: "\n").enumerated().filter {
      $0.element.hasPrefix("action: ")
    }
    #expect(notes.count == 2, "\(result.standardOutput)")
    let lines = result.standardOutput.components(separatedBy: "\n")
    for (index, note) in notes {
      // A note wraps to the width: the lines after it, up to the next frame, are its own.
      let rest = lines[(index + 1)...].prefix { !$0.hasPrefix("$ ") && !$0.isEmpty }
      let block = ([note] + rest).joined(separator: "\n")
      #expect(
        readme.contains("Sample data: recorded GitHub responses\n" + block + "\n"),
        "docs/guide/05-actions.md shows:\n\(block)")
    }
  }
}
