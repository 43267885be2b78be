import Testing

@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal
@testable import ScreenText

/// The renderer's fast paths (stand-alone text read byte by byte, text that needs no sanitizing
/// left as it is, lines built in one buffer, frames neutralized run by run) held to the slow
/// paths they stand in for, over random mixes of what they take and what they must hand on:
/// controls, escapes, C1, bidirectional overrides, CR LF, tabs, combining marks, joiners, variation
/// selectors, flags, Hangul jamo beside syllables, kana with voicing marks, prepended marks, wide
/// and four-byte characters.
@Suite("Renderer fast paths")
struct RenderFastPathTests {
  static let pieces: [String] = [
    "a", "Z", "1", " ", " ", "  ", ".", "/", ":", "h", "http://", "https://x", "─", "…", "·", "é", "→", "█", "—",
    "\u{A0}", "\u{AD}", "東", "京", "タ", "ー", "が", "\u{3099}", "\u{3000}", "「", "한", "\u{1100}", "\u{1161}",
    "\u{11A8}", "ｆ", "\u{301}", "\u{20DD}", "\u{200D}", "\u{FE0F}", "\u{200B}", "🇫", "🇷", "👩", "🦸", "❤", "\u{1F3FB}",
    "\u{600}", "\u{E0041}", "\u{7}", "\u{1B}[31m", "\u{9B}", "\u{85}", "\u{7F}", "\t", "\r", "\n", "\r\n",
    "\u{202E}", "\u{2066}", "\u{2069}", "\u{2028}", "\u{FFFD}", "𝒳",
  ]

  /// A random text of `pieces`, now and then a random code point.
  static func text(_ random: inout SplitMix, count: Int) -> String {
    var text = ""
    for _ in 0..<count {
      if random.next() % 12 == 0, let scalar = Unicode.Scalar(UInt32(random.next() % 0x3_0000)) {
        text.unicodeScalars.append(scalar)
      } else {
        text += pieces[Int(random.next() % UInt64(pieces.count))]
      }
    }
    return text
  }

  /// Random texts, mostly of stand-alone code points (so that the fast paths are taken and cut
  /// in many places) and some of anything.
  static func texts(seed: Int, count: Int = 3000) -> [String] {
    var random = SplitMix(seed: UInt64(seed))
    let plain = ["a", "b", " ", "─", "…", "é", "東", "한", "タ", "ー", "→", "「"]
    return (0..<count).map { index in
      if index % 3 == 0 { return text(&random, count: Int(random.next() % 14)) }
      var text = (0..<Int(random.next() % 16)).map { _ in plain[Int(random.next() % UInt64(plain.count))] }.joined()
      if index % 3 == 1 {
        // One piece of anything at a random place.
        let piece = pieces[Int(random.next() % UInt64(pieces.count))]
        let at = text.index(text.startIndex, offsetBy: Int(random.next() % UInt64(text.count + 1)))
        text.insert(contentsOf: piece, at: at)
      }
      return text
    }
  }

  @Test("every stand-alone code point takes its columns and is a character of its own beside any other")
  func standaloneCodePoints() {
    let probes = ["a", " ", "─", "東", "한", "タ", "\u{A0}", "~"]
    var checked = 0
    for value in UInt32(0)...0x10FFFF {
      let columns = TextWidth.standaloneColumns(value)
      guard columns > 0, let scalar = Unicode.Scalar(value) else { continue }
      checked += 1
      let alone = String(scalar)
      #expect(TextWidth.columns(of: scalar) == columns, "U+\(String(value, radix: 16))")
      #expect(TerminalSafe.sanitizeByScalars(alone, keepNewlines: false) == alone, "U+\(String(value, radix: 16))")
      // Next to a stand-alone neighbour, on either side, and next to itself: never joined.
      for probe in probes + [alone] where (alone + probe).count != 2 || (probe + alone).count != 2 {
        Issue.record("U+\(String(value, radix: 16)) joins '\(probe)'")
        return
      }
    }
    #expect(checked > 40_000)
  }

