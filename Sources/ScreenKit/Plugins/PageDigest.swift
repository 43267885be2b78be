import ScreenJSON

/// What tells a page's records from another page's: a hash of the records, in order, or of where
/// they come from. `PagedList` keeps one per page loaded, never the records twice, and stops a
/// list whose page holds a page's records again (a source that ignores the page asked for).
///
/// A source that cuts its records to the members a screen reads (`PageRequest.members`) says
/// what the records were before the cut (`Page.digest`): two pages of a table of one `{state}`
/// column may hold the same rows and still be two pages.
package struct PageDigest: Sendable, Equatable {
  package let value: Int

  package init(value: Int) { self.value = value }

  /// The digest of `records`, whole, in their order.
  package init(records: [JSON]) {
    var hasher = Hasher()
    hasher.combine(records)
    value = hasher.finalize()
  }

  /// The digest of the slice `range` of a source's own list (a sample's records, in order): two
  /// slices hold the same records when they are the same slice.
  package init(slice range: Range<Int>) {
    var hasher = Hasher()
    hasher.combine("slice")
    hasher.combine(range.lowerBound)
    hasher.combine(range.upperBound)
    value = hasher.finalize()
  }

  /// Any two are equal: a digest is bookkeeping, so a page (or a list's state) compared whole, as
  /// a test states it, is compared by what it shows.
  package static func == (_: PageDigest, _: PageDigest) -> Bool { true }
}
