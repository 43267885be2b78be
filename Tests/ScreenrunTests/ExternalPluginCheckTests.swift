import Foundation
import Testing

/// `screenrun plugin check`: it passes on the git example and on the test plugins that keep the
/// protocol (slow, ignoring cancel, flooding stderr, answering out of order, escape-laden), and
/// fails, located in the exchange, on each one that breaks it; nothing is left running.
@Suite("screenrun plugin check")
struct ExternalPluginCheckTests {
  typealias Command = ExternalPluginCommandTests

  /// A folder of `test-MODE` plugins running misbehave.py, each with a list and a record
  /// resource; the folder's name tags their command lines.
  /// Only the plugins that never answer get `timeout`; the rest get 30 s, so a slow start on a
  /// busy machine is not taken for silence.
  static func plugins(_ modes: [String], timeout: Int = 30) throws -> URL {
    let folder = try Command.temporaryFolder("check")
    for mode in modes {
      let plugin = folder.appendingPathComponent("test-\(mode)")
      try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
      try """
      {"name": "test-\(mode)", "summary": "misbehaves", "protocol": 1,
       "timeout": \(["silent", "child"].contains(mode) ? timeout : 30),
       "command": ["python3", "\(Command.misbehave)", "\(mode)", "\(folder.lastPathComponent)"],
       "resources": [{"name": "items", "kind": "list", "summary": "items", "search": "q",
                      "parameters": [{"name": "q", "summary": "a search"}]},
                     {"name": "item", "kind": "record", "summary": "an item",
                      "parameters": [{"name": "id", "required": true, "summary": "its id"}]}]}
      """.write(to: plugin.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)
    }
    return folder
  }

  @Test("it passes on the git example, run in a repository")
  func gitExample() async throws {
    let (repository, _) = try Command.repository()
    let result = try await Screenrun.run(
      ["plugin", "check", Command.root.appendingPathComponent("Plugins/git").path], in: repository,
      environment: Command.only, timeout: .seconds(60))
    #expect(result.exitCode == 0, "\(result)")
    for line in [
      "  ok    hello: protocol 1 (lines 1 and 2)", "  ok    commits: 1 page of at most 5, 3 records, no next cursor",
      "  ok    commit: a record (sha=", "  ok    cancel: request 3 cancelled",
      // The git plugin honours the hint: only the members named come back.
      "  ok    members: a page of commits naming 'author', 'date', 'email' has them in every record (the others left out)",
      "  ok    stop: the program exited with status 0 when its stdin was closed", "plugin 'git' conforms",
    ] {
      #expect(result.standardOutput.contains(line), "\(line)\n\(result)")
    }
    #expect(result.standardError.isEmpty, "\(result)")
    #expect(Command.processes(holding: "git_plugin.py", workingIn: repository).isEmpty)
  }

