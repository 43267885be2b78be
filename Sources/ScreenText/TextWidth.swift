/// Terminal columns for text, counted the way terminals draw it, by one rule: each code point
/// takes what glibc's `wcwidth` gives it (the runs in `ColumnTables`), and a grapheme cluster
/// takes the sum of its code points, except that a code point joined on by a zero-width joiner
/// adds nothing (tmux draws "👩‍💻" in two columns) and an emoji chosen by U+FE0F takes two.
///
/// So combining marks and most format characters take no column, East Asian wide characters and
/// emoji two, and U+00AD (soft hyphen) and U+0600-U+0605 one, as terminals draw them. A control
/// character counts one (it is shown as U+FFFD once sanitized). An emoji newer than the tables
/// takes two.
///
/// Every function here is linear in its input: one pass, nothing left over is counted again.
package enum TextWidth {
  /// The columns a character (a grapheme cluster) takes in a terminal.
  package static func columns(of character: Character) -> Int {
    if character.isASCII { return character.utf8.count }
    var counter = ClusterCounter()
    for scalar in character.unicodeScalars { counter.add(scalar) }
    return counter.total
  }

  /// The columns of one grapheme cluster, given as the text it spans.
  package static func columns(of cluster: Substring) -> Int {
    if cluster.utf8.allSatisfy({ $0 < 0x80 }) { return cluster.utf8.count }
    var counter = ClusterCounter()
    for scalar in cluster.unicodeScalars { counter.add(scalar) }
    return counter.total
  }

  /// The columns one code point takes on its own.
  package static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }  // ASCII, controls (shown as U+FFFD), Latin-1, U+00AD
    if inRuns(ColumnTables.zeroWidth, value) { return 0 }
    if inRuns(ColumnTables.doubleWidth, value) { return 2 }
    // Emoji added to Unicode after the tables (regional indicators are one column each).
    if value >= 0x1F000, value < 0x20000, !(0x1F1E6...0x1F1FF).contains(value),
      scalar.properties.isEmojiPresentation
    {
      return 2
    }
    return 1
  }

  /// The columns a text takes in a terminal.
  package static func width(of text: some StringProtocol) -> Int {
    if let width = standaloneWidth(of: text) { return width }
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    var total = 0
    for character in text { total += columns(of: character) }
    return total
  }

  /// The columns a text takes, counted only until they pass `limit`: `limit + 1` then.
  package static func width(of text: some StringProtocol, upTo limit: Int) -> Int {
    if let cut = standaloneCut(text, toColumns: limit) { return cut.fits ? cut.columns : limit + 1 }
    var total = 0
    for character in text {
      total += columns(of: character)
      if total > limit { return limit + 1 }
    }
    return total
  }

  /// Cuts `text` to at most `columns`, ending in "…" when anything was cut.
  ///
  /// Secrets (`SecretRegistry`) are redacted first, so no cut leaves a piece of one.
  package static func truncate(_ text: String, toColumns columns: Int) -> String {
    guard columns > 0 else { return "" }
    let text = SecretRegistry.shared.redact(text)
    // No text takes more columns than it has bytes (a code point of two columns has three or four).
    if text.utf8.count <= columns { return text }
    if let cut = truncateStandalone(text, toColumns: columns) { return cut }
    return truncateByCharacters(text, toColumns: columns)
  }

  /// `truncate` by grapheme clusters: any text.
  package static func truncateByCharacters(_ text: String, toColumns columns: Int) -> String {
    guard columns > 0 else { return "" }
    // One pass: remember where the text stops fitting in `columns - 1` (room for the "…"), and
    // stop as soon as it is wider than `columns`.
    var used = 0
    var cut = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let after = text.index(after: index)  // one grapheme scan; the character is read from it
      let next = used + Self.columns(of: text[index..<after])
      if next > columns { return String(text[..<cut]) + "…" }
      index = after
      if next <= columns - 1 { cut = index }
      used = next
    }
    return text
  }

  /// Pads `text` with spaces on the right to exactly `columns` (cutting it first if needed).
  package static func pad(_ text: String, toColumns columns: Int) -> String {
    let cut = truncate(text, toColumns: columns)
    return cut + String(repeating: " ", count: max(0, columns - width(of: cut)))
  }

  /// Breaks a text into lines of at most `columns`, at spaces where possible, but never between a
  /// lone symbol and the word after it where both fit on a line ("© 2024"). A word wider than
  /// a line is broken by columns, except a URL (`FrameLine.isURL`), which goes whole onto a line
  /// of its own: a terminal can only open a URL it sees whole. Nothing but the spaces where lines
  /// break is lost: a run of spaces inside a line, and a paragraph's indent, stay whole. Secrets
  /// (`SecretRegistry`) are redacted first, so no line holds a piece of one.
  ///
  /// A text of `LongTextMemo.threshold` bytes or more is wrapped once per width: a detail view of
  /// a megabyte description lays its body out on every key, and finds the lines it made last time.
  package static func wrap(_ text: String, toColumns columns: Int) -> [String] {
    wrapMemo.value(of: text, key: columns, generation: SecretRegistry.shared.generation) {
      wrapped(text, toColumns: columns)
    }
  }

  private static let wrapMemo = LongTextMemo<[String]>()

  private static func wrapped(_ text: String, toColumns columns: Int) -> [String] {
    let text = SecretRegistry.shared.redact(text)
    var output = WrappedLines(columns: max(1, columns))
    // Paragraphs and words are split at newlines and spaces; each word is then counted once.
    // A run of spaces inside a line is kept as it is (an aligned column, two spaces after a
    // sentence or an emoji); only the run where a line breaks is dropped, and the trailing one.
    for paragraph in Self.pieces(of: text[...], in: text, at: 0x0A, keepingEmpty: true) {
      let before = output.lines.count
      output.atParagraphStart = true
      var gap = 0
      // A symbol standing alone ("©", "$") keeps the next word on its line where the two fit in
      // one: "© 2024" never breaks at its space.
      var held: (symbol: Substring, gap: Int)?
      for word in Self.pieces(of: paragraph, in: text, at: 0x20, keepingEmpty: true) {
        if word.isEmpty {
          gap += 1
          continue
        }
        if let (symbol, symbolGap) = held {
          held = nil
          let pair = text[symbol.startIndex..<word.endIndex]
          if width(of: pair, upTo: output.columns) <= output.columns {
            output.add(pair, after: symbolGap)
          } else {
            output.add(symbol, after: symbolGap)
            output.add(word, after: gap)
          }
        } else if Self.isSymbol(word) {
          held = (word, gap)
        } else {
          output.add(word, after: gap)
        }
        gap = 1
      }
      if let (symbol, symbolGap) = held { output.add(symbol, after: symbolGap) }
      // The last line, unless a lone URL ended the paragraph (an empty paragraph is a line).
      if !output.line.isEmpty || output.lines.count == before { output.endLine() }
    }
    return output.lines
  }

  /// Whether a word is one symbol (a sign such as "©" or "®", a currency sign, an emoji), which `wrap`
  /// keeps with the word after it.
  private static func isSymbol(_ word: Substring) -> Bool {
    // One code point, of at most four bytes: no word is read past its first few.
    guard word.utf8.count <= 4, word.unicodeScalars.count == 1, let scalar = word.unicodeScalars.first else {
      return false
    }
    switch scalar.properties.generalCategory {
    case .otherSymbol, .currencySymbol: return true
    default: return false
    }
  }

  /// `wrap` with a hanging indent: the text is wrapped to the columns that `lead` leaves (at least
  /// `minimumRoom`), its first line follows `lead` and the others as many spaces, so that every
  /// line but a lone URL fits `columns`. A URL too wide for that room stands whole and alone on
  /// its line, with no indent (`FrameLine`); when it is the first, `lead` (unless it is blank) goes on
  /// the line before it. Nothing of the text is lost, and the work is linear in its length.
  ///
  ///     TextWidth.wrap("ant-design-pro, react", toColumns: 16, lead: "Topics  ")
  ///     // ["Topics  ant-desi", "        gn-pro,", "        react"]: a word wider than the room is
  ///     // broken by columns
  package static func wrap(_ text: String, toColumns columns: Int, lead: String, minimumRoom: Int = 1) -> [String] {
    let indent = width(of: lead)
    let room = max(minimumRoom, columns - indent)
    var lines: [String] = []
    for (index, line) in wrap(text, toColumns: room).enumerated() {
      if FrameLine.isURL(line), width(of: line) > room {
        var bare = lead[...]
        while bare.last == " " { bare.removeLast() }
        if index == 0, !bare.isEmpty { lines.append(String(bare)) }
        lines.append(line)
        continue
      }
      var start = ""
      if index == 0 { start = lead } else { start.appendSpaces(indent) }
      lines.append(start + line)
    }
    return lines
  }

  /// Lines being filled, word by word.
  private struct WrappedLines {
    let columns: Int
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    /// Whether the next word is a paragraph's first, whose indent stays when it fits.
    var atParagraphStart = false

    init(columns: Int) { self.columns = columns }

    mutating func endLine() {
      lines.append(line)
      line = ""
      lineWidth = 0
    }

    /// Adds `word`, which `gap` spaces precede in the text: they stay before it when it joins the
    /// line (a paragraph's indent too), and are dropped when it starts a new one.
    mutating func add(_ word: Substring, after gap: Int) {
      let isASCII = word.utf8.allSatisfy { $0 < 0x80 }
      let wordWidth = isASCII ? word.utf8.count : TextWidth.width(of: word, upTo: columns)
      let joins = !line.isEmpty || atParagraphStart
      atParagraphStart = false
      if joins, lineWidth + gap + wordWidth <= columns {
        line.appendSpaces(gap)
        line += word
        lineWidth += gap + wordWidth
        return
      }
      if !line.isEmpty { endLine() }
      if wordWidth <= columns {
        line = String(word)
        lineWidth = wordWidth
      } else if FrameLine.isURL(word) {
        line = String(word)
        endLine()
      } else if isASCII {
        // Whole lines of `columns` bytes; the last piece starts the next line.
        var start = word.utf8.startIndex
        while word.utf8.distance(from: start, to: word.utf8.endIndex) > columns {
          let end = word.utf8.index(start, offsetBy: columns)
          lines.append(String(word[start..<end]))
          start = end
        }
        line = String(word[start...])
        lineWidth = line.utf8.count
      } else {
        for character in word { add(character) }
      }
    }

    /// Appends one character of a word too long for a line, ending the line where it would not fit.
    /// A zero-width character (a format character, a lone mark) never ends a line: it stays with
    /// what it follows, and what follows it joins it. So a line over the width holds one character
    /// of positive width, the one wider than a line, and perhaps zero-width ones around it.
    private mutating func add(_ character: Character) {
      let characterWidth = TextWidth.columns(of: character)
      if characterWidth > columns {
        // A cluster wider than a line (thousands of joined emoji): broken by code points.
        for scalar in character.unicodeScalars {
          let scalarWidth = TextWidth.columns(of: scalar)
          // A zero-width scalar (a joiner, a mark) stays with what it follows, never starts a line.
          if lineWidth > 0, scalarWidth > 0, lineWidth + scalarWidth > columns { endLine() }
          line.unicodeScalars.append(scalar)
          lineWidth += scalarWidth
        }
        return
      }
      if lineWidth > 0, characterWidth > 0, lineWidth + characterWidth > columns { endLine() }
      line.append(character)
      lineWidth += characterWidth
    }
  }

  /// The parts of `text` (a part of `whole`) between `separator` characters: an ASCII byte that
  /// is a character of its own (a space that a combining mark follows is not one).
  private static func pieces(
    of text: Substring, in whole: String, at separator: UInt8, keepingEmpty: Bool
  ) -> [Substring] {
    var parts: [Substring] = []
    var start = text.utf8.startIndex
    var index = start
    while index < text.utf8.endIndex {
      let next = text.utf8.index(after: index)
      if text.utf8[index] == separator, String.Index(index, within: whole) != nil,
        next == whole.endIndex || String.Index(next, within: whole) != nil
      {
        if keepingEmpty || index > start { parts.append(text[start..<index]) }
        start = next
      }
      index = next
    }
    if keepingEmpty || start < text.utf8.endIndex { parts.append(text[start...]) }
    return parts
  }

  /// Whether `value` lies in one of the sorted first-and-last pairs of `runs`.
  private static func inRuns(_ runs: [UInt32], _ value: UInt32) -> Bool {
    var low = 0
    var high = runs.count / 2
    while low < high {
      let middle = (low + high) / 2
      if runs[2 * middle + 1] < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < runs.count / 2 && runs[2 * low] <= value
  }

  /// Sums a grapheme cluster's columns by the rule above.
  private struct ClusterCounter {
    var total = 0
    private var afterJoiner = false
    private var lastWasNarrowEmoji = false

    mutating func add(_ scalar: Unicode.Scalar) {
      defer { afterJoiner = scalar.value == 0x200D }
      if scalar.value == 0xFE0F {
        if lastWasNarrowEmoji { total += 1 }
        lastWasNarrowEmoji = false
        return
      }
      let columns = afterJoiner ? 0 : TextWidth.columns(of: scalar)
      lastWasNarrowEmoji = columns == 1 && scalar.value >= 0x80 && scalar.properties.isEmoji
      total += columns
    }
  }
}

