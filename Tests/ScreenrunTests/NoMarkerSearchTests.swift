import Foundation
import Testing

/// The frame is data: no product code finds the selection or the caret by searching a frame's
/// text for a marker (`› `, `▏`, the glyphs' `selectionMarker` or `caret`), and none replaces a
/// typed marker with a stand-in. This scans the product's sources for such a search.
@Suite("No search for markers in a frame's text")
struct NoMarkerSearchTests {
  /// A search or replace of a marker: the call, then on the same line the marker.
  static let pattern =
    #"(hasPrefix|hasSuffix|contains|range\(of|firstRange\(of|firstIndex\(of|replacingOccurrences|split)[^\n]*(selectionMarker|\.caret\b|caretStandIn|"› |"▏")"#

  @Test("Sources/ and Plugins/ hold no search of a frame's text for › or ▏")
  func noSearch() throws {
    var found: [String] = []
    let lines = try ProductSources.lines()
    // The scan reads the product: its frames and the writer among its files.
    #expect(lines.count > 10_000, "only \(lines.count) lines of Sources/ and Plugins/ were read")
    #expect(lines.contains { $0.0.hasSuffix("Output/FrameWriter.swift") })
    for (file, number, line) in lines {
      let code = line.components(separatedBy: "//").first ?? ""
      if code.range(of: Self.pattern, options: .regularExpression) != nil { found.append("\(file):\(number): \(line)") }
    }
    #expect(found.isEmpty, "the frame's selectedRow and cursor say where these are:\n\(found.joined(separator: "\n"))")
    // The scan finds what it looks for.
    let old = #"if reverseSelection, line.hasPrefix(glyphs.selectionMarker) {"#
    #expect(old.range(of: Self.pattern, options: .regularExpression) != nil)
    let stand = #"TerminalSafe.sanitize(text).replacingOccurrences(caret, with: glyphs.caretStandIn)"#
    #expect(stand.range(of: Self.pattern, options: .regularExpression) != nil)
  }
}
