import Foundation
import Testing

/// One line of `screenrun`'s error output for a screen file:
///
///     FILE:LINE:COL: error: MESSAGE
///     FILE:LINE:COL: error at /json/pointer: MESSAGE
///     FILE: error at /json/pointer: MESSAGE
///     FILE: error: MESSAGE
struct DiagnosticLine: Sendable, Equatable, CustomStringConvertible {
  var file: String
  var line: Int?
  var column: Int?
  var pointer: String?
  var message: String
  var text: String

  var description: String { text }

  /// Reads `text` as a diagnostic for exactly `file`; nil when it is not one.
  init?(_ text: String, file: String) {
    guard text.hasPrefix(file + ":") else { return nil }
    var rest = Substring(text.dropFirst(file.count + 1))
    self.file = file
    self.text = text
    if let colon = rest.firstIndex(of: ":"), let line = Int(rest[..<colon]) {
      let afterLine = rest[rest.index(after: colon)...]
      guard let second = afterLine.firstIndex(of: ":"), let column = Int(afterLine[..<second]) else { return nil }
      self.line = line
      self.column = column
      rest = afterLine[afterLine.index(after: second)...]
    }
    guard rest.hasPrefix(" error") else { return nil }
    rest = rest.dropFirst(" error".count)
    if rest.hasPrefix(": ") {
      pointer = nil
      message = String(rest.dropFirst(2))
    } else if rest.hasPrefix(" at /"), let end = rest.range(of: ": ") {
      pointer = String(rest[rest.index(rest.startIndex, offsetBy: 4)..<end.lowerBound])
      message = String(rest[end.upperBound...])
    } else {
      return nil
    }
  }

  /// Every diagnostic for `file` in a run's stderr.
  static func all(in result: ProcessResult, file: String) -> [DiagnosticLine] {
    result.stderrLines.compactMap { DiagnosticLine($0, file: file) }
  }
}

/// Terminal columns a text takes, the way a terminal lays it out: East Asian wide characters and
/// emoji take two, combining marks and zero-width characters none.
enum TerminalColumns {
  static func of(_ text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { $0 + of($1) }
  }

  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    // Format characters that terminals draw: the soft hyphen and the prepended concatenation marks.
    if value == 0xAD || (0x600...0x605).contains(value) || [0x6DD, 0x70F, 0x8E2, 0x110BD].contains(value) { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0xFE00...0xFE0F).contains(value) { return 0 }  // variation selectors
    if scalar.properties.isEmojiPresentation { return 2 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
    return wide.contains { $0.contains(value) } ? 2 : 1
  }
}

/// Checks that hold for every frame the tool prints.
enum FrameChecks {
  /// No escape sequence and no other control character but the newline reaches stdout.
  static func expectPlainText(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
    let escapes = result.stdout.filter { $0 == 0x1B }.count
    #expect(escapes == 0, "stdout holds \(escapes) ESC (0x1B) bytes", sourceLocation: sourceLocation)
    let controls = Set(result.stdout.filter { ($0 < 0x20 && $0 != 0x0A && $0 != 0x1B) || $0 == 0x7F })
    #expect(
      controls.isEmpty, "stdout holds control bytes \(controls.sorted().map { String(format: "0x%02X", $0) })",
      sourceLocation: sourceLocation)
    #expect(
      String(validating: result.stdout, as: UTF8.self) != nil, "stdout is not valid UTF-8",
      sourceLocation: sourceLocation)
  }

  /// Every line fits `width`, except a URL alone on its line (`http://` or `https://`, printable
  /// ASCII, no space), which is never broken.
  static func expectFits(_ result: ProcessResult, width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    for (number, line) in result.stdoutLines.enumerated() where !isLoneURL(line) {
      let columns = TerminalColumns.of(line)
      #expect(
        columns <= width, "line \(number + 1) takes \(columns) columns, more than \(width): \(line)",
        sourceLocation: sourceLocation)
    }
  }

  /// Whether a line is one URL and nothing else.
  static func isLoneURL(_ line: String) -> Bool {
    (line.hasPrefix("http://") || line.hasPrefix("https://")) && line.utf8.count > 8
      && line.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
  }
}
