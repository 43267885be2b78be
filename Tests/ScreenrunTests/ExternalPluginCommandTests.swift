import Foundation
import TestSupport
import Testing

/// External plugins through the command line: the git example on a repository made for the test,
/// discovery and its precedence, an installed layout, and broken plugins ending in the error
/// state with nothing left running.
@Suite("External plugins (command line)", .serialized)
struct ExternalPluginCommandTests {
  static let root = Screenrun.repositoryRoot
  static let misbehave = root.appendingPathComponent("Tests/Fixtures/External/misbehave.py").path
  /// Where the plugins' log files go in these tests (not the user's ~/.local/state).
  static let state = FileManager.default.temporaryDirectory.appendingPathComponent(
    "screenrun-state-\(UUID().uuidString)"
  ).path
  static let only = ["SCREENRUN_NO_USER_PLUGINS": "1", "XDG_STATE_HOME": state]

  static func temporaryFolder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @discardableResult
  static func git(_ arguments: [String], in folder: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = folder
    process.environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path,
      "GIT_AUTHOR_NAME": "Ada Tester", "GIT_AUTHOR_EMAIL": "ada@example.com", "GIT_COMMITTER_NAME": "Ada Tester",
      "GIT_COMMITTER_EMAIL": "ada@example.com", "GIT_CONFIG_NOSYSTEM": "1",
    ]
    let output = Pipe()
    process.standardOutput = output
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "git \(arguments)")
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A repository of three commits; the second changes two files.
  static func repository() throws -> (folder: URL, first: String) {
    let folder = try temporaryFolder("repo")
    try git(["init", "-q"], in: folder)
    try "a\n".write(to: folder.appendingPathComponent("parser.txt"), atomically: true, encoding: .utf8)
    try git(["add", "."], in: folder)
    try git(["commit", "-q", "-m", "Add the parser\n\nIt reads the input."], in: folder)
    let first = try git(["rev-parse", "HEAD"], in: folder)
    try "b\n".write(to: folder.appendingPathComponent("footer.txt"), atomically: true, encoding: .utf8)
    try "a\nb\n".write(to: folder.appendingPathComponent("parser.txt"), atomically: true, encoding: .utf8)
    try git(["add", "."], in: folder)
    try git(["commit", "-q", "-m", "Fix the footer"], in: folder)
    try git(["commit", "-q", "--allow-empty", "-m", "Tidy up"], in: folder)
    return (folder, first)
  }

  /// A folder with a `test-MODE` plugin running misbehave.py, and a list screen of it.
  static func misbehaving(_ mode: String, timeout: Int = 10) throws -> (plugins: URL, screen: String) {
    let folder = try temporaryFolder("plugin-\(mode)")
    let plugin = folder.appendingPathComponent("plugins/test-\(mode)")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try """
    {"name": "test-\(mode)", "summary": "misbehaves", "protocol": 1, "command": ["python3", "\(misbehave)", "\(mode)", "\(folder.lastPathComponent)"], "timeout": \(timeout),
     "resources": [{"name": "items", "kind": "list", "summary": "items", "search": "q",
                    "parameters": [{"name": "q", "summary": "a search"}]}]}
    """.write(to: plugin.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)
    let screen = folder.appendingPathComponent("items.json").path
    try """
    {"version": 1, "kind": "list", "title": "Items", "source": {"plugin": "test-\(mode)", "resource": "items"},
     "row": {"title": "{name}", "subtitle": "{id}"}, "footer": "{meta.attribution}"}
    """.write(toFile: screen, atomically: true, encoding: .utf8)
    return (folder.appendingPathComponent("plugins"), screen)
  }

  /// Processes whose command line holds `text`, from the process table.
  static func processes(holding text: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.filter { name in
      guard Int32(name) != nil, let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else {
        return false
      }
      return String(decoding: data, as: UTF8.self).contains(text)
    }
  }

  /// The processes holding `text` whose working folder is `folder`: the git plugin runs in the
  /// repository it reads, so a test sees its own plugin, not one of a test running beside it.
  static func processes(holding text: String, workingIn folder: URL) -> [String] {
    let wanted = folder.resolvingSymlinksInPath().path
    return processes(holding: text).filter {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/cwd")) == wanted
    }
  }

  static func commandLines(_ pids: [String]) -> [String] {
    pids.map { pid in
      let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
      return pid + ": " + String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
    }
  }

  @Test("a screen asks its plugin for the members its templates read, and for whole records when one reads it whole")
  func members() async throws {
    let (plugins, screen) = try Self.misbehaving("echo")
    let rows = [
      // The echo plugin puts in `asked` the members its page request named.
      (#""title": "{name}", "subtitle": "asked: {asked}""#, "asked: asked,name"),
      (#""title": "{name}", "subtitle": "asked: {asked}{.}""#, "asked: whole records"),
    ]
    for (row, shown) in rows {
      try """
      {"version": 1, "kind": "list", "title": "Items", "source": {"plugin": "test-echo", "resource": "items"},
       "row": {\(row)}}
      """.write(toFile: screen, atomically: true, encoding: .utf8)
      let result = try await Screenrun.run(
        [screen, "--once", "--width", "100", "--plugin-path", plugins.path], environment: Self.only)
      #expect(result.exitCode == 0, "\(result)")
      #expect(result.standardOutput.contains("record 0") && result.standardOutput.contains(shown), "\(row)\n\(result)")
    }
  }

  @Test("the git example lists, searches and opens the commits of a repository")
  func gitExample() async throws {
    let (repository, first) = try Self.repository()
    let log = Self.root.appendingPathComponent("Screens/git-log.json").path
    let listed = try await Screenrun.run([log, "--once", "--width", "100"], in: repository, environment: Self.only)
    #expect(listed.exitCode == 0, "\(listed)")
    for subject in ["Add the parser", "Fix the footer", "Tidy up", "Ada Tester"] {
      #expect(listed.standardOutput.contains(subject), "\(listed)")
    }
    let searched = try await Screenrun.run(
      [log, "--script", "-", "--width", "100"], stdin: "search footer\n", in: repository, environment: Self.only)
    #expect(searched.exitCode == 0, "\(searched)")
    let last = searched.standardOutput.components(separatedBy: "search footer").last ?? ""
    #expect(last.contains("Fix the footer") && !last.contains("Add the parser"), "\(searched)")

    let commit = Self.root.appendingPathComponent("Screens/git-commit.json").path
    let opened = try await Screenrun.run(
      [commit, "--once", "--param", "sha=\(first)", "--width", "100"], in: repository, environment: Self.only)
    #expect(opened.exitCode == 0, "\(opened)")
    for text in ["Add the parser", "It reads the input.", "ada@example.com", "parser.txt", "1 file changed", first] {
      #expect(opened.standardOutput.contains(text), "\(opened)")
    }
    // The status line says what it reads: the repository, live, not sample data (nor a live API).
    for mode in [[], ["--live"]] {
      let status = try await Screenrun.run(
        [log, "--once", "--status", "--width", "100"] + mode, in: repository, environment: Self.only)
      #expect(status.standardOutput.hasSuffix("\nsource: git (local)\n"), "\(mode): \(status)")
    }
    let missing = try await Screenrun.run(
      [commit, "--once", "--param", "sha=0000000"], in: repository, environment: Self.only)
    #expect(missing.exitCode == 1, "\(missing)")
    #expect(missing.standardError.contains("error: not found: "), "\(missing)")
    #expect(Self.processes(holding: "git_plugin.py", workingIn: repository).isEmpty)
  }

  @Test("--check and --plugins read manifests only; a broken one is located and exits 2")
  func manifests() async throws {
    let checked = try await Screenrun.run(
      ["--check", "Screens/git-log.json", "Screens/git-commit.json", "Plugins/git/plugin.json"], environment: Self.only)
    #expect(checked.exitCode == 0, "\(checked)")
    let folder = try Self.temporaryFolder("broken")
    let manifest = folder.appendingPathComponent("plugin.json")
    try """
    {"name": "broken", "summary": "s", "protocol": 1,
     "comand": ["x"], "resources": []}
    """.write(to: manifest, atomically: true, encoding: .utf8)
    let broken = try await Screenrun.run(["--check", manifest.path], environment: Self.only)
    #expect(broken.exitCode == 2, "\(broken)")
    #expect(
      broken.standardError.contains(
        "\(manifest.path):2:2: error at /comand: unknown key 'comand'; did you mean 'command'?"), "\(broken)")
    // Found through --plugin-path, it fails --check of any screen.
    let viaPath = try await Screenrun.run(
      ["--check", "Screens/git-log.json", "--plugin-path", folder.path], environment: Self.only)
    #expect(viaPath.exitCode == 2, "\(viaPath)")
    #expect(viaPath.standardError.contains(manifest.path), "\(viaPath)")
  }

  @Test("a screen whose plugin's manifest is broken exits 2 with the manifest's located errors, run or checked")
  func brokenManifestOfAScreensPlugin() async throws {
    // A broken development copy of git shadows the shipped one: it is not quietly passed over.
    let copy = try Self.temporaryFolder("broken-dev")
    let git = copy.appendingPathComponent("git")
    try FileManager.default.createDirectory(at: git, withIntermediateDirectories: true)
    let manifest = git.appendingPathComponent("plugin.json").path
    try """
    {"name": "git", "summary": "s", "protocol": 1,
     "comand": ["python3", "./git_plugin.py"], "resources": [{"name": "commits", "kind": "list", "summary": "s"}]}
    """.write(toFile: manifest, atomically: true, encoding: .utf8)
    let located = "\(manifest):2:2: error at /comand: unknown key 'comand'; did you mean 'command'?"
    for mode in ["--once", "--check"] {
      let arguments = mode == "--check" ? ["--check", "Screens/git-log.json"] : ["Screens/git-log.json", "--once"]
      let result = try await Screenrun.run(arguments + ["--plugin-path", copy.path], environment: Self.only)
      #expect(result.exitCode == 2, "\(mode): \(result)")
      #expect(result.standardError.contains(located), "\(mode): \(result)")
      #expect(
        result.standardError.contains(
          "Screens/git-log.json:7:15: error at /source/plugin: plugin 'git' cannot be used: its manifest is broken: \(located)"
        ), "\(mode): \(result)")
      #expect(!result.standardError.contains("unknown plugin"), "\(mode): \(result)")
      #expect(!result.standardOutput.contains("git log"), "\(mode): no frame is drawn: \(result)")
    }
    // A manifest too broken to name its plugin goes by its folder's name.
    try "{\"name\": \"git\", ".write(toFile: manifest, atomically: true, encoding: .utf8)
    let unreadable = try await Screenrun.run(
      ["Screens/git-log.json", "--once", "--plugin-path", copy.path], environment: Self.only)
    #expect(unreadable.exitCode == 2, "\(unreadable)")
    #expect(unreadable.standardError.contains("plugin 'git' cannot be used: its manifest is broken: \(manifest):1:"))
    // A broken manifest no screen uses is said once, and the run goes on.
    let unused = try await Screenrun.run(
      ["Screens/books.json", "--once", "--plugin-path", copy.path],
      in: Self.root.appendingPathComponent("Plugins/Example"), environment: Self.only)
    #expect(unused.exitCode == 0, "\(unused)")
    #expect(unused.standardError.components(separatedBy: manifest).count - 1 == 1, "\(unused)")
  }

  @Test("--plugin-path overrides a shipped plugin, and --plugins says where each came from and what it shadows")
  func precedence() async throws {
    let copy = try Self.temporaryFolder("dev")
    let git = copy.appendingPathComponent("git")
    try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Plugins/git"), to: git)
    let listed = try await Screenrun.run(["--plugins", "--plugin-path", copy.path], environment: Self.only)
    #expect(listed.exitCode == 0, "\(listed)")
    #expect(listed.standardOutput.contains("  from --plugin-path \(git.path)/plugin.json"), "\(listed)")
    #expect(listed.standardOutput.contains("  shadows shipped \(Self.root.path)/Plugins/git/plugin.json"), "\(listed)")
    let shipped = try await Screenrun.run(["--plugins"], environment: Self.only)
    #expect(shipped.standardOutput.contains("  from shipped \(Self.root.path)/Plugins/git/plugin.json"), "\(shipped)")
    // SCREENRUN_PLUGIN_PATH counts unless user plugins are off.
    let fromEnvironment = try await Screenrun.run(["--plugins"], environment: ["SCREENRUN_PLUGIN_PATH": copy.path])
    #expect(fromEnvironment.standardOutput.contains("from SCREENRUN_PLUGIN_PATH"), "\(fromEnvironment)")
    let off = try await Screenrun.run(
      ["--plugins", "--no-user-plugins"], environment: ["SCREENRUN_PLUGIN_PATH": copy.path])
    #expect(!off.standardOutput.contains("from SCREENRUN_PLUGIN_PATH"), "\(off)")
  }

  @Test("an installed screenrun finds its plugins in PREFIX/share/screenrun/plugins")
  func installed() async throws {
    let prefix = try Self.temporaryFolder("prefix")
    let bin = prefix.appendingPathComponent("bin")
    let plugins = prefix.appendingPathComponent("share/screenrun/plugins")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: try Screenrun.binary.get(), to: bin.appendingPathComponent("screenrun"))
    try FileManager.default.copyItem(
      at: Self.root.appendingPathComponent("Plugins/git"), to: plugins.appendingPathComponent("git"))
    let (repository, _) = try Self.repository()
    let process = try await ProcessRunner.run(
      bin.appendingPathComponent("screenrun"),
      arguments: [Self.root.appendingPathComponent("Screens/git-log.json").path, "--once"],
      workingDirectory: repository, environment: Screenrun.environment(adding: Self.only))
    #expect(process.exitCode == 0, "\(process)")
    #expect(process.standardOutput.contains("Fix the footer"), "\(process)")
    let listed = try await ProcessRunner.run(
      bin.appendingPathComponent("screenrun"), arguments: ["--plugins"],
      environment: Screenrun.environment(adding: Self.only))
    #expect(listed.standardOutput.contains("from shipped \(plugins.path)/git/plugin.json"), "\(listed)")
  }

  @Test("a plugin that crashes ends the run in the error state naming it, with nothing left running")
  func crash() async throws {
    let (plugins, screen) = try Self.misbehaving("crash")
    let result = try await Screenrun.run(
      [screen, "--once", "--plugin-path", plugins.path], environment: Self.only)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.standardError.contains("plugin 'test-crash' exited with status 3"), "\(result)")
    // The error state quotes the log's last line (escaped) and names the log file.
    let log = "\(Self.state)/screenrun/plugins/test-crash.log"
    #expect(result.standardError.contains("about to crash\\u001b[2J (see \(log))"), "\(result)")
    #expect(result.standardOutput.contains("(see"), "the frame names the log: \(result)")
    #expect(FileManager.default.contents(atPath: log).map { !$0.contains(0x1B) } == true)
    #expect(Self.processes(holding: plugins.deletingLastPathComponent().lastPathComponent).isEmpty)
  }

  @Test("a script's reload starts a fresh process after a crash")
  func reloadAfterCrash() async throws {
    let (plugins, screen) = try Self.misbehaving("crash")
    let result = try await Screenrun.run(
      [screen, "--script", "-", "--plugin-path", plugins.path], stdin: "reload\n", environment: Self.only)
    #expect(result.exitCode == 1, "\(result)")
    // One start for the first load, one more for the reload: each logs its request before crashing.
    #expect(
      result.standardOutput.components(separatedBy: "plugin 'test-crash' exited with status 3").count - 1 == 2,
      "\(result)")
  }

  @Test("records full of escapes from a plugin reach the terminal safely")
  func escapes() async throws {
    let (plugins, screen) = try Self.misbehaving("escapes")
    let result = try await Screenrun.run(
      [screen, "--once", "--plugin-path", plugins.path, "--width", "80"], environment: Self.only)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardOutput.contains("evil 0"), "\(result)")
    FrameChecks.expectPlainText(result)
    #expect(Self.processes(holding: plugins.deletingLastPathComponent().lastPathComponent).isEmpty)
  }

  @Test("an unknown plugin's error names the places searched, in order, and --plugin-path")
  func unknownPluginPlaces() async throws {
    let (plugins, screen) = try Self.misbehaving("good")
    let config = try Self.temporaryFolder("config")
    try """
    {"version": 1, "kind": "list", "title": "Items", "source": {"plugin": "hn", "resource": "items"},
     "row": {"title": "{name}"}}
    """.write(toFile: screen, atomically: true, encoding: .utf8)
    let result = try await Screenrun.run(
      [screen, "--once", "--plugin-path", plugins.path],
      environment: ["XDG_CONFIG_HOME": config.path, "SCREENRUN_PLUGIN_PATH": "/nonexistent/one:/nonexistent/two"])
    #expect(result.exitCode == 2, "\(result)")
    let places = [
      "--plugin-path \(plugins.path)", "SCREENRUN_PLUGIN_PATH /nonexistent/one",
      "SCREENRUN_PLUGIN_PATH /nonexistent/two",
      "user \(config.path)/screenrun/plugins", "shipped ",
    ]
    #expect(
      result.standardError.contains(
        "unknown plugin 'hn' (plugins: git, github, marvel, shelf, test-good; searched, in order: "
          + places.joined(separator: ", ")), "\(result)")
    #expect(
      result.standardError.contains("; --plugin-path DIR or SCREENRUN_PLUGIN_PATH adds a folder)"), "\(result)")
  }

  @Test("SIGTERM during a run leaves no plugin process behind (nor a child it started, when it got that far)")
  func terminated() async throws {
    // A long timeout: on a busy machine the plugin may be slow to start, and screenrun must still
    // be waiting for it when the signal comes.
    let (plugins, screen) = try Self.misbehaving("child", timeout: 120)
    let folder = plugins.deletingLastPathComponent().lastPathComponent
    let binary = try Screenrun.binary.get()
    let process = Process()
    process.executableURL = binary
    process.arguments = [screen, "--once", "--plugin-path", plugins.path]
    process.environment = Screenrun.environment(adding: Self.only)
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    // Wait (bounded) until the plugin runs, then end screenrun as a user's kill would. (That a child
    // of the plugin goes with it is checked in ExternalPluginTests, by process group.)
    _ = await eventually(within: .seconds(60)) { Self.processes(holding: folder).count >= 2 }
    #expect(
      Self.processes(holding: folder).count >= 2,
      "screenrun and the plugin: not both started (screenrun running: \(process.isRunning)): \(Self.commandLines(Self.processes(holding: folder)))"
    )
    process.terminate()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 143, "screenrun said: \(said)")
    _ = await eventually(within: .seconds(3)) { Self.processes(holding: folder).isEmpty }
    #expect(
      Self.processes(holding: folder).isEmpty, "left running: \(Self.commandLines(Self.processes(holding: folder)))")
  }
}
