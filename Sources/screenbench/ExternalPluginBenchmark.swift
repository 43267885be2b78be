import Foundation
import PluginHost
import ScreenKinds
import ScreenKit

/// P7: a page of 20 records of about 1 KB through an external plugin (a Python program speaking
/// the protocol of PLUGINS.md, `Tests/Fixtures/External/bench_plugin.py`, answering from memory)
/// against the same page from an in-process source over the same records, side by side. The
/// process is running and warm; starting it (spawn, interpreter, hello, first page) is measured on
/// its own. Goal: at most 1 ms added per page.
///
/// A page request names the members a list screen of these records reads (`members`), as the
/// runtime does: the plugin, like a good one, sends only those, and that is the figure the goal is
/// read on. Beside it: the same plugin ignoring the hint (whole records sent, only the members
/// read parsed), and a request for whole records (a screen that reads them whole).
struct ExternalPluginBenchmark {
  /// Rounds of the side-by-side pages, pages timed in each round's batch, and fresh starts timed.
  let runs: Int
  let batch: Int
  let starts: Int
  let seed: UInt64

  static let pageSize = 20
  static let recordCount = 200
  static let program = "Tests/Fixtures/External/bench_plugin.py"
  /// What a list screen of these records reads: `{name}`, `{score|number} · {updated|date}`, and
  /// `{id}` to open one.
  static let members: RecordMembers = ["id", "name", "score", "updated"]

  /// The in-process side: the records already in memory, paged by offset; a request naming
  /// members gets them from records already cut to those (so it pays nothing for them).
  struct InProcessSource: DataSource {
    let records: [JSON]
    let cut: [JSON]

    func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
      try Page.slice(
        request.members == nil ? records : cut, cursor: request.cursor, pageSize: request.pageSize,
        total: records.count)
    }

