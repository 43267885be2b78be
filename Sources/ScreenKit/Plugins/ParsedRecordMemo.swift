import ScreenJSON
import Synchronization

/// Records parsed from resident bytes, kept so that each is parsed once a process per (record,
/// members) however many sources, screens and threads ask for it. A parsed `JSON` is an
/// immutable value, so handing the same one to every caller is safe.
///
/// Bounded: it holds at most `capacity` records, parsed from at most `textBudget` bytes of JSON
/// text (each record is charged the length of the text it was parsed from, whatever part of it
/// `members` kept); when one more would pass either bound, everything held is dropped first.
/// Parsing happens outside the lock, so no thread waits on another's parse.
package final class ParsedRecordMemo: Sendable {
  package let capacity: Int
  package let textBudget: Int

  private struct State {
    var tables: [RecordMembers?: [Int: JSON]] = [:]
    var count = 0
    var text = 0
  }

  private let state = Mutex(State())

  /// At most 4,096 records and 8 MiB of their text by default.
  package init(capacity: Int = 4096, textBudget: Int = 8 << 20) {
    self.capacity = max(0, capacity)
    self.textBudget = max(0, textBudget)
  }

  /// The record `key` read with `members` (nil: whole): the one parsed before, or what `parse`
  /// gives (kept when it fits). `cost` is the length of the text it is parsed from.
  package func record(
    _ key: Int, members: RecordMembers?, cost: Int, parse: () throws(DataSourceError) -> JSON
  ) throws(DataSourceError) -> JSON {
    if let found = state.withLock({ $0.tables[members]?[key] }) { return found }
    let parsed = try parse()
    let cost = max(0, cost)
    guard capacity > 0, cost <= textBudget else { return parsed }
    return state.withLock { state in
      if let found = state.tables[members]?[key] { return found }
      if state.count >= capacity || state.text > textBudget - cost { state = State() }
      state.tables[members, default: [:]][key] = parsed
      state.count += 1
      state.text += cost
      return parsed
    }
  }

  /// How many records it holds, and the length of the text they were parsed from.
  package var held: (records: Int, text: Int) {
    state.withLock { ($0.count, $0.text) }
  }
}
