import Foundation
import Testing

/// A scripted session of the built `screenrun`: `--script FILE` or `--script -`, run twice to
/// check that the output is the same on every run, and read back frame by frame.
struct ScriptSession {
  enum Input: Sendable {
    /// The script in a file, named on the command line.
    case file
    /// The script on stdin (`--script -`).
    case stdin
  }

  /// The run (the first of two identical ones).
  var result: ProcessResult
  /// The name the tool gives the script in its errors: the file's path, or `<stdin>`.
  var scriptName: String

  /// Runs `script` on `screen` twice and records an issue unless both runs print the same
  /// bytes and exit the same way.
  static func run(
    _ screen: String, _ script: String, input: Input = .file, width: Int = 60, arguments: [String] = [],
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ScriptSession {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenrun-script-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    var command = [screen, "--width", String(width)] + arguments
    let scriptName: String
    let stdin: String?
    switch input {
    case .file:
      let file = folder.appendingPathComponent("session.script")
      try script.write(to: file, atomically: true, encoding: .utf8)
      command += ["--script", file.path]
      scriptName = file.path
      stdin = nil
    case .stdin:
      command += ["--script", "-"]
      scriptName = "<stdin>"
      stdin = script
    }

    async let first = Screenrun.run(command, stdin: stdin, environment: environment, sourceLocation: sourceLocation)
    async let second = Screenrun.run(command, stdin: stdin, environment: environment, sourceLocation: sourceLocation)
    let (one, two) = try await (first, second)
    #expect(
      one.stdout == two.stdout,
      "two runs of the same script printed different frames:\n\(LineDiffText.of(one.standardOutput, two.standardOutput))",
      sourceLocation: sourceLocation)
    #expect(
      one.stderr == two.stderr, "two runs printed different errors:\n\(one.standardError)\n---\n\(two.standardError)",
      sourceLocation: sourceLocation)
    #expect(
      one.exitCode == two.exitCode, "two runs exited differently: \(one.exitCode) and \(two.exitCode)",
      sourceLocation: sourceLocation)
    return ScriptSession(result: one, scriptName: scriptName)
  }

  /// The frames printed, in order: each with the command in its heading (`$ search iron`) and
  /// its lines.
  var frames: [Frame] { Frame.split(result.standardOutput) }

  /// One frame of a script's output.
  struct Frame: Equatable, CustomStringConvertible {
    /// The command that led to it, without the `$ `: `start Screens/characters.json`, `next`.
    var command: String
    var lines: [String]

    var text: String { lines.joined(separator: "\n") }
    var description: String { "$ \(command)\n\(text)" }
    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// The numbered rows' titles ("9. Iron Man" gives "Iron Man"), in order.
    var rowTitles: [String] {
      lines.compactMap { line in
        let trimmed = line.drop { $0 == " " }
        guard let dot = trimmed.firstIndex(of: "."), trimmed[..<dot].allSatisfy(\.isNumber), !trimmed[..<dot].isEmpty,
          trimmed[trimmed.index(after: dot)...].hasPrefix(" ")
        else { return nil }
        return String(trimmed[trimmed.index(dot, offsetBy: 2)...])
      }
    }

    static func split(_ output: String) -> [Frame] {
      var frames: [Frame] = []
      var lines = output.components(separatedBy: "\n")
      if lines.last == "" { lines.removeLast() }
      for line in lines {
        if line.hasPrefix("$ ") {
          frames.append(Frame(command: String(line.dropFirst(2)), lines: []))
        } else if !frames.isEmpty {
          frames[frames.count - 1].lines.append(line)
        }
      }
      return frames
    }
  }
}

/// A short line diff for messages (the snapshot helper has the full one).
enum LineDiffText {
  static func of(_ a: String, _ b: String) -> String {
    let left = a.components(separatedBy: "\n")
    let right = b.components(separatedBy: "\n")
    for index in 0..<max(left.count, right.count) {
      let l = index < left.count ? left[index] : "<end>"
      let r = index < right.count ? right[index] : "<end>"
      if l != r { return "first difference at line \(index + 1):\n- \(l)\n+ \(r)" }
    }
    return "(no difference in lines)"
  }
}
