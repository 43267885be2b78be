import Foundation
import ReplayServer
import Testing

/// The second round of hostile cases (issue 25) that need more than the suite's checks: input as
/// deep as it is long, integers beyond 64 bits, and secrets cut by a wrap at every width.
@Suite("Hostile inputs, round two")
struct RoundTwoTests {
  /// A folder for one case, the hostile server when there is one, and the environment the suite
  /// runs `screenrun` in (secrets set, pointed at the server).
  final class Lab {
    let folder: URL
    let work: URL
    let server: HostileServer?
    var environment: [String: String]

    init(answer: Probe.Answer? = nil) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-round-two-\(UUID().uuidString)")
      work = folder.appendingPathComponent("work")
      for name in ["work", "cache", "home"] {
        try FileManager.default.createDirectory(
          at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
      }
      server = try answer.map { try HostileServer(answer: $0) }
      environment = ProcessInfo.processInfo.environment.filter { key, _ in
        !(key.hasPrefix("SCREENRUN_") || key.hasPrefix("MARVEL_") || key.hasPrefix("GITHUB_") || key == "COLUMNS"
          || key == "LINES" || key == "XDG_CACHE_HOME")
      }
      let base = server?.baseURL ?? "http://127.0.0.1:9"
      environment.merge([
        "LC_ALL": "C.UTF-8", "HOME": folder.appendingPathComponent("home").path,
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "MARVEL_BASE_URL": base,
        "GITHUB_API_URL": base, "MARVEL_PUBLIC_KEY": Hostile.marvelPublicKey,
        "MARVEL_PRIVATE_KEY": Hostile.marvelPrivateKey, "GITHUB_TOKEN": Hostile.githubToken,
        "SCREENRUN_HTTP_TIMEOUT": "3", "SCREENRUN_HTTP_CONNECT_TIMEOUT": "2",
      ]) { _, new in new }
    }

