import ScreenFormat
import ScreenJSON
import ScreenKit

/// An edit of a list's search text at its cursor, or a move of the cursor: the readline keys of
/// the search field (Ctrl-A, Ctrl-E, ←, →, Backspace, Delete, Ctrl-W, Ctrl-U, Ctrl-K).
///
/// The cursor is counted from the end, as the characters after it (`afterCursor`): 0 is the end,
/// where typing appends, so a query typed and never moved in keeps its cursor at 0.
package enum QueryEdit: Sendable, Equatable {
  /// Text put in at the cursor (a paste), which stays after it.
  case insert(String)
  /// Backspace: the character before the cursor.
  case deleteBackward
  /// Delete: the character at the cursor.
  case deleteForward
  /// Ctrl-W: the word before the cursor, and the spaces between it and the cursor.
  case deleteWordBackward
  /// Ctrl-U: from the start to the cursor (all of it, when the cursor is at the end).
  case deleteToStart
  /// Ctrl-K: from the cursor to the end.
  case deleteToEnd
  /// The cursor a character back, or forward.
  case left, right
  /// The cursor to the start, or to the end.
  case start, end

  /// Applies the edit to `text`, whose cursor has `afterCursor` characters after it (kept within
  /// the text); says whether the text changed.
  package func apply(to text: inout String, afterCursor: inout Int) -> Bool {
    let count = text.count
    afterCursor = min(max(0, afterCursor), count)
    let cursor = text.index(text.endIndex, offsetBy: -afterCursor)
    switch self {
    case .insert(let inserted):
      guard !inserted.isEmpty else { return false }
      text.insert(contentsOf: inserted, at: cursor)
    case .deleteBackward:
      guard cursor > text.startIndex else { return false }
      text.remove(at: text.index(before: cursor))
    case .deleteForward:
      guard afterCursor > 0 else { return false }
      text.remove(at: cursor)
      afterCursor -= 1
    case .deleteWordBackward:
      let before = Self.droppingLastWord(String(text[..<cursor]))
      guard before.count < count - afterCursor else { return false }
      text = before + text[cursor...]
    case .deleteToStart:
      guard cursor > text.startIndex else { return false }
      text.removeSubrange(..<cursor)
    case .deleteToEnd:
      guard afterCursor > 0 else { return false }
      text.removeSubrange(cursor...)
      afterCursor = 0
    case .left:
      afterCursor = min(count, afterCursor + 1)
      return false
    case .right:
      afterCursor = max(0, afterCursor - 1)
      return false
    case .start:
      afterCursor = count
      return false
    case .end:
      afterCursor = 0
      return false
    }
    // Characters that join across the cursor (a combining mark put in before one) count anew.
    afterCursor = min(afterCursor, text.count)
    return true
  }

  /// The text without its last word and the spaces after it, as readline's Ctrl-W leaves it.
  static func droppingLastWord(_ text: String) -> String {
    var text = Substring(text)
    while text.last?.isWhitespace == true { text.removeLast() }
    while let last = text.last, !last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
