import Testing

@testable import MarvelPlugin
@testable import ScreenJSON
@testable import ScreenKit

/// A page asked for some members of each record (`PageRequest.members`: what a list screen
/// reads) holds exactly those members of the whole records, in their order.
@Suite("Marvel sample: the members asked for")
struct MarvelSampleMembersTests {
  @Test(arguments: [["name", "comics", "id"], ["modified", "urls"], ["nope"], []] as [Set<String>])
  func aPageHoldsOnlyTheMembersAskedFor(_ members: Set<String>) async throws {
    let source = try MarvelSampleSource()
    for offset in [0, 700, 1_400] {
      let cursor = PageCursor(String(offset))
      let whole = try await source.page(PageRequest(resource: "characters", cursor: cursor, pageSize: 40))
      let part = try await source.page(
        PageRequest(resource: "characters", cursor: cursor, pageSize: 40, members: RecordMembers(members)))
      #expect(part.records.count == whole.records.count)
      #expect(part.total == whole.total && part.next == whole.next)
      for (full, projected) in zip(whole.records, part.records) {
        let keys = try #require(full.objectValue?.keys)
        #expect(projected.objectValue?.keys == keys.filter(members.contains))
        for key in members { #expect(projected[key] == full[key]) }
      }
    }
  }
}

/// A list reads members of members (`{comics.available}`): a page holds only those, as if cut
/// from the whole records.
@Suite("Marvel sample: nested members")
struct MarvelSampleNestedMembersTests {
  @Test func aPageHoldsOnlyTheNestedMembersAskedFor() async throws {
    let source = try MarvelSampleSource()
    let read = try #require(RecordMembers(paths: [["name"], ["id"], ["comics", "available"], ["thumbnail", "path"]]))
    for offset in [0, 700, 1_400] {
      let cursor = PageCursor(String(offset))
      let whole = try await source.page(PageRequest(resource: "characters", cursor: cursor, pageSize: 40))
      let part = try await source.page(PageRequest(resource: "characters", cursor: cursor, pageSize: 40, members: read))
      #expect(part.records == whole.records.map(read.project), "offset \(offset)")
      #expect(part.records.first?["comics"]?.objectValue?.keys == ["available"])
    }
  }
}
