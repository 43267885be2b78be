import Foundation
import ScreenKit

/// Answers the Marvel API's resources from the bundled dataset, with the API's own semantics:
/// `nameStartsWith` is a case-insensitive prefix, `offset`/`limit` page, `limit` is at most 100,
/// a blank filter is a 409, a search with no match is an empty page, an unknown id is a 404.
struct MarvelSampleSource: DataSource {
  let dataset: MarvelDataset

  init() throws(DataSourceError) {
    dataset = try MarvelDataset.bundled.get()
  }

  init(dataset: MarvelDataset) {
    self.dataset = dataset
  }

  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let limit = request.pageSize
    guard limit > 0 else { throw Self.conflict("You must pass an integer limit greater than 0.") }
    guard limit <= 100 else { throw Self.conflict("You may not request more than 100 items.") }
    let offset = try Self.offset(request.cursor)

    let matches: [JSON]
    switch request.resource {
    case "characters":
      try Self.check(request.parameters, allowed: ["nameStartsWith", "name", "orderBy"])
      matches = try characters(matching: request.parameters)
    case "character-comics":
      try Self.check(request.parameters, allowed: ["id", "titleStartsWith"])
      matches = try comics(of: request.parameters)
    default:
      throw .server(status: 404, "\(request.resource) does not exist")
    }
    let slice = Array(matches.dropFirst(offset).prefix(limit))
    let end = offset + slice.count
    return Page(
      records: slice, total: matches.count,
      next: end < matches.count ? PageCursor(String(end)) : nil,
      attribution: dataset.attribution)
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    guard request.resource == "character" else {
      throw .server(status: 404, "\(request.resource) does not exist")
    }
    try Self.check(request.parameters, allowed: ["id"])
    guard let character = dataset.character(id: request.parameters["id"]) else {
      throw .server(status: 404, "We couldn't find that character")
    }
    return Record(character, attribution: dataset.attribution)
  }

  private func characters(matching parameters: [String: String]) throws(DataSourceError) -> [JSON] {
    var matches = dataset.characters
    if let prefix = parameters["nameStartsWith"] {
      let prefix = try Self.nonBlank(prefix, "nameStartsWith").lowercased()
      matches = matches.filter { ($0["name"]?.stringValue ?? "").lowercased().hasPrefix(prefix) }
    }
    if let name = parameters["name"] {
      let name = try Self.nonBlank(name, "name").lowercased()
      matches = matches.filter { ($0["name"]?.stringValue ?? "").lowercased() == name }
    }
    if let order = parameters["orderBy"] {
      matches = try Self.ordered(matches, by: order)
    }
    return matches
  }

  private func comics(of parameters: [String: String]) throws(DataSourceError) -> [JSON] {
    guard let id = parameters["id"], dataset.character(id: id) != nil else {
      throw .server(status: 404, "We couldn't find that character")
    }
    var comics = try dataset.comics(ofCharacter: id)
    if let prefix = parameters["titleStartsWith"] {
      let prefix = try Self.nonBlank(prefix, "titleStartsWith").lowercased()
      comics = comics.filter { ($0["title"]?.stringValue ?? "").lowercased().hasPrefix(prefix) }
    }
    return comics
  }

  private static func ordered(_ characters: [JSON], by order: String) throws(DataSourceError) -> [JSON] {
    let descending = order.hasPrefix("-")
    let field = descending ? String(order.dropFirst()) : order
    guard field == "name" || field == "modified" else {
      throw conflict("\(order) is not a valid ordering parameter.")
    }
    // Marvel's timestamps share one format, so their text sorts as their time does.
    let sorted = characters.enumerated().sorted { left, right in
      let a = left.element[field]?.stringValue?.lowercased() ?? ""
      let b = right.element[field]?.stringValue?.lowercased() ?? ""
      return a == b ? left.offset < right.offset : (a < b) != descending
    }
    return sorted.map(\.element)
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
