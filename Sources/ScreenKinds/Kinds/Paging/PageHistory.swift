import ScreenKit
import ScreenText

/// The pages a list has loaded since its first, each by its records' digest (`PageDigest`): a
/// page that holds the records of one loaded already, all of them in the same order, is the
/// source going round (it answers the same page whatever offset, page number or cursor it is
/// asked for), and the list stops there, before the page is shown, printed or added to. One
/// record on two pages is no loop: live data shifts between requests. An empty page is no loop
/// either. A new search or a reload starts a new history.
///
/// It keeps one hash a page, never the records, and is the same in the interactive mode, a script
/// and `--output`, which all page through `PagedList`.
package struct PageHistory: Sendable, Equatable {
  /// The page (from 1) that held each digest first.
  private var pages: [Int: Int] = [:]

  package init() {}

  /// Notes page `number` (from 1) with `digest`; the error naming the page it repeats, when it does.
  mutating func note(_ digest: PageDigest, page number: Int, cursor: PageCursor?) -> DataSourceError? {
    if let earlier = pages[digest.value], earlier != number {
      return .decoding(
        "the source's paging goes round: page \(number), asked for with cursor \(PageCursor.quoted(cursor)), "
          + "holds page \(earlier)'s records again, in the same order; it is not shown")
    }
    pages[digest.value] = number
    return nil
  }

  /// Any two are equal: the history is bookkeeping, so a list's state compared whole (as a test
  /// states it) is compared by what it shows.
  package static func == (_: PageHistory, _: PageHistory) -> Bool { true }
}

extension PageCursor {
  /// A cursor from the source, for a message: quoted, its secrets redacted, cut to 40 columns
  /// (and, as one character may carry megabytes of combining marks, to 160 bytes), every
  /// character of `TerminalSafe.isUnsafe` written as an escape. The secrets go first: a cut
  /// would leave a piece of one that the writer no longer knows.
  package static func quoted(_ cursor: PageCursor?) -> String {
    guard let cursor else { return "none (the first request)" }
    var text = TextWidth.truncate(cursor.value, toColumns: 40)
    if text.utf8.count > 160 {
      var bytes = 0
      let kept = text.unicodeScalars.prefix { scalar in
        bytes += UTF8.width(scalar)
        return bytes <= 159
      }
      text = String(kept) + "…"
    }
    return "'" + ScalarEscape.escaped(text, where: TerminalSafe.isUnsafe) + "'"
  }
}