  @Test("widths, cuts and cells of stand-alone text are the grapheme path's", arguments: 0..<4)
  func widthsAndCuts(seed: Int) {
    var fast = 0
    for text in Self.texts(seed: seed) {
      let width = text.reduce(0) { $0 + TextWidth.columns(of: $1) }
      #expect(TextWidth.width(of: text) == width, "\(text.unicodeScalars.map(\.value))")
      #expect(TextWidth.width(of: text[...]) == width)
      // What lets `truncate` return a text as it is when it has no more bytes than columns.
      #expect(width <= text.utf8.count)
      let safe = TerminalSafe.sanitizeByScalars(text, keepNewlines: false)
      for columns in 0...14 {
        let expected = TextWidth.truncateByCharacters(text, toColumns: columns)
        #expect(
          TextWidth.truncate(text, toColumns: columns) == expected, "\(text.unicodeScalars.map(\.value)) \(columns)")
        let cell = TextWidth.fitted(text, toColumns: columns)
        let safeCut = TextWidth.truncateByCharacters(safe, toColumns: columns)
        #expect(cell.text + (cell.cut ? "…" : "") == safeCut, "\(text.unicodeScalars.map(\.value)) at \(columns)")
        #expect(cell.columns == TextWidth.width(of: safeCut))
        #expect(TextWidth.width(of: text, upTo: columns) == min(width, columns + 1))
        if TextWidth.standaloneCut(text, toColumns: columns) != nil { fast += 1 }
      }
    }
    // The fast path was taken, not only the fallback.
    #expect(fast > 10_000)
  }

  @Test("sanitizing leaves alone only what needs nothing, in both newline modes", arguments: 0..<4)
  func sanitizing(seed: Int) {
    for text in Self.texts(seed: seed) {
      for keep in [false, true] {
        #expect(
          TerminalSafe.sanitize(text, keepNewlines: keep) == TerminalSafe.sanitizeByScalars(text, keepNewlines: keep),
          "\(text.unicodeScalars.map(\.value)) keeping newlines: \(keep)")
      }
    }
  }

  @Test("a frame line loses its trailing spaces as the character-by-character loop loses them", arguments: 0..<4)
  func trailingSpaces(seed: Int) {
    var random = SplitMix(seed: UInt64(seed))
    for text in Self.texts(seed: seed, count: 1500) {
      let line = text + String(repeating: " ", count: Int(random.next() % 4))
      var expected = line
      while expected.last == " " { expected.removeLast() }
      #expect(TextRenderer.withoutTrailingSpaces(line) == expected, "\(line.unicodeScalars.map(\.value))")
    }
    // A space after a prepended mark is part of its character, and stays.
    #expect(TextRenderer.withoutTrailingSpaces("x\u{600}   ") == "x\u{600} ")
    #expect(TextRenderer.withoutTrailingSpaces("   ") == "")
  }

  @Test("a URL is recognised byte by byte as the scheme check did it", arguments: 0..<2)
  func urls(seed: Int) {
    func reference(_ text: String) -> Bool {
      guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
      let head = String(decoding: text.utf8.prefix(8), as: UTF8.self).lowercased()
      for scheme in ["https://", "http://"] where head.hasPrefix(scheme) { return text.utf8.count > scheme.utf8.count }
      return false
    }
    var random = SplitMix(seed: UInt64(seed))
    let parts = [
      "h", "H", "t", "T", "p", "P", "s", "S", ":", "/", "x", ".", " ", "é", "\u{7}", "http", "HTTPS://", "://",
    ]
    for _ in 0..<20_000 {
      let text = (0..<Int(random.next() % 8)).map { _ in parts[Int(random.next() % UInt64(parts.count))] }.joined()
      #expect(FrameLine.isURL(text) == reference(text), "\(text)")
    }
    #expect(FrameLine.isURL("HtTpS://example.com/a?b=c"))
    #expect(!FrameLine.isURL("https://"))
    #expect(!FrameLine.isURL("https:// x"))
  }

  @Test("a frame is neutralized run by run as code point by code point", arguments: 0..<4)
  func neutralizing(seed: Int) {
    func reference(_ text: String) -> [UInt8] {
      var output = String.UnicodeScalarView()
      let scalars = Array(text.unicodeScalars)
      for (index, scalar) in scalars.enumerated() {
        switch scalar.value {
        case 0x0A: output.append("\n")
        case 0x0D: if index + 1 == scalars.count || scalars[index + 1] != "\n" { output.append("\n") }
        case 0x09: output.append(" ")
        case _ where UnsafeCharacterTests.inTable(scalar.value): output.append("\u{FFFD}")
        default: output.append(scalar)
        }
      }
      return Array(String(output).utf8)
    }
    for text in Self.texts(seed: seed) {
      var output: [UInt8] = [0x2A]
      TerminalWriter.neutralize(text, into: &output)
      #expect(output == [0x2A] + reference(text), "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test("a megabyte of text is measured, cut, sanitized and neutralized, on either path")
  func megabyteTexts() {
    let rule = String(repeating: "─", count: 400_000)
    let wide = String(repeating: "東", count: 400_000)
    for text in [
      rule, wide, rule + "\u{1B}[2J", "\u{301}" + wide, wide + "👩‍💻", String(repeating: "\r\n\t", count: 400_000),
    ] {
      let width = TextWidth.width(of: text)
      #expect(width <= text.utf8.count)
      #expect(TextWidth.width(of: TextWidth.truncate(text, toColumns: 80)) <= 80)
      let cell = TextWidth.fitted(text, toColumns: 30)
      #expect(cell.columns <= 30)
      #expect(TerminalSafe.sanitizeByScalars(String(cell.text), keepNewlines: false) == cell.text)
      var bytes: [UInt8] = []
      TerminalWriter.neutralize(text, into: &bytes)
      #expect(!bytes.contains(0x1B) && !bytes.contains(0x0D) && !bytes.contains(0x09))
    }
    #expect(TextWidth.width(of: rule) == 400_000)
    #expect(TextWidth.width(of: wide) == 800_000)
  }

  static let table = #"""
    {"kind": "table", "title": "T", "source": {"plugin": "p", "resource": "r"},
     "columns": [{"header": "Name\u001b[1m", "value": "{name}", "width": {"min": 12}},
       {"header": "Id", "value": "{id|number}", "width": 6, "align": "right"},
       {"header": "Note", "value": "{note|trim}", "width": {"min": 8}, "align": "center"},
       {"header": "東京", "value": "{name} {note}", "width": 9, "align": "right"}]}
    """#

  @Test("a frame of no lines is one empty line; a cut sequence at the end of bytes is replaced, not read past")
  func edges() throws {
    let root = try JSON.parse(Array(Self.table.utf8), options: .document)
    var decoder = SpecDecoder()
    let decoded = decoder.decode(root, file: "t.json", kinds: .standard)
    let spec = try #require(decoded, "\(decoder.problems)")
    let empty = ScreenState(spec: spec, parameters: [:], content: ScreenContent(state: 0) { _, _ in [] })
    #expect(TextRenderer.render(empty, options: RenderOptions(width: 40)) == "\n")
    for tail: [UInt8] in [[0xC2], [0xE2], [0xE2, 0x80]] {
      let bytes: [UInt8] = Array("ok".utf8) + tail
      var output: [UInt8] = []
      bytes.withUnsafeBufferPointer { TerminalWriter.neutralize($0, into: &output) }
      #expect(output == Array("ok\u{FFFD}".utf8), "\(tail)")
      #expect(bytes.withUnsafeBufferPointer { !TerminalSafe.isSafe($0) })
    }
  }

  @Test("a table's rows, built in one buffer, are the rows cut and padded cell by cell", arguments: 0..<3)
  func tableRows(seed: Int) throws {
    let root = try JSON.parse(Array(Self.table.utf8), options: .document)
    var decoder = SpecDecoder()
    let decoded = decoder.decode(root, file: "t.json", kinds: .standard)
    let spec = try #require(decoded, "\(decoder.problems)")
    let table = try #require(spec.table)
    var random = SplitMix(seed: UInt64(seed))
    var state = TableViewModel.State()
    state.list.status = .loaded
    let texts = Self.texts(seed: seed, count: 120)
    state.list.records = (0..<60).map { index -> JSON in
      [
        "name": .string(texts[2 * index]), "note": .string(texts[2 * index + 1]),
        "id": .int(Int(random.next() % 99_999)),
      ]
    }
    /// A line as the renderer cut it before: by grapheme clusters, then its spaces removed one by one.
    func fit(_ line: String, _ width: Int) -> String {
      if FrameLine.isLoneURL(line) { return line }
      var cut = TextWidth.truncateByCharacters(line, toColumns: width)
      while cut.last == " " { cut.removeLast() }
      return cut
    }
    func columns(_ text: String) -> Int { text.reduce(0) { $0 + TextWidth.columns(of: $1) } }
    /// The cells as they were drawn before: each cut, measured and padded, then joined.
    func cells(_ texts: [String], _ widths: [Int]) -> String {
      zip(texts, widths).enumerated().map { index, cell in
        let text = TextWidth.truncateByCharacters(cell.0, toColumns: cell.1)
        let room = cell.1 - columns(text)
        let before = [0, room, room / 2][index == 0 ? 0 : index == 1 || index == 3 ? 1 : 2]
        return String(repeating: " ", count: before) + text + String(repeating: " ", count: room - before)
      }.joined(separator: "  ")
    }
    for width in [20, 37, 80, 121] {
      for interactive in [false, true] {
        let options = RenderOptions(width: width, height: interactive ? 90 : nil)
        let screen = ScreenState(
          spec: spec, parameters: [:], content: .of(TableKind.self, state), selection: interactive ? 7 : nil)
        let lines = TextRenderer.render(screen, options: options).split(separator: "\n").map(String.init)
        let indent = (interactive ? 2 : 0) + 2 + 2
        let widths = TableFrame.layout(table.columns, room: width - indent)
        let headers = table.columns.map {
          TerminalSafe.sanitizeByScalars($0.header.render(in: TemplateContext()), keepNewlines: false)
        }
        #expect(lines[2] == fit(String(repeating: " ", count: indent) + cells(headers, widths), width))
        for (index, record) in state.list.records.enumerated() {
          let context = TemplateContext(record: record, meta: [MetaKey.count: .int(60)])
          let texts = table.columns.prefix(widths.count).map {
            TerminalSafe.sanitizeByScalars($0.value.render(in: context), keepNewlines: false)
          }
          let marker = interactive ? (index == 7 ? FrameLine.selectionMarker : "  ") : ""
          let number = String(index + 1)
          let row = marker + String(repeating: " ", count: 2 - number.count) + number + ". " + cells(texts, widths)
          #expect(lines[3 + index] == fit(row, width), "row \(index) at \(width)")
        }
      }
    }
  }

  @Test("dates, trimming and grouped digits read byte by byte are what the character paths give", arguments: 0..<3)
  func filters(seed: Int) {
    var random = SplitMix(seed: UInt64(seed))
    let parts = [
      "2014", "04", "29", "0000", "13", "00", "31", "32", "-", "-", "T", " ", "\t", "\n", "\r\n", "+1", "Z", "\u{301}",
      "é", "\u{A0}", "\u{3000}", "14:18:17", "1", "9",
    ]
    for _ in 0..<20_000 {
      var text = (0..<Int(random.next() % 9)).map { _ in parts[Int(random.next() % UInt64(parts.count))] }.joined()
      if random.next() % 2 == 0 { text = "2019-10-0" + text }
      // A text of a number is Unix seconds; any other, the date it starts with.
      let date =
        TemplateFilter.unixSeconds(text).map { TemplateFilter.unixDate($0) } ?? TemplateFilter.dateOfAnyText(text)
      #expect(TemplateFilter.date(.text(text)) == date, "\(text)")
      var expected = ""
      if let first = text.firstIndex(where: { !$0.isWhitespace }),
        let last = text.lastIndex(where: { !$0.isWhitespace })
      {
        expected = String(text[first...last])
      }
      #expect(text.trimmingWhitespace() == expected, "\(text.unicodeScalars.map(\.value))")
    }
    #expect(TemplateFilter.date(.text("2019-10-01T12:00:00Z")) == .text("2019-10-01"))
    for _ in 0..<2000 {
      let integer = Int(bitPattern: UInt(random.next())) >> Int(random.next() % 64)
      let digits = String(integer.magnitude)
      let groups = stride(from: digits.count, to: 0, by: -3).reversed().map {
        String(digits.dropFirst(max(0, $0 - 3)).prefix($0 - max(0, $0 - 3)))
      }
      #expect(TemplateFilter.grouped(integer) == (integer < 0 ? "-" : "") + groups.joined(separator: ","))
    }
    #expect(TemplateFilter.grouped(Int.min) == "-9,223,372,036,854,775,808")
    #expect(TemplateFilter.grouped(0) == "0")
    #expect(TemplateFilter.grouped(-999) == "-999")
    #expect(TemplateFilter.grouped(1000) == "1,000")
  }
}
