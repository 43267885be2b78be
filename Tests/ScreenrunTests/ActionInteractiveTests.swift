import Foundation
import Testing

/// A screen's actions carried out for real, in a tmux pane: a `BROWSER` that records its
/// arguments, the OSC 52 sequence screenrun writes to the pty, `git show` run on the git log's
/// commit and its output kept on screen until a key, a run that does not wait, a hostile record's
/// field reaching a command as one argument, and every action that
/// cannot be done leaving the screen running with a flash message. Each step polls for what it
/// expects, never for a time.
@Suite("Actions in the interactive mode", .enabled(if: TmuxSession.isAvailable, TmuxSession.skipMessage))
struct ActionInteractiveTests {
  /// A folder with `record.sh`, which appends a line per run to `runs` and writes its arguments,
  /// each ended by a NUL byte, to `arguments`.
  final class Recorder {
    let folder: URL

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "screenrun-actions-\(UUID().uuidString.prefix(8))", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let script = """
        #!/bin/sh
        echo run >> "\(folder.path)/runs"
        printf '%s\\0' "$@" > "\(folder.path)/arguments.tmp"
        mv "\(folder.path)/arguments.tmp" "\(folder.path)/arguments"

        """
      try script.write(to: program, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var program: URL { folder.appendingPathComponent("record.sh") }

    /// A copy of the shipped `Screens/git-commit.json`, in the folder, with `actions` (JSON).
    func commitScreen(actions: String) throws -> URL {
      let screen = folder.appendingPathComponent("commit.json")
      let shipped = try String(
        contentsOf: Screenrun.repositoryRoot.appendingPathComponent("Screens/git-commit.json"), encoding: .utf8)
      try shipped.replacingOccurrences(of: "\"footer\"", with: "\"actions\": \(actions),\n  \"footer\"")
        .write(to: screen, atomically: true, encoding: .utf8)
      return screen
    }

    /// The arguments of the last run, once there was one.
    func arguments() async throws -> [String] {
      let file = folder.appendingPathComponent("arguments")
      for _ in 0..<400 {
        if let data = try? Data(contentsOf: file) {
          return String(decoding: data, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
        }
        try await Task.sleep(for: .milliseconds(50))
      }
      throw TmuxSession.Failure(description: "the recorder never ran")
    }

    var runs: Int {
      ((try? String(contentsOf: folder.appendingPathComponent("runs"), encoding: .utf8)) ?? "")
        .split(separator: "\n").count
    }
  }

  @Test("Repositories: Ctrl-O gives BROWSER the URL as one argument; Ctrl-Y writes OSC 52 with the clone URL")
  func openAndCopy() async throws {
    let recorder = try Recorder()
    try await TmuxSession.with(["Screens/repositories.json"], environment: ["BROWSER": recorder.program.path]) {
      pane in
      try await pane.waitForScreen("the empty search") { $0.contains("Type to search.") }
      try await pane.type("py")
      let list = try await pane.waitForScreen("the repositories for 'py'") {
        $0.contains("Search: py") && $0.selectedRow == 1 && !$0.rowTitles.isEmpty
      }
      let name = try #require(list.rowTitles.first)
      #expect(list.contains("Ctrl-O open in browser"), "the footer names the action: \(list)")
      try await pane.press("C-o")
      #expect(try await recorder.arguments() == ["https://github.com/\(name)"])
      let opened = try await pane.waitForScreen("the flash of the open") {
        $0.contains("Open in browser: opened") && $0.title == "GitHub Repositories"
      }
      #expect(opened.contains("Search: py"), "the screen runs on: \(opened)")

      try await pane.recordOutput()
      try await pane.press("C-y")
      let clone = "https://github.com/\(name).git"
      try await pane.waitForScreen("the flash of the copy") {
        $0.contains("Copy the clone URL: copied \(clone.count) characters")
      }
      let written = try pane.recordedOutput()
      let sequence = "\u{1B}]52;c;" + Data(clone.utf8).base64EncodedString() + "\u{1B}\\"
      #expect(written.contains(sequence), "the OSC 52 sequence on the pty: \(written.debugDescription)")

      try await pane.press("C-c")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0)
      #expect(ending.sttyBefore == ending.sttyAfter, "the terminal mode is restored")
    }
  }

