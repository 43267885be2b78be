import Foundation

/// P10: the time from a keystroke written to a pseudo-terminal to the redrawn frame read back from
/// it, through the whole interactive path of a real `screenrun` (the input thread, the app's
/// reducer, the kind's reducer, the frame, the writer), with the sample data and with a list of
/// 100,000 rows loaded. Each sample writes ↓ or ↑ (one move of the highlight, one frame) and reads
/// until the frame's last sequence (the cursor shown or hidden, which ends every frame).
struct KeystrokeLatencyBenchmark {
  let screenrun: String
  /// Keystrokes timed on each screen.
  let samples: Int
  /// Rows of the large list.
  let rows: Int

  static let columns: UInt16 = 100
  static let lines: UInt16 = 30
  static let down: [UInt8] = Array("\u{1B}[B".utf8)
  static let up: [UInt8] = Array("\u{1B}[A".utf8)
  static let end: [UInt8] = Array("\u{1B}[F".utf8)
  static let tab: [UInt8] = [0x09]

  func run() throws -> Section {
    var section = Section(
      id: "P10",
      title: "keystroke to frame: ↓/↑ written to a \(Self.columns)x\(Self.lines) pty, the redrawn frame read back")
    let loadBefore = Self.loadAverage()

    let sample = try measure(["Screens/characters.json"], environment: [:], label: "sample data") { _, _ in }
    section.rows += Self.rows("sample data (Screens/characters.json)", sample)

    // Tab shows the next tab of a dashboard, round its three (issue 41): each a live screen,
    // loaded already, drawn in place of the one before.
    let tabs = try measure(
      ["Screens/github-dashboard.json"], environment: [:], label: "tabs", key: { _ in Self.tab }, prepare: { _, _ in })
    section.rows += Self.rows("Tab, the next tab (Screens/github-dashboard.json)", tabs)

    let folder = try Self.largeList(rows: rows)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let large = try measure(
      [folder + "/rows.json", "--plugin-path", folder + "/plugins"], environment: [:],
      label: "\(rows) rows"
    ) { terminal, first in
      // Loads every page (1,000 rows each, the most a plugin may declare): End moves to the last
      // row loaded, which asks for the next page, until the footer counts them all. (While a
      // page loads, the spinner draws ten times a second, so 150 ms of quiet is a page loaded.)
      // Frames are written as the lines that changed, so the footer's count shows only when it
      // changes: the transcript of everything read says what it reads now. End goes at least
      // once, so the highlight is on the last row, where ↑ comes first.
      var transcript = first
      for _ in 0..<(rows / 1_000 + 20) {
        try terminal.send(Self.end)
        transcript += try terminal.readUntilQuiet(for: .milliseconds(150))
        if Self.countsAll(rows, in: transcript) { return }
      }
      throw ChildProcess.Failure(description: "P10: the \(rows)-row list did not load whole")
    }
    section.rows += Self.rows("\(Self.grouped(rows)) rows loaded (external plugin, pages of 1,000)", large)
    section.notes.append(
      "load average (1, 5, 15 min) before: \(loadBefore), after: \(Self.loadAverage()); \(samples) keystrokes a screen")
    return section
  }

  /// Whether the list's footer, as last written in `transcript`, counts all `rows` with none more
  /// to load: its "1-N of N" written after any ", more to load" (which follows the count on the
  /// same line while pages remain).
  static func countsAll(_ rows: Int, in transcript: String) -> Bool {
    let all = "1-\(grouped(rows)) of \(grouped(rows))"
    guard let counted = transcript.range(of: all, options: .backwards) else { return false }
    guard let more = transcript.range(of: "more to load", options: .backwards) else { return true }
    return more.lowerBound < counted.lowerBound
  }

