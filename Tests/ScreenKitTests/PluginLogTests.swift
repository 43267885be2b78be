import Foundation
import Testing

@testable import PluginHost
@testable import ScreenKit
@testable import ScreenText

/// The plugin log file: what a plugin writes to stderr, with secrets masked (a long line is never
/// cut inside one) and every control, bidirectional ones included, escaped.
@Suite("Plugin log")
struct PluginLogTests {
  static func read(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  @Test("a secret is masked in every line, a line cut at the limit included, in either case")
  func masked() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-log-\(UUID().uuidString)/p.log")
      .path
    let secret = "sec-\(UUID().uuidString)"
    SecretRegistry.shared.register(secret)
    let log = PluginLog(path: path, heading: "--- start")
    log.take(ArraySlice(Array("token \(secret.uppercased()) in a line\n".utf8)))
    // A flood without a newline, with the secret across the point a line is cut at.
    let flood = String(repeating: "x", count: PluginLog.lineLimit - 5) + secret + String(repeating: "y", count: 9000)
    for piece in Array(flood.utf8).chunked(by: 1000) { log.take(ArraySlice(piece)) }
    log.finish()
    let text = Self.read(path)
    #expect(text.contains("token REDACTED in a line"), "\(text.prefix(200))")
    // Masked first, then cut: the mask may be split, never the secret.
    #expect(text.contains("xxxxxREDAC"), "the cut line")
    let pieces = (0...(secret.count - 8)).map { String(Array(secret)[$0..<($0 + 8)]) }
    #expect(!pieces.contains { text.lowercased().contains($0.lowercased()) }, "a piece of the secret is in the log")
  }

  @Test("C0, C1 and bidirectional controls are escaped")
  func escaped() {
    #expect(
      PluginLog.escaped("a\u{1B}[2Jb\u{202E}c\u{2066}d\u{200F}e\u{061C}f\u{85}g")
        == #"a\u001b[2Jb\u202ec\u2066d\u200fe\u061cf\u0085g"#)
    #expect(PluginLog.escaped("plain 界") == "plain 界")
  }
}

extension Array {
  fileprivate func chunked(by size: Int) -> [[Element]] {
    stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
  }
}
