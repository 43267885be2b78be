import Foundation
import Testing

@testable import MarvelPlugin
@testable import ScreenJSON
@testable import ScreenKit

/// A page of a character's comics parses only the comics it shows, yet pages exactly as parsing
/// every comic of the character and then slicing did: the same records, totals, cursors and
/// attribution, with and without `titleStartsWith`, to the end of the list and past it.
@Suite("Marvel sample: a character's comics, page by page")
struct MarvelSampleComicsTests {
  let source: MarvelSampleSource

  init() throws {
    source = try MarvelSampleSource()
  }

  /// Every character with a recorded comic list, Hulk (only his record names comics, none of
  /// them recorded), and characters whose records name some recorded comics among summaries.
  static let characters = [
    "1009610", "1009718", "1009368", "1009652", "1009351", "1009349", "1010979", "1009160", "1009250",
  ]

  /// Filters that keep many, one run, none, and ones written with spaces and capitals.
  static let filters: [String?] = [nil, "amazing", "x", " Uncanny ", "AVENGERS", "zzz-no-such-title", "É", "the"]

  /// The list as the source computed it before it parsed only a page: every comic of the
  /// character parsed whole (`whole`, to reuse across filters), then filtered by title.
  func everyComic(_ parameters: [String: String], whole: (comics: [JSON], attribution: String)? = nil) throws
    -> (comics: [JSON], attribution: String)
  {
    var (comics, attribution) = try whole ?? everyComic(ofCharacter: parameters["id"])
    if let prefix = parameters["titleStartsWith"] {
      let prefix = prefix.trimmingCharacters(in: .whitespaces).lowercased()
      comics = comics.filter { ($0["title"]?.stringValue ?? "").lowercased().hasPrefix(prefix) }
    }
    return (comics, attribution)
  }

  private func everyComic(ofCharacter id: String?) throws -> (comics: [JSON], attribution: String) {
    let dataset = source.dataset
    let ordinal = try #require(dataset.ordinal(ofID: id))
    if let ids = try dataset.recordedComicIDs(ofCharacterAt: ordinal) {
      let comics = try ids.compactMap { try dataset.comic(id: $0) }
      // Where the character's record counts more comics than were recorded, a note says so.
      let available = try dataset.character(at: ordinal)[path: ["comics", "available"]]?.intValue ?? 0
      guard available > comics.count else { return (comics, dataset.attribution) }
      return (comics, "\(MarvelSampleSource.recordedNote(comics.count, of: available)) \(dataset.attribution)")
    }
    var comics: [JSON] = []
    for item in try dataset.character(at: ordinal)[path: ["comics", "items"]]?.arrayValue ?? [] {
      let id = (item["resourceURI"]?.stringValue ?? "").split(separator: "/").last.flatMap { Int($0) }
      if let id, let comic = try dataset.comic(id: id) {
        comics.append(comic)
      } else if case .object(var summary) = item {
        if let id { summary["id"] = .int(id) }
        if let name = item["name"] { summary["title"] = name }
        comics.append(.object(summary))
      } else {
        comics.append(item)
      }
    }
    return (comics, "\(MarvelSampleSource.notRecordedNote) \(dataset.attribution)")
  }

  func request(_ parameters: [String: String], _ cursor: PageCursor?, _ pageSize: Int, _ members: RecordMembers?)
    -> PageRequest
  {
    PageRequest(
      resource: "character-comics", parameters: parameters, cursor: cursor, pageSize: pageSize, members: members)
  }

  @Test(arguments: [3, 20, 100])
  func everyPageIsTheSliceOfEveryComic(_ pageSize: Int) async throws {
    var pages = 0
    var emptyFilters = 0
    for id in Self.characters {
      let whole = try everyComic(["id": id])
      for filter in Self.filters {
        var parameters = ["id": id]
        parameters["titleStartsWith"] = filter
        let (comics, attribution) = try everyComic(parameters, whole: whole)
        if comics.isEmpty { emptyFilters += 1 }
        var cursor: PageCursor?
        var seen = 0
        repeat {
          let page = try await source.page(request(parameters, cursor, pageSize, nil))
          let expected = try Page.slice(comics, cursor: cursor, pageSize: pageSize, attribution: attribution)
          #expect(page == expected, "\(id) \(filter ?? "-") at \(cursor?.value ?? "start")")
          seen += page.records.count
          pages += 1
          cursor = page.next
        } while cursor != nil && seen <= comics.count
        #expect(seen == comics.count, "\(id) \(filter ?? "-")")
      }
    }
    #expect(pages > Self.characters.count * Self.filters.count)
    #expect(emptyFilters > 0, "an empty filter result is among the cases")
  }

  @Test func cursorsAtAndPastTheEndAreTheSameEmptyLastPage() async throws {
    for id in Self.characters {
      for filter in [nil, "amazing"] as [String?] {
        var parameters = ["id": id]
        parameters["titleStartsWith"] = filter
        let (comics, attribution) = try everyComic(parameters)
        for place in [comics.count - 1, comics.count, comics.count + 1, 1_000, Int.max] where place >= 0 {
          let cursor = PageCursor(offset: place)
          let page = try await source.page(request(parameters, cursor, 20, nil))
          #expect(page == (try Page.slice(comics, cursor: cursor, pageSize: 20, attribution: attribution)), "\(id)")
        }
      }
    }
  }

  /// A page that asks for some members holds what the whole records hold of them: a recorded
  /// comic is cut to those members; a summary from the character's record is the summary.
  @Test func aPageReadsOnlyTheMembersAskedFor() async throws {
    let read = try #require(RecordMembers(paths: [["title"], ["id"], ["thumbnail", "path"], ["dates"]]))
    for id in Self.characters {
      for filter in [nil, "the"] as [String?] {
        var parameters = ["id": id]
        parameters["titleStartsWith"] = filter
        let (comics, attribution) = try everyComic(parameters)
        var cursor: PageCursor?
        repeat {
          let page = try await source.page(request(parameters, cursor, 9, read))
          let whole = try Page.slice(comics, cursor: cursor, pageSize: 9, attribution: attribution)
          #expect(page.total == whole.total && page.next == whole.next && page.attribution == whole.attribution)
          #expect(page.records.map(read.project) == whole.records.map(read.project), "\(id)")
          for (part, full) in zip(page.records, whole.records) where full["issueNumber"] != nil {
            #expect(part == read.project(full), "a recorded comic of \(id) is cut to the members")
          }
          cursor = page.next
        } while cursor != nil
      }
    }
  }

  /// Hulk's record names comics none of which were recorded: his list is their summaries, with
  /// the note, filtered by the names they give.
  @Test func aCharacterWhoseComicsWereNotRecordedKeepsTheSummaries() async throws {
    let page = try await source.page(request(["id": "1009351"], nil, 100, ["title"]))
    let (comics, attribution) = try everyComic(["id": "1009351"])
    #expect(!comics.isEmpty && page.records == comics && page.total == comics.count)
    #expect(page.records.allSatisfy { $0["id"]?.intValue != nil && $0["name"] == $0["title"] })
    #expect(page.attribution == attribution)
    #expect(page.attribution?.hasPrefix(MarvelSampleSource.notRecordedNote) == true)
  }
}