  /// The median row (every sample, with its goal) and the 99th percentile's.
  static func rows(_ label: String, _ times: [Double]) -> [Row] {
    let sorted = times.sorted()
    let p99 = sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    return [
      Row("\(label): median", .milliseconds, Measurement(times), goal: .atMost(1)),
      Row("\(label): 99th percentile", .milliseconds, Measurement([p99]), goal: .atMost(2)),
    ]
  }

  /// Starts screenrun on a new pty, lets `prepare` bring the screen to where it is measured,
  /// then times `samples` keystrokes, in milliseconds; quits with Ctrl-C.
  private func measure(
    _ arguments: [String], environment: [String: String], label: String, key: ((Int) -> [UInt8])? = nil,
    prepare: (Terminal, _ firstFrames: String) throws -> Void
  ) throws -> [Double] {
    let terminal = try Terminal(
      [screenrun] + arguments, columns: Self.columns, lines: Self.lines, environment: environment)
    defer { terminal.stop() }
    let first = try terminal.readUntilQuiet(for: .milliseconds(500))
    try prepare(terminal, first)
    var times: [Double] = []
    let clock = ContinuousClock()
    for index in 0..<samples {
      // At the end of a list, up first; at its top, down first: one move, one frame, each time.
      let key = key?(index) ?? ((index % 2 == 0) == (label == "sample data") ? Self.down : Self.up)
      let start = clock.now
      try terminal.send(key)
      try terminal.readFrame()
      times.append((clock.now - start).seconds * 1_000)
      // Anything more the key brought (none is expected) is read before the next one.
      _ = try terminal.readUntilQuiet(for: .milliseconds(2))
    }
    return times
  }

  /// A folder with an external plugin (`Tests/Fixtures/External/bench_plugin.py`) over `rows`
  /// records, and a list screen of them that pages by 1,000.
  static func largeList(rows: Int) throws -> String {
    let folder = NSTemporaryDirectory() + "screenbench-p10-\(getpid())"
    let plugin = folder + "/plugins/rows"
    try FileManager.default.createDirectory(atPath: plugin, withIntermediateDirectories: true)
    let records = (1...rows).map { #"{"id":\#($0),"name":"Row \#($0)","score":\#($0 % 977)}"# }
    try Data(("[" + records.joined(separator: ",") + "]").utf8).write(
      to: URL(fileURLWithPath: folder + "/rows-data.json"))
    let program = FileManager.default.currentDirectoryPath + "/" + ExternalPluginBenchmark.program
    let manifest = """
      {"name": "rows", "summary": "P10's rows", "protocol": 1,
       "command": ["python3", "\(program)", "\(folder)/rows-data.json"],
       "resources": [{"name": "rows", "kind": "list", "summary": "rows", "maxPageSize": 1000}]}
      """
    try Data(manifest.utf8).write(to: URL(fileURLWithPath: plugin + "/plugin.json"))
    let screen = """
      {"kind": "list", "title": "Rows", "source": {"plugin": "rows", "resource": "rows"},
       "paging": {"pageSize": 1000, "prefetch": 5}, "row": {"title": "{name}", "subtitle": "score {score}"}}
      """
    try Data(screen.utf8).write(to: URL(fileURLWithPath: folder + "/rows.json"))
    return folder
  }

  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }

  static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }
}

/// A program on a pseudo-terminal of its own: what the test writes is typed, what it draws is read.
final class Terminal {
  private let master: Int32
  /// The program's process id (its /proc entry is what P13 reads).
  let pid: pid_t
  /// The program's wait status, once it has been reaped (by `read`, which says how it ended, or
  /// by `stop`): after that its pid is no longer its own, to wait for or to kill.
  private var reaped: Int32?
  /// The frames' last sequences: the cursor shown (on the search's caret) or hidden.
  static let frameEnds = [Array("\u{1B}[?25h".utf8), Array("\u{1B}[?25l".utf8)]

