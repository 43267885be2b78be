/// A unified, line-level diff of two lists of lines, as `diff -u` prints it: hunks of changes with
/// three lines of context, each headed `@@ -START,COUNT +START,COUNT @@`.
struct TranscriptDiff: Sendable {
  /// One line of a diff: kept, removed (expected only) or added (actual only).
  enum Line: Equatable, Sendable {
    case kept(String)
    case removed(String)
    case added(String)
  }

  struct Hunk: Equatable, Sendable {
    /// Where the hunk starts in each side (from 1), and how many lines of each it spans.
    var oldStart: Int
    var oldCount: Int
    var newStart: Int
    var newCount: Int
    var lines: [Line]

    var header: String { "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@" }
  }

  var hunks: [Hunk]

  /// The diff from `old` to `new`; `oldStart` and `newStart` are the line numbers of their first
  /// lines (the hunk headers count from them).
  init(old: [String], new: [String], oldStart: Int = 1, newStart: Int = 1, context: Int = 3) {
    let lines = Self.lines(old, new)
    var hunks: [Hunk] = []
    // Positions of changed lines, grouped where fewer than 2 * context kept lines separate them.
    var index = 0
    var (oldLine, newLine) = (oldStart, newStart)
    var positions: [(old: Int, new: Int)] = []
    for line in lines {
      positions.append((oldLine, newLine))
      switch line {
      case .kept:
        oldLine += 1
        newLine += 1
      case .removed: oldLine += 1
      case .added: newLine += 1
      }
    }
    while index < lines.count {
      guard case .kept = lines[index] else {
        var end = index
        var lastChange = index
        while end < lines.count {
          if case .kept = lines[end] {
            if end - lastChange > 2 * context { break }
          } else {
            lastChange = end
          }
          end += 1
        }
        let start = max(0, index - context)
        let stop = min(lines.count, lastChange + context + 1)
        let slice = Array(lines[start..<stop])
        let oldCount = slice.filter { if case .added = $0 { false } else { true } }.count
        let newCount = slice.filter { if case .removed = $0 { false } else { true } }.count
        hunks.append(
          Hunk(
            oldStart: positions[start].old, oldCount: oldCount, newStart: positions[start].new, newCount: newCount,
            lines: slice))
        index = stop
        continue
      }
      index += 1
    }
    self.hunks = hunks
  }

  /// The lines of both sides, matched by their longest common subsequence. The common start and
  /// end are matched first; a middle too large to match line by line is shown removed, then added.
  static func lines(_ old: [String], _ new: [String]) -> [Line] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, same(old[prefix], new[prefix]) { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      same(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
    {
      suffix += 1
    }
    let a = Array(old[prefix..<(old.count - suffix)])
    let b = Array(new[prefix..<(new.count - suffix)])
    var middle: [Line] = []
    if a.count * b.count > 4_000_000 {
      middle = a.map(Line.removed) + b.map(Line.added)
    } else {
      var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
      for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
          lengths[i][j] = same(a[i], b[j]) ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
        }
      }
      var (i, j) = (0, 0)
      while i < a.count || j < b.count {
        if i < a.count, j < b.count, same(a[i], b[j]) {
          middle.append(.kept(a[i]))
          i += 1
          j += 1
        } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
          middle.append(.removed(a[i]))
          i += 1
        } else {
          middle.append(.added(b[j]))
          j += 1
        }
      }
    }
    return old[..<prefix].map(Line.kept) + middle + old[(old.count - suffix)...].map(Line.kept)
  }

  /// Equal byte for byte.
  private static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
}

/// Text made so that what cannot be seen can: trailing spaces, and characters that draw nothing
/// or look like a space.
enum Visible {
  /// `text` with each trailing space shown as `␠`, a trailing tab as `␉`, and every invisible or
  /// space-like character (controls, format characters such as U+200B and U+FEFF, no-break and
  /// other spaces, line and paragraph separators) as `⟨U+XXXX⟩`.
  static func marked(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var end = scalars.count
    while end > 0, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
    var result = ""
    for (index, scalar) in scalars.enumerated() {
      if index >= end {
        result += scalar == " " ? "␠" : "␉"
      } else if isInvisible(scalar) {
        result += code(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `⟨U+001B⟩`: a scalar named by its code.
  static func code(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "⟨U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "⟩"
  }

  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == " " { return false }
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse,
      .surrogate:
      return true
    default:
      return scalar.properties.isVariationSelector || scalar.properties.isDefaultIgnorableCodePoint
    }
  }
}
