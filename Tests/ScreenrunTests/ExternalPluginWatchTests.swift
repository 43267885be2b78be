import Foundation
import Testing

/// `--watch` and external plugins: a copy of a plugin in a temporary folder is edited while a
/// watched run (`--script -`, written a line at a time) is going. An edited program restarts, an
/// edited manifest is read again; a broken manifest shows its located errors over the last good
/// screen, and the next good edit recovers.
@Suite("External plugins under --watch", .serialized)
struct ExternalPluginWatchTests {
  static let footer = "test plugin good"

  @Test("an edited plugin program or manifest restarts the plugin; a broken manifest shows located errors until fixed")
  func editWhileWatched() async throws {
    let folder = try ExternalPluginCommandTests.temporaryFolder("watch")
    let tag = folder.lastPathComponent
    let plugin = folder.appendingPathComponent("plugins/watched")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    let program = plugin.appendingPathComponent("misbehave.py")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: ExternalPluginCommandTests.misbehave), to: program)
    let manifest = plugin.appendingPathComponent("plugin.json")
    try """
    {"name": "watched", "summary": "a plugin edited while it runs", "protocol": 1,
     "command": ["python3", "./misbehave.py", "good", "\(tag)"],
     "resources": [{"name": "items", "kind": "list", "summary": "items", "search": "q",
                    "parameters": [{"name": "q", "summary": "a search"}]}]}
    """.write(to: manifest, atomically: true, encoding: .utf8)
    let screen = folder.appendingPathComponent("items.json").path
    try """
    {"version": 1, "kind": "list", "title": "Items", "source": {"plugin": "watched", "resource": "items"},
     "paging": {"pageSize": 3}, "row": {"title": "{name}", "subtitle": "pid {pid}"}, "footer": "{meta.attribution}"}
    """.write(toFile: screen, atomically: true, encoding: .utf8)

    let session = try StreamingProcess(
      Screenrun.binary.get(),
      arguments: [
        screen, "--watch", "--script", "-", "--width", "400", "--plugin-path", plugin.deletingLastPathComponent().path,
      ],
      workingDirectory: folder, environment: Screenrun.environment(adding: ExternalPluginCommandTests.only))
    defer { session.kill() }

    try session.write("wait 0\n")
    let first = try await Self.frame("wait 0", of: session)
    #expect(first.rowTitles == ["record 0", "record 1", "record 2"], "\(first)")
    let firstPid = try #require(Self.pid(first), "\(first)")

    // The program changes: the screen loads again, from a fresh process running the new program.
    try Self.edit(program, replacing: #"name = f"record {number}""#, with: #"name = f"entry {number}""#)
    try session.write("wait 1\n")
    let restarted = try await Self.frame("wait 1", of: session)
    #expect(restarted.rowTitles == ["entry 0", "entry 1", "entry 2"], "\(restarted)")
    let secondPid = try #require(Self.pid(restarted), "\(restarted)")
    #expect(secondPid != firstPid, "\(restarted)")
    try await Self.expectOnly(1, holding: tag)

    // A broken manifest: its located error shows over the last good screen, which keeps running.
    try Self.edit(manifest, replacing: #""command""#, with: #""comand""#)
    try session.write("wait 2\n")
    let broken = try await Self.frame("wait 2", of: session)
    let problems = broken.lines.filter { $0.hasPrefix("! ") }.joined(separator: "\n")
    #expect(broken.lines.first?.hasPrefix("! ") == true, "the errors come first: \(broken)")
    #expect(problems.contains("plugin 'watched' cannot"), "\(broken)")
    #expect(problems.contains("\(manifest.path):2:2:"), "located in the manifest: \(broken)")
    #expect(problems.contains("did you mean 'command'?"), "\(broken)")
    #expect(broken.rowTitles == ["entry 0", "entry 1", "entry 2"], "the last good screen: \(broken)")
    #expect(Self.pid(broken) == secondPid, "\(broken)")

    // Fixed (with a new summary): the errors go, and a fresh process serves the screen.
    try Self.edit(manifest, replacing: #""comand""#, with: #""command""#)
    try Self.edit(manifest, replacing: "edited while it runs", with: "edited and fixed")
    try session.write("wait 3\n")
    let fixed = try await Self.frame("wait 3", of: session)
    #expect(!fixed.lines.contains { $0.hasPrefix("! ") }, "the errors stay after the fix: \(fixed)")
    #expect(fixed.rowTitles == ["entry 0", "entry 1", "entry 2"], "\(fixed)")
    let thirdPid = try #require(Self.pid(fixed), "\(fixed)")
    #expect(thirdPid != secondPid, "\(fixed)")

    let status = try await session.finish()
    #expect(status == 0, "\(session.transcript)")
    try await Self.expectOnly(0, holding: tag)
  }

  /// Rewrites a file with one edit, its modification time moved on past any coarse clock.
  static func edit(_ file: URL, replacing old: String, with new: String) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.components(separatedBy: old).count == 2, "'\(old)' is not in \(file.path) once")
    try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: false, encoding: .utf8)
    let stamp = (try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? Date()
    try FileManager.default.setAttributes([.modificationDate: stamp.addingTimeInterval(2)], ofItemAtPath: file.path)
  }

  /// The process id the rows name ("pid 4242"), when they all name one.
  static func pid(_ frame: ScriptSession.Frame) -> Int? {
    let pids = Set(
      frame.lines.compactMap { line -> Int? in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("pid ") ? Int(trimmed.dropFirst(4)) : nil
      })
    return pids.count == 1 ? pids.first : nil
  }

  /// Waits (bounded) until `count` plugin processes carry `tag` in their command line.
  static func expectOnly(_ count: Int, holding tag: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    // The plugin's own processes: the screen's path holds the tag too, so screenrun is left out.
    func plugins() -> [String] {
      ExternalPluginCommandTests.processes(holding: tag).filter {
        ExternalPluginCommandTests.commandLines([$0]).first?.contains("misbehave.py") == true
      }
    }
    for _ in 0..<400 where plugins().count != count { try await Task.sleep(for: .milliseconds(10)) }
    #expect(
      plugins().count == count, "\(ExternalPluginCommandTests.commandLines(plugins()))", sourceLocation: sourceLocation)
  }

  /// The frame after `command`, once it has been printed whole (its last line is the footer).
  static func frame(_ command: String, of session: StreamingProcess) async throws -> ScriptSession.Frame {
    let output = try await session.waitForOutput("frame after '\(command)'", timeout: .seconds(60)) { output in
      ScriptSession.Frame.split(output).last { $0.command == command }?.lines.last == footer
    }
    return ScriptSession.Frame.split(output).last { $0.command == command }!
  }
}
