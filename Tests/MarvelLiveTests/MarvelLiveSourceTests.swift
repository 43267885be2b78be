import Foundation
import PluginHTTP
import ReplayServer
import ScreenKit
import Testing

/// The Marvel source over real HTTP against recorded answers: what each request carries, and how
/// the answers become pages and records.
@Suite("Marvel live: requests and answers")
struct MarvelLiveSourceTests {
  typealias Harness = MarvelLiveHarness

  @Test("the first page of characters: path, limit and offset, signature, headers, and the recorded records")
  func firstPage() async throws {
    let harness = try Harness(try Harness.recorded("marvel_vcr_characters_offset0_limit20_2023_tenx"))
    defer { harness.finish() }
    let page = try await harness.source().page(PageRequest(resource: "characters", pageSize: 20))

    #expect(page.records == (try Harness.results("marvel_vcr_characters_offset0_limit20_2023_tenx")))
    #expect(page.total == 1562)
    #expect(page.next == PageCursor("20"))
    #expect(page.attribution == "Data provided by Marvel. © 2023 MARVEL")

    let seen = try #require(harness.server.requests.first)
    #expect(seen.method == "GET")
    #expect(seen.path == "/v1/public/characters")
    #expect(seen.query.map(\.name) == ["limit", "offset", "ts", "apikey", "hash"])
    #expect(seen.queryValue("limit") == "20" && seen.queryValue("offset") == "0")
    #expect(seen.queryValue("apikey") == Harness.publicKey)
    let ts = try #require(seen.queryValue("ts"))
    #expect(!ts.isEmpty)
    #expect(seen.queryValue("hash") == MD5.hex(ts + Harness.privateKey + Harness.publicKey))
    #expect(seen.header("Accept") == "application/json")
    #expect(seen.header("User-Agent") == "screenrun/\(ScreenRun.version)")
    #expect(!seen.target.contains(Harness.privateKey), "the private key went over the wire")
  }

  @Test("every request is signed afresh: a new ts gets its own hash")
  func freshSignatures() async throws {
    let harness = try Harness(try Harness.recorded("marvel_vcr_characters_offset0_limit20_2023_tenx"))
    defer { harness.finish() }
    let source = try harness.source(["SCREENRUN_NO_CACHE": "1"])
    _ = try await source.page(PageRequest(resource: "characters", pageSize: 20))
    try await Task.sleep(for: .milliseconds(5))  // ts counts milliseconds
    _ = try await source.page(PageRequest(resource: "characters", pageSize: 20))
    let signatures = harness.server.requests.map { ($0.queryValue("ts") ?? "", $0.queryValue("hash") ?? "") }
    #expect(signatures.count == 2)
    for (ts, hash) in signatures {
      #expect(hash == MD5.hex(ts + Harness.privateKey + Harness.publicKey))
    }
  }

  @Test("paging follows offsets through two recorded pages")
  func paging() async throws {
    let harness = try Harness([
      try Harness.body(
        "marvel_characters_offset0_limit20_riverpod", path: "/v1/public/characters",
        query: [QueryItem("limit", "20"), QueryItem("offset", "0")]),
      try Harness.body(
        "marvel_characters_offset20_limit20_riverpod", path: "/v1/public/characters",
        query: [QueryItem("limit", "20"), QueryItem("offset", "20")]),
    ])
    defer { harness.finish() }
    let source = try harness.source()
    let first = try await source.page(PageRequest(resource: "characters", pageSize: 20))
    let cursor = try #require(first.next)
    let second = try await source.page(PageRequest(resource: "characters", cursor: cursor, pageSize: 20))
    #expect(first.records == (try Harness.results("marvel_characters_offset0_limit20_riverpod")))
    #expect(second.records == (try Harness.results("marvel_characters_offset20_limit20_riverpod")))
    #expect(second.next == PageCursor("40"))
    #expect(harness.server.requests.map { $0.queryValue("offset") } == ["0", "20"])
  }

  @Test("a search sends its parameter, encoded, beside the paging")
  func search() async throws {
    let harness = try Harness([
      try Harness.body(
        "marvel_characters_nameStartsWith_iron_man_riverpod", path: "/v1/public/characters",
        query: [QueryItem("nameStartsWith", "Iron man"), QueryItem("limit", "20"), QueryItem("offset", "0")])
    ])
    defer { harness.finish() }
    let page = try await harness.source().page(
      PageRequest(resource: "characters", parameters: ["nameStartsWith": "Iron man"], pageSize: 20))
    #expect(page.records.count == 7)
    #expect(page.next == nil)
    #expect(harness.server.requests.first?.target.contains("nameStartsWith=Iron%20man") == true)
  }

  @Test("a search with no match is an empty last page (the real API's 200 with total 0)")
  func noMatch() async throws {
    var exchange = try #require(try Harness.recorded("marvel_vcr_characters_name_nomatch_total0_2019_mhero").first)
    exchange.query = nil
    let harness = try Harness([exchange])
    defer { harness.finish() }
    let page = try await harness.source().page(
      PageRequest(resource: "characters", parameters: ["name": "happy_hero"], pageSize: 20))
    #expect(page.records.isEmpty)
    #expect(page.total == 0)
    #expect(page.next == nil)
    #expect(harness.server.requests.first?.queryValue("name") == "happy_hero")
  }

  @Test("one character is the first of the results, at /characters/{id}")
  func character() async throws {
    let harness = try Harness([
      try Harness.body("marvel_character_1009368_iron_man_2023_jeanespindola", path: "/v1/public/characters/1009368")
    ])
    defer { harness.finish() }
    let record = try await harness.source().record(RecordRequest(resource: "character", parameters: ["id": "1009368"]))
    #expect(record.value["name"] == "Iron Man")
    #expect(record.attribution?.hasPrefix("Data provided by Marvel.") == true)
    let seen = try #require(harness.server.requests.first)
    #expect(seen.path == "/v1/public/characters/1009368")
    #expect(seen.queryValue("limit") == nil)
    #expect(seen.queryValue("hash") != nil)
  }

  @Test("a character's comics are paged at /characters/{id}/comics")
  func comics() async throws {
    let harness = try Harness([
      try Harness.body(
        "marvel_character_1009368_comics_2023_jeanespindola", path: "/v1/public/characters/1009368/comics")
    ])
    defer { harness.finish() }
    let page = try await harness.source().page(
      PageRequest(resource: "character-comics", parameters: ["id": "1009368"], pageSize: 20))
    #expect(page.records.count == 20)
    #expect(page.total == 2664)
    #expect(page.next == PageCursor("20"))
    let seen = try #require(harness.server.requests.first)
    #expect(seen.queryValue("id") == nil, "the id belongs in the path")
  }

  @Test("a base URL with a path keeps it: a compatible server may live under a prefix")
  func basePath() async throws {
    let exchange = try Harness.body(
      "marvel_character_1009368_iron_man_2023_jeanespindola", path: "/marvel/v1/public/characters/1009368")
    let harness = try Harness([exchange])
    defer { harness.finish() }
    let source = try harness.source(["MARVEL_BASE_URL": harness.server.baseURL + "/marvel/"])
    let record = try await source.record(RecordRequest(resource: "character", parameters: ["id": "1009368"]))
    #expect(record.value["id"] == 1_009_368)
  }
}