    func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
      throw .badRequest("P7 pages only")
    }
  }

  /// One way of asking the external plugin for pages, measured against the in-process source.
  private struct Variant {
    let label: String
    let source: ExternalSource
    let members: RecordMembers?
    var wall: [Double] = []
    var cpu: [Double] = []
    var pluginCPU: [Double] = []
  }

  func run() async throws -> Section {
    let records = Self.records(Self.recordCount, seed: seed)
    let cut = records.map { Self.cut($0, to: Self.members) }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenbench-p7-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let data = folder + "/records.json"
    try JSON.array(records).lineText.write(toFile: data, atomically: true, encoding: .utf8)
    let bytes = records.map { $0.lineText.utf8.count }.reduce(0, +) / records.count
    let program = FileManager.default.currentDirectoryPath + "/" + Self.program
    func manifest(_ arguments: [String]) -> PluginManifest {
      PluginManifest(
        file: folder + "/plugin.json", name: "bench", summary: "P7", command: ["python3", program, data] + arguments,
        resources: [Resource(name: "items", kind: .list, summary: "records", maxPageSize: 100)])
    }
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = folder  // the plugin's log goes with the folder
    let context = PluginContext(environment: environment)
    let interpreter = (try? manifest([]).resolvedCommand(path: environment["PATH"]).get().first) ?? "python3"

    var section = Section(
      id: "P7",
      title: "external plugin: a page of \(Self.pageSize) records of \(bytes) bytes, external against in-process")
    let pages = Self.recordCount / Self.pageSize
    func request(_ index: Int, members: RecordMembers?) -> PageRequest {
      PageRequest(
        resource: "items", cursor: index % pages == 0 ? nil : PageCursor(String(index % pages * Self.pageSize)),
        pageSize: Self.pageSize, members: members)
    }

    // Starts: a fresh process each time, from spawn to the first page's answer.
    var startTimes: [Double] = []
    for _ in 0..<starts {
      let source = ExternalSource(manifest: manifest([]), context: context)
      let started = ContinuousClock.now
      _ = try await source.page(request(0, members: Self.members))
      startTimes.append((ContinuousClock.now - started).seconds)
      source.stop()
    }

    var variants = [
      Variant(
        label: "members named, sent only those", source: ExternalSource(manifest: manifest([]), context: context),
        members: Self.members),
      Variant(
        label: "members named, ignored: whole records sent",
        source: ExternalSource(manifest: manifest(["whole"]), context: context), members: Self.members),
      Variant(
        label: "whole records asked (no members)", source: ExternalSource(manifest: manifest([]), context: context),
        members: nil),
    ]
    defer { for variant in variants { variant.source.stop() } }
    let inProcess = InProcessSource(records: records, cut: cut)
    // Each way answers the records the in-process source does; and a few pages warm the processes.
    for variant in variants {
      for index in 0..<pages {
        let theirs = try await variant.source.page(request(index, members: variant.members))
        let ours = try await inProcess.page(request(index, members: variant.members))
        guard theirs.records == ours.records, theirs.next == ours.next, theirs.total == ours.total else {
          throw ChildProcess.Failure(
            description: "P7: the plugin's page \(index) (\(variant.label)) differs from the in-process one")
        }
      }
    }
    func answer(_ records: [JSON]) -> [UInt8] {
      Array(
        JSON.object(
          JSONObject([
            "type": "page", "id": 1, "records": .array(Array(records.prefix(Self.pageSize))),
            "total": .int(records.count), "next": "20",
          ])
        ).lineText.utf8)
    }
    let (wholeAnswer, cutAnswer) = (answer(records), answer(cut))

    // Wall time, and CPU time (this process's threads, and the plugin's), each per page: on a
    // loaded machine the CPU time is the steadier figure.
    func timed(_ source: any DataSource, members: RecordMembers?, cpu: inout [Double], pluginCPU: inout [Double])
      async throws -> Double
    {
      let plugin = (source as? ExternalSource)?.runningProcess
      let (started, ownCPU, theirCPU) = (ContinuousClock.now, Self.ownCPU(), plugin.map(Self.cpu(of:)))
      for index in 0..<batch { _ = try await source.page(request(index, members: members)) }
      let wall = (ContinuousClock.now - started).seconds / Double(batch)
      cpu.append((Self.ownCPU() - ownCPU) / Double(batch))
      if let plugin, let theirCPU { pluginCPU.append((Self.cpu(of: plugin) - theirCPU) / Double(batch)) }
      return wall
    }
    func parsing(_ line: [UInt8], members: RecordMembers?) throws -> Double {
      try line.withUnsafeBufferPointer { buffer in
        try Stopwatch.seconds {
          for _ in 0..<batch {
            if let members {
              _ = try JSON.parse(buffer, onlyMembers: members, ofElementsOf: "records", options: .response)
            } else {
              _ = try JSON.parse(buffer, options: .response)
            }
          }
        } / Double(batch)
      }
    }
    var inProcessRuns: [Double] = []
    var inProcessCPU: [Double] = []
    var parseRuns: [[Double]] = [[], [], []]
    var unused: [Double] = []
    let steps = variants.count + 2
    for round in 0..<runs {
      // The order rotates from round to round, as in `sideBySide`.
      for step in 0..<steps {
        let which = (round + step) % steps
        if which < variants.count {
          var variant = variants[which]
          variant.wall.append(
            try await timed(variant.source, members: variant.members, cpu: &variant.cpu, pluginCPU: &variant.pluginCPU))
          variants[which] = variant
        } else if which == variants.count {
          inProcessRuns.append(
            try await timed(inProcess, members: Self.members, cpu: &inProcessCPU, pluginCPU: &unused))
        } else {
          parseRuns[0].append(try parsing(cutAnswer, members: Self.members))
          parseRuns[1].append(try parsing(wholeAnswer, members: Self.members))
          parseRuns[2].append(try parsing(wholeAnswer, members: nil))
        }
      }
    }
    let inProcessPage = Measurement(inProcessRuns)
    let microseconds = { (seconds: Double) in seconds * 1e6 }
    section.rows.append(Row("page from the in-process source", .microseconds, inProcessPage.map(microseconds)))
    let parseLabels = [
      "  of which: parse the answer line (only the members read)",
      "  of which: parse the answer line (only the members read)",
      "  of which: parse the answer line (JSON.parse)",
    ]
    for (index, variant) in variants.enumerated() {
      section.rows.append(
        Row("page through the plugin: \(variant.label)", .microseconds, Measurement(variant.wall).map(microseconds)))
      section.rows.append(Row(parseLabels[index], .microseconds, Measurement(parseRuns[index]).map(microseconds)))
    }
    for (index, variant) in variants.enumerated() {
      section.rows.append(
        Row(
          index == 0 ? "added per page (external - in-process)" : "  added, \(variant.label)", .milliseconds,
          Measurement(zip(variant.wall, inProcessRuns).map { ($0 - $1) * 1e3 }), goal: index == 0 ? .atMost(1) : nil))
    }
    section.rows.append(
      Row("external / in-process", .ratio, Measurement.ratio(Measurement(variants[0].wall), inProcessPage)))
    section.rows.append(
      Row("CPU per page, in-process (screenrun's threads)", .microseconds, Measurement(inProcessCPU).map(microseconds)))
    for (index, variant) in variants.enumerated() {
      let label = index == 0 ? "" : ", \(variant.label)"
      section.rows.append(
        Row(
          "CPU per page, external (screenrun's threads)\(label)", .microseconds,
          Measurement(variant.cpu).map(microseconds)))
      section.rows.append(
        Row(
          "CPU per page, external (the plugin's process)\(label)", .microseconds,
          Measurement(variant.pluginCPU).map(microseconds)))
      section.rows.append(
        Row(
          "CPU added per page (both sides - in-process)\(label)", .milliseconds,
          Measurement(zip(zip(variant.cpu, variant.pluginCPU), inProcessCPU).map { ($0.0 + $0.1 - $1) * 1e3 })))
    }
    section.rows.append(
      Row("start: spawn, hello, first page (fresh process)", .milliseconds, Measurement(startTimes).map { $0 * 1e3 }))
    section.notes.append(
      "each page run is the mean of a batch of \(batch) pages; \(starts) starts; the plugin runs \(interpreter); "
        + "pages name the members \(Self.members) unless whole records are asked")
    return section
  }

  /// `record` with only `members` kept, as a plugin honouring the hint sends it.
  static func cut(_ record: JSON, to members: RecordMembers) -> JSON {
    guard case .object(let object) = record else { return record }
    var kept = JSONObject()
    for (key, value) in object.members where members.parts[key] != nil { kept[key] = value }
    return .object(kept)
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
