import Foundation
import PluginHost
import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenSystem
import ScreenTerminal
import Synchronization
import TestSupport
import Testing

/// External plugins: manifests, and the protocol with programs that keep it and that break it.
/// Each failure ends in one error naming the plugin, with no process of it left running.
@Suite("External plugins", .serialized)
struct ExternalPluginTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/External")

  /// A temporary folder holding a manifest that runs `misbehave.py MODE`.
  static func plugin(_ mode: String, timeout: Double? = nil) throws -> PluginManifest {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-plugin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = fixtures.appendingPathComponent("misbehave.py").path
    let manifest = """
      {"name": "test-\(mode)", "summary": "misbehaves: \(mode)", "protocol": 1,
       "command": ["python3", "\(script)", "\(mode)"],
       \(timeout.map { "\"timeout\": \($0)," } ?? "")
       "resources": [
         {"name": "items", "kind": "list", "summary": "items", "search": "q", "maxPageSize": 50,
          "parameters": [{"name": "q", "summary": "a search"}]},
         {"name": "item", "kind": "record", "summary": "an item",
          "parameters": [{"name": "id", "required": true, "summary": "its id"}]}
       ]}
      """
    let file = folder.appendingPathComponent("plugin.json").path
    try manifest.write(toFile: file, atomically: true, encoding: .utf8)
    return try PluginManifest.load(file)
  }

  /// Where the plugins' log files go in these tests (not the user's ~/.local/state).
  static let state = FileManager.default.temporaryDirectory.appendingPathComponent(
    "screenrun-state-\(UUID().uuidString)"
  ).path

  static func source(_ mode: String, timeout: Double? = nil) throws -> ExternalSource {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = state
    return ExternalSource(
      manifest: try plugin(mode, timeout: timeout), context: PluginContext(environment: environment))
  }

  /// The processes of process group `group`, from the process table.
  static func processes(inGroup group: pid_t) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.filter { name in
      guard Int32(name) != nil, let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 2 && Int32(fields[2]) == group
    }
  }

  /// Waits (a bounded number of short sleeps, not a timing assertion) until the group is gone.
  static func expectGone(_ group: pid_t?, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let group = try #require(group, sourceLocation: sourceLocation)
    _ = await eventually(within: .seconds(4)) { processes(inGroup: group).isEmpty }
    #expect(
      processes(inGroup: group).isEmpty, "left running: \(processes(inGroup: group))", sourceLocation: sourceLocation)
  }

  static func failure(_ source: ExternalSource, _ request: PageRequest = PageRequest(resource: "items", pageSize: 10))
    async -> DataSourceError?
  {
    do {
      _ = try await source.page(request)
      return nil
    } catch {
      return error
    }
  }

  @Test("a plugin that keeps the protocol pages through its records and answers a record")
  func good() async throws {
    let source = try Self.source("good")
    var cursor: PageCursor?
    var names: [String] = []
    repeat {
      let page = try await source.page(
        PageRequest(resource: "items", parameters: ["q": "x"], cursor: cursor, pageSize: 20))
      names += page.records.compactMap { $0["name"]?.stringValue }
      #expect(page.total == 45)
      #expect(page.attribution == "test plugin good")
      cursor = page.next
    } while cursor != nil
    #expect(names.count == 45)
    #expect(names.first == "record 0" && names.last == "record 44")
    let record = try await source.record(RecordRequest(resource: "item", parameters: ["id": "7"]))
    #expect(record.value["id"]?.stringValue == "7")
    let group = source.runningProcess
    #expect(group != nil)
    #expect(source.log.contains("request 1: page"))
    source.stop()
    try await Self.expectGone(group)
  }

  @Test("a page request names the members the screen reads, and the answer's records keep only those")
  func members() async throws {
    let source = try Self.source("echo")
    defer { source.stop() }
    let read = try #require(RecordMembers(paths: [["name"], ["asked"]]))
    let page = try await source.page(PageRequest(resource: "items", pageSize: 3, members: read))
    #expect(page.records.count == 3)
    for record in page.records {
      // The plugin sent `id`, `query`, `pid` and `extra` too (it ignores the hint): stepped over.
      #expect(record.objectValue?.keys == ["name", "asked"], "\(record)")
      #expect(record["asked"] == "asked,name", "\(record)")
    }
    let whole = try await source.page(PageRequest(resource: "items", pageSize: 3))
    #expect(whole.records.first?["asked"] == "whole records")
    #expect(whole.records.first?["extra"] == "not asked for")
    #expect(whole.next == PageCursor("3"))
  }

  @Test("concurrent page requests each get at least the members they read; one reading whole records, whole ones")
  func membersConcurrent() async throws {
    let source = try Self.source("slow")
    defer { source.stop() }
    async let names = source.page(PageRequest(resource: "items", pageSize: 2, members: ["name"]))
    async let ids = source.page(PageRequest(resource: "items", cursor: PageCursor("2"), pageSize: 2, members: ["id"]))
    let (named, numbered) = try await (names, ids)
    #expect(named.records.map { $0["name"] } == ["record 0", "record 1"])
    #expect(numbered.records.map { $0["id"] } == [2, 3])
    #expect((named.records + numbered.records).allSatisfy { $0["query"] == nil && $0["pid"] == nil })
    async let whole = source.page(PageRequest(resource: "items", pageSize: 2))
    async let narrow = source.page(PageRequest(resource: "items", pageSize: 2, members: ["id"]))
    let (wholeRecords, narrowRecords) = try await (whole, narrow)
    #expect(wholeRecords.records.allSatisfy { $0["pid"] != nil && $0["query"] != nil }, "\(wholeRecords)")
    #expect(narrowRecords.records.map { $0["id"] } == [0, 1])
  }

  @Test("concurrent requests share one process")
  func concurrent() async throws {
    let source = try Self.source("good")
    // Each record names the process that served it (its stderr log may not be read yet).
    let servers = try await withThrowingTaskGroup(of: [Int].self) { group in
      for index in 0..<8 {
        group.addTask {
          let records = try await source.page(
            PageRequest(resource: "items", cursor: PageCursor(String(index)), pageSize: 5)
          ).records
          #expect(records.count == 5)
          return records.compactMap { $0["pid"]?.intValue }
        }
      }
      return try await group.reduce(into: [Int]()) { $0 += $1 }
    }
    let pid = source.runningProcess
    #expect(servers.count == 40 && Set(servers) == [pid.map(Int.init) ?? -1], "\(servers)")
    source.stop()
    try await Self.expectGone(pid)
  }

  @Test("an error answer is the error of its kind, and the process serves on")
  func errorAnswer() async throws {
    let source = try Self.source("good")
    do {
      _ = try await source.record(RecordRequest(resource: "item", parameters: ["id": "missing"]))
      Issue.record("no error")
    } catch {
      #expect(error == .notFound("no record 'missing'"))
    }
    #expect(try await source.page(PageRequest(resource: "items", pageSize: 3)).records.count == 3)
    source.stop()
  }

  @Test("a request's time runs from the hello: a slow start is not taken for a silent plugin")
  func slowStart() async throws {
    // The hello comes 1.5 s after the start; each answer then comes at once, well within 1 s.
    let source = try Self.source("latehello", timeout: 1)
    let page = try await source.page(PageRequest(resource: "items", pageSize: 3))
    #expect(page.records.count == 3)
    #expect(try await source.page(PageRequest(resource: "items", pageSize: 2)).records.count == 2)
    source.stop()
  }

  @Test("once the hello has come, a request that gets no answer fails at its own timeout, not the start's allowance")
  func timeoutAfterTheHello() async throws {
    // `silent` says hello at once and never answers. The first request is sent before the hello
    // is read; its deadline moves to the hello plus 1 s, well before the 10 s a start may take.
    let source = try Self.source("silent", timeout: 1)
    let began = ContinuousClock.now
    let error = try #require(await Self.failure(source))
    #expect(error.message.contains("did not answer request 1 within 1 s"), "\(error)")
    #expect(
      ContinuousClock.now - began < .seconds(ExternalSource.startAllowance - 1), "waited for the start's allowance")
    source.stop()
  }

  @Test(
    "each broken protocol ends in one error naming the plugin, and nothing is left running",
    arguments: [
      ("crash", "exited with status 3; its log ends: request 1: page | about to crash"),
      ("close", "closed its stdout"),
      ("badjson", "wrote a line that is not JSON"),
      ("huge", "wrote a line over 16 MiB"),
      ("unknown", "answered request 1001, which was never sent"),
      ("badhello", "speaks protocol 2; this screenrun speaks 1"),
      ("badshape", "answered a page without a \"records\" array"),
      ("silent", "did not answer request 1 within 1 s"),
      ("child", "did not answer request 1 within 1 s"),
    ])
  func broken(mode: String, reason: String) async throws {
    // Only the plugins that never answer meet the timeout; the rest keep the default, so a slow
    // start on a busy machine is not taken for silence.
    let source = try Self.source(mode, timeout: ["silent", "child"].contains(mode) ? 1 : nil)
    let error = try #require(await Self.failure(source))
    // A program that exited is the plugin's error, with its status; the rest are the exchange's.
    #expect(error.kind == (mode == "crash" ? .plugin : .transport))
    #expect(error.message.hasPrefix("plugin 'test-\(mode)' "), "\(error)")
    #expect(error.message.contains(reason), "\(error)")
    let pid = source.runningProcess
    #expect(pid == nil, "a failed process still serves")
    let spawned = try #require(Self.lastPid(source), "no process was started")
    try await Self.expectGone(spawned)
    // A reload starts a fresh process, which fails the same way.
    let again = try #require(await Self.failure(source))
    #expect(again.message.contains(reason), "\(again)")
    source.stop()
  }

  @Test("a plugin that stays after its stdin closes is killed, with its process group, after the grace period")
  func noExit() async throws {
    try await Self.pageThenStop(try Self.source("noexit"))
  }

  /// Asks `source` for a page, stops it, and waits (bounded) until its process group is gone.
  static func pageThenStop(_ source: ExternalSource, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let page = try await source.page(PageRequest(resource: "items", pageSize: 5))
    #expect(page.records.count == 5, sourceLocation: sourceLocation)
    let group = source.runningProcess
    source.stop()
    try await Self.expectGone(group, sourceLocation: sourceLocation)
  }

  @Test(
    "a program that cannot start ends in one error naming the plugin and the program",
    arguments: [
      (["no-such-program-anywhere"], "plugin 'test-good': 'no-such-program-anywhere' is not found on PATH"),
      (["./missing.sh"], "/missing.sh' is not an executable file"),
    ])
  func cannotStart(command: [String], reason: String) async throws {
    var manifest = try Self.plugin("good")
    manifest.command = command
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = Self.state
    let source = ExternalSource(manifest: manifest, context: PluginContext(environment: environment))
    let error = try #require(await Self.failure(source))
    #expect(error.message.contains(reason), "\(error)")
    #expect(source.lastProcess == nil)
  }

  @MainActor
  @Test("stale answers under random delays never reach a frame: each state shows only its own query's records")
  func staleAnswers() async throws {
    let manifest = try Self.plugin("shuffle")
    let screen = manifest.folder + "/items.json"
    try """
    {"version": 1, "kind": "list", "title": "Items", "source": {"plugin": "test-shuffle", "resource": "items"},
     "search": {"param": "q"}, "paging": {"pageSize": 5}, "row": {"title": "{name}", "subtitle": "{query}{.}"}}
    """.write(toFile: screen, atomically: true, encoding: .utf8)
    // `{query}` is the search text; `{.}` reads each record whole (it shows nothing of an object),
    // so the records keep the plugin's own `query` member, which says what they answered.
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = Self.state
    let navigator = Navigator(
      loader: ScreenLoader(registry: PluginRegistry([manifest.plugin]), kinds: .standard),
      context: PluginContext(environment: environment),
      scheduler: VirtualScheduler())
    try navigator.open(screen)
    let seen = Mutex((states: 0, stale: [String]()))
    // Looks at the state a search or an answer made.
    func look() {
      guard let state = navigator.state(of: ListKind.self) else { return }
      let shown = Set(state.records.map { $0["query"]?.stringValue ?? "?" })
      seen.withLock { seen in
        seen.states += 1
        if !shown.isSubset(of: [state.activeQuery ?? ""]) {
          seen.stale.append("\(state.activeQuery ?? "") shows \(shown)")
        }
      }
    }
    // Applies the plugin's answers come so far, one at a time.
    func applyAnswers() {
      for answer in navigator.environment.takeAnswers() {
        navigator.send(answer)
        look()
      }
    }
    // Each search makes the one before stale; the plugin answers every one, after 0-200 ms.
    for index in 0..<24 {
      guard
        case .send = navigator.run(
          .kind(name: "search", argument: "q\(index)"), viewport: Viewport(columns: 80, rows: 24))
      else {
        Issue.record("search \(index) did not run")
        return
      }
      look()
      try await Task.sleep(for: .milliseconds(index % 4 * 20))
      applyAnswers()
    }
    while true {
      await navigator.environment.settle()
      let before = seen.withLock { $0.states }
      applyAnswers()
      if seen.withLock({ $0.states }) == before { break }
    }
    let last = try #require(navigator.state(of: ListKind.self))
    #expect(last.activeQuery == "q23" && last.records.count == 5, "\(last.activeQuery ?? "-")")
    #expect(last.records.allSatisfy { $0["query"]?.stringValue == "q23" })
    let (states, stale) = seen.withLock { ($0.states, $0.stale) }
    #expect(states > 24 && stale.isEmpty, "\(states) states; stale: \(stale)")
    let frame = TextRenderer.render(try #require(navigator.screenState), options: RenderOptions(width: 60))
    #expect(frame.contains("q23") && !frame.contains("q22"), "\(frame)")
    // The navigator's source is its own: stop every plugin process (the suite runs one test at a time).
    ExternalSource.stopAll()
  }

  @Test("an answer given twice is a protocol error")
  func duplicate() async throws {
    let source = try Self.source("duplicate")
    _ = try await source.page(PageRequest(resource: "items", pageSize: 3))
    // The second answer to request 1 comes before any answer to the next request.
    let error = try #require(await Self.failure(source))
    #expect(error.message.contains("answered request 1 twice"), "\(error)")
    try await Self.expectGone(source.lastProcess)
    source.stop()
  }

  @Test("a cancelled request's late answer is dropped, and the plugin serves on")
  func cancelled() async throws {
    let source = try Self.source("slow")
    let stale = Task { try await source.page(PageRequest(resource: "items", parameters: ["q": "old"], pageSize: 5)) }
    stale.cancel()
    _ = await stale.result
    let page = try await source.page(PageRequest(resource: "items", parameters: ["q": "new"], pageSize: 5))
    #expect(page.records.allSatisfy { $0["query"]?.stringValue == "new" })
    #expect(source.runningProcess != nil)
    source.stop()
  }

  @Test("answers out of order, under random delays, each reach their own request; cancelled ones are dropped")
  func outOfOrder() async throws {
    let source = try Self.source("shuffle")
    let results = try await withThrowingTaskGroup(of: (String, [String]?).self) { group in
      for index in 0..<24 {
        let query = "query \(index)"
        let task = Task {
          try await source.page(PageRequest(resource: "items", parameters: ["q": query], pageSize: 3))
        }
        if index % 3 == 0 { task.cancel() }  // a newer query made it stale
        group.addTask {
          do {
            return (query, try await task.value.records.compactMap { $0["query"]?.stringValue })
          } catch {
            return (query, nil)
          }
        }
      }
      var results: [(String, [String]?)] = []
      for try await result in group { results.append(result) }
      return results
    }
    for (query, echoed) in results {
      guard let echoed else { continue }  // cancelled before its answer came
      #expect(echoed == [query, query, query], "the answer to another request reached '\(query)'")
    }
    #expect(results.filter { $0.1 != nil }.count >= 16)
    // The late answers to cancelled requests were dropped, not taken for protocol errors.
    #expect(try await source.page(PageRequest(resource: "items", pageSize: 2)).records.count == 2)
    source.stop()
  }

  @Test("a flood on stderr is kept only in part, and the plugin answers")
  func flood() async throws {
    let source = try Self.source("flood")
    let page = try await source.page(PageRequest(resource: "items", pageSize: 5))
    #expect(page.records.count == 5)
    #expect(source.log.utf8.count <= 16 << 10)
    source.stop()
  }

  @Test("the plugin's stderr is its log file, escaped, named in the error state; its last line is quoted")
  func logFile() async throws {
    let source = try Self.source("crash")
    let error = try #require(await Self.failure(source))
    let file = Self.state + "/screenrun/plugins/test-crash.log"
    // The end of the log, a few lines (a traceback ends with its exception).
    #expect(
      error.message.contains("its log ends: request 1: page | about to crash\\u001b[2J (see \(file))"), "\(error)")
    try await Self.expectGone(source.lastProcess)
    let log = try #require(FileManager.default.contents(atPath: file), "no log file at \(file)")
    let text = String(decoding: log, as: UTF8.self)
    #expect(text.contains("plugin 'test-crash' started (pid \(source.lastProcess ?? 0))"), "\(text)")
    #expect(text.contains("request 1: page\nabout to crash\\u001b[2J\n"), "\(text)")
    #expect(!log.contains(0x1B) && !log.contains(0x07), "an escape reached the log file: \(text)")
    // Each start adds to the file (which other tests of the suite's crashing plugin share).
    _ = await Self.failure(source)
    try await Self.expectGone(source.lastProcess)
    let again = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
    #expect(again.hasPrefix(text) && again.contains("started (pid \(source.lastProcess ?? 0))"), "\(again)")
    source.stop()
  }

  @Test("a flooded log file is bounded: past 1 MiB it is moved to NAME.log.1 and begun anew")
  func floodedLogFile() async throws {
    try await Self.pageThenStop(try Self.source("flood"))
    let file = Self.state + "/screenrun/plugins/test-flood.log"
    // The reader may still be writing the end of the flood: wait (bounded) for its last line.
    func text() -> String { String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self) }
    for _ in 0..<400 where !text().contains("the last line of the flood") {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(text().contains("the last line of the flood"))
    let size = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? -1
    let older = (try FileManager.default.attributesOfItem(atPath: file + ".1")[.size] as? Int) ?? -1
    #expect(size > 0 && size <= 1 << 20 && older > 0 && older <= 1 << 20, "\(size), \(older)")
  }

  @Test("a manifest names each problem at its line and column, with a near name")
  func brokenManifest() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "screenrun-manifest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("plugin.json").path
    try """
    {
      "name": "x",
      "summary": "s",
      "protocol": 1,
      "comand": ["x"],
      "resources": [{"name": "r", "kind": "lst", "summary": "s"}]
    }
    """.write(toFile: file, atomically: true, encoding: .utf8)
    do {
      _ = try PluginManifest.load(file)
      Issue.record("a broken manifest loaded")
    } catch {
      let text = error.description
      #expect(text.contains("\(file):5:3: error at /comand: unknown key 'comand'; did you mean 'command'?"), "\(text)")
      #expect(
        text.contains("\(file):6:39: error at /resources/0/kind: unknown resource kind 'lst'; did you mean 'list'?"),
        "\(text)")
      #expect(text.contains("missing required key 'command'"), "\(text)")
    }
  }

  @Test("the command resolves ./ against the manifest's folder and looks the program up on PATH")
  func command() throws {
    let manifest = try Self.plugin("good")
    let resolved = try manifest.resolvedCommand(path: "/nowhere:/usr/bin:/bin").get()
    #expect(resolved[0].hasSuffix("/python3") && resolved[0].hasPrefix("/"))
    var relative = manifest
    relative.command = ["./run.sh"]
    #expect(throws: DataSourceError.self) { try relative.resolvedCommand(path: nil).get() }
    relative.command = ["no-such-program-anywhere"]
    #expect(throws: DataSourceError.self) { try relative.resolvedCommand(path: "/usr/bin").get() }
    // A folder of the program's name on PATH is passed over (it may be entered, not run), as
    // the actions' lookup does.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-lookup-\(UUID())")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("python3"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let past = try manifest.resolvedCommand(path: folder.path + ":/usr/bin:/bin").get()
    #expect(past[0] == ProgramSearch.program("python3", path: "/usr/bin:/bin"), "\(past)")
  }

  @Test("only the baseline and the allow-list of the environment reach a plugin")
  func environment() throws {
    var manifest = try Self.plugin("good")
    manifest.environment = ["GIT_DIR"]
    let passed = manifest.environment(from: [
      "PATH": "/bin", "HOME": "/h", "LC_ALL": "C", "GIT_DIR": "/g", "GITHUB_TOKEN": "secret", "MARVEL_PRIVATE_KEY": "k",
    ])
    #expect(passed == ["PATH": "/bin", "HOME": "/h", "LC_ALL": "C", "GIT_DIR": "/g"])
  }

  @Test(
    "a manifest's environment: names, or objects with a summary, a default and the secret flag, whose values are registered"
  )
  func declaredEnvironment() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-env-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("plugin.json").path
    let head =
      #"{"name": "x", "summary": "s", "protocol": 1, "command": ["x"], "resources": [{"name": "r", "kind": "list", "summary": "s"}], "environment": "#
    try
      (head
      + #"["GIT_DIR", {"name": "HN_TOKEN", "summary": "a token", "secret": true}, {"name": "HN_FEED", "default": "top"}]}"#)
      .write(toFile: file, atomically: true, encoding: .utf8)
    let manifest = try PluginManifest.load(file)
    #expect(manifest.environment == ["GIT_DIR", "HN_TOKEN", "HN_FEED"])
    #expect(manifest.variables[1] == EnvironmentVariable("HN_TOKEN", summary: "a token", secret: true))
    let secret = "hn-\(UUID().uuidString)"
    let passed = manifest.environment(from: ["PATH": "/bin", "HN_TOKEN": secret, "OTHER": "o"])
    #expect(passed == ["PATH": "/bin", "HN_TOKEN": secret, "HN_FEED": "top"])
    #expect(SecretRegistry.shared.redact("echo \(secret.uppercased()) back") == "echo REDACTED back")

    try (head + #"["1X", {"name": "T", "secret": true, "default": "d"}, {"summary": "s"}, 3, "GIT_DIR", "GIT_DIR"]}"#)
      .write(toFile: file, atomically: true, encoding: .utf8)
    do {
      _ = try PluginManifest.load(file)
      Issue.record("a broken environment loaded")
    } catch {
      let text = error.description
      for expected in [
        "error at /environment/0: '1X' is not a variable name",
        "error at /environment/1/default: a secret variable has no 'default'",
        "error at /environment/2: missing required key 'name'",
        "error at /environment/3: 'environment' holds variable names",
        "error at /environment/5: a second variable named 'GIT_DIR'",
      ] {
        #expect(text.contains(expected), "\(expected)\n\(text)")
      }
    }
  }

  static func lastPid(_ source: ExternalSource) -> pid_t? { source.lastProcess }
}