  init(_ arguments: [String], columns: UInt16, lines: UInt16, environment: [String: String]) throws {
    // posix_openpt, grantpt, unlockpt and ptsname, as Linux does them (Glibc's module leaves them
    // out): the master from /dev/ptmx, unlocked (TIOCSPTLCK), its number (TIOCGPTN).
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
      throw ChildProcess.Failure(description: "P10: cannot open a pseudo-terminal")
    }
    let name = "/dev/pts/\(number)"
    var size = winsize(ws_row: lines, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw ChildProcess.Failure(description: "P10: cannot open \(name)") }
    defer { close(slave) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, descriptor) }
    posix_spawn_file_actions_addclose(&actions, master)
    var merged = ProcessInfo.processInfo.environment
    merged["TERM"] = "xterm-256color"
    merged.removeValue(forKey: "NO_COLOR")
    for (key, value) in environment { merged[key] = value }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    guard spawned == 0 else {
      close(master)
      throw ChildProcess.Failure(
        description: "P10: cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    self.pid = pid
  }

  func send(_ bytes: [UInt8]) throws {
    let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw ChildProcess.Failure(description: "P10: cannot write to the pty") }
  }

  /// Reads until what was read ends a frame; fails after 5 s.
  func readFrame() throws {
    var tail: [UInt8] = []
    let deadline = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < deadline {
      let chunk = try read(waiting: 100)
      tail = Array((tail + chunk).suffix(16))
      if Self.frameEnds.contains(where: { tail.count >= $0.count && Array(tail.suffix($0.count)) == $0 }) { return }
    }
    throw ChildProcess.Failure(description: "P10: no frame within 5 s of a keystroke")
  }

  /// Reads until nothing has come for `quiet` (or, given a `limit`, until that long has passed
  /// even if it keeps coming); returns the text read.
  func readUntilQuiet(for quiet: Duration, limit: Duration? = nil) throws -> String {
    var bytes: [UInt8] = []
    let milliseconds = Int32(quiet.seconds * 1_000)
    let deadline = limit.map { ContinuousClock.now + $0 }
    while deadline.map({ ContinuousClock.now < $0 }) ?? true {
      let chunk: [UInt8]
      do {
        chunk = try read(waiting: max(1, milliseconds))
      } catch {
        let said = String(decoding: bytes.suffix(300), as: UTF8.self)
        throw ChildProcess.Failure(description: "\(error); it wrote: \(said.debugDescription)")
      }
      if chunk.isEmpty { return String(decoding: bytes, as: UTF8.self) }
      bytes += chunk
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Everything written until `deadline`, read as it comes.
  func read(until deadline: ContinuousClock.Instant) throws -> [UInt8] {
    var bytes: [UInt8] = []
    while case let left = deadline - ContinuousClock.now, left > .zero {
      bytes += try read(waiting: Int32(max(1, (left.seconds * 1_000).rounded(.up))))
    }
    return bytes
  }

  /// What comes within `milliseconds` (empty if nothing does).
  private func read(waiting milliseconds: Int32) throws -> [UInt8] {
    var watched = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&watched, 1, milliseconds)
    guard ready > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = Foundation.read(master, &buffer, buffer.count)
    guard count > 0 else {
      let error = errno
      var status: Int32 = 0
      if reaped == nil, waitpid(pid, &status, WNOHANG) == pid { reaped = status }
      throw ChildProcess.Failure(
        description: "P10: screenrun closed the terminal (\(String(cString: strerror(error)))"
          + (reaped.map { ", wait status \($0))" } ?? ")"))
    }
    return Array(buffer[0..<count])
  }

  /// Quits with Ctrl-C, and waits for the process (killing it after 2 s).
  func stop() {
    _ = try? send([0x03])
    var status: Int32 = 0
    for _ in 0..<200 {
      _ = try? readUntilQuiet(for: .milliseconds(1))
      if reaped != nil || waitpid(pid, &status, WNOHANG) == pid {
        close(master)
        return
      }
      usleep(10_000)
    }
    kill(pid, SIGKILL)
    waitpid(pid, &status, 0)
    close(master)
  }
}
