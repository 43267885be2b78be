import ScreenKit
import Synchronization

/// A data source for tests: it answers from a list of records with offset paging, counts every
/// request, and can hold answers back until the test releases them, to make races happen on cue.
public final class CountingSource: DataSource {
  private struct Held {
    var request: PageRequest
    var continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var pageRequests: [PageRequest] = []
    var recordRequests: [RecordRequest] = []
    var held: [Held] = []
    var holding = false
    var failure: DataSourceError?
  }

  private let records: [JSON]
  private let state = Mutex(State())
  private let attribution: String?

  /// `records` are searched by the `name` field's prefix (the `q` parameter) and paged by offset.
  public init(records: [JSON], attribution: String? = "Test data") {
    self.records = records
    self.attribution = attribution
  }

  /// Numbered records named "Item 1", "Item 2", …
  public convenience init(count: Int) {
    self.init(records: (1...max(1, count)).prefix(count).map { ["id": .int($0), "name": .string("Item \($0)")] })
  }

  /// Every page request received so far, in arrival order.
  public var pageRequests: [PageRequest] { state.withLock { $0.pageRequests } }
  /// Every record request received so far, in arrival order.
  public var recordRequests: [RecordRequest] { state.withLock { $0.recordRequests } }

  /// From now on, answers wait until `release` is called.
  public func hold() { state.withLock { $0.holding = true } }

  /// Every following answer fails with `error` (nil: answers succeed again).
  public func fail(with error: DataSourceError?) { state.withLock { $0.failure = error } }

  /// How many answers are waiting.
  public var heldCount: Int { state.withLock { $0.held.count } }

  /// Lets the held answer to the request at `index` (in arrival order among held ones) go.
  public func release(at index: Int) {
    let held = state.withLock { state -> Held? in
      guard state.held.indices.contains(index) else { return nil }
      return state.held.remove(at: index)
    }
    held?.continuation.resume()
  }

  /// Lets every held answer go and stops holding.
  public func releaseAll() {
    let held = state.withLock { state -> [Held] in
      state.holding = false
      defer { state.held = [] }
      return state.held
    }
    for entry in held { entry.continuation.resume() }
  }

  public func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let holding = state.withLock { state -> Bool in
      state.pageRequests.append(request)
      return state.holding
    }
    if holding {
      await withCheckedContinuation { continuation in
        state.withLock { $0.held.append(Held(request: request, continuation: continuation)) }
      }
    }
    if let failure = state.withLock({ $0.failure }) { throw failure }
    let query = (request.parameters["q"] ?? "").lowercased()
    let matches = records.filter { query.isEmpty || ($0["name"]?.stringValue ?? "").lowercased().hasPrefix(query) }
    let offset = request.cursor.flatMap { Int($0.value) } ?? 0
    let slice = Array(matches.dropFirst(offset).prefix(request.pageSize))
    let end = offset + slice.count
    return Page(
      records: slice, total: matches.count, next: end < matches.count ? PageCursor(String(end)) : nil,
      attribution: attribution)
  }

  public func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    state.withLock { $0.recordRequests.append(request) }
    if let failure = state.withLock({ $0.failure }) { throw failure }
    guard let record = records.first(where: { $0["id"].map(FilterValueText.text) == request.parameters["id"] }) else {
      throw .server(status: 404, "no record \(request.parameters["id"] ?? "")")
    }
    return Record(record, attribution: attribution)
  }
}

enum FilterValueText {
  static func text(_ json: JSON) -> String {
    switch json {
    case .int(let value): String(value)
    case .string(let value): value
    default: ""
    }
  }
}
