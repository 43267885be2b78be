import FoundationEssentials
import ScreenKit

/// Answers the Marvel API's resources from the bundled dataset, with the API's own semantics:
/// `nameStartsWith` is a case-insensitive prefix, `offset`/`limit` page, `limit` is at most 100,
/// a blank filter is a 409, a search with no match is an empty page, an unknown id is a 404.
///
/// A page parses only the records it returns: searches and paging run on the dataset's index.
/// The core has checked each request against `MarvelPlugin.declaration` (limits, unknown and
/// blank parameters, orderBy's values) and words its refusals through `refused`.
struct MarvelSampleSource: MarvelAPI {
  let dataset: MarvelDataset

  /// The bundled dataset, or the one `SCREENRUN_MARVEL_SAMPLE` names.
  init(environment: [String: String] = [:]) throws(DataSourceError) {
    dataset = try MarvelDataset.load(environment: environment)
  }

  init(dataset: MarvelDataset) {
    self.dataset = dataset
  }

  func characters(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let matches = try characters(matching: request.parameters)
    return try Page.slice(
      matches, cursor: request.cursor, pageSize: request.pageSize, attribution: dataset.attribution
    ) { ordinal throws(DataSourceError) in try dataset.character(at: ordinal, members: request.members) }
  }

  func comics(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let (comics, attribution) = try comics(of: request.parameters)
    return try Page.slice(comics, cursor: request.cursor, pageSize: request.pageSize, attribution: attribution) {
      comic throws(DataSourceError) in try record(of: comic, members: request.members)
    }
  }

  func character(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    guard let character = try dataset.character(id: request.parameters["id"]) else {
      throw .notFound("We couldn't find that character", parameter: "id")
    }
    return Record(character, attribution: dataset.attribution)
  }

  func refused(_ status: String, parameter: String?) -> DataSourceError {
    Self.conflict(status, parameter: parameter)
  }

  /// The places in name order of the characters that match, in the order asked for. Both
  /// filters select one run of the name order, so they cost two binary searches each.
  private func characters(matching parameters: [String: String]) throws(DataSourceError) -> [Int] {
    var matches = 0..<dataset.count
    if let prefix = parameters["nameStartsWith"] {
      let prefix = prefix.trimmingSpaces().lowercased()
      matches = matches.clamped(to: dataset.characters(withPrefix: Array(prefix.utf8)))
    }
    if let name = parameters["name"] {
      let name = name.trimmingSpaces().lowercased()
      matches = matches.clamped(to: dataset.characters(named: Array(name.utf8)))
    }
    guard let order = parameters["orderBy"] else { return Array(matches) }
    let descending = order.hasPrefix("-")
    let field = descending ? String(order.dropFirst()) : order
    return dataset.ordinals(
      matches, in: field == "name" ? .name(descending: descending) : .modified(descending: descending))
  }

  /// A comic of a character's list: where its recorded record is (parsed only if a page shows
  /// it), or the summary that the character's own record gives.
  private enum ListedComic {
    case recorded(place: Int)
    case named(JSON)
  }

  /// The character's comics: the recorded list where one was recorded, else the comics its own
  /// record names, with a note that says so where the list shows the attribution. Finding them
  /// parses no comic; `titleStartsWith` reads only the `title` of each.
  private func comics(of parameters: [String: String]) throws(DataSourceError) -> ([ListedComic], String) {
    guard let ordinal = dataset.ordinal(ofID: parameters["id"]) else {
      throw .notFound("We couldn't find that character", parameter: "id")
    }
    var comics: [ListedComic]
    var attribution = dataset.attribution
    if let ids = try dataset.recordedComicIDs(ofCharacterAt: ordinal) {
      comics = ids.compactMap { dataset.comicPlace(id: $0).map(ListedComic.recorded) }
      // The list's total counts the recorded comics: the note says so where the character has
      // more, which its record's `comics.available` (a detail's "in all") counts.
      let available = try dataset.character(at: ordinal, members: Self.comicsAvailable)[path: ["comics", "available"]]
      if let available = available?.intValue, available > comics.count {
        attribution = "\(Self.recordedNote(comics.count, of: available)) \(dataset.attribution)"
      }
    } else {
      let character = try dataset.character(at: ordinal, members: Self.comicItems)
      comics = (character[path: ["comics", "items"]]?.arrayValue ?? []).map(comic(named:))
      attribution = "\(Self.notRecordedNote) \(dataset.attribution)"
    }
    if let prefix = parameters["titleStartsWith"] {
      let prefix = prefix.trimmingSpaces().lowercased()
      var matching: [ListedComic] = []
      for comic in comics where try title(of: comic).lowercased().hasPrefix(prefix) { matching.append(comic) }
      comics = matching
    }
    return (comics, attribution)
  }

  /// Shown with a character's comics when only its own record names them.
  static let notRecordedNote = "Comics named in the character's record; the full list was not recorded."

  /// Shown with a character's recorded comics when its record counts more of them.
  static func recordedNote(_ recorded: Int, of available: Int) -> String {
    "The sample recorded \(TemplateFilter.grouped(recorded)) of the character's \(TemplateFilter.grouped(available)) comics."
  }

  /// What a character's record is read for to count its comics.
  private static let comicsAvailable: RecordMembers = {
    var members = RecordMembers()
    members.insert(["comics", "available"])
    return members
  }()

  /// What a character's record is read for when its comics were not recorded.
  private static let comicItems: RecordMembers = {
    var members = RecordMembers()
    members.insert(["comics", "items"])
    return members
  }()

  /// The comic a character's record names (`{"resourceURI": "…/comics/ID", "name": "…"}`): its
  /// full record where the recordings hold one, else the summary with the `id` and `title` a
  /// comic record has, read from it.
  private func comic(named item: JSON) -> ListedComic {
    let uri = item["resourceURI"]?.stringValue ?? ""
    let id = uri.split(separator: "/").last.flatMap { Int($0) }
    if let id, let place = dataset.comicPlace(id: id) { return .recorded(place: place) }
    guard case .object(var summary) = item else { return .named(item) }
    if let id { summary["id"] = .int(id) }
    if let name = item["name"] { summary["title"] = name }
    return .named(.object(summary))
  }

  private func title(of comic: ListedComic) throws(DataSourceError) -> String {
    switch comic {
    case .recorded(let place): try dataset.comic(at: place, members: ["title"])["title"]?.stringValue ?? ""
    case .named(let summary): summary["title"]?.stringValue ?? ""
    }
  }

  /// What a page shows of `comic`: of a recorded one, only `members` (nil: all).
  private func record(of comic: ListedComic, members: RecordMembers?) throws(DataSourceError) -> JSON {
    switch comic {
    case .recorded(let place): try dataset.comic(at: place, members: members)
    case .named(let summary): summary
    }
  }

  /// The API's 409 answer to a request it refuses.
  static func conflict(_ status: String, parameter: String? = nil) -> DataSourceError {
    DataSourceError(.badRequest(parameter: parameter), "409 \(status)")
  }
}
