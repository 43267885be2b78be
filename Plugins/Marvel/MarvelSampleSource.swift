import Foundation
import ScreenKit

/// Answers the Marvel API's resources from the bundled dataset, with the API's own semantics:
/// `nameStartsWith` is a case-insensitive prefix, `offset`/`limit` page, `limit` is at most 100,
/// a blank filter is a 409, a search with no match is an empty page, an unknown id is a 404.
///
/// A page parses only the records it returns: searches and paging run on the dataset's index.
struct MarvelSampleSource: DataSource {
  let dataset: MarvelDataset

  /// The bundled dataset, or the one `SCREENRUN_MARVEL_SAMPLE` names.
  init(environment: [String: String] = [:]) throws(DataSourceError) {
    dataset = try MarvelDataset.load(environment: environment)
  }

  init(dataset: MarvelDataset) {
    self.dataset = dataset
  }

  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let limit = request.pageSize
    guard limit > 0 else { throw Self.conflict("You must pass an integer limit greater than 0.") }
    guard limit <= 100 else { throw Self.conflict("You may not request more than 100 items.") }
    let offset = try Self.offset(request.cursor)

    switch request.resource {
    case "characters":
      try Self.check(request.parameters, allowed: ["nameStartsWith", "name", "orderBy"])
      let matches = try characters(matching: request.parameters)
      let shown = matches.dropFirst(offset).prefix(limit)
      var records: [JSON] = []
      for ordinal in shown { records.append(try dataset.character(at: ordinal)) }
      return page(records, from: offset, of: matches.count, attribution: dataset.attribution)
    case "character-comics":
      try Self.check(request.parameters, allowed: ["id", "titleStartsWith"])
      let (comics, attribution) = try comics(of: request.parameters)
      let records = Array(comics.dropFirst(offset).prefix(limit))
      return page(records, from: offset, of: comics.count, attribution: attribution)
    default:
      throw .server(status: 404, "\(request.resource) does not exist")
    }
  }

  private func page(_ records: [JSON], from offset: Int, of total: Int, attribution: String) -> Page {
    let end = offset + records.count
    return Page(
      records: records, total: total, next: end < total ? PageCursor(String(end)) : nil, attribution: attribution)
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    guard request.resource == "character" else {
      throw .server(status: 404, "\(request.resource) does not exist")
    }
    try Self.check(request.parameters, allowed: ["id"])
    guard let character = try dataset.character(id: request.parameters["id"]) else {
      throw .server(status: 404, "We couldn't find that character")
    }
    return Record(character, attribution: dataset.attribution)
  }

  /// The places in name order of the characters that match, in the order asked for. Both
  /// filters select one run of the name order, so they cost two binary searches each.
  private func characters(matching parameters: [String: String]) throws(DataSourceError) -> [Int] {
    var matches = 0..<dataset.count
    if let prefix = parameters["nameStartsWith"] {
      let prefix = try Self.nonBlank(prefix, "nameStartsWith").lowercased()
      matches = matches.clamped(to: dataset.characters(withPrefix: Array(prefix.utf8)))
    }
    if let name = parameters["name"] {
      let name = try Self.nonBlank(name, "name").lowercased()
      matches = matches.clamped(to: dataset.characters(named: Array(name.utf8)))
    }
    guard let order = parameters["orderBy"] else { return Array(matches) }
    let descending = order.hasPrefix("-")
    let field = descending ? String(order.dropFirst()) : order
    guard field == "name" || field == "modified" else {
      throw Self.conflict("\(order) is not a valid ordering parameter.")
    }
    // Marvel's timestamps share one format, so their text sorts as their time does; ties keep
    // the name order.
    let key = field == "name" ? dataset.nameKey(at:) : dataset.modifiedKey(at:)
    return matches.sorted { left, right in
      let order = Self.compare(key(left), key(right))
      return order == 0 ? left < right : (order < 0) != descending
    }
  }

  private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
    for (a, b) in zip(left, right) where a != b { return a < b ? -1 : 1 }
    return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
  }

  /// The character's comics: the recorded list where one was recorded, else the comics its own
  /// record names, with a note that says so where the list shows the attribution.
  private func comics(of parameters: [String: String]) throws(DataSourceError) -> ([JSON], String) {
    guard let ordinal = dataset.ordinal(ofID: parameters["id"]) else {
      throw .server(status: 404, "We couldn't find that character")
    }
    var comics: [JSON] = []
    var attribution = dataset.attribution
    if let ids = try dataset.recordedComicIDs(ofCharacterAt: ordinal) {
      for id in ids {
        if let comic = try dataset.comic(id: id) { comics.append(comic) }
      }
    } else {
      let items = try dataset.character(at: ordinal)[path: ["comics", "items"]]?.arrayValue ?? []
      for item in items {
        comics.append(try comic(named: item))
      }
      attribution = "\(Self.notRecordedNote) \(dataset.attribution)"
    }
    if let prefix = parameters["titleStartsWith"] {
      let prefix = try Self.nonBlank(prefix, "titleStartsWith").lowercased()
      comics = comics.filter { ($0["title"]?.stringValue ?? "").lowercased().hasPrefix(prefix) }
    }
    return (comics, attribution)
  }

  /// Shown with a character's comics when only its own record names them.
  static let notRecordedNote = "Comics named in the character's record; the full list was not recorded."

  /// The comic a character's record names (`{"resourceURI": "…/comics/ID", "name": "…"}`): its
  /// full record where the recordings hold one, else the summary with the `id` and `title` a
  /// comic record has, read from it.
  private func comic(named item: JSON) throws(DataSourceError) -> JSON {
    let uri = item["resourceURI"]?.stringValue ?? ""
    let id = uri.split(separator: "/").last.flatMap { Int($0) }
    if let id, let comic = try dataset.comic(id: id) { return comic }
    guard case .object(var summary) = item else { return item }
    if let id { summary["id"] = .int(id) }
    if let name = item["name"] { summary["title"] = name }
    return .object(summary)
  }

  private static func offset(_ cursor: PageCursor?) throws(DataSourceError) -> Int {
    guard let cursor else { return 0 }
    guard let offset = Int(cursor.value), offset >= 0 else {
      throw conflict("You must pass an integer offset of 0 or more.")
    }
    return offset
  }

  private static func nonBlank(_ value: String, _ name: String) throws(DataSourceError) -> String {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw conflict("\(name) cannot be blank if it is set", parameter: name) }
    return trimmed
  }

  private static func check(_ parameters: [String: String], allowed: Set<String>) throws(DataSourceError) {
    if let unknown = parameters.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw conflict("We don't recognize the parameter \(unknown)", parameter: unknown)
    }
  }

  /// The API's 409 answer to a request it refuses.
  static func conflict(_ status: String, parameter: String? = nil) -> DataSourceError {
    DataSourceError(.badRequest(parameter: parameter), "409 \(status)")
  }
}
