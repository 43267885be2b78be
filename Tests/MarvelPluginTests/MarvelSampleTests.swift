import Foundation
import Testing

@testable import MarvelPlugin
@testable import ScreenJSON
@testable import ScreenKit

@Suite("Marvel sample data")
struct MarvelSampleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized
  static let sampleFolder = root.appendingPathComponent("Plugins/Marvel/Sample")

  let source: MarvelSampleSource

  init() throws {
    source = try MarvelSampleSource()
  }

  /// The generated dataset, parsed whole: what the index must agree with.
  static let wholeDataset: Result<JSON, Error> = Result {
    try JSON.parse(Array(try Data(contentsOf: sampleFolder.appendingPathComponent("marvel-sample.json"))))
  }

  static func wholeCharacters() throws -> [JSON] {
    try #require(try wholeDataset.get()["characters"]?.arrayValue)
  }

  func page(_ parameters: [String: String] = [:], offset: Int? = nil, limit: Int = 20, resource: String = "characters")
    async throws(DataSourceError) -> Page
  {
    try await source.page(
      PageRequest(
        resource: resource, parameters: parameters, cursor: offset.map { PageCursor(String($0)) }, pageSize: limit))
  }

  /// Every page of a list, followed to its end.
  func allPages(_ parameters: [String: String] = [:], resource: String = "characters") async throws -> [JSON] {
    var records: [JSON] = []
    var offset = 0
    while true {
      let next = try await page(parameters, offset: offset, limit: 100, resource: resource)
      records += next.records
      guard let cursor = next.next else { return records }
      offset = try #require(Int(cursor.value))
    }
  }

  func names(_ page: Page) -> [String] { page.records.map { $0["name"]?.stringValue ?? "?" } }

  // MARK: - The generated files, the embedded bytes and the index

  @Test func theEmbeddedBytesAreTheGeneratedFiles() throws {
    for (name, bytes) in [
      ("marvel-sample.json", ResidentBytes.marvelSampleJSON), ("marvel-sample.index", ResidentBytes.marvelSampleIndex),
    ] {
      let file = try Data(contentsOf: Self.sampleFolder.appendingPathComponent(name))
      let embedded = try #require(bytes.span(0, bytes.count))
      #expect(Data(embedded) == file, "\(name): run python3 Plugins/Marvel/Sample/build_sample.py, then build")
    }
  }

  @Test func theIndexAgreesWithTheWholeDataset() throws {
    let whole = try Self.wholeDataset.get()
    let characters = try Self.wholeCharacters()
    let dataset = source.dataset
    #expect(dataset.count == characters.count)
    #expect(dataset.attribution == whole["attributionText"]?.stringValue)
    var previous: [UInt8] = []
    for (ordinal, character) in characters.enumerated() {
      #expect(try dataset.character(at: ordinal) == character)
      let key = Array(dataset.nameKey(at: ordinal))
      #expect(key == Array((character["name"]?.stringValue ?? "").lowercased().utf8), "Swift lowercases it otherwise")
      #expect(!key.lexicographicallyPrecedes(previous), "keys out of order at \(ordinal)")
      previous = key
      let id = try #require(character["id"]?.intValue)
      #expect(dataset.ordinal(ofID: String(id)) == ordinal)
      let recorded = whole[path: ["characterComics", String(id)]]?.arrayValue?.compactMap(\.intValue)
      #expect(try dataset.recordedComicIDs(ofCharacterAt: ordinal) == recorded)
    }
    for comic in whole["comics"]?.arrayValue ?? [] {
      #expect(try dataset.comic(id: try #require(comic["id"]?.intValue)) == comic)
    }
  }

  @Test func anotherFolderOfTheSameFormatIsReadTheSameWay() async throws {
    let mapped = try MarvelSampleSource(environment: [MarvelDataset.folderVariable: Self.sampleFolder.path])
    let request = PageRequest(resource: "characters", parameters: ["nameStartsWith": "spi"], pageSize: 20)
    #expect(try await mapped.page(request).records == (try await source.page(request).records))
    #expect(throws: DataSourceError.self) {
      try MarvelSampleSource(environment: [MarvelDataset.folderVariable: "/nonexistent-screenrun-sample"])
    }
  }

  // MARK: - What a user gets

  @Test func holdsEveryDistinctCharacterAndComic() throws {
    #expect(source.dataset.count == 1446)
    let ids = try Self.wholeCharacters().compactMap { $0["id"]?.intValue }
    #expect(Set(ids).count == 1446)
    for (id, name) in [
      ("1009610", "Spider-Man"), ("1009351", "Hulk"), ("1009664", "Thor"), ("1009220", "Captain America"),
      ("1009718", "Wolverine"), ("1009189", "Black Widow"), ("1009268", "Deadpool"), ("1009629", "Storm"),
      ("1009417", "Magneto"),
    ] {
      #expect(try source.dataset.character(id: id)?["name"]?.stringValue == name)
    }
    #expect(source.dataset.attribution == "Data provided by Marvel. © 2024 MARVEL")
  }

  @Test func pagesByOffsetAndLimitInNameOrder() async throws {
    let first = try await page()
    #expect(first.records.count == 20)
    #expect(first.total == 1446)
    #expect(first.next == PageCursor("20"))
    #expect(names(first).prefix(3) == ["3-D Man", "A-Bomb (HAS)", "A.I.M."])
    let last = try await page(offset: 1440)
    #expect(last.records.count == 6)
    #expect(last.next == nil)
    let beyond = try await page(offset: 10_000)
    #expect(beyond.records.isEmpty)
    #expect(beyond.total == 1446)
  }

  @Test func everyCharacterCanBePagedToAndOpened() async throws {
    let paged = try await allPages()
    #expect(paged == (try Self.wholeCharacters()))
    for character in paged.enumerated() where character.offset % 97 == 0 {
      let id = String(try #require(character.element["id"]?.intValue))
      let opened = try await source.record(RecordRequest(resource: "character", parameters: ["id": id]))
      #expect(opened.value == character.element)
    }
  }

  /// Every letter and digit a name starts with, and a few longer prefixes in odd cases: the
  /// search gives exactly the characters whose names start with it, in name order.
  @Test func nameStartsWithIsACaseInsensitivePrefixForEveryLetter() async throws {
    let characters = try Self.wholeCharacters()
    let starts = Set(characters.compactMap { $0["name"]?.stringValue?.lowercased().first.map(String.init) })
    #expect(starts.count >= 26)
    for prefix in starts.sorted() + ["SPI", "iRoN mAn", "captain a", "x-", "wolverine ("] {
      let expected = characters.filter {
        ($0["name"]?.stringValue ?? "").lowercased().hasPrefix(prefix.lowercased())
      }
      let found = try await allPages(["nameStartsWith": prefix])
      #expect(found == expected, "nameStartsWith=\(prefix)")
      #expect(try await page(["nameStartsWith": prefix]).total == expected.count)
    }
    let none = try await page(["nameStartsWith": "Zzyzx"])
    #expect(none.records.isEmpty)
    #expect(none.total == 0)
    #expect(none.next == nil)
    let exact = try await page(["name": "hulk"])
    #expect(names(exact) == ["Hulk"])
    let both = try await page(["name": "thor", "nameStartsWith": "hul"])
    #expect(both.records.isEmpty)
  }

  @Test func spiListsSpiderManAndHisVariants() async throws {
    let spi = try await allPages(["nameStartsWith": "spi"])
    let names = spi.map { $0["name"]?.stringValue ?? "" }
    #expect(names.contains("Spider-Man"))
    #expect(names.contains("Spider-Man (Miles Morales)"))
    #expect(names.contains("Spider-Woman (Jessica Drew)"))
    #expect(names.filter { $0.hasPrefix("Spider-Man") }.count >= 10)
    #expect(names.allSatisfy { $0.lowercased().hasPrefix("spi") })
  }

  @Test func spiderManOpensWithDescriptionCountsAndComics() async throws {
    let spiderMan = try await source.record(RecordRequest(resource: "character", parameters: ["id": "1009610"]))
    #expect(spiderMan.value["name"] == "Spider-Man")
    #expect((spiderMan.value["description"]?.stringValue ?? "").count > 50)
    #expect((spiderMan.value[path: ["comics", "available"]]?.intValue ?? 0) > 1000)
    #expect(spiderMan.value[path: ["comics", "items"]]?.arrayValue?.isEmpty == false)
  }

  // MARK: - Comics

  @Test func spiderManHasHisFullRecordedComicList() async throws {
    let spiderMan = try #require(source.dataset.ordinal(ofID: "1009610"))
    let recorded = try #require(try source.dataset.recordedComicIDs(ofCharacterAt: spiderMan))
    let comics = try await allPages(["id": "1009610"], resource: "character-comics")
    #expect(comics.count == recorded.count)
    #expect(comics.compactMap { $0["id"]?.intValue } == recorded)
    #expect(comics.count >= 30)
    #expect(comics.allSatisfy { $0["issueNumber"] != nil }, "full comic records")
    let first = try await page(["id": "1009610"], resource: "character-comics")
    // The list counts the recorded comics, and says so: his record counts 3,954 (issue 39, item 12).
    #expect(first.attribution == "The sample recorded \(recorded.count) of the character's 3,954 comics. \(source.dataset.attribution)")
    #expect(first.total == recorded.count)
    #expect(first.next == PageCursor("20"))
    let amazing = try await allPages(["id": "1009610", "titleStartsWith": "amazing"], resource: "character-comics")
    #expect(!amazing.isEmpty)
    #expect(amazing.allSatisfy { ($0["title"]?.stringValue ?? "").lowercased().hasPrefix("amazing") })
  }

  @Test func aCharacterWithoutARecordedListGetsItsOwnRecordsComicsAndANotice() async throws {
    let hulk = try #require(try source.dataset.character(id: "1009351"))
    let ordinal = try #require(source.dataset.ordinal(ofID: "1009351"))
    #expect(try source.dataset.recordedComicIDs(ofCharacterAt: ordinal) == nil)
    let named = try #require(hulk[path: ["comics", "items"]]?.arrayValue)
    let page = try await page(["id": "1009351"], limit: 100, resource: "character-comics")
    #expect(page.records.count == named.count)
    #expect(page.records.map { $0["title"] } == named.map { $0["name"] })
    #expect(page.attribution?.contains(MarvelSampleSource.notRecordedNote) == true)
    #expect(page.attribution?.contains(source.dataset.attribution) == true)
    await #expect(throws: DataSourceError.notFound("We couldn't find that character", parameter: "id")) {
      try await self.page(["id": "42"], resource: "character-comics")
    }
  }

  // MARK: - The rule for records recorded more than once

  /// Hulk was recorded in four responses with three `modified` times. The newest wins; of the
  /// two newest, the later recording year (the 2022 dump over 2021's copyright) wins.
  @Test func theNewestRecordWinsAndThenTheLaterRecording() throws {
    let hulk = try #require(try source.dataset.character(id: "1009351"))
    #expect(hulk["modified"] == "2020-07-21T10:35:15-0400")
    let dump = try JSON.parse(
      Array(
        try Data(
          contentsOf: Self.root.appendingPathComponent(
            "Tests/Fixtures/Recorded/more/marvel/marvel_characters_letter_h_2022_kpow.json"))))
    let recorded = dump[path: ["data", "results"]]?.arrayValue?.first { $0["id"] == 1_009_351 }
    #expect(hulk == recorded)
  }

  /// Iron Patriot's newer record (2015) was trimmed by a fixture author; the older full one
  /// (2013) loses to it, because `modified` comes first in the rule.
  @Test func newerModifiedBeatsAFullerOlderRecord() throws {
    let patriot = try #require(try source.dataset.character(id: "1009538"))
    #expect(patriot["modified"] == "2015-11-23T17:46:51-0500")
    #expect(patriot["comics"] == nil)
  }

  // MARK: - The API's refusals

  @Test func refusesWhatTheAPIRefuses() async {
    await #expect(throws: MarvelSampleSource.conflict("You may not request more than 100 items.")) {
      try await page(limit: 101)
    }
    await #expect(throws: MarvelSampleSource.conflict("You must pass an integer limit greater than 0.")) {
      try await page(limit: 0)
    }
    await #expect(
      throws: MarvelSampleSource.conflict("nameStartsWith cannot be blank if it is set", parameter: "nameStartsWith")
    ) {
      try await page(["nameStartsWith": "  "])
    }
    await #expect(
      throws: MarvelSampleSource.conflict("We don't recognize the parameter invalid_param", parameter: "invalid_param")
    ) {
      try await page(["invalid_param": "1"])
    }
    await #expect(throws: MarvelSampleSource.conflict("goofiness is not a valid ordering parameter.")) {
      try await page(["orderBy": "goofiness"])
    }
  }

  @Test func ordersByModifiedAndName() async throws {
    let newest = try await allPages(["orderBy": "-modified"])
    let dates = newest.map { $0["modified"]?.stringValue ?? "" }
    #expect(dates == dates.sorted(by: >))
    #expect(newest.count == 1446)
    let backwards = try await allPages(["orderBy": "-name", "nameStartsWith": "iron"])
    let names = backwards.map { ($0["name"]?.stringValue ?? "").lowercased() }
    #expect(names == names.sorted(by: >))
  }

  @Test func findsOneCharacterOrSays404() async throws {
    let ironMan = try await source.record(RecordRequest(resource: "character", parameters: ["id": "1009368"]))
    #expect(ironMan.value["name"] == "Iron Man")
    #expect(ironMan.attribution == "Data provided by Marvel. © 2024 MARVEL")
    for id in ["1", "-5", "abc", "99999999999999999999", ""] {
      await #expect(throws: DataSourceError.notFound("We couldn't find that character", parameter: "id")) {
        try await source.record(RecordRequest(resource: "character", parameters: ["id": id]))
      }
    }
  }
}
