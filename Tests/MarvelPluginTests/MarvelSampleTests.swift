import Foundation
import Testing

@testable import MarvelPlugin
@testable import ScreenKit

@Suite("Marvel sample data")
struct MarvelSampleTests {
  let source: MarvelSampleSource

  init() throws {
    source = try MarvelSampleSource()
  }

  func page(_ parameters: [String: String] = [:], offset: Int? = nil, limit: Int = 20, resource: String = "characters")
    async throws(DataSourceError) -> Page
  {
    try await source.page(
      PageRequest(
        resource: resource, parameters: parameters, cursor: offset.map { PageCursor(String($0)) }, pageSize: limit))
  }

  func names(_ page: Page) -> [String] { page.records.map { $0["name"]?.stringValue ?? "?" } }

  @Test func theEmbeddedDataIsTheJSONFileBesideIt() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Plugins/Marvel/Sample/marvel-sample.json").standardized
    let onDisk = try JSON.parse(Array(try Data(contentsOf: file)), options: .response)
    #expect(
      try JSON.parse(marvelSampleJSON, options: .response) == onDisk,
      "run python3 Plugins/Marvel/Sample/build_sample.py")
  }

  @Test func holdsEveryDistinctCharacterAndComic() throws {
    #expect(source.dataset.characters.count == 64)
    let ids = source.dataset.characters.compactMap { $0["id"]?.intValue }
    #expect(Set(ids).count == 64)
    #expect(try source.dataset.comics(ofCharacter: "1009368").count >= 20)
    #expect(source.dataset.attribution == "Data provided by Marvel. © 2023 MARVEL")
  }

  @Test func pagesByOffsetAndLimitInNameOrder() async throws {
    let first = try await page()
    #expect(first.records.count == 20)
    #expect(first.total == 64)
    #expect(first.next == PageCursor("20"))
    #expect(names(first).prefix(3) == ["3-D Man", "A-Bomb (HAS)", "A.I.M."])
    let last = try await page(offset: 60)
    #expect(last.records.count == 4)
    #expect(last.next == nil)
    let beyond = try await page(offset: 10_000)
    #expect(beyond.records.isEmpty)
    #expect(beyond.total == 64)
    let all = try await page(limit: 100)
    #expect(names(all) == names(all).sorted { $0.lowercased() < $1.lowercased() })
  }

  @Test func nameStartsWithIsACaseInsensitivePrefix() async throws {
    let iron = try await page(["nameStartsWith": "iRoN mAn"])
    #expect(names(iron).first == "Iron Man")
    #expect(names(iron).allSatisfy { $0.lowercased().hasPrefix("iron man") })
    #expect(iron.total == iron.records.count)
    let none = try await page(["nameStartsWith": "Zzyzx"])
    #expect(none.records.isEmpty)
    #expect(none.total == 0)
    #expect(none.next == nil)
    let exact = try await page(["name": "hulk"])
    #expect(names(exact) == ["Hulk"])
  }

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

  @Test func ordersByModified() async throws {
    let newest = try await page(["orderBy": "-modified"], limit: 100)
    let dates = newest.records.map { $0["modified"]?.stringValue ?? "" }
    #expect(dates == dates.sorted(by: >))
  }

  @Test func findsOneCharacterOrSays404() async throws {
    let ironMan = try await source.record(RecordRequest(resource: "character", parameters: ["id": "1009368"]))
    #expect(ironMan.value["name"] == "Iron Man")
    #expect(ironMan.attribution == "Data provided by Marvel. © 2023 MARVEL")
    await #expect(throws: DataSourceError.server(status: 404, "We couldn't find that character")) {
      try await source.record(RecordRequest(resource: "character", parameters: ["id": "1"]))
    }
  }

  @Test func listsACharactersComics() async throws {
    let comics = try await page(["id": "1009652"], resource: "character-comics")
    #expect(comics.total == 20)
    #expect(comics.records.allSatisfy { $0["title"] != nil })
    await #expect(throws: DataSourceError.server(status: 404, "We couldn't find that character")) {
      try await page(["id": "42"], resource: "character-comics")
    }
  }
}
