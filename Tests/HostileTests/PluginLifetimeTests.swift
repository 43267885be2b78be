import Foundation
import Testing

/// External plugins written in sh that end, fork, exec and write in hostile ways, each run through
/// a run (`--once`), `screenrun test` and `plugin check`: every run ends with a clear error and
/// its exit status, never a crash or a hang, and leaves no process the plugin started. The
/// processes are found by a variable the plugin exports (`/proc/PID/environ`), which every
/// descendant inherits whatever its command line, its process group or its session.
@Suite("Hostile plugins: how their processes end", .serialized)
struct PluginLifetimeTests {
  struct Behaviour: Sendable, CustomTestStringConvertible {
    var name: String
    /// sh, run after the plugin has said hello (when `hello` is set).
    var script: String
    var hello = true
    /// The exit status a run ends with: 1 (the plugin failed), or the signal's when the plugin
    /// signals screenrun.
    var status: Int32 = 1
    /// What the error says, besides the plugin's name.
    var says = ""
    var testDescription: String { name }
  }

  static let behaviours: [Behaviour] = [
    Behaviour(
      name: "exits at once, a child it started holds its stdout", script: "sleep 300 &\nexit 0",
      says: "exited with status 0, and a process it"),
    Behaviour(name: "execs a program that never reads", script: "exec sleep 300"),
    Behaviour(name: "writes NUL bytes for ever, with no newline", script: "exec cat /dev/zero"),
    Behaviour(
      name: "closes its stdout, then floods stderr, ignoring SIGTERM and SIGPIPE",
      script: "trap '' TERM PIPE\nexec 1>&-\nwhile :; do echo flood >&2; done"),
    Behaviour(name: "exits in the middle of its hello", script: "printf '{\"type\": \"hel'\nexit 3", hello: false),
    Behaviour(
      name: "starts 20 children that ignore SIGTERM, then exits",
      script:
        "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do sh -c \"trap '' TERM; sleep 300\" & done\nexit 0"
    ),
    Behaviour(
      name: "starts a daemon in a session of its own, then never answers",
      script: "setsid sh -c \"trap '' TERM HUP; sleep 300\" > /dev/null 2>&1 < /dev/null &\nexec sleep 300"),
    Behaviour(name: "execs a program that is not there", script: "exec /nonexistent/program"),
    Behaviour(name: "stops itself (SIGSTOP)", script: "kill -STOP $$\nsleep 300"),
    Behaviour(name: "closes its stdin and stdout and lingers", script: "exec 0<&- 1>&-\ntrap '' TERM\nsleep 300"),
    Behaviour(
      name: "writes a megabyte with no newline, then exits",
      script: "head -c 1048576 /dev/zero | tr '\\\\0' x\nexit 0"),
    Behaviour(name: "sends SIGTERM to screenrun", script: "kill -TERM $PPID\nexec sleep 300", status: 143),
  ]

  /// A folder with plugin `p` (sh), a list screen, a screen test, and a state folder.
  struct Lab {
    let folder: URL
    let tag = "screenrun-lifetime-\(UUID().uuidString)"

    init(_ behaviour: Behaviour) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(tag)
      let plugin = folder.appendingPathComponent("plugins/p")
      try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
      let hello = behaviour.hello ? "echo '{\"type\": \"hello\", \"protocol\": 1}'\n" : ""
      try "export LIFETIME_TAG=\"$1\"\n\(hello)\(behaviour.script)\n".write(
        to: plugin.appendingPathComponent("p.sh"), atomically: true, encoding: .utf8)
      try """
      {"name": "p", "summary": "misbehaves", "protocol": 1, "timeout": 3,
       "command": ["sh", "\(plugin.appendingPathComponent("p.sh").path)", "\(tag)"],
       "resources": [{"name": "items", "kind": "list", "summary": "items"}]}
      """.write(to: plugin.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)
      try """
      {"version": 1, "kind": "list", "title": "Items", "source": {"plugin": "p", "resource": "items"},
       "row": {"title": "{name}"}}
      """.write(to: folder.appendingPathComponent("items.json"), atomically: true, encoding: .utf8)
      try "screen: items.json\nplugin-path: plugins\n$ next\n".write(
        to: folder.appendingPathComponent("t.screentest"), atomically: true, encoding: .utf8)
    }

    var commands: [(String, [String])] {
      let plugins = folder.appendingPathComponent("plugins").path
      return [
        ("run", [folder.appendingPathComponent("items.json").path, "--once", "--plugin-path", plugins]),
        ("test", ["test", folder.appendingPathComponent("t.screentest").path]),
        ("plugin check", ["plugin", "check", plugins + "/p"]),
      ]
    }

    var environment: [String: String] {
      [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path, "LC_ALL": "C.UTF-8",
        "SCREENRUN_NO_USER_PLUGINS": "1",
      ]
    }

    /// The processes (not zombies) whose environment holds the tag, once none is, or after a
    /// guard of 15 s (ones being killed take their time on a loaded machine).
    func left() async -> [pid_t] {
      let deadline = ContinuousClock.now + .seconds(15)
      while true {
        let found = Self.holding(tag)
        if found.isEmpty || ContinuousClock.now >= deadline { return found }
        try? await Task.sleep(for: .milliseconds(20))
      }
    }

    func remove() {
      for pid in Self.holding(tag) { kill(pid, SIGKILL) }
      try? FileManager.default.removeItem(at: folder)
    }

    static func holding(_ tag: String) -> [pid_t] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      let needle = Data("LIFETIME_TAG=\(tag)".utf8)
      return names.compactMap { name -> pid_t? in
        guard let pid = pid_t(name), let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ"),
          environ.range(of: needle) != nil,
          let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
          stat.split(separator: ")").last?.split(separator: " ").first != "Z"
        else { return nil }
        return pid
      }
    }
  }

  @Test("a run, screenrun test and plugin check end with an error and leave no process", arguments: behaviours)
  func endsCleanly(_ behaviour: Behaviour) async throws {
    let lab = try Lab(behaviour)
    defer { lab.remove() }
    for (name, arguments) in lab.commands {
      let run = await Driver.run(
        try Driver.binary(), arguments, environment: lab.environment, stdin: nil, in: lab.folder)
      let output = PluginProcessTests.text(run)
      #expect(run.signal == nil && !run.timedOut, "\(name): crashed or hung\n\(output.prefix(2000))")
      // screen test says a broken test with 2 (its plugin failed at the start), or 1.
      let statuses: Set<Int32> = behaviour.status == 1 ? [1, 2] : [behaviour.status]
      #expect(statuses.contains(run.exitCode), "\(name): exit \(run.exitCode)\n\(output.prefix(2000))")
      if behaviour.status == 1 {
        // A screen test's frames, the error among them, are in its pending file.
        let pending = lab.folder.appendingPathComponent("t.screentest.pending")
        let said = name == "test" ? (try? String(contentsOf: pending, encoding: .utf8)) ?? "" : output
        #expect(said.contains("plugin 'p'"), "\(name): the error names the plugin\n\(said.prefix(2000))")
        #expect(
          behaviour.says.isEmpty || said.contains(behaviour.says),
          "\(name): the error says '\(behaviour.says)'\n\(said.prefix(2000))")
      }
      let left = await lab.left()
      #expect(left.isEmpty, "\(name): left \(left)\n\(output.prefix(2000))")
    }
  }
}
