import Foundation
import Testing

/// `screenrun` in a tmux pane: a terminal the test types into (`send-keys`) and reads
/// (`capture-pane`), for end-to-end tests of the interactive mode.
///
/// Each session has a tmux server of its own (`-S`, a socket in the session's temporary folder,
/// and no configuration file), so tests run in parallel and never touch the user's tmux. The pane runs a small shell
/// script that records `stty -a` before and after `screenrun`, its pid and its exit status,
/// into files in a temporary folder.
struct TmuxSession: Sendable {
  /// tmux, when it is installed.
  static let executable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
    for folder in folders {
      let candidate = URL(fileURLWithPath: folder).appendingPathComponent("tmux")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  static var isAvailable: Bool { executable != nil }
  static let skipMessage: Comment = "tmux is not installed: the interactive-mode tests need it (.ci/run installs it)"

  /// How long a step may take to show on screen: generous, for a machine loaded many times over
  /// (a step waits for what it checks to show, and goes on as soon as it does). Nothing is
  /// asserted on timing; this bound only keeps a broken run from hanging.
  static let patience: Duration = .seconds(60)
  static let pollInterval: Duration = .milliseconds(75)

  let name: String
  let folder: URL

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts `screenrun arguments` in a `width`x`height` pane, runs `body`, and kills the tmux
  /// server and removes the folder whatever happens.
  static func with<T: Sendable>(
    _ arguments: [String], width: Int = 100, height: Int = 30, in workingDirectory: URL? = nil,
    environment: [String: String] = [:], jobControl: Bool = false, _ body: (TmuxSession) async throws -> T
  ) async throws -> T {
    let session = try await start(
      arguments, width: width, height: height, in: workingDirectory, environment: environment,
      jobControl: jobControl)
    do {
      let value = try await body(session)
      await session.stop()
      return value
    } catch {
      await session.stop()
      throw error
    }
  }

  private static func start(
    _ arguments: [String], width: Int, height: Int, in workingDirectory: URL?, environment: [String: String],
    jobControl: Bool
  ) async throws -> TmuxSession {
    let binary = try Screenrun.binary.get()
    let id = UUID().uuidString.prefix(8).lowercased()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenrun-tmux-\(id)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let session = TmuxSession(name: "screenrun-\(id)", folder: folder)

    let directory = (workingDirectory ?? Screenrun.repositoryRoot).path
    let files = folder.path
    let command = ([binary.path] + arguments).map(quote).joined(separator: " ")
    let script = """
      cd \(quote(directory)) || exit 1
      export TERM=xterm-256color LC_ALL=C.UTF-8
      unset NO_COLOR
      \(environment.sorted { $0.key < $1.key }.map { "export \($0.key)=\(quote($0.value))" }.joined(separator: "\n"))
      stty -a > \(quote(files + "/stty-before"))
      # The pid of screenrun itself: the inner shell writes its own pid, then becomes screenrun.
      \(jobControl ? "set -m" : "")
      sh -c 'echo $$ > "$0/pid.tmp" && mv "$0/pid.tmp" "$0/pid" && exec "$@"' \(quote(files)) \(command)
      status=$?
      \(jobControl ? """
      # With job control (set -m), a job stopped by Ctrl-Z (128 + SIGTSTP) is brought back by fg
      # once the test presses Enter, as a user types fg.
      if [ "$status" = 148 ]; then
        printf 'screenrun stopped\\n'
        read line
        fg
        status=$?
      fi
      """ : "")
      stty -a > \(quote(files + "/stty-after"))
      echo $status > \(quote(files + "/status.tmp")) && mv \(quote(files + "/status.tmp")) \(quote(files + "/status"))
      printf 'screenrun exited with %s\\n' "$status"
      # Keep the pane open to be read; the test kills the server long before this ends.
      exec sleep 120

      """
    let scriptFile = folder.appendingPathComponent("pane.sh")
    try script.write(to: scriptFile, atomically: true, encoding: .utf8)

    let result = try await session.tmux(
      [
        "new-session", "-d", "-s", session.name, "-x", String(width), "-y", String(height),
        "sh " + quote(scriptFile.path),
      ])
    guard result.exitCode == 0 else {
      await session.stop()
      throw Failure(description: "tmux new-session failed: \(result)")
    }
    return session
  }

  /// Runs a tmux command against this session's server.
  @discardableResult
  func tmux(_ arguments: [String]) async throws -> ProcessResult {
    guard let tmux = Self.executable else { throw Failure(description: "tmux is not installed") }
    var environment = Screenrun.environment()
    environment["TMUX"] = nil
    environment["TMUX_PANE"] = nil
    // Not through ProcessRunner: the server a first command starts must not inherit its signal
    // mask or descriptors (see CleanSpawn).
    return try await CleanSpawn.run(
      tmux, arguments: ["-f", "/dev/null", "-S", folder.appendingPathComponent("socket").path] + arguments,
      environment: environment)
  }

  /// Types text as it is (`send-keys -l`).
  func type(_ text: String) async throws {
    try await check(tmux(["send-keys", "-t", name, "-l", text]), "send-keys -l \(text)")
  }

  /// Presses keys by tmux's names: `Down`, `Enter`, `Escape`, `C-c`.
  func press(_ keys: String...) async throws {
    try await check(tmux(["send-keys", "-t", name] + keys), "send-keys \(keys.joined(separator: " "))")
  }

  func resize(width: Int, height: Int) async throws {
    try await check(tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)]), "resize-window")
  }

  /// What the pane shows now.
  func capture() async throws -> PaneScreen {
    let result = try await tmux(["capture-pane", "-p", "-t", name])
    try check(result, "capture-pane")
    return PaneScreen(result.standardOutput)
  }

  /// The pane's lines with their styles, as escape sequences (`capture-pane -e`).
  func captureStyled() async throws -> [String] {
    let result = try await tmux(["capture-pane", "-p", "-e", "-t", name])
    try check(result, "capture-pane -e")
    return result.standardOutput.components(separatedBy: "\n")
  }

  /// From now on, keeps every byte the program writes to the pane (`pipe-pane -o`), to be read
  /// with `recordedOutput()`: what screenrun wrote, before tmux draws it.
  func recordOutput() async throws {
    let file = folder.appendingPathComponent("output").path
    try check(try await tmux(["pipe-pane", "-o", "-t", name, "cat >> " + quote(file)]), "pipe-pane")
  }

  /// The bytes recorded since `recordOutput()`, as text.
  func recordedOutput() throws -> String {
    let data = (try? Data(contentsOf: folder.appendingPathComponent("output"))) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// Polls what was recorded since `recordOutput()` until `condition` holds, and returns it; throws
  /// with what was recorded when it does not hold within `patience`.
  @discardableResult
  func waitForOutput(_ what: String, until condition: (String) -> Bool) async throws -> String {
    let deadline = ContinuousClock.now + Self.patience
    while true {
      let written = try recordedOutput()
      if condition(written) { return written }
      if ContinuousClock.now >= deadline {
        throw Failure(
          description: "screenrun did not write \(what) within \(Self.patience); it wrote:\n\(written.debugDescription)"
        )
      }
      try await Task.sleep(for: Self.pollInterval)
    }
  }

  /// A tmux format about the pane, as in `#{alternate_on}`.
  func paneFormat(_ format: String) async throws -> String {
    let result = try await tmux(["display-message", "-p", "-t", name, format])
    try check(result, "display-message")
    return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the pane until `condition` holds, and returns that screen; throws with the last screen
  /// when it does not hold within `patience`.
  @discardableResult
  func waitForScreen(
    _ what: String, timeout: Duration = TmuxSession.patience, until condition: (PaneScreen) -> Bool
  ) async throws -> PaneScreen {
    let deadline = ContinuousClock.now + timeout
    var last = PaneScreen("")
    while true {
      last = try await capture()
      if condition(last) { return last }
      if ContinuousClock.now >= deadline {
        throw Failure(description: "the pane did not show \(what) within \(timeout); it shows:\n\(last.text)")
      }
      try await Task.sleep(for: Self.pollInterval)
    }
  }

  /// screenrun's pid, once the pane has started it.
  func pid() async throws -> pid_t {
    let text = try await waitForFile("pid")
    guard let pid = pid_t(text) else { throw Failure(description: "bad pid file: \(text)") }
    return pid
  }

  /// How screenrun ended, with the terminal's mode before and after it.
  struct Ending {
    /// The shell's `$?`: the exit code, or 128 + the signal that killed it.
    var status: Int32
    var sttyBefore: String
    var sttyAfter: String
  }

  /// Waits for screenrun to end.
  func waitForEnd() async throws -> Ending {
    let status = try await waitForFile("status")
    guard let code = Int32(status) else { throw Failure(description: "bad status file: \(status)") }
    return Ending(
      status: code,
      sttyBefore: try String(contentsOf: folder.appendingPathComponent("stty-before"), encoding: .utf8),
      sttyAfter: try String(contentsOf: folder.appendingPathComponent("stty-after"), encoding: .utf8))
  }

  /// The contents of a file the pane script writes (atomically, by a rename), once it is there.
  private func waitForFile(_ name: String) async throws -> String {
    let file = folder.appendingPathComponent(name)
    let deadline = ContinuousClock.now + Self.patience
    while true {
      if let text = try? String(contentsOf: file, encoding: .utf8) {
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      if ContinuousClock.now >= deadline {
        let screen = (try? await capture())?.text ?? "(the pane cannot be read)"
        throw Failure(description: "no \(name) file within \(Self.patience); the pane shows:\n\(screen)")
      }
      try await Task.sleep(for: Self.pollInterval)
    }
  }

  /// Kills the server (and so the pane and anything in it) and removes the folder.
  func stop() async {
    _ = try? await tmux(["kill-server"])
    try? FileManager.default.removeItem(at: folder)
  }

  private func check(_ result: ProcessResult, _ what: String) throws {
    guard result.exitCode == 0 else { throw Failure(description: "tmux \(what) failed: \(result)") }
  }

  /// Quotes a word for sh.
  static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  private func quote(_ word: String) -> String { Self.quote(word) }

  /// `stty -a` with the window size left out, for comparing modes across a resize.
  static func withoutSize(_ stty: String) -> String {
    stty.replacingOccurrences(of: #"rows \d+; columns \d+;"#, with: "rows N; columns N;", options: .regularExpression)
  }
}

/// The text of a pane, as `capture-pane -p` gives it.
struct PaneScreen: CustomStringConvertible {
  var lines: [String]

  init(_ text: String) {
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    self.lines = lines
  }

  var text: String { lines.joined(separator: "\n") }
  var description: String { text }
  func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }
  var title: String? { lines.first }

  /// The row the "›" marker is on, by its number in the list.
  var selectedRow: Int? {
    guard let line = lines.first(where: { $0.hasPrefix("›") }) else { return nil }
    let digits = line.dropFirst().drop { $0 == " " }.prefix { $0.isNumber }
    return Int(digits)
  }

  /// The numbered rows' titles on screen.
  var rowTitles: [String] {
    lines.compactMap { line in
      let trimmed = line.drop { $0 == " " || $0 == "›" }
      guard let dot = trimmed.firstIndex(of: "."), !trimmed[..<dot].isEmpty, trimmed[..<dot].allSatisfy(\.isNumber),
        trimmed[trimmed.index(after: dot)...].hasPrefix(" ")
      else { return nil }
      return String(trimmed[trimmed.index(dot, offsetBy: 2)...])
    }
  }

  /// The widest line, in terminal columns.
  var widest: Int { lines.map { TerminalColumns.of($0) }.max() ?? 0 }
}
