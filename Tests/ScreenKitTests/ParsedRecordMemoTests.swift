import Testing

@testable import ScreenJSON
@testable import ScreenKit

/// The memo of parsed records gives what parsing gives, parses a record once while it holds it,
/// never holds more than its bounds, and keeps no failure.
@Suite("Parsed record memo")
struct ParsedRecordMemoTests {
  final class Counter: @unchecked Sendable {
    var parses = 0
  }

  @Test func aRecordIsParsedOncePerMembers() throws {
    let memo = ParsedRecordMemo()
    let counter = Counter()
    func read(_ key: Int, _ members: RecordMembers?) throws -> JSON {
      try memo.record(key, members: members, cost: 10) { () throws(DataSourceError) in
        counter.parses += 1
        return .object(JSONObject(["key": .int(key), "members": .string(members?.description ?? "all")]))
      }
    }
    for _ in 0..<3 {
      for key in 0..<5 {
        for members in [nil, ["a"], ["a", "b"]] as [RecordMembers?] {
          #expect(try read(key, members)["key"] == .int(key))
          #expect(try read(key, members)["members"] == .string(members?.description ?? "all"))
        }
      }
    }
    #expect(counter.parses == 15)
    #expect(memo.held == (records: 15, text: 150))
  }

  @Test func itHoldsNoMoreThanItsBounds() throws {
    let memo = ParsedRecordMemo(capacity: 4, textBudget: 100)
    for key in 0..<20 {
      #expect(try memo.record(key, members: nil, cost: 10) { () throws(DataSourceError) in .int(key) } == .int(key))
      #expect(memo.held.records <= 4 && memo.held.text <= 100)
    }
    let small = ParsedRecordMemo(capacity: 100, textBudget: 25)
    for key in 0..<20 {
      #expect(try small.record(key, members: nil, cost: 10) { () throws(DataSourceError) in .int(key) } == .int(key))
      #expect(small.held.text <= 25)
    }
    // A record bigger than the whole budget is given, not kept.
    #expect(try small.record(99, members: nil, cost: 26) { () throws(DataSourceError) in .int(99) } == .int(99))
    #expect(small.held.text <= 25)
  }

  @Test func aFailureIsNotKept() throws {
    let memo = ParsedRecordMemo()
    #expect(throws: DataSourceError.self) {
      try memo.record(1, members: nil, cost: 1) { () throws(DataSourceError) in throw .decoding("bad") }
    }
    #expect(try memo.record(1, members: nil, cost: 1) { () throws(DataSourceError) in .int(1) } == .int(1))
  }
}
