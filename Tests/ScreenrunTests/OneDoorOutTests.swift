import Foundation
import Testing

/// Every byte the product writes to the terminal goes through `TerminalWriter`: this scans the
/// product's sources for any other way out.
///
/// Scanned: the Swift files of Sources/ and Plugins/, the code that ships in `screenrun`.
/// Left out: Tests/ (test code may print), Sources/screenbench (a developer's benchmark tool that
/// reports on its own stdout; it ships in no product), and the plugins' Python sample builders
/// (run by hand, not part of the binary).
@Suite("One door out: no print, FileHandle write, fputs or write(2) outside the writer")
struct OneDoorOutTests {
  /// The writer's own files.
  static let writerFiles: Set<String> = ["Sources/ScreenTerminal/Output/TerminalWriter.swift"]

  /// The few raw writes that are not output, each with why, by file and a text on its line.
  static let exceptions: [(file: String, line: String, why: String)] = [
    (
      "Sources/ScreenTerminal/TerminalMode.swift", "one-door-out: crash handler",
      "a crash handler may only make async-signal-safe calls: it restores the terminal with a raw write(2)"
    ),
    (
      "Sources/ScreenTerminal/SignalWatcher.swift", "one-door-out: the self-pipe",
      "the signal handler writes one byte to its own pipe, not to the terminal"
    ),
    (
      "Sources/ScreenTerminal/Input/TerminalInput.swift", "one-door-out: a self-pipe (SIGWINCH)",
      "SIGWINCH's handler writes one byte to its own pipe, which the input thread polls, not to the terminal"
    ),
    (
      "Sources/ScreenTerminal/Input/TerminalInput.swift", "one-door-out: a self-pipe (stop)",
      "the session ends its input thread by writing one byte to a pipe of its own, not to the terminal"
    ),
    (
      "Sources/ScreenSystem/SystemIO.swift", "one-door-out: writeAll",
      "SystemIO.writeAll writes an external plugin's requests to its stdin (a pipe screenrun made), the plugin's log file (escaped) and the response cache's temporary file: none is the terminal"
    ),
    (
      "Sources/ScreenSystem/SystemIO.swift",
      "one-door-out: the C library's write, for SystemIO's callers",
      "SystemIO names Glibc or Darwin for the callers listed here, each of which is held to its own exception"
    ),
    (
      "Sources/ScreenSystem/SystemIO.swift", "one-door-out: macOS's write, for SystemIO's callers",
      "the same, on macOS"
    ),
    (
      "Sources/ScreenRunCLI/TraceFile.swift", "one-door-out: the trace file",
      "--trace writes JSON lines, secrets removed, to the file the user named, through a descriptor it opened"
    ),
    (
      "Sources/ScreenSystem/OutputFile.swift", "one-door-out: a report file",
      "--junit writes its report in place to the device or FIFO the user named, through a descriptor it opened"
    ),
  ]

  /// Calls that write to a stream or descriptor. `print(` and `write(` count only as free
  /// functions (not after a `.`, so `TerminalWriter.write(` and `data.write(to:)` are fine, nor
  /// after `func`, a method's own declaration), or qualified by a C module.
  static let patterns: [(name: String, regex: String)] = [
    ("print", #"(^|[^.\w])(?<!func )(print|debugPrint|dump)\("#),
    (
      "write(2)",
      #"(^|[^.\w])(?<!func )(write|writev|pwrite|fwrite|fputs|fputc|puts|putchar|printf|fprintf|dprintf|vprintf)\("#
    ),
    (
      "a C module's write",
      #"\b(Glibc|Darwin|Musl|Foundation|SystemIO)\.(write|writev|fwrite|fputs|puts|printf|fprintf)\("#
    ),
    ("FileHandle", #"FileHandle\s*\.\s*(standardOutput|standardError)|\.write\(contentsOf:"#),
  ]

  struct Finding: CustomStringConvertible {
    var file: String
    var line: Int
    var text: String
    var kind: String
    var description: String { "\(file):\(line): \(kind): \(text.trimmingCharacters(in: .whitespaces))" }
  }

  static func findings() throws -> [Finding] {
    var findings: [Finding] = []
    for (relative, number, line) in try ProductSources.lines() {
      if relative.hasPrefix("Sources/screenbench/") || writerFiles.contains(relative) { continue }
      let code = Self.withoutComment(line)
      for pattern in patterns where code.range(of: pattern.regex, options: .regularExpression) != nil {
        if exceptions.contains(where: { $0.file == relative && line.contains($0.line) }) { continue }
        findings.append(Finding(file: relative, line: number, text: line, kind: pattern.name))
      }
    }
    return findings
  }

  /// The line without a `//` comment (a crude cut: good enough, as no string here holds `//`
  /// before a write call).
  static func withoutComment(_ line: String) -> String {
    guard let range = line.range(of: "//") else { return line }
    let before = line[..<range.lowerBound]
    // "https://" in a string is not a comment.
    if before.hasSuffix(":") { return line }
    return String(before)
  }

  @Test("no product source writes around TerminalWriter")
  func noOtherWayOut() throws {
    let findings = try Self.findings()
    let list = findings.map(\.description).joined(separator: "\n")
    #expect(findings.isEmpty, "write through TerminalWriter (Sources/ScreenTerminal/Output) instead:\n\(list)")
  }

  @Test("the scan finds what it looks for (so an empty result means something)")
  func scanWorks() {
    let caught = [
      "print(\"x\")", "  debugPrint(x)", "FileHandle.standardError.write(data)", "fputs(text, stderr)",
      "_ = write(1, p, n)", "Glibc.write(STDOUT_FILENO, p, n)", "handle.write(contentsOf: data)",
    ]
    for line in caught {
      #expect(Self.patterns.contains { line.range(of: $0.regex, options: .regularExpression) != nil }, "\(line)")
    }
    let spared = [
      "TerminalWriter.write(untrusted: x)", "try data.write(to: url)", "Output.write(frame)", "blueprint(x)",
      "static func write(_ text: String) {",
    ]
    for line in spared {
      #expect(!Self.patterns.contains { line.range(of: $0.regex, options: .regularExpression) != nil }, "\(line)")
    }
  }

  @Test("each documented exception is still there (a stale one would hide a new write)")
  func exceptionsAreUsed() throws {
    for exception in Self.exceptions {
      let url = Screenrun.repositoryRoot.appendingPathComponent(exception.file)
      let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
      #expect(
        text.components(separatedBy: "\n").filter { $0.contains(exception.line) }.count == 1,
        "\(exception.file): expected one line with '\(exception.line)' (\(exception.why))")
    }
  }
}