/// Makes text from a data source safe to print: no escape sequences or control characters
/// reach the terminal raw.
package enum TerminalSafe {
  /// Whether untrusted text may not carry `scalar` raw to where a person reads it (a terminal, a
  /// log file, a CSV or JSON file, a message): the one table of such characters, which every
  /// writer of untrusted text asks.
  ///
  ///     U+0000–U+001F           the C0 controls (an escape sequence starts with U+001B)
  ///     U+007F–U+009F           DEL and the C1 controls
  ///     U+061C, U+200E, U+200F  the bidirectional marks (Arabic letter, left-to-right, right-to-left)
  ///     U+2028, U+2029          the line and paragraph separators
  ///     U+202A–U+202E           the bidirectional embeddings and overrides
  ///     U+2066–U+2069           the bidirectional isolates
  ///
  /// The marks, embeddings, overrides and isolates are Unicode's Bidi_Control characters, which
  /// reorder what a reader sees. What a writer puts in their place is its own: U+FFFD on the
  /// terminal (`sanitize`, `TerminalWriter`), `\uXXXX` in JSON strings, the plugin log and
  /// diagnostics (the same string, readable), a space in a CSV or TSV cell (a record stays one
  /// line). `isUnsafe(_:at:keepingNewlines:)` answers the same over UTF-8 bytes.
  @inline(__always)
  package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Replaces the characters of `isUnsafe` with U+FFFD, but tabs with a space; newlines (LF, CR
  /// and CRLF) become spaces unless `keepNewlines`.
  package static func sanitize(_ text: String, keepNewlines: Bool = false) -> String {
    if text.utf8.withContiguousStorageIfAvailable({ isSafe($0, keepingNewlines: keepNewlines) }) == true {
      return text
    }
    return sanitizeByScalars(text, keepNewlines: keepNewlines)
  }

  /// `sanitize` code point by code point: any text.
  package static func sanitizeByScalars(_ text: String, keepNewlines: Bool) -> String {
    var result = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar.value {
      case 0x0A:
        if !(previousWasCR && keepNewlines) { result.append(keepNewlines ? "\n" : " ") }
      case 0x0D:
        result.append(keepNewlines ? "\n" : " ")
      case 0x09:
        result.append(" ")
      case _ where isUnsafe(scalar):
        result.append("\u{FFFD}")
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }
}
