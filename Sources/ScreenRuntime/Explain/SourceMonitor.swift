import ScreenJSON
import ScreenKit
import Synchronization

/// Watches every request a navigator's screens make of their data sources: the last status each
/// source reported (the status line), each request and answer as a trace line (`--trace`), and,
/// when asked, every exchange whole (`--explain`).
///
///     let monitor = SourceMonitor(trace: { line in traceFile.emit(line) })
///     let navigator = Navigator(loader: loader, context: context, scheduler: clock, monitor: monitor)
package final class SourceMonitor: Sendable {
  /// One request to a data source and what came of it.
  package struct Exchange: Sendable {
    package enum Request: Sendable {
      case page(PageRequest)
      case record(RecordRequest)
    }

    package enum Answer: Sendable {
      case page(Page)
      case record(Record)
      case failure(DataSourceError)
    }

    /// Counting from 1, in the order the requests were made.
    package var id: Int
    package var plugin: String
    package var request: Request
    /// What the source sent on to answer it (HTTP requests, protocol lines), secrets removed.
    package var sent: [SentRequest] = []
    package var answer: Answer?
    /// The status the answer brought, as far as the source reported one.
    package var status: SourceStatus?
    /// Whether the answer came after the screen had moved on (a newer query, a reload) and was
    /// dropped.
    package var stale = false
  }

  private struct Inner {
    var statuses: [String: SourceStatus] = [:]
    var exchanges: [Exchange] = []
    var nextID = 1
  }

  private let inner = Mutex(Inner())
  /// Where trace lines go (one JSON object each, no newline), if anywhere.
  private let trace: (@Sendable (String) -> Void)?
  /// Whether whole exchanges are kept (for `--explain`; a long run would pile them up).
  private let keepsExchanges: Bool
  private let start = ContinuousClock.now

  package init(
    trace: (@Sendable (String) -> Void)? = nil, keepsExchanges: Bool = false
  ) {
    self.trace = trace
    self.keepsExchanges = keepsExchanges
  }

  /// The last status `plugin`'s source reported, over what its data mode says.
  package func status(of plugin: String) -> SourceStatus? {
    inner.withLock { $0.statuses[plugin] }
  }

  /// The exchanges so far, first first (only when made with `keepsExchanges`).
  package var exchanges: [Exchange] { inner.withLock { $0.exchanges } }

  // MARK: - What ObservedSource tells

  package func begin(_ plugin: String, _ request: Exchange.Request, mode: PluginContext.DataMode) -> Int {
    let id = inner.withLock { inner in
      defer { inner.nextID += 1 }
      if inner.statuses[plugin] == nil { inner.statuses[plugin] = SourceStatus(mode: mode) }
      if keepsExchanges { inner.exchanges.append(Exchange(id: inner.nextID, plugin: plugin, request: request)) }
      return inner.nextID
    }
    if trace != nil {
      var line = JSONObject(["event": "request", "id": .int(id), "at": .double(seconds(since: start))])
      line["plugin"] = .string(plugin)
      switch request {
      case .page(let page):
        line["kind"] = "page"
        line["resource"] = .string(page.resource)
        line["params"] = Self.object(page.parameters)
        line["cursor"] = page.cursor.map { .string($0.value) } ?? .null
        line["pageSize"] = .int(page.pageSize)
      case .record(let record):
        line["kind"] = "record"
        line["resource"] = .string(record.resource)
        line["params"] = Self.object(record.parameters)
      }
      emit(line)
    }
    return id
  }

  package func sent(_ id: Int, _ request: SentRequest) {
    if keepsExchanges { update(id) { $0.sent.append(request) } }
    guard trace != nil else { return }
    var line = JSONObject(["event": "sent", "id": .int(id), "at": .double(seconds(since: start))])
    line["request"] = .string(request.summary)
    if !request.headers.isEmpty { line["headers"] = .array(request.headers.map(JSON.string)) }
    emit(line)
  }

  package func end(
    _ id: Int, _ plugin: String, _ answer: Exchange.Answer, status: SourceStatus?, began: ContinuousClock.Instant,
    stale: Bool
  ) {
    if let status {
      inner.withLock { inner in
        let before = inner.statuses[plugin] ?? SourceStatus(mode: status.mode)
        inner.statuses[plugin] = before.updated(by: status)
      }
    }
    if keepsExchanges {
      update(id) { exchange in
        exchange.answer = answer
        exchange.status = status
        exchange.stale = stale
      }
    }
    guard trace != nil else { return }
    var line = JSONObject(["id": .int(id), "at": .double(seconds(since: start))])
    line["ms"] = .double(Self.milliseconds(ContinuousClock.now - began))
    switch answer {
    case .page(let page):
      line["answer"] = "page"
      line["records"] = .int(page.records.count)
      if let total = page.total { line["total"] = .int(total) }
      line["next"] = page.next.map { .string($0.value) } ?? .null
    case .record:
      line["answer"] = "record"
    case .failure(let error):
      line["answer"] = "error"
      line["error"] = .string(error.description)
    }
    if let status { line["status"] = Self.json(status) }
    var event = JSONObject(["event": stale ? "stale" : "answer"])
    for (key, value) in line.members { event[key] = value }
    if stale { event["dropped"] = "the screen had moved on (a newer query, page or reload)" }
    emit(event)
  }

  private func update(_ id: Int, _ change: (inout Exchange) -> Void) {
    inner.withLock { inner in
      if let index = inner.exchanges.firstIndex(where: { $0.id == id }) { change(&inner.exchanges[index]) }
    }
  }

  private func emit(_ line: JSONObject) {
    trace?(JSON.object(line).lineText)
  }

  private func seconds(since start: ContinuousClock.Instant) -> Double {
    Self.milliseconds(ContinuousClock.now - start) / 1000
  }

  /// Milliseconds, to the microsecond.
  package static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1_000_000 + Double(attoseconds / 1_000_000_000_000)) / 1000
  }

  private static func object(_ parameters: [String: String]) -> JSON {
    var object = JSONObject()
    for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { object[name] = .string(value) }
    return .object(object)
  }

  /// A status as the trace and the plugin protocol write it.
  package static func json(_ status: SourceStatus) -> JSON {
    var object = JSONObject(["data": .string(status.local ? SourceStatus.localData : status.mode.rawValue)])
    if let cached = status.cached { object["cached"] = .bool(cached) }
    if let remaining = status.rateLimitRemaining { object["rateLimitRemaining"] = .int(remaining) }
    if let limit = status.rateLimitLimit { object["rateLimitLimit"] = .int(limit) }
    if let reset = status.rateLimitReset { object["rateLimitReset"] = .int(reset) }
    if let token = status.token { object["token"] = .bool(token) }
    return .object(object)
  }
}

