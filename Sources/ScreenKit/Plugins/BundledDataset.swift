import ScreenJSON
import Synchronization

/// A plugin's bundled sample data: records read on first use (once, whatever the number of
/// sources and threads), then filtered, sorted and paged by offset.
///
///     static let shelf = BundledDataset(json: PackageResources.books_json, attribution: "Sample books")
///     try shelf.page(request, where: BundledDataset.prefix(request.parameters["title"], of: "title"))
///
/// For a dataset too big to parse at start-up, read it through an index instead (the Marvel and
/// GitHub samples do), and still page it with `Page.slice`.
///
/// It is a `Sendable` final class, so a handler may capture it (handlers are `@Sendable`).
public final class BundledDataset: Sendable {
  /// The attribution every page and record of the dataset carries.
  public let attribution: String?
  private let load: @Sendable () throws(DataSourceError) -> [JSON]
  private let loaded = Mutex<Result<[JSON], DataSourceError>?>(nil)

  /// The records `load` returns, read at the first request.
  public init(attribution: String? = nil, load: @escaping @Sendable () throws(DataSourceError) -> [JSON]) {
    self.attribution = attribution
    self.load = load
  }

  /// The records in UTF-8 JSON text: an array of objects, or an object whose `member` is one.
  public convenience init(json bytes: [UInt8], member: String? = nil, attribution: String? = nil) {
    self.init(attribution: attribution) { () throws(DataSourceError) in
      let value: JSON
      do { value = try JSON.parse(bytes) } catch { throw .decoding("the bundled data is not JSON: \(error)") }
      guard let records = (member.map { value[$0] } ?? value)?.arrayValue else {
        throw .decoding("the bundled data holds no array of records\(member.map { " at '\($0)'" } ?? "")")
      }
      return records
    }
  }

  /// Every record, in the data's order.
  public func records() throws(DataSourceError) -> [JSON] {
    try loaded.withLock { loaded in
      if let loaded { return loaded }
      let result = Result { () throws(DataSourceError) in try load() }
      loaded = result
      return result
    }.get()
  }

  /// The page of the records that match, in `order` (the data's order when nil), from the
  /// request's cursor.
  public func page(
    _ request: PageRequest, where matches: (JSON) -> Bool = { _ in true }, order: ((JSON, JSON) -> Bool)? = nil
  ) throws(DataSourceError) -> Page {
    var found = try records().filter(matches)
    if let order { found.sort(by: order) }
    return try Page.slice(found, cursor: request.cursor, pageSize: request.pageSize, attribution: attribution)
  }

  /// The first record whose `member` reads as `value` (a string or a number), or a `.notFound`
  /// naming `member` as the parameter.
  public func record(_ member: String, is value: String?) throws(DataSourceError) -> Record {
    guard let value, let found = try records().first(where: { Self.text($0[member]) == value }) else {
      throw .notFound("no record with \(member) '\(value ?? "")'", parameter: member)
    }
    return Record(found, attribution: attribution)
  }

  /// A filter: records whose `member` starts with `text`, ignoring case; every record when
  /// `text` is nil or blank.
  public static func prefix(_ text: String?, of member: String) -> @Sendable (JSON) -> Bool {
    let prefix = (text ?? "").trimmingWhiteSpace().lowercased()
    return { prefix.isEmpty || (Self.text($0[member]) ?? "").lowercased().hasPrefix(prefix) }
  }

  /// A filter: records whose `member` holds `text` anywhere, ignoring case ("man" finds
  /// "Iron Man" and "Mandarin"); every record when `text` is nil or blank.
  ///
  ///     try shelf.page(request, where: BundledDataset.contains(request.parameters["q"], of: "title"))
  public static func contains(_ text: String?, of member: String) -> @Sendable (JSON) -> Bool {
    let part = (text ?? "").trimmingWhiteSpace().lowercased()
    return { part.isEmpty || (Self.text($0[member]) ?? "").lowercased().contains(part) }
  }

  /// A filter, as most search boxes match: records where every word of `query` starts some word
  /// of one of `members`, ignoring case and order ("spi man" finds "Spider-Man", "man" finds
  /// "Iron Man" but not "Batman"); every record when `query` has no word. Words are runs of
  /// letters and digits.
  ///
  ///     try shelf.page(request, where: BundledDataset.words(request.parameters["q"], of: "title", "author"))
  public static func words(_ query: String?, of members: String...) -> @Sendable (JSON) -> Bool {
    let wanted = Self.words(in: query ?? "")
    return { record in
      guard !wanted.isEmpty else { return true }
      let have = members.flatMap { Self.words(in: Self.text(record[$0]) ?? "") }
      return wanted.allSatisfy { word in have.contains { $0.hasPrefix(word) } }
    }
  }

  /// The words of a text, lower-cased: its runs of letters and digits.
  package static func words(in text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }

  /// A string member as it is, a number as its digits.
  package static func text(_ value: JSON?) -> String? {
    switch value {
    case .string(let text): text
    case .int(let number): String(number)
    default: nil
    }
  }
}

extension String {
  fileprivate func trimmingWhiteSpace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