  @Test("it passes on the test plugins that keep the protocol, however slow, noisy or out of order")
  func conforming() async throws {
    let modes = ["good", "slow", "flood", "shuffle", "escapes"]
    let folder = try Self.plugins(modes)
    let result = try await Screenrun.run(
      ["plugin", "check"] + modes.map { folder.appendingPathComponent("test-\($0)").path }, environment: Command.only,
      timeout: .seconds(120))
    #expect(result.exitCode == 0, "\(result)")
    for mode in modes {
      #expect(result.standardOutput.contains("plugin 'test-\(mode)' conforms"), "\(mode)\n\(result)")
      #expect(
        result.standardOutput.contains("  ok    items: 3 pages of at most 5, 15 records, cursors '5', '10', '15'"),
        "\(result)")
    }
    #expect(result.standardOutput.contains("  ok    item: a record (id=0)"), "\(result)")
    // These plugins ignore the `members` hint, which is allowed.
    #expect(
      result.standardOutput.contains(
        "  ok    members: a page of items naming 'id', 'name' has them in every record (other members sent too, which is allowed)"
      ), "\(result)")
    FrameChecks.expectPlainText(result)
    try await Self.expectNothingLeft(folder)
  }

  @Test("it fails on each plugin that breaks the protocol, naming the rule, the answer's line and the request")
  func violations() async throws {
    let page = #"> {"type":"page","resource":"items","params":{},"cursor":null,"pageSize":5,"id":1}"#
    let cases: [(mode: String, reason: String, place: String)] = [
      (
        "crash", "exited with status 3 while the check waited for an answer to request 1",
        "after line 3 of the exchange: \(page)"
      ),
      (
        "close", "closed its stdout while the check waited for an answer to request 1",
        "after line 3 of the exchange: \(page)"
      ),
      ("badjson", "wrote a line that is not JSON", "at line 4 of the exchange: < this is not JSON"),
      ("huge", "wrote a line over 16 MiB", "in answer to line 3: \(page)"),
      ("unknown", "answered request 1001, which was never sent", "in answer to line 3: \(page)"),
      ("duplicate", "answered request 1 twice", "at line 6 of the exchange: < {"),
      (
        "silent", "did not answer within 2 s (waiting for an answer to request 1)",
        "after line 3 of the exchange: \(page)"
      ),
      (
        "child", "did not answer within 2 s (waiting for an answer to request 1)",
        "after line 3 of the exchange: \(page)"
      ),
      (
        "badhello", "speaks protocol 2; this screenrun speaks 1",
        "at line 2 of the exchange: < {\"type\": \"hello\", \"protocol\": 2}"
      ),
      ("badshape", "answered a page without a \"records\" array", "in answer to line 3: \(page)"),
      ("noexit", "did not exit within 0.5 seconds of its stdin closing (its process group was killed)", ""),
      (
        "drops", "answered a page whose record 1 lacks member 'name', which its request named in \"members\"",
        #"in answer to line 16: > {"type":"page","resource":"items","params":{},"cursor":null,"pageSize":5,"members":["id","name"],"id":7}"#
      ),
    ]
    let folder = try Self.plugins(cases.map(\.mode), timeout: 2)
    let result = try await Screenrun.run(
      ["plugin", "check"] + cases.map { folder.appendingPathComponent("test-\($0.mode)").path },
      environment: Command.only, timeout: .seconds(180))
    #expect(result.exitCode == 1, "\(result)")
    let errors = result.standardError.components(separatedBy: "\n")
    for (mode, reason, place) in cases {
      let file = folder.appendingPathComponent("test-\(mode)/plugin.json").path
      let heading = "\(file): error: plugin 'test-\(mode)' \(reason)"
      let index = errors.firstIndex { $0.hasPrefix(heading) }
      #expect(index != nil, "\(heading)\n\(result)")
      if let index, !place.isEmpty {
        #expect(
          errors[(index + 1)...].prefix(2).contains { $0.hasPrefix("  " + place) }, "\(mode): \(place)\n\(result)")
      }
      #expect(result.standardOutput.contains("plugin 'test-\(mode)' does not conform"), "\(mode)\n\(result)")
    }
    try await Self.expectNothingLeft(folder)
  }

  @Test(
    "--param checks what needs parameters; a made-up id not found is a note, and the summary says what was not checked")
  func parameters() async throws {
    let folder = try Command.temporaryFolder("check-param")
    let plugin = folder.appendingPathComponent("test-needs")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try """
    {"name": "test-needs", "summary": "needs parameters", "protocol": 1, "timeout": 30,
     "command": ["python3", "\(Command.misbehave)", "needs", "\(folder.lastPathComponent)"],
     "resources": [{"name": "items", "kind": "list", "summary": "items"},
                   {"name": "feed", "kind": "list", "summary": "a feed's items",
                    "parameters": [{"name": "feed", "required": true, "summary": "which feed"}]},
                   {"name": "item", "kind": "record", "summary": "an item",
                    "parameters": [{"name": "id", "required": true, "summary": "its id"}]}]}
    """.write(to: plugin.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)

    // Without parameters: the feed is not paged, the id taken from a record is not found; both
    // notes, no violation, and the summary does not say simply "conforms".
    let bare = try await Screenrun.run(["plugin", "check", plugin.path], environment: Command.only)
    #expect(bare.exitCode == 0, "\(bare)")
    #expect(
      bare.standardOutput.contains(
        "  note  feed: not paged; it needs parameter 'feed': give one with --param feed=VALUE"), "\(bare)")
    #expect(bare.standardOutput.contains("  note  item: the check took 'id' (0) from a paged record"), "\(bare)")
    #expect(
      bare.standardOutput.contains(
        "plugin 'test-needs' conforms in what was checked (")
        && bare.standardOutput.contains(
          "; not checked: list 'feed' (needs 'feed'), record 'item' (not found)"),
      "\(bare)")
    #expect(!bare.standardError.contains("error"), "\(bare)")

    // With them: everything is checked, and the plugin conforms.
    let given = try await Screenrun.run(
      ["plugin", "check", plugin.path, "--param", "feed=top", "--param", "id=wanted"], environment: Command.only)
    #expect(given.exitCode == 0, "\(given)")
    #expect(given.standardOutput.contains("  ok    feed: 3 pages of at most 5, 15 records"), "\(given)")
    #expect(given.standardOutput.contains("  ok    item: a record (id=wanted)"), "\(given)")
    #expect(
      given.standardOutput.contains("plugin 'test-needs' conforms (") && !given.standardOutput.contains("not checked"),
      "\(given)")
    try await Self.expectNothingLeft(folder)
  }

  @Test("a broken manifest exits 2 with its located errors, and a folder without one is refused")
  func brokenManifest() async throws {
    let folder = try Command.temporaryFolder("check-broken")
    let file = folder.appendingPathComponent("plugin.json")
    try """
    {"name": "broken", "summary": "s", "protocol": 1,
     "comand": ["x"], "resources": [{"name": "items", "kind": "list", "summary": "s"}]}
    """.write(to: file, atomically: true, encoding: .utf8)
    let broken = try await Screenrun.run(["plugin", "check", folder.path], environment: Command.only)
    #expect(broken.exitCode == 2, "\(broken)")
    #expect(
      broken.standardError.contains(
        "\(file.path):2:2: error at /comand: unknown key 'comand'; did you mean 'command'?"),
      "\(broken)")
    let empty = try Command.temporaryFolder("check-empty")
    let none = try await Screenrun.run(["plugin", "check", empty.path], environment: Command.only)
    #expect(none.exitCode == 2, "\(none)")
    #expect(none.standardError.contains("\(empty.path)/plugin.json: error:"), "\(none)")
    let usage = try await Screenrun.run(["plugin", "check"], environment: Command.only)
    #expect(usage.exitCode == 2, "\(usage)")
  }

  /// Waits (bounded) until no process carries the folder's tag.
  static func expectNothingLeft(_ folder: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let tag = folder.lastPathComponent
    for _ in 0..<300 where !Command.processes(holding: tag).isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    #expect(
      Command.processes(holding: tag).isEmpty, "left running: \(Command.commandLines(Command.processes(holding: tag)))",
      sourceLocation: sourceLocation)
  }
}