/// A data source as a navigator uses it: each call is told to its `SourceMonitor`, with what the
/// source reports meanwhile (`SourceActivity`).
final class ObservedSource: DataSource {
  package let source: any DataSource
  package let plugin: String
  package let mode: PluginContext.DataMode
  package let monitor: SourceMonitor

  init(_ source: any DataSource, plugin: String, mode: PluginContext.DataMode, monitor: SourceMonitor) {
    self.source = source
    self.plugin = plugin
    self.mode = mode
    self.monitor = monitor
  }

  package func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let answer = await observe(.page(request)) { () throws(DataSourceError) in
      .page(try await self.source.page(request))
    }
    switch answer {
    case .page(let page): return page
    case .failure(let error): throw error
    case .record: throw .decoding("a page request was answered with a record")
    }
  }

  package func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    let answer = await observe(.record(request)) { () throws(DataSourceError) in
      .record(try await self.source.record(request))
    }
    switch answer {
    case .record(let record): return record
    case .failure(let error): throw error
    case .page: throw .decoding("a record request was answered with a page")
    }
  }

  private func observe(
    _ request: SourceMonitor.Exchange.Request,
    _ call: @Sendable () async throws(DataSourceError) -> SourceMonitor.Exchange.Answer
  ) async -> SourceMonitor.Exchange.Answer {
    let id = monitor.begin(plugin, request, mode: mode)
    let began = ContinuousClock.now
    let listener = Listener(id: id, monitor: monitor)
    let answer = await SourceActivity.$observer.withValue(listener) { () async -> SourceMonitor.Exchange.Answer in
      do throws(DataSourceError) {
        return try await call()
      } catch {
        return .failure(error)
      }
    }
    var status = SourceStatus(mode: mode)
    if let reported = listener.status { status = status.updated(by: reported) }
    // A cancelled request belongs to a screen that moved on: the store drops whatever it returns.
    monitor.end(id, plugin, answer, status: status, began: began, stale: Task.isCancelled)
    return answer
  }

  /// Hears one request's reports.
  private final class Listener: SourceObserver {
    let id: Int
    let monitor: SourceMonitor
    private let reported = Mutex<SourceStatus?>(nil)

    init(id: Int, monitor: SourceMonitor) {
      self.id = id
      self.monitor = monitor
    }

    var status: SourceStatus? { reported.withLock { $0 } }

    func sent(_ request: SentRequest) { monitor.sent(id, request) }

    func answered(_ status: SourceStatus) {
      reported.withLock { $0 = $0.map { $0.updated(by: status) } ?? status }
    }
  }
}