    deinit {
      server?.stop()
      try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { work.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws {
      try Data(text.utf8).write(to: work.appendingPathComponent(name))
    }

    func read(_ name: String) -> [UInt8] {
      (try? Data(contentsOf: work.appendingPathComponent(name))).map(Array.init) ?? []
    }

    /// Runs the built `screenrun` (or `program`, which runs it); a crash or a hang is a test failure.
    func run(
      _ arguments: [String], stdin: String? = nil, program: String? = nil,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Driver.Run {
      let run = await Driver.run(
        try program.map(URL.init(fileURLWithPath:)) ?? Driver.binary(), arguments, environment: environment,
        stdin: stdin.map { Array($0.utf8) }, in: folder)
      #expect(run.signal == nil, "crashed: \(text(run))", sourceLocation: sourceLocation)
      #expect(!run.timedOut, "hung: \(text(run))", sourceLocation: sourceLocation)
      return run
    }

    func text(_ run: Driver.Run) -> String {
      "exit \(run.exitCode)\n--- stdout\n\(String(decoding: run.stdout.prefix(4000), as: UTF8.self))\n--- stderr\n"
        + String(decoding: run.stderr.prefix(4000), as: UTF8.self)
    }
  }

  // MARK: - Part 1: no recursion on the depth of input

  @Test("a template path of 50,000 parts is a located error for --check, --once and --explain, never a crash")
  func deepTemplatePath() async throws {
    let lab = try Lab()
    let path = Array(repeating: "a", count: 50_000).joined(separator: ".")
    try lab.write(
      "p.json",
      #"{"kind": "list", "title": "T", "source": {"plugin": "marvel", "resource": "characters"}, "row": {"title": "{"#
        + path + #"}"}}"#)
    for mode in [["--check"], ["--once"], ["--explain"]] {
      let arguments = mode == ["--check"] ? ["--check", lab.path("p.json")] : [lab.path("p.json")] + mode
      let run = try await lab.run(arguments)
      let stderr = String(decoding: run.stderr, as: UTF8.self)
      #expect(run.exitCode == 2, "\(mode): \(lab.text(run))")
      #expect(stderr.contains("p.json:1:"), "\(mode): located: \(lab.text(run))")
      #expect(stderr.contains("at most 256 parts"), "\(mode): \(lab.text(run))")
    }
    // 256 parts is allowed, and a run of it shows the row (the field is missing: an empty title).
    try lab.write(
      "q.json",
      #"{"kind": "list", "title": "T", "source": {"plugin": "marvel", "resource": "characters"}, "row": {"title": "x{"#
        + Array(repeating: "a", count: 256).joined(separator: ".") + #"}"}}"#)
    let check = try await lab.run(["--check", lab.path("q.json")])
    #expect(check.exitCode == 0, "\(lab.text(check))")
    let once = try await lab.run([lab.path("q.json"), "--once"])
    #expect(once.exitCode == 0, "\(lab.text(once))")
  }

  @Test("a chain of 2,500 list screens, each selecting the next, checks and runs without a crash")
  func longSelectChain() async throws {
    let lab = try Lab()
    let count = 2_500
    for index in 0..<count {
      let select =
        index + 1 < count ? #", "select": {"screen": "s\#(index + 1).json", "params": {"id": "{id}"}}"# : ""
      let title = index == 0 ? "Chain" : "Chain {params.id}"
      try lab.write(
        "s\(index).json",
        #"{"kind": "list", "title": "\#(title)", "source": {"plugin": "marvel", "resource": "characters"}, "row": {"title": "{name}"}\#(select)}"#
      )
    }
    let check = try await lab.run(["--check", lab.path("s0.json")])
    #expect(check.exitCode == 0, "\(lab.text(check))")
    let once = try await lab.run([lab.path("s0.json"), "--once", "--width", "60"])
    #expect(once.exitCode == 0, "\(lab.text(once))")
    #expect(String(decoding: once.stdout, as: UTF8.self).contains("Chain"), "\(lab.text(once))")

    // A problem at the far end is reported there, and every screen on the way says it is invalid.
    try lab.write(
      "s\(count - 1).json",
      #"{"kind": "list", "title": "{params.id}", "source": {"plugin": "marvel", "resource": "characters"}, "row": {"title": "{nam"}}"#
    )
    let broken = try await lab.run(["--check", lab.path("s0.json")])
    let stderr = String(decoding: broken.stderr, as: UTF8.self)
    #expect(broken.exitCode == 2, "\(lab.text(broken))")
    #expect(stderr.contains("s\(count - 1).json:"), "\(lab.text(broken))")
    #expect(stderr.contains("s0.json:") && stderr.contains("is invalid"), "\(lab.text(broken))")
  }

  // MARK: - Part 6: big integers are data

  @Test("an integer beyond 64 bits in a live response keeps its digits; number groups them")
  func bigIntegersFromAServer() async throws {
    let big = "18446744073709551616"
    let huge = "1" + String(repeating: "2", count: 399)
    let lab = try Lab(
      answer: json(
        Marvel.body(
          results: "[\(Marvel.character(name: Hostile.q("Big"), comics: #"{"available": \#(big), "items": []}"#)),"
            + "\(Marvel.character(id: "2", name: Hostile.q("Huge"), comics: #"{"available": -\#(huge), "items": []}"#))]",
          total: "2", count: "2")))
    let run = try await lab.run(["Screens/characters.json", "--once", "--live", "--width", "200"])
    let stdout = String(decoding: run.stdout, as: UTF8.self)
    #expect(run.exitCode == 0, "\(lab.text(run))")
    #expect(stdout.contains("18,446,744,073,709,551,616 comics"), "\(lab.text(run))")
    #expect(stdout.contains("-1,222,222,"), "\(lab.text(run))")
  }

  @Test("an integer beyond 64 bits in a screen file: a constant parameter as written, or a located type error")
  func bigIntegersInAScreenFile() async throws {
    let lab = try Lab()
    try lab.write(
      "d.json",
      #"{"kind": "detail", "title": "{name}", "source": {"plugin": "marvel", "resource": "character", "params": {"id": 18446744073709551616}}, "sections": [{"type": "text", "value": "{description}"}]}"#
    )
    let check = try await lab.run(["--check", lab.path("d.json")])
    #expect(check.exitCode == 0, "\(lab.text(check))")
    let explain = try await lab.run([lab.path("d.json"), "--explain"])
    #expect(String(decoding: explain.stdout, as: UTF8.self).contains("18446744073709551616"), "\(lab.text(explain))")
    try lab.write(
      "l.json",
      #"{"kind": "list", "title": "T", "source": {"plugin": "marvel", "resource": "characters"}, "row": {"title": "{name}"}, "paging": {"pageSize": 18446744073709551616}}"#
    )
    let paging = try await lab.run(["--check", lab.path("l.json")])
    let stderr = String(decoding: paging.stderr, as: UTF8.self)
    #expect(paging.exitCode == 2, "\(lab.text(paging))")
    #expect(stderr.contains("l.json:1:") && stderr.contains("pageSize"), "\(lab.text(paging))")
  }

  @Test("an integer beyond 64 bits in an external plugin's answer keeps its digits")
  func bigIntegersFromAPlugin() async throws {
    let lab = try Lab()
    let plugin = lab.work.appendingPathComponent("plugins/big")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try Data(
      #"""
      import json, sys
      print(json.dumps({"type": "hello", "protocol": 1}), flush=True)
      for line in sys.stdin:
          message = json.loads(line)
          if message.get("type") != "page":
              continue
          records = [{"id": 1, "name": "big", "n": 2 ** 64}, {"id": 2, "name": "huge", "n": -int("9" * 400)}]
          print(json.dumps({"type": "page", "id": message["id"], "records": records}), flush=True)
      """#.utf8
    ).write(to: plugin.appendingPathComponent("big.py"))
    let program = plugin.appendingPathComponent("big.py").path
    try Data(
      #"""
      {"name": "big", "summary": "big numbers", "protocol": 1, "command": ["python3", "\#(program)"],
       "resources": [{"name": "items", "kind": "list", "summary": "items"}]}
      """#.utf8
    ).write(to: plugin.appendingPathComponent("plugin.json"))
    try lab.write(
      "items.json",
      #"{"kind": "list", "title": "Items", "source": {"plugin": "big", "resource": "items"}, "row": {"title": "{name} {n}", "subtitle": "{n|number}"}}"#
    )
    lab.environment["SCREENRUN_NO_USER_PLUGINS"] = "1"
    lab.environment["XDG_STATE_HOME"] = lab.folder.appendingPathComponent("home").path
    let run = try await lab.run([
      lab.path("items.json"), "--once", "--width", "1000", "--plugin-path",
      lab.work.appendingPathComponent("plugins").path,
    ])
    let stdout = String(decoding: run.stdout, as: UTF8.self)
    #expect(run.exitCode == 0, "\(lab.text(run))")
    #expect(stdout.contains("big 18446744073709551616"), "\(lab.text(run))")
    #expect(stdout.contains("18,446,744,073,709,551,616"), "\(lab.text(run))")
    #expect(stdout.contains("huge -" + String(repeating: "9", count: 400)), "\(lab.text(run))")
    #expect(stdout.contains("-9,999,999,999,"), "\(lab.text(run))")
  }

  // MARK: - Part 4: secrets never show, whatever the width

  /// Every run of `screenrun` here holds no registered secret whole, nor 8 of its characters in
  /// a row, in either case: the token, the private key, and each request's hash.
  static func leaks(in bytes: [UInt8], secrets: [String]) -> String? {
    let folded = String(decoding: bytes, as: UTF8.self).lowercased()
    for secret in secrets {
      let characters = Array(secret.lowercased())
      guard characters.count >= 8 else { continue }
      for start in 0...(characters.count - 8) {
        let piece = String(characters[start..<(start + 8)])
        if let range = folded.range(of: piece) {
          let from = folded.index(range.lowerBound, offsetBy: -20, limitedBy: folded.startIndex) ?? folded.startIndex
          let to = folded.index(range.upperBound, offsetBy: 20, limitedBy: folded.endIndex) ?? folded.endIndex
          return "'\(piece)' of a secret in …\(folded[from..<to].debugDescription)…"
        }
      }
    }
    return nil
  }

  /// The widths swept: every width from 20 to 44 (a wrap or a cut at each offset of a secret),
  /// then wider ones up to 200.
  static let widths = Array(20...44) + [50, 64, 80, 100, 120, 160, 200]

  static let token = Hostile.githubToken

  /// Answers that echo a secret where a wrap or a cut meets it.
  static let echoes: [(name: String, arguments: [String], answer: Probe.Answer)] = [
    (
      "token in a repository description", GitHub.repository,
      json(GitHub.repository(description: Hostile.q("uses \(token) daily and \(token.uppercased()) too")))
    ),
    (
      "token in a 401 message", GitHub.commits,
      json(#"{"message": "token \#(token) is bad"}"#, status: "401 Unauthorized")
    ),
    ("token as a commit message", GitHub.commits, json("[\(GitHub.commit(message: Hostile.q("x " + token)))]")),
    (
      "hash in a description", Marvel.detail,
      { request in
        let hash = request.queryValue("hash") ?? "no-hash"
        return .json(
          Marvel.body(results: "[\(Marvel.character(description: Hostile.q("see " + hash + " " + hash.uppercased())))]")
        )
      }
    ),
    (
      "hash as a name and in a thumbnail", Marvel.detail,
      { request in
        let hash = request.queryValue("hash") ?? "no-hash"
        return .json(
          Marvel.body(
            results:
              "[\(Marvel.character(name: Hostile.q(hash), thumbnailPath: Hostile.q("http://i.example/\(hash)")))]"))
      }
    ),
    (
      "hash in a 401 message", Marvel.list,
      { request in
        .json(#"{"code": 401, "message": "bad hash \#(request.queryValue("hash") ?? "")"}"#, status: "401 Unauthorized")
      }
    ),
  ]

  @Test("at widths 20 to 200, no frame, error, trace or explanation holds 8 characters of a secret", arguments: 0..<6)
  func secretsAtEveryWidth(_ echo: Int) async throws {
    let (name, arguments, answer) = Self.echoes[echo]
    let lab = try Lab(answer: answer)
    for width in Self.widths {
      let run = try await lab.run(
        arguments + ["--once", "--live", "--width", String(width), "--trace", lab.path("trace.jsonl")])
      let secrets = [Hostile.marvelPrivateKey, Hostile.githubToken] + Self.hashes(lab)
      #expect(run.exitCode == 0 || run.exitCode == 1, "\(name) at \(width): \(lab.text(run))")
      for (stream, bytes) in [("stdout", run.stdout), ("stderr", run.stderr), ("trace", lab.read("trace.jsonl"))] {
        if let leak = Self.leaks(in: bytes, secrets: secrets) {
          Issue.record("\(name) at width \(width), \(stream): \(leak)")
        }
      }
    }
    // --explain shows the request sent and the record's fields, cut: no piece there either.
    for width in [20, 80] {
      let run = try await lab.run(arguments + ["--explain", "--live", "--width", String(width)])
      let secrets = [Hostile.marvelPrivateKey, Hostile.githubToken] + Self.hashes(lab)
      for (stream, bytes) in [("stdout", run.stdout), ("stderr", run.stderr)] {
        if let leak = Self.leaks(in: bytes, secrets: secrets) {
          Issue.record("\(name), --explain at width \(width), \(stream): \(leak)")
        }
      }
    }
  }

  @Test("a data: live screen test's transcript and pending file hold no piece of a secret, at any width")
  func secretsInTranscripts() async throws {
    let lab = try Lab(answer: Self.echoes[0].answer)
    let screens = Driver.repositoryRoot.appendingPathComponent("Screens").path
    for width in [20, 23, 29, 37, 80] {
      let name = "w\(width).screentest"
      try lab.write(name, "screen: \(screens)/repository.json\nparam: repo=octo/cat\nwidth: \(width)\ndata: live\n")
      let run = try await lab.run(["test", lab.path(name)])
      #expect(run.exitCode == 1, "a new test: \(lab.text(run))")
      let pending = lab.read(name + ".pending")
      #expect(!pending.isEmpty, "\(lab.text(run))")
      for (stream, bytes) in [("stdout", run.stdout), ("stderr", run.stderr), ("pending", pending)] {
        if let leak = Self.leaks(in: bytes, secrets: [Hostile.githubToken]) {
          Issue.record("width \(width), \(stream): \(leak)")
        }
      }
    }
  }

  static func hashes(_ lab: Lab) -> [String] {
    (lab.server?.requests ?? []).compactMap { $0.queryValue("hash") }.filter { !$0.isEmpty }
  }
}
