import Foundation
import Testing

/// Text from outside reaches neither stream raw: a script line, a `--param` value and what they
/// lead to (headings, frames, errors) have their escapes, BEL, C1 controls and bidi overrides
/// neutralized by the one writer.
@Suite("No raw escapes from script lines or --param values, on stdout or stderr")
struct RawEscapeTests {
  /// OSC 52 (a write to the clipboard), a colour, BEL, a C1 CSI and U+202E (right-to-left override).
  static let hostile = "\u{1B}]52;c;SGVsbG8=\u{07}x\u{1B}[31mred\u{9B}2J\u{202E}evil"

  /// No ESC, BEL, other C0 control but the newline, DEL, C1 control or bidi override or isolate.
  static func expectClean(_ data: Data, _ stream: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let controls = Set(data.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F })
    #expect(
      controls.isEmpty, "\(stream) holds control bytes \(controls.sorted())", sourceLocation: sourceLocation)
    let text = String(decoding: data, as: UTF8.self)
    let bad = text.unicodeScalars.filter {
      (0x80...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
    }
    #expect(bad.isEmpty, "\(stream) holds \(bad.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
  }

  static func expectClean(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
    expectClean(result.stdout, "stdout", sourceLocation: sourceLocation)
    expectClean(result.stderr, "stderr", sourceLocation: sourceLocation)
  }

  @Test("a script's search line: the '$ search …' heading and the frame")
  func scriptSearch() async throws {
    let result = try await Screenrun.run(
      ["Screens/characters.json", "--script", "-"], stdin: "search \(Self.hostile)\n")
    #expect(result.standardOutput.contains("$ search \u{FFFD}]52;c;SGVsbG8="), "\(result)")
    Self.expectClean(result)
  }

  @Test("a bad script line: the error on stderr")
  func scriptError() async throws {
    let result = try await Screenrun.run(
      ["Screens/characters.json", "--script", "-"], stdin: "\(Self.hostile) now\n")
    #expect(result.exitCode == 2, "\(result)")
    #expect(!result.standardError.isEmpty)
    Self.expectClean(result)
  }

  @Test("a --param value: the frame's title and the data error")
  func parameter() async throws {
    let result = try await Screenrun.run(
      ["Screens/commits.json", "--param", "repo=nobody/\(Self.hostile)", "--once"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.standardOutput.contains("Commits of nobody/"), "\(result)")
    Self.expectClean(result)
  }

  @Test("a screen path and an unknown option: the usage errors")
  func usageErrors() async throws {
    let missing = try await Screenrun.run(["Screens/\(Self.hostile).json", "--once"])
    #expect(missing.exitCode == 2, "\(missing)")
    Self.expectClean(missing)
    let option = try await Screenrun.run(["--\(Self.hostile)"])
    #expect(option.exitCode == 2, "\(option)")
    Self.expectClean(option)
  }
}
