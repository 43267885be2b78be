import DeclaredHTTP
import Foundation
import PluginHost
import ScreenKit
import TestSupport
import Testing

/// A declared plugin's sample per resource (issue 40, part 3): each resource may name its file,
/// records, search members and match, and id; a record resource may find its record inside
/// another's `children`; a search may match words. The single sample of before keeps working.
@Suite("Declared samples per resource")
struct SamplePerResourceTests {
  static let resources = #"""
    [{"name": "stories", "kind": "list", "summary": "stories", "search": "query",
      "parameters": [{"name": "query", "summary": "words"}],
      "request": {"path": "/search", "query": {"query": "{query}"}, "records": "/hits"}},
     {"name": "item", "kind": "record", "summary": "an item",
      "parameters": [{"name": "id", "required": true, "summary": "its id"}],
      "request": {"path": "/items/{id}"}}]
    """#

  static let hits = #"""
    {"hits": [{"objectID": "1", "title": "SQLite full-text search (FTS5)"},
              {"objectID": "2", "title": "Postgres tips"},
              {"objectID": "3", "title": "Why sqlite"}]}
    """#

  static let items = #"""
    [{"id": 1, "title": "SQLite full-text search (FTS5)", "children": [
       {"id": 11, "text": "first", "children": [{"id": 111, "text": "reply", "children": []}]},
       {"id": 12, "text": "second", "children": []}]},
     {"id": 2, "title": "Postgres tips", "children": []}]
    """#

  static func folder(sample: String, files: [String: String] = ["hits.json": hits, "items.json": items]) throws
    -> ScreenFolder
  {
    let manifest = #"""
      {"name": "hn", "summary": "news", "resources": \#(resources),
       "http": {"baseURL": {"variable": "HN_URL", "default": "https://hn.example"}},
       "sample": \#(sample)}
      """#
    var all = files
    all["plugin.json"] = manifest
    return try ScreenFolder(all)
  }

  static func problems(_ sample: String) throws -> [String] {
    let folder = try folder(sample: sample)
    return PluginManifest.read(folder.file("plugin.json")).problems.map {
      $0.description.replacingOccurrences(of: folder.path + "/", with: "")
    }
  }

  static func source(_ sample: String) throws -> (any DataSource, ScreenFolder) {
    let folder = try folder(sample: sample)
    let reading = PluginManifest.read(folder.file("plugin.json"))
    let manifest = try #require(reading.manifest, "\(reading.problems.map(\.description))")
    return (try DeclaredHTTP.source(manifest, context: PluginContext()), folder)
  }

  static let perResource = #"""
    {"resources": {
      "stories": {"file": "hits.json", "records": "/hits", "search": ["title"], "match": "words", "id": "objectID"},
      "item": {"file": "items.json", "children": "children"}}}
    """#

  static func titles(_ page: Page) -> [String] { page.records.map { $0["title"]?.stringValue ?? "" } }

  @Test func eachResourceReadsItsOwnFile() async throws {
    let (source, folder) = try Self.source(Self.perResource)
    defer { _ = folder }
    let all = try await source.page(PageRequest(resource: "stories", pageSize: 20))
    #expect(Self.titles(all) == ["SQLite full-text search (FTS5)", "Postgres tips", "Why sqlite"])
    let story = try await source.record(RecordRequest(resource: "item", parameters: ["id": "1"]))
    #expect(story.value["children"]?.arrayValue?.count == 2)
  }

  @Test func aRecordIsFoundInsideAnothersChildren() async throws {
    let (source, folder) = try Self.source(Self.perResource)
    defer { _ = folder }
    let reply = try await source.record(RecordRequest(resource: "item", parameters: ["id": "111"]))
    #expect(reply.value["text"]?.stringValue == "reply")
    await #expect(throws: DataSourceError.self) {
      try await source.record(RecordRequest(resource: "item", parameters: ["id": "999"]))
    }
  }

  @Test func wordsMatchEveryWordOfTheQuery() async throws {
    let (source, folder) = try Self.source(Self.perResource)
    defer { _ = folder }
    func search(_ query: String) async throws -> [String] {
      Self.titles(try await source.page(PageRequest(resource: "stories", parameters: ["query": query], pageSize: 20)))
    }
    #expect(try await search("fts sqlite") == ["SQLite full-text search (FTS5)"])
    #expect(try await search("SQLITE") == ["SQLite full-text search (FTS5)", "Why sqlite"])
    // The last word as typed so far starts a word; the others, too, as the search box matches.
    #expect(try await search("sqli") == ["SQLite full-text search (FTS5)", "Why sqlite"])
    #expect(try await search("lite") == [])
    #expect(try await search("sqlite postgres") == [])
  }

  @Test func theSingleSampleStillServesEveryResourceBySubstring() async throws {
    let (source, folder) = try Self.source(
      #"{"file": "hits.json", "records": "/hits", "search": ["title"], "id": "objectID"}"#)
    defer { _ = folder }
    let found = try await source.page(PageRequest(resource: "stories", parameters: ["query": "lite"], pageSize: 20))
    #expect(Self.titles(found) == ["SQLite full-text search (FTS5)", "Why sqlite"])
    let record = try await source.record(RecordRequest(resource: "item", parameters: ["id": "2"]))
    #expect(record.value["title"]?.stringValue == "Postgres tips")
  }

  @Test func aResourceEntryTakesWhatItLeavesOutFromTheTop() async throws {
    let (source, folder) = try Self.source(
      #"{"file": "hits.json", "records": "/hits", "search": ["title"], "match": "words", "id": "objectID", "resources": {"item": {"file": "items.json", "records": "/", "id": "id"}}}"#
    )
    defer { _ = folder }
    let found = try await source.page(PageRequest(resource: "stories", parameters: ["query": "why"], pageSize: 20))
    #expect(Self.titles(found) == ["Why sqlite"])
    let record = try await source.record(RecordRequest(resource: "item", parameters: ["id": "1"]))
    #expect(record.value["children"] != nil)
  }

  @Test func badDeclarationsAreLocated() throws {
    let unknown = try Self.problems(
      #"{"resources": {"itme": {"file": "items.json"}, "stories": {"file": "hits.json"}}}"#)
    #expect(
      unknown.contains { $0.contains("/sample/resources/itme") && $0.contains("did you mean 'item'?") }, "\(unknown)")
    let match = try Self.problems(#"{"file": "hits.json", "records": "/hits", "match": "word"}"#)
    #expect(match.contains { $0.contains("/sample/match") && $0.contains("did you mean 'words'?") }, "\(match)")
    let missing = try Self.problems(#"{"resources": {"stories": {"file": "hits.json"}}}"#)
    #expect(
      missing.contains { $0.contains("/sample") && $0.contains("resource 'item' has no sample") }, "\(missing)")
    let file = try Self.problems(#"{"resources": {"stories": {"file": "nope.json"}, "item": {"file": "items.json"}}}"#)
    #expect(
      file.contains { $0.contains("/sample/resources/stories/file") && $0.contains("there is no file 'nope.json'") },
      "\(file)")
    let children = try Self.problems(
      #"{"resources": {"stories": {"file": "hits.json", "children": "kids"}, "item": {"file": "items.json", "children": "a..b"}}}"#
    )
    #expect(
      children.contains { $0.contains("/sample/resources/stories/children") && $0.contains("record resource") },
      "\(children)")
    #expect(
      children.contains { $0.contains("/sample/resources/item/children") && $0.contains("field path") }, "\(children)")
    #expect(try Self.problems(Self.perResource) == [])
  }
}
