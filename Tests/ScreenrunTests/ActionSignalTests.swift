import Foundation
import TestSupport
import Testing

/// The processes a `run` or `open` action starts, at the ends of screenrun's life: a signal that
/// ends screenrun while the program has the terminal ends the program too (the same signal, then
/// SIGKILL when it ignores that one) and leaves the terminal as screenrun found it; a program
/// that an action left running on purpose (a browser, a job in the background) is not ended with
/// the plugins when screenrun quits.
@Suite("An action's program at the ends of screenrun", .enabled(if: TmuxSession.isAvailable, TmuxSession.skipMessage))
struct ActionSignalTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var signal: Int32
    var name: String
    /// sh code run before the program writes its pid and becomes `sleep 300`.
    var before: String
    var testDescription: String { name }
  }

  @Test(
    "SIGTERM and SIGHUP end the program an action runs, and screenrun leaves the terminal as it found it",
    arguments: [
      Case(signal: SIGTERM, name: "SIGTERM", before: ""),
      Case(signal: SIGHUP, name: "SIGHUP", before: ""),
      Case(
        signal: SIGTERM, name: "SIGTERM to a program that ignores it, on the alternate screen in raw mode",
        before: "trap '' TERM HUP; stty raw -echo; printf '\\033[?1049h\\033[?25l'; "),
      Case(signal: SIGHUP, name: "SIGHUP to a program that ignores it", before: "trap '' TERM HUP; "),
    ])
  func signalWhileAProgramRuns(_ test: Case) async throws {
    let folder = try Folder()
    let pidFile = folder.url.appendingPathComponent("child")
    let program =
      "\(test.before)echo $$ > \(TmuxSession.quote(pidFile.path + ".tmp")) && mv "
      + "\(TmuxSession.quote(pidFile.path + ".tmp")) \(TmuxSession.quote(pidFile.path)); exec sleep 300"
    // The GitHub sample: no plugin process, whose ending would end the program as well.
    let screen = try folder.screen(
      "Screens/repository.json", actions: [["key": "ctrl-g", "title": "Wait", "run": ["sh", "-c", program]]],
      besides: ["commits.json", "commit.json"])
    try await TmuxSession.with([screen.path, "--param", "repo=dustin/py-github"]) { pane in
      try await pane.waitForScreen("the repository") { $0.contains("Ctrl-G wait") && $0.contains("Stars") }
      try await pane.press("C-g")
      let child = try await folder.pid(in: pidFile)
      #expect(Self.isAlive(child), "the program runs")
      let pid = try await pane.pid()
      #expect(Foundation.kill(pid, test.signal) == 0, "kill -\(test.name) \(pid): errno \(errno)")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 143)
      let ended = await eventually(within: .seconds(10)) { !Self.isAlive(child) }
      #expect(ended, "the program \(child) outlived screenrun")
      if !ended { Foundation.kill(child, SIGKILL) }
      #expect(ending.sttyBefore == ending.sttyAfter, "the mode screenrun found:\n\(ending.sttyAfter)")
      try await pane.waitForScreen("the shell after screenrun") { $0.lines.joined().contains("screenrun exited with") }
      #expect(try await pane.paneFormat("#{alternate_on}") == "0", "not left on the alternate screen")
      #expect(try await pane.paneFormat("#{cursor_flag}") == "1", "the cursor shows")
    }
  }

  @Test(
    "A signal ends what the action's program started, however the two treat the signal",
    arguments: [
      Case(
        signal: SIGTERM, name: "a child that ignores SIGTERM, of a program that ignores it",
        before: "trap '' TERM HUP; "),
      Case(signal: SIGTERM, name: "a child that ignores SIGTERM, of a program that ends of it", before: ""),
      Case(signal: SIGHUP, name: "a child that ignores SIGHUP, of a program that ends of it", before: ""),
    ])
  func signalEndsTheProgramsChildren(_ test: Case) async throws {
    let folder = try Folder()
    let pidFile = folder.url.appendingPathComponent("grandchild")
    // The program starts a child that ignores both signals and writes its pid, then waits for it.
    let child = folder.url.appendingPathComponent("child.sh")
    try "trap '' TERM HUP\necho $$ > \"$1.tmp\" && mv \"$1.tmp\" \"$1\"\nexec sleep 300\n".write(
      to: child, atomically: true, encoding: .utf8)
    let program = "\(test.before)sh \(TmuxSession.quote(child.path)) \(TmuxSession.quote(pidFile.path)) & wait"
    let screen = try folder.screen(
      "Screens/repository.json", actions: [["key": "ctrl-g", "title": "Wait", "run": ["sh", "-c", program]]],
      besides: ["commits.json", "commit.json"])
    try await TmuxSession.with([screen.path, "--param", "repo=dustin/py-github"]) { pane in
      try await pane.waitForScreen("the repository") { $0.contains("Ctrl-G wait") && $0.contains("Stars") }
      try await pane.press("C-g")
      let grandchild = try await folder.pid(in: pidFile)
      #expect(Self.isAlive(grandchild), "the program's child runs")
      let pid = try await pane.pid()
      #expect(Foundation.kill(pid, test.signal) == 0, "kill \(pid): errno \(errno)")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 143)
      let ended = await eventually(within: .seconds(10)) { !Self.isAlive(grandchild) }
      #expect(ended, "the program's child \(grandchild) outlived screenrun")
      if !ended { Foundation.kill(grandchild, SIGKILL) }
      #expect(ending.sttyBefore == ending.sttyAfter, "the mode screenrun found:\n\(ending.sttyAfter)")
    }
  }

  @Test(
    "On a screen of an external plugin, quitting ends the plugin but not the browser an open started, nor a job a run left"
  )
  func leftRunningOnPurpose() async throws {
    let folder = try Folder()
    let browserChild = folder.url.appendingPathComponent("browser")
    let jobChild = folder.url.appendingPathComponent("job")
    // Each forks a program into the background, which writes its pid, and returns at once, as a
    // browser started fresh by xdg-open does.
    func forking(_ file: URL) -> String {
      "sh -c 'echo $$ > \"$0.tmp\" && mv \"$0.tmp\" \"$0\"; exec sleep 300' \(TmuxSession.quote(file.path))"
        + " > /dev/null 2>&1 < /dev/null &"
    }
    let browser = folder.url.appendingPathComponent("browser.sh")
    try "#!/bin/sh\n\(forking(browserChild))\nexit 0\n".write(to: browser, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
    let screen = try folder.screen(
      "Screens/git-log.json",
      actions: [
        ["key": "ctrl-b", "title": "Background", "run": ["sh", "-c", forking(jobChild)], "wait": false],
        ["key": "ctrl-o", "title": "Open", "open": "https://example.org/{sha}"],
      ], besides: ["git-commit.json"])
    try await TmuxSession.with([screen.path], environment: ["BROWSER": browser.path]) { pane in
      try await pane.waitForScreen("the log") { $0.title == "git log" && $0.selectedRow == 1 }
      let plugins = Self.children(of: try await pane.pid())
      #expect(!plugins.isEmpty, "the git plugin runs")
      try await pane.press("C-b")
      let job = try await folder.pid(in: jobChild)
      try await pane.waitForScreen("the job's status") { $0.contains("Background: sh exited with status 0") }
      try await pane.press("C-o")
      let opened = try await folder.pid(in: browserChild)
      try await pane.waitForScreen("the open's status") { $0.contains("Open: opened") }
      try await pane.press("C-c")
      #expect(try await pane.waitForEnd().status == 0)
      for plugin in plugins {
        #expect(await eventually(within: .seconds(10)) { !Self.isAlive(plugin) }, "the plugin \(plugin) ended")
      }
      #expect(Self.isAlive(opened), "the browser runs on after screenrun")
      #expect(Self.isAlive(job), "the job runs on after screenrun")
      for pid in [opened, job] where Self.isAlive(pid) { Foundation.kill(pid, SIGKILL) }
    }
  }

  /// A temporary folder, removed with this value.
  final class Folder {
    let url: URL

    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "screenrun-action-processes-\(UUID().uuidString.prefix(8))", isDirectory: true)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A copy of a shipped screen with `actions` in place of its own, beside copies of `besides`
    /// (the screens it selects).
    func screen(_ shipped: String, actions: [[String: Any]], besides: [String] = []) throws -> URL {
      let source = Screenrun.repositoryRoot.appendingPathComponent(shipped)
      var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
      object["actions"] = actions
      object["$schema"] = nil
      let copy = url.appendingPathComponent(source.lastPathComponent)
      try JSONSerialization.data(withJSONObject: object).write(to: copy)
      for name in besides {
        try FileManager.default.copyItem(
          at: source.deletingLastPathComponent().appendingPathComponent(name), to: url.appendingPathComponent(name))
      }
      return copy
    }

    /// The pid a program wrote (atomically, by a rename) into `file`, once it is there.
    func pid(in file: URL) async throws -> pid_t {
      let written = await eventually(within: .seconds(10)) { FileManager.default.fileExists(atPath: file.path) }
      #expect(written, "no pid in \(file.lastPathComponent)")
      let text = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
      return try #require(pid_t(text))
    }
  }

  /// Whether `pid` runs (a zombie, which its new parent reaps, counts as ended).
  static func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: close)...].dropFirst().first != "Z"
  }

  /// The children of `pid`, from /proc.
  static func children(of pid: pid_t) -> [pid_t] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task in
      ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
        .split(separator: " ").compactMap { pid_t($0) }
    }
  }
}
