import ScreenKit
import Synchronization

/// A data source for P4: it answers name-prefix searches after a random delay, counts every
/// request it gets, and tags each record with the query it answered, so a frame whose records
/// belong to another query can be told at a glance.
///
/// A cancelled request still answers (late), as a server that already sent its response does:
/// dropping that answer is the view model's job, and that is what P4 checks.
final class LatencySource: DataSource {
  private struct Tally {
    var requests = 0
    var lateAnswers = 0
    var random: SeededGenerator
  }

  /// The search parameter, as Screens/characters.json names it.
  static let parameter = "nameStartsWith"

  private let names: [String]
  private let maximumLatency: Duration
  private let tally: Mutex<Tally>

  init(names: [String], maximumLatency: Duration, seed: UInt64) {
    self.names = names
    self.maximumLatency = maximumLatency
    tally = Mutex(Tally(random: SeededGenerator(seed: seed)))
  }

  /// Requests received so far.
  var requests: Int { tally.withLock { $0.requests } }
  /// Answers given to requests that had been cancelled by then.
  var lateAnswers: Int { tally.withLock { $0.lateAnswers } }

  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let microseconds = Int(maximumLatency / .microseconds(1))
    let delay = tally.withLock { tally in
      tally.requests += 1
      return Int.random(in: 0...microseconds, using: &tally.random)
    }
    try? await Task.sleep(for: .microseconds(delay))
    if Task.isCancelled { tally.withLock { $0.lateAnswers += 1 } }
    let query = request.parameters[Self.parameter] ?? ""
    let matches = names.filter { $0.hasPrefix(query.lowercased()) }.prefix(request.pageSize)
    let records: [JSON] = matches.map { ["name": .string($0), "query": .string(query)] }
    return Page(records: records, total: matches.count, attribution: "P4")
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    throw .server(status: 404, "P4 asks for lists only")
  }
}
