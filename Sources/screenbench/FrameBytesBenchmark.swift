import Foundation

/// P12: what one keystroke writes to an 80x24 pseudo-terminal on `Screens/characters.json`, through
/// the whole interactive path of a real `screenrun`: the bytes, and the frames (each frame ends
/// with the cursor shown or hidden, `Terminal.frameEnds`), for ↓, a typed character (whose
/// debounced search answers later, and may draw a second frame) and a page down. Everything the
/// key brings is read, until the terminal has been quiet for longer than the search's debounce.
struct FrameBytesBenchmark {
  let screenrun: String
  /// Keystrokes of each kind.
  let samples: Int

  static let columns: UInt16 = 80
  static let lines: UInt16 = 24
  static let pageDown: [UInt8] = Array("\u{1B}[6~".utf8)
  static let pageUp: [UInt8] = Array("\u{1B}[5~".utf8)
  static let backspace: [UInt8] = [0x7F]
  /// Longer than the screen's debounce (500 ms) and its answer from the sample data.
  static let quiet: Duration = .milliseconds(900)

  func run() throws -> Section {
    var section = Section(
      id: "P12",
      title: "bytes and frames a keystroke writes: Screens/characters.json in a \(Self.columns)x\(Self.lines) pty")
    let terminal = try Terminal(
      [screenrun, "Screens/characters.json"], columns: Self.columns, lines: Self.lines, environment: [:])
    defer { terminal.stop() }
    _ = try terminal.readUntilQuiet(for: Self.quiet)

    // ↓ then ↑ (the highlight back where it was, unmeasured), so every ↓ moves it.
    let down = try measure(terminal, KeystrokeLatencyBenchmark.down, then: KeystrokeLatencyBenchmark.up)
    section.rows += Self.rows("↓", down, bytes: 600, frames: 1)
    let page = try measure(terminal, Self.pageDown, then: Self.pageUp)
    section.rows += Self.rows("PgDn", page, bytes: nil, frames: 1)
    // A character into the empty search, then Backspace empties it again (unmeasured).
    let typed = try measure(terminal, Array("a".utf8), then: Self.backspace)
    section.rows += Self.rows(
      "a typed character (with its debounced search)", typed, bytes: nil, frames: 2, framesScope: .median)
    section.notes.append(
      "\(samples) keystrokes of each; a frame is counted at each cursor show or hide (ESC[?25h, ESC[?25l), which ends every frame"
    )
    section.notes.append(
      "a typed character draws the query, then the search's answer; where the answer takes over 100 ms, the spinner turns in between, a frame of its own"
    )
    return section
  }

  /// The bytes and the frames each of `samples` presses of `key` brought; `undo` is pressed after
  /// each, and what it brings is read and not counted.
  private func measure(_ terminal: Terminal, _ key: [UInt8], then undo: [UInt8]) throws -> [(bytes: Int, frames: Int)] {
    var measured: [(Int, Int)] = []
    for _ in 0..<samples {
      try terminal.send(key)
      let written = Array(try terminal.readUntilQuiet(for: Self.quiet).utf8)
      measured.append((written.count, Self.frames(in: written)))
      try terminal.send(undo)
      _ = try terminal.readUntilQuiet(for: Self.quiet)
    }
    return measured
  }

  /// How many frames `bytes` holds: each ends with the cursor shown or hidden.
  static func frames(in bytes: [UInt8]) -> Int {
    var count = 0
    var index = 0
    while index < bytes.count {
      if let end = Terminal.frameEnds.first(where: { bytes[index...].starts(with: $0) }) {
        count += 1
        index += end.count
      } else {
        index += 1
      }
    }
    return count
  }

  /// The bytes and frames of a key, with their goals (every run within them, or the median).
  static func rows(
    _ key: String, _ measured: [(bytes: Int, frames: Int)], bytes: Double?, frames: Double,
    framesScope: Goal.Scope = .everyRun
  ) -> [Row] {
    let written = Measurement(measured.map { Double($0.bytes) })
    let drawn = Measurement(measured.map { Double($0.frames) })
    return [
      Row("\(key): bytes written", .count, written, goal: bytes.map { .atMost($0, .everyRun) }),
      Row("\(key): frames drawn", .count, drawn, goal: .atMost(frames, framesScope)),
    ]
  }
}
