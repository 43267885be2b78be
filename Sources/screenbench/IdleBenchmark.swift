import Foundation
import ReplayServer

/// P13: what a screen left alone costs. A real `screenrun` runs interactively in an 80x24
/// pseudo-terminal, live against the replay server (serving `Tests/Fixtures/Recorded`, every 2xx
/// answer given an ETag, so a conditional request gets a 304), on a screen given by `--idle-screen`.
/// Once the first frame has been drawn and the terminal has been quiet for a second, nothing is
/// typed for `seconds`; over that window the benchmark reads the process's CPU time (utime + stime
/// of /proc/PID/stat), its context switches (/proc/PID/task/*/status: voluntary ones are its
/// wakeups, summed over its threads), the bytes it wrote to the terminal, and the requests the
/// server answered. Goal (issue 41): at most 0.5% of one core, and no byte after the first frame.
struct IdleBenchmark {
  let screenrun: String
  /// The screen and the arguments after it (`--live` is added).
  let arguments: [String]
  /// The idle window.
  let seconds: Int

  static let columns: UInt16 = 80
  static let lines: UInt16 = 24
  /// The first frame is drawn once the terminal has been this quiet (the spinner turns ten times
  /// a second while a page is on its way)…
  static let settled: Duration = .seconds(1)
  /// …or once this long has passed, if it never is.
  static let settleLimit: Duration = .seconds(20)
  /// The query items the replay-server tool leaves out of a match (Marvel's signature, GitHub's
  /// page size).
  static let ignoredQueryItems = ReplayServer.signatureQueryItems.union(["per_page"])