  @Test(
    "git log: Ctrl-G runs git show --stat on the selected commit, whose output stays on screen until a key; then the screen is drawn again"
  )
  func gitShow() async throws {
    let recorder = try Recorder()
    let shown = recorder.folder.appendingPathComponent("shown")
    try await TmuxSession.with(
      ["Screens/git-log.json"],
      environment: [
        "GIT_PAGER": "tee " + TmuxSession.quote(shown.path), "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": "color.ui", "GIT_CONFIG_VALUE_0": "never",
      ]
    ) { pane in
      let list = try await pane.waitForScreen("the log") { $0.title == "git log" && $0.selectedRow == 1 }
      // The row's subtitle ends with the short SHA.
      let short = try #require(
        list.lines.first { $0.contains(" · ") }?.split(separator: " ").last.map(String.init))
      try await pane.press("C-g")
      // The shipped action waits ("wait": true): git's output, on the main screen, and under it
      // the line that says a key returns.
      let waiting = try await pane.waitForScreen("git's output and the prompt") {
        $0.contains("Press Enter to return to screenrun") && $0.contains("changed")
      }
      #expect(try await pane.paneFormat("#{alternate_on}") == "0", "on the main screen: \(waiting)")
      let output = try String(contentsOf: shown, encoding: .utf8)
      #expect(output.hasPrefix("commit \(short)"), "git show of the selected commit: \(output.prefix(200))")
      #expect(output.contains("changed"), "with --stat: \(output.prefix(400))")
      let last = try #require(output.split(separator: "\n").last.map(String.init))
      #expect(waiting.contains(last), "git's last line shows above the prompt: \(waiting)")
      #expect(waiting.title != "git log", "screenrun's frame is not drawn yet: \(waiting)")
      try await pane.press("Enter")
      let redrawn = try await pane.waitForScreen("the log again, with the command's status") {
        $0.title == "git log" && $0.contains("Show the commit: git exited with status 0")
      }
      #expect(redrawn.selectedRow == 1, "\(redrawn)")
      #expect(try await pane.paneFormat("#{alternate_on}") == "1", "back on the alternate screen")
      try await pane.press("C-c")
      #expect(try await pane.waitForEnd().status == 0)
    }
  }

