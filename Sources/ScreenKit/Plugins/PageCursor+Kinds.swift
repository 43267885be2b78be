import ScreenJSON

/// The three kinds of cursor an API pages with, written once for every plugin: an offset (the
/// place of the page's first record), a page number (from 1), and a URL from a `Link` header
/// (followed as given; `PluginHTTP`'s `LinkCursor` checks its origin).
extension PageCursor {
  /// The largest offset, count or total worth reading from an answer: far above any real list,
  /// and low enough that adding two cannot overflow.
  package static let largestPlace = Int(Int32.max)

  /// The cursor of the page that starts at `offset`.
  public init(offset: Int) { self.init(String(offset)) }

  /// The cursor of page `number` (the first page is 1).
  public init(pageNumber number: Int) { self.init(String(number)) }

  /// The offset `cursor` holds: 0 for the first page (no cursor).
  public static func offset(_ cursor: PageCursor?) throws(DataSourceError) -> Int {
    try place(cursor, first: 0, "an offset of 0 or more")
  }

  /// The page number `cursor` holds: 1 for the first page (no cursor).
  public static func pageNumber(_ cursor: PageCursor?) throws(DataSourceError) -> Int {
    try place(cursor, first: 1, "a page number of 1 or more")
  }

  /// The cursor after `count` records from `offset`, when `total` says there are more; nil at
  /// the end (or when the page was empty, so a wrong total cannot page forever).
  public static func next(offset: Int, count: Int, total: Int) -> PageCursor? {
    let (end, overflow) = offset.addingReportingOverflow(count)
    return count > 0 && !overflow && end < total ? PageCursor(offset: end) : nil
  }

  /// The cursor of the page after page `number`, when `hasMore`.
  public static func next(pageNumber number: Int, hasMore: Bool) -> PageCursor? {
    hasMore && number < Int.max ? PageCursor(pageNumber: number + 1) : nil
  }

  /// The cursor of the page after page `number` (from 1) of `size` records, when the pages up to
  /// this one hold fewer than `total`: an API that answers a page number and a total.
  ///
  ///     let page = try PageCursor.pageNumber(request.cursor)
  ///     Page(records: stops, total: total, next: .next(pageNumber: page, size: request.pageSize, total: total))
  ///
  /// nil at the end, and for what no page can follow: a `number` or `size` below 1, a negative
  /// total, or pages so far that would hold more than `Int.max` records.
  public static func next(pageNumber number: Int, size: Int, total: Int) -> PageCursor? {
    guard number >= 1, size >= 1 else { return nil }
    let (shown, overflow) = number.multipliedReportingOverflow(by: size)
    return next(pageNumber: number, hasMore: !overflow && shown < total)
  }

  private static func place(_ cursor: PageCursor?, first: Int, _ expected: String) throws(DataSourceError) -> Int {
    guard let cursor else { return first }
    guard cursor.value.utf8.count <= 20, cursor.value.allSatisfy(\.isASCII), let place = Int(cursor.value),
      place >= first
    else {
      throw .badRequest("the page cursor '\(cursor.value.prefix(40))' is not \(expected); reload the list")
    }
    return place
  }
}

extension Page {
  /// The page of `records` (all that match, in order) that the cursor's offset starts, at most
  /// `pageSize` long; `reachable` caps how far paging goes (an API that lists only the first
  /// 1,000). `record` turns an element into what the screen binds.
  public static func slice<Records: RandomAccessCollection>(
    _ records: Records, cursor: PageCursor?, pageSize: Int, total: Int? = nil, reachable: Int? = nil,
    attribution: String? = nil, record: (Records.Element) throws(DataSourceError) -> JSON
  ) throws(DataSourceError) -> Page where Records.Index == Int {
    let offset = try PageCursor.offset(cursor)
    let limit = min(reachable ?? records.count, records.count)
    // A cursor may hold any offset up to Int.max: past the end is an empty last page.
    let start = records.startIndex + min(offset, limit)
    let end = records.startIndex + (offset >= limit ? limit : min(limit, offset + min(max(0, pageSize), limit)))
    var page: [JSON] = []
    for element in records[start..<end] { page.append(try record(element)) }
    let total = total ?? records.count
    var sliced = Page(
      records: page, total: total, reachable: reachable,
      next: PageCursor.next(offset: offset, count: page.count, total: limit), attribution: attribution)
    // `record` may cut each record to the members a screen reads: the slice says which records.
    sliced.digest = PageDigest(slice: (start - records.startIndex)..<(end - records.startIndex))
    return sliced
  }

  /// The page of `records` that the cursor's offset starts.
  public static func slice(
    _ records: [JSON], cursor: PageCursor?, pageSize: Int, total: Int? = nil, reachable: Int? = nil,
    attribution: String? = nil
  ) throws(DataSourceError) -> Page {
    try slice(
      records, cursor: cursor, pageSize: pageSize, total: total, reachable: reachable, attribution: attribution
    ) { record throws(DataSourceError) in record }
  }
}
