import Foundation
import ScreenKit

/// P7: a page of 20 records of about 1 KB through an external plugin (a Python program speaking
/// the protocol of PLUGINS.md, `Tests/Fixtures/External/bench_plugin.py`, answering from memory)
/// against the same page from an in-process source over the same records, side by side. The
/// process is running and warm; starting it (spawn, interpreter, hello, first page) is measured on
/// its own. Goal: at most 1 ms added per page.
struct ExternalPluginBenchmark {
  /// Rounds of the side-by-side pages, pages timed in each round's batch, and fresh starts timed.
  let runs: Int
  let batch: Int
  let starts: Int
  let seed: UInt64

  static let pageSize = 20
  static let recordCount = 200
  static let program = "Tests/Fixtures/External/bench_plugin.py"

  /// The in-process side: the records already in memory, paged by offset.
  struct InProcessSource: DataSource {
    let records: [JSON]

    func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
      try Page.slice(records, cursor: request.cursor, pageSize: request.pageSize, total: records.count)
    }

    func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
      throw .badRequest("P7 pages only")
    }
  }

  func run() async throws -> Section {
    let records = Self.records(Self.recordCount, seed: seed)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenbench-p7-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let data = folder + "/records.json"
    try JSON.array(records).lineText.write(toFile: data, atomically: true, encoding: .utf8)
    let bytes = records.map { $0.lineText.utf8.count }.reduce(0, +) / records.count
    let program = FileManager.default.currentDirectoryPath + "/" + Self.program
    let manifest = PluginManifest(
      file: folder + "/plugin.json", name: "bench", summary: "P7", command: ["python3", program, data],
      resources: [Resource(name: "items", kind: .list, summary: "records", maxPageSize: 100)])
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = folder  // the plugin's log goes with the folder
    let context = PluginContext(environment: environment)
    let interpreter = (try? manifest.resolvedCommand(path: environment["PATH"]).get().first) ?? "python3"

    var section = Section(
      id: "P7",
      title: "external plugin: a page of \(Self.pageSize) records of \(bytes) bytes, external against in-process")
    let pages = Self.recordCount / Self.pageSize
    func request(_ index: Int) -> PageRequest {
      PageRequest(
        resource: "items", cursor: index % pages == 0 ? nil : PageCursor(String(index % pages * Self.pageSize)),
        pageSize: Self.pageSize)
    }

    // Starts: a fresh process each time, from spawn to the first page's answer.
    var startTimes: [Double] = []
    for _ in 0..<starts {
      let source = ExternalSource(manifest: manifest, context: context)
      let started = ContinuousClock.now
      _ = try await source.page(request(0))
      startTimes.append((ContinuousClock.now - started).seconds)
      source.stop()
    }

    let external = ExternalSource(manifest: manifest, context: context)
    defer { external.stop() }
    let inProcess = InProcessSource(records: records)
    // Both sides answer the same records; and a few pages warm the running process.
    for index in 0..<pages {
      let theirs = try await external.page(request(index))
      let ours = try await inProcess.page(request(index))
      guard theirs.records == ours.records, theirs.next == ours.next, theirs.total == ours.total else {
        throw ChildProcess.Failure(description: "P7: the plugin's page \(index) differs from the in-process one")
      }
    }
    let answer = Array(
      JSON.object(
        JSONObject([
          "type": "page", "id": 1, "records": .array(Array(records.prefix(Self.pageSize))),
          "total": .int(records.count),
          "next": "20",
        ])
      ).lineText.utf8)

    // Wall time, and CPU time (this process's threads, and the plugin's), each per page: on a
    // loaded machine the CPU time is the steadier figure.
    func timed(_ source: any DataSource, cpu: inout [Double], pluginCPU: inout [Double]) async throws -> Double {
      let plugin = (source as? ExternalSource)?.runningProcess
      let (started, ownCPU, theirCPU) = (ContinuousClock.now, Self.ownCPU(), plugin.map(Self.cpu(of:)))
      for index in 0..<batch { _ = try await source.page(request(index)) }
      let wall = (ContinuousClock.now - started).seconds / Double(batch)
      cpu.append((Self.ownCPU() - ownCPU) / Double(batch))
      if let plugin, let theirCPU { pluginCPU.append((Self.cpu(of: plugin) - theirCPU) / Double(batch)) }
      return wall
    }
    var externalRuns: [Double] = []
    var inProcessRuns: [Double] = []
    var parseRuns: [Double] = []
    var externalCPU: [Double] = []
    var inProcessCPU: [Double] = []
    var pluginCPU: [Double] = []
    var unused: [Double] = []
    for round in 0..<runs {
      // The order rotates from round to round, as in `sideBySide`.
      for step in 0..<3 {
        switch (round + step) % 3 {
        case 0: externalRuns.append(try await timed(external, cpu: &externalCPU, pluginCPU: &pluginCPU))
        case 1: inProcessRuns.append(try await timed(inProcess, cpu: &inProcessCPU, pluginCPU: &unused))
        default:
          parseRuns.append(
            try Stopwatch.seconds { for _ in 0..<batch { _ = try JSON.parse(answer, options: .response) } }
              / Double(batch))
        }
      }
    }
    let externalPage = Measurement(externalRuns)
    let inProcessPage = Measurement(inProcessRuns)
    let microseconds = { (seconds: Double) in seconds * 1e6 }
    section.rows.append(Row("page from the in-process source", .microseconds, inProcessPage.map(microseconds)))
    section.rows.append(Row("page through the external plugin", .microseconds, externalPage.map(microseconds)))
    section.rows.append(
      Row("  of which: parse the answer line (JSON.parse)", .microseconds, Measurement(parseRuns).map(microseconds)))
    section.rows.append(
      Row(
        "added per page (external - in-process)", .milliseconds,
        Measurement(zip(externalRuns, inProcessRuns).map { ($0 - $1) * 1e3 }), goal: .atMost(1)))
    section.rows.append(Row("external / in-process", .ratio, Measurement.ratio(externalPage, inProcessPage)))
    section.rows.append(
      Row("CPU per page, in-process (screenrun's threads)", .microseconds, Measurement(inProcessCPU).map(microseconds)))
    section.rows.append(
      Row("CPU per page, external (screenrun's threads)", .microseconds, Measurement(externalCPU).map(microseconds)))
    section.rows.append(
      Row("CPU per page, external (the plugin's process)", .microseconds, Measurement(pluginCPU).map(microseconds)))
    section.rows.append(
      Row(
        "CPU added per page (both sides - in-process)", .milliseconds,
        Measurement(zip(zip(externalCPU, pluginCPU), inProcessCPU).map { ($0.0 + $0.1 - $1) * 1e3 })))
    section.rows.append(
      Row("start: spawn, hello, first page (fresh process)", .milliseconds, Measurement(startTimes).map { $0 * 1e3 }))
    section.notes.append(
      "each page run is the mean of a batch of \(batch) pages; \(starts) starts; the plugin runs \(interpreter)")
    return section
  }

  /// Seconds of CPU this process has used, all its threads.
  static func ownCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  /// Seconds of CPU process `pid` has run (its main thread, from /proc/PID/schedstat, in ns).
  static func cpu(of pid: pid_t) -> Double {
    let text = (try? String(contentsOfFile: "/proc/\(pid)/schedstat", encoding: .utf8)) ?? ""
    return (text.split(separator: " ").first.flatMap { Double($0) } ?? 0) / 1e9
  }

  /// `count` records of about 1 KB each: text with accents, CJK and emoji, numbers, a URL, tags.
  static func records(_ count: Int, seed: UInt64) -> [JSON] {
    var random = SeededGenerator(seed: seed)
    let words = [
      "plugin", "process", "screen", "record", "page", "cursor", "pipe", "line", "answer", "request", "café",
      "naïve", "über", "日本語", "🦀", "“quoted”", "terminal", "protocol", "version", "hello",
    ]
    return (0..<count).map { index in
      var summary = ""
      while summary.utf8.count < 760 { summary += words[Int(random.next() % UInt64(words.count))] + " " }
      let tags: [JSON] = (0..<4).map { _ in .string(words[Int(random.next() % UInt64(words.count))]) }
      return .object(
        JSONObject([
          "id": .int(index), "name": .string("Record \(index) (\(words[index % words.count]))"),
          "summary": .string(summary), "url": .string("https://example.com/records/\(index)"),
          "score": .double(Double(random.next() % 100_000) / 100), "tags": .array(tags),
          "updated": .string("2026-11-\(10 + index % 20)T12:00:00Z"), "open": .bool(index % 3 == 0),
        ]))
    }
  }
}