  @Test(
    "A run waits for a key after its program, and Ctrl-C there returns to screenrun, which runs on; with \"wait\": false it returns at once"
  )
  func waitOrNot() async throws {
    let recorder = try Recorder()
    let actions = """
      [
        {"key": "ctrl-g", "title": "Print", "run": ["sh", "-c", "echo printed by the action; exit 5"]},
        {"key": "ctrl-e", "title": "At once", "run": ["sh", "-c", "echo printed and gone"], "wait": false}
      ]
      """
    let screen = try recorder.commitScreen(actions: actions)
    // Tall: HEAD's commit message, whatever its length, leaves its SHA in sight.
    try await TmuxSession.with([screen.path, "--param", "sha=HEAD"], height: 60, in: Screenrun.repositoryRoot) {
      pane in
      try await pane.waitForScreen("the commit") { $0.contains("Ctrl-G print") && $0.contains("SHA ") }
      try await pane.press("C-g")
      let waiting = try await pane.waitForScreen("the output and the prompt") {
        $0.contains("printed by the action") && $0.contains("Press Enter to return to screenrun")
      }
      #expect(try await pane.paneFormat("#{alternate_on}") == "0", "on the main screen: \(waiting)")
      // Keys typed at the prompt are not echoed; Ctrl-C returns, as any key does, and does not quit.
      try await pane.press("C-c")
      let back = try await pane.waitForScreen("the commit again, with the status") {
        $0.contains("Print: sh exited with status 5") && $0.contains("SHA ")
      }
      #expect(!back.contains("printed by the action"), "the whole frame is drawn: \(back)")
      #expect(try await pane.paneFormat("#{alternate_on}") == "1", "back on the alternate screen")

      try await pane.press("C-e")
      // No key is pressed: the frame comes back by itself.
      try await pane.waitForScreen("the status of the action that does not wait") {
        $0.contains("At once: sh exited with status 0") && $0.contains("SHA ")
      }
      try await pane.press("C-c")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0)
      #expect(ending.sttyBefore == ending.sttyAfter, "the terminal mode is restored")
    }
  }

  @Test(
    "A hostile message reaches the command as one argument and nothing else runs; what cannot be done leaves the screen running"
  )
  func hostileAndFailures() async throws {
    let recorder = try Recorder()
    let repository = recorder.folder.appendingPathComponent("repository", isDirectory: true)
    try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
    let message = "-x; touch pwned $(id) \"q\"\nline two"
    try message.write(to: recorder.folder.appendingPathComponent("message"), atomically: true, encoding: .utf8)
    for arguments in [
      ["init", "-q"],
      ["-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "-q", "--allow-empty", "-F", "../message"],
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git"] + arguments
      process.currentDirectoryURL = repository
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "git \(arguments)")
    }
    let actions = """
      [
        {"key": "ctrl-g", "title": "Record", "run": ["\(recorder.program.path)", "--", "{message}"], "wait": false},
        {"key": "ctrl-b", "title": "Unguarded", "run": ["\(recorder.program.path)", "{message}"]},
        {"key": "ctrl-t", "title": "Fail", "run": ["sh", "-c", "exit 3"]},
        {"key": "ctrl-x", "title": "Missing", "run": ["screenrun-no-such-program"]},
        {"key": "ctrl-o", "title": "Browse", "open": "https://example.org/{sha}"}
      ]
      """
    let screen = try recorder.commitScreen(actions: actions)

    try await TmuxSession.with(
      [screen.path, "--param", "sha=HEAD"], in: repository, environment: ["BROWSER": "/nonexistent/browser"]
    ) { pane in
      try await pane.waitForScreen("the commit") { $0.title?.hasPrefix("-x; touch pwned") == true }
      try await pane.press("C-g")
      #expect(try await recorder.arguments() == ["--", message])
      try await pane.waitForScreen("the status") { $0.contains("Record: ") && $0.contains("exited with status 0") }

      try await pane.press("C-b")
      try await pane.waitForScreen("the refusal") { $0.contains("Unguarded: argument 2 ({message}) begins with '-'") }
      try await pane.press("C-t")
      // A program that fails waits for a key too, so that what it said stays on screen.
      try await pane.waitForScreen("the prompt") { $0.contains("Press Enter to return to screenrun") }
      try await pane.press("Enter")
      try await pane.waitForScreen("the failure") { $0.contains("Fail: sh exited with status 3") }
      try await pane.press("C-x")
      try await pane.waitForScreen("not found") { $0.contains("Missing: screenrun-no-such-program: command not found") }
      try await pane.press("C-o")
      let browse = try await pane.waitForScreen("no browser") {
        $0.contains("Browse: no browser opened it (/nonexistent/browser: command not found)")
      }
      #expect(browse.title?.hasPrefix("-x; touch pwned") == true, "the screen runs on: \(browse)")
      #expect(recorder.runs == 1, "only the guarded action ran the recorder")
      for folder in [repository, recorder.folder, Screenrun.repositoryRoot] {
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path), "no shell ran")
      }
      try await pane.press("C-c")
      #expect(try await pane.waitForEnd().status == 0)
    }
  }

  @Test("A command that leaves the terminal raw: screenrun takes it back as it found it, and so leaves it")
  func aCommandThatLeavesTheTerminalRawDoesNotLeaveItSo() async throws {
    let recorder = try Recorder()
    let actions = #"[{"key": "ctrl-g", "title": "Raw", "run": ["stty", "raw", "-echo"]}]"#
    let screen = try recorder.commitScreen(actions: actions)
    // Tall: HEAD's commit message, whatever its length, leaves its SHA in sight.
    try await TmuxSession.with([screen.path, "--param", "sha=HEAD"], height: 60, in: Screenrun.repositoryRoot) {
      pane in
      try await pane.waitForScreen("the commit") { $0.contains("Ctrl-G raw") && $0.contains("SHA ") }
      try await pane.press("C-g")
      // The prompt reads its key in a mode made from the one screenrun found, not stty's.
      try await pane.waitForScreen("the prompt") { $0.contains("Press Enter to return to screenrun") }
      try await pane.press("Enter")
      try await pane.waitForScreen("the status") { $0.contains("Raw: stty exited with status 0") }
      try await pane.press("C-c")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0)
      #expect(ending.sttyBefore == ending.sttyAfter, "the mode screenrun found, not stty's raw -echo")
    }
  }
}