  func run() throws -> Section {
    let exchanges = RecordedFixtures.serving(
      [URL(fileURLWithPath: "Tests/Fixtures/Recorded")], ignoring: Self.ignoredQueryItems)
    // Without their rate-limit headers: each recording carries the count of its own day, so tabs
    // answered from different recordings would change the status line that a real server's
    // steady count (a 304 does not count against it) leaves as it is.
    let steady = RecordedFixtures.tagged(exchanges).map { exchange in
      var exchange = exchange
      exchange.response.headers.removeAll { $0.name.lowercased().hasPrefix("x-ratelimit-") }
      return exchange
    }
    let server = try ReplayServer(
      exchanges: steady, ignoredQueryItems: Self.ignoredQueryItems,
      lifetime: .seconds(seconds + 120))
    defer { server.stop() }
    let cache = NSTemporaryDirectory() + "screenbench-p13-\(getpid())"
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: cache) }
    // Every compiled-in live source pointed at the server, with keys of no account; the response
    // cache on (a refresh of unchanged data is then a 304), in a folder of this run's own.
    let environment = [
      "GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": "p13-not-a-token", "MARVEL_BASE_URL": server.baseURL,
      "MARVEL_PUBLIC_KEY": "p13-public", "MARVEL_PRIVATE_KEY": "p13-private-key", "XDG_CACHE_HOME": cache,
      "SCREENRUN_NO_CACHE": "0",
    ]
    let terminal = try Terminal(
      [screenrun] + arguments + ["--live"], columns: Self.columns, lines: Self.lines, environment: environment)
    defer { terminal.stop() }

    let clock = ContinuousClock()
    let started = clock.now
    let first = Array(try terminal.readUntilQuiet(for: Self.settled, limit: Self.settleLimit).utf8)
    let settling = clock.now - started
    guard !first.isEmpty else { throw ChildProcess.Failure(description: "P13: no first frame within 20 s") }
    let loadBefore = KeystrokeLatencyBenchmark.loadAverage()

    let answeredBefore = server.requests.count
    let before = try Usage(terminal.pid)
    var switches = Switches(before)
    let windowStart = clock.now
    let windowEnd = windowStart + .seconds(seconds)
    // Read what comes, and look at the threads once a second: an idle worker thread that ends
    // takes its counts away with it, so each thread counts from its first sighting to its last.
    var written: [UInt8] = []
    while clock.now < windowEnd {
      written += try terminal.read(until: min(windowEnd, clock.now + .seconds(1)))
      switches.add(try Usage(terminal.pid))
    }
    let after = try Usage(terminal.pid)
    switches.add(after)
    let window = (clock.now - windowStart).seconds
    let answered = server.requests.dropFirst(answeredBefore)

    let cpu = Double(after.ticks - before.ticks) / Usage.ticksPerSecond
    let shown = arguments.joined(separator: " ")
    var section = Section(
      id: "P13", title: "idle: \(shown) --live in a \(Self.columns)x\(Self.lines) pty, \(seconds) s untouched")
    section.rows = [
      Row("CPU time, % of one core", .percent, Measurement([cpu / window * 100]), goal: .atMost(0.5)),
      Row(
        "bytes written after the first frame", .count, Measurement([Double(written.count)]),
        goal: .atMost(0, .everyRun)),
      Row(
        "wakeups (voluntary context switches) a second", .count,
        Measurement([Double(switches.voluntary) / window])),
      Row(
        "involuntary context switches a second", .count,
        Measurement([Double(switches.involuntary) / window])),
      Row("requests the server answered", .count, Measurement([Double(answered.count)])),
      Row("of them 304 Not Modified", .count, Measurement([Double(answered.filter { $0.status == 304 }.count)])),
    ]
    section.notes.append(
      String(format: "a window of %.2f s: %.0f ms of CPU ", window, cpu * 1_000)
        + String(
          format: "(%d ticks of %.0f ms, its resolution), ", after.ticks - before.ticks, 1_000 / Usage.ticksPerSecond)
        + "\(switches.voluntary) voluntary and \(switches.involuntary) involuntary switches "
        + "over \(switches.threads) threads (\(before.threads.count) at its start, \(after.threads.count) at its end)")
    section.notes.append(
      "first frame: \(grouped(first.count)) bytes, quiet for \(Int(Self.settled.seconds)) s after "
        + String(format: "%.2f s", settling.seconds - Self.settled.seconds)
        + (settling >= Self.settleLimit ? " (never quiet within \(Int(Self.settleLimit.seconds)) s)" : "")
        + "; before the window, \(Self.statuses(server.requests.prefix(answeredBefore)))")
    if !written.isEmpty {
      // What was written, its escapes shown, to say what redrew.
      let shown = String(decoding: written.prefix(300), as: UTF8.self).unicodeScalars.map {
        $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
      }.joined()
      section.notes.append("written after the first frame: \(shown)")
    }
    section.notes.append(
      "load average (1, 5, 15 min) before: \(loadBefore), after: \(KeystrokeLatencyBenchmark.loadAverage())")
    return section
  }

  /// How many requests were answered, with what: "2 requests answered (200 200)".
  static func statuses(_ requests: ArraySlice<SeenRequest>) -> String {
    let answers = requests.map { $0.status.map(String.init) ?? "none" }
    return "\(requests.count) request\(requests.count == 1 ? "" : "s") answered"
      + (answers.isEmpty ? "" : " (\(answers.joined(separator: " ")))")
  }

  /// A process's CPU time and its threads' context switches, as /proc shows them at one moment.
  struct Usage {
    /// utime + stime of the whole process (its ended threads too), in clock ticks.
    var ticks: Int
    /// Each thread alive now, by id: its voluntary and involuntary context switches.
    var threads: [String: (voluntary: Int, involuntary: Int)] = [:]

    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    init(_ pid: pid_t) throws {
      let folder = "/proc/\(pid)"
      guard let stat = try? String(contentsOfFile: folder + "/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { throw ChildProcess.Failure(description: "P13: cannot read \(folder)/stat; did screenrun end?") }
      // After the command's ")" come the fields from the third on: utime is the 14th, stime the 15th.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
        throw ChildProcess.Failure(description: "P13: cannot read the CPU time in \(folder)/stat")
      }
      ticks = user + system
      for task in (try? FileManager.default.contentsOfDirectory(atPath: folder + "/task")) ?? [] {
        guard let status = try? String(contentsOfFile: "\(folder)/task/\(task)/status", encoding: .utf8) else {
          continue
        }
        var counts = (voluntary: 0, involuntary: 0)
        for line in status.split(separator: "\n") {
          let parts = line.split(separator: ":", maxSplits: 1)
          guard parts.count == 2, let count = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { continue }
          if parts[0] == "voluntary_ctxt_switches" { counts.voluntary = count }
          if parts[0] == "nonvoluntary_ctxt_switches" { counts.involuntary = count }
        }
        threads[task] = counts
      }
    }
  }

  /// The context switches of a window, thread by thread: from a thread's count at the window's
  /// start (zero for a thread born in it) to its count when last seen.
  struct Switches {
    private var first: [String: (voluntary: Int, involuntary: Int)]
    private var last: [String: (voluntary: Int, involuntary: Int)]

    init(_ start: Usage) {
      first = start.threads
      last = start.threads
    }

    mutating func add(_ usage: Usage) {
      for (thread, counts) in usage.threads {
        if first[thread] == nil { first[thread] = (0, 0) }
        last[thread] = counts
      }
    }

    var voluntary: Int { last.map { $0.value.voluntary - first[$0.key, default: (0, 0)].voluntary }.reduce(0, +) }
    var involuntary: Int {
      last.map { $0.value.involuntary - first[$0.key, default: (0, 0)].involuntary }.reduce(0, +)
    }
    /// Every thread seen in the window.
    var threads: Int { last.count }
  }
}
