/// Terminal columns for text: East Asian wide characters and emoji take two, marks take none.
public enum TextWidth {
  /// The columns a character takes in a terminal.
  public static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 1 }
    let properties = first.properties
    if properties.isEmojiPresentation || scalars.contains(where: { $0.value == 0xFE0F }) {
      return 2
    }
    if isWide(first.value) { return 2 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return first.value == 0x200B ? 0 : 1
    }
  }

  /// The columns a text takes in a terminal.
  public static func width(of text: some StringProtocol) -> Int {
    var total = 0
    for character in text {
      total += character.isASCII ? 1 : columns(of: character)
    }
    return total
  }

  /// Cuts `text` to at most `columns`, ending in "…" when anything was cut.
  public static func truncate(_ text: String, toColumns columns: Int) -> String {
    guard columns > 0 else { return "" }
    if text.utf8.count <= columns, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return text
    }
    if width(of: text) <= columns { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = Self.columns(of: character)
      if used + next > columns - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  /// Pads `text` with spaces on the right to exactly `columns` (cutting it first if needed).
  public static func pad(_ text: String, toColumns columns: Int) -> String {
    let cut = truncate(text, toColumns: columns)
    return cut + String(repeating: " ", count: max(0, columns - width(of: cut)))
  }

  /// Breaks a text into lines of at most `columns`, at spaces where possible.
  public static func wrap(_ text: String, toColumns columns: Int) -> [String] {
    let columns = max(1, columns)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var word = Substring(word)
        var wordWidth = width(of: word)
        if lineWidth > 0, lineWidth + 1 + wordWidth <= columns {
          line += " " + word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        while wordWidth > columns {  // a word longer than the line is broken by columns
          var piece = ""
          var pieceWidth = 0
          var rest = word
          while let character = rest.first, pieceWidth + Self.columns(of: character) <= columns {
            piece.append(character)
            pieceWidth += Self.columns(of: character)
            rest = rest.dropFirst()
          }
          if piece.isEmpty, let character = rest.first {  // a wide character on a 1-column line
            piece.append(character)
            rest = rest.dropFirst()
          }
          lines.append(piece)
          word = rest
          wordWidth = width(of: word)
        }
        line = String(word)
        lineWidth = wordWidth
      }
      lines.append(line)
    }
    return lines
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
      0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default:
      false
    }
  }
}

/// Makes text from a data source safe to print: no escape sequences or control characters
/// reach the terminal raw.
public enum TerminalSafe {
  /// Replaces control characters (C0, DEL, C1) and bidirectional overrides with U+FFFD, and
  /// tabs with a space. Newlines become spaces unless `keepNewlines`.
  public static func sanitize(_ text: String, keepNewlines: Bool = false) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
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
      case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
        result.append("\u{FFFD}")
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }
}
