import Synchronization
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime

/// The data source's state on screen and in the trace: the status a source reports through
/// `SourceActivity`, the status line of `--status`, and the trace's requests, answers and stale
/// answers.
@Suite("Source status and trace")
struct SourceMonitorTests {
  static let screen =
    #"{"kind": "list", "title": "Books", "source": {"plugin": "books", "resource": "books"}, "search": {"param": "q", "debounceMs": 0}, "row": {"title": "{name}"}}"#

  /// A source that reports a status with each answer, as `LiveService` does: the first fresh,
  /// the rest from the cache, the count going down.
  final class ReportingSource: DataSource {
    let base = CountingSource(count: 3)
    let calls = Mutex(0)

    func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
      let call = calls.withLock { calls in
        calls += 1
        return calls
      }
      SourceActivity.sent(SentRequest(summary: "GET https://books.example/books", headers: ["Accept: */*"]))
      SourceActivity.report(
        SourceStatus(
          mode: .live, cached: call > 1, rateLimitRemaining: 60 - call, rateLimitLimit: 60, rateLimitReset: 0,
          token: false))
      return try await base.page(request)
    }

    func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
      try await base.record(request)
    }
  }

  /// Trace lines, kept.
  final class Lines: Sendable {
    let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
    /// Each line's event and id, as `event id`.
    var events: [String] {
      all.compactMap { line in
        guard let json = try? JSON.parse(line) else { return nil }
        return "\(json["event"]?.stringValue ?? "?") \(json["id"]?.intValue ?? 0)"
      }
    }
  }

  static func navigator(_ source: any DataSource, mode: PluginContext.DataMode = .sample, monitor: SourceMonitor)
    -> Navigator
  {
    let plugin = Plugin(
      name: "books", summary: "books",
      resources: [
        Resource(name: "books", kind: .list, summary: "books", parameters: [Parameter("q", summary: "a prefix")])
      ]
    ) { _ in source }
    return Navigator(
      loader: ScreenLoader(registry: PluginRegistry([plugin]), kinds: .standard), context: PluginContext(mode: mode),
      scheduler: VirtualScheduler(), monitor: monitor)
  }

  @Test func aSourceThatReadsLocalDataIsNamedNotCalledSampleOrLive() {
    var local = SourceStatus(mode: .sample)
    local.local = true
    #expect(local.line(plugin: "git") == "git (local)")
    #expect(local.line() == "local data (local)")
    #expect(SourceMonitor.json(local) == ["data": "local"])
    // Under --live too: it reads the same repository.
    var live = SourceStatus(mode: .live, token: false)
    live.local = true
    #expect(live.line(plugin: "git") == "git (local) · no token")
    // The next answer's status says what the source reads now.
    #expect(SourceStatus(mode: .sample).updated(by: local).line(plugin: "git") == "git (local)")
    #expect(local.updated(by: SourceStatus(mode: .sample)).line(plugin: "git") == "sample data")
    // The built-in sources keep what they say.
    #expect(SourceStatus(mode: .sample).line(plugin: "github") == "sample data")
    #expect(SourceStatus(mode: .live).line(plugin: "marvel") == "live")
  }

  @Test func statusLines() {
    #expect(SourceStatus(mode: .sample).line() == "sample data")
    let status = SourceStatus(
      mode: .live, cached: true, rateLimitRemaining: 4999, rateLimitLimit: 5000, rateLimitReset: 3600, token: true)
    let line = status.line()
    #expect(line.hasPrefix("live · from the cache (304) · rate limit 4,999/5,000, resets "), "\(line)")
    #expect(line.hasSuffix(" · token in use"), "\(line)")
    // Far from now, the reset has its date.
    #expect(SourceStatus.localTime(0, now: 10 * 86_400).count == "1970-01-01 00:00".count)
    #expect(SourceStatus.localTime(3600, now: 3000).count == "01:00".count)
    #expect(SourceStatus(mode: .live, cached: false, token: false).line() == "live · fresh · no token")
  }

  @Test("after a rate limit's answer the line says it is used up and when it resets, never 'fresh' (issue 40)")
  func rateLimitedStatusLines() {
    var limited = SourceStatus(mode: .live, cached: false, rateLimitRemaining: 0, token: false)
    limited.rateLimitedStatus = 429
    #expect(limited.line() == "live · rate limit used up (429), no reset time given · no token")
    var reset = SourceStatus(
      mode: .live, cached: false, rateLimitRemaining: 0, rateLimitLimit: 60, rateLimitReset: 3600)
    reset.rateLimitedStatus = 403
    #expect(
      reset.line() == "live · rate limit of 60 used up (403), resets \(SourceStatus.localTime(3600, seconds: true))")
    var retry = SourceStatus(mode: .live, cached: false)
    retry.rateLimitedStatus = 429
    retry.retryAt = 7200
    #expect(retry.line() == "live · rate limited (429), retry after \(SourceStatus.localTime(7200, seconds: true))")
    // The next answer that is no rate limit clears it.
    let next = limited.updated(by: SourceStatus(mode: .live, cached: false, rateLimitRemaining: 59, rateLimitLimit: 60))
    #expect(next.line() == "live · fresh · rate limit 59/60 · no token")
    #expect(SourceStatus.localTime(3600, seconds: true, now: 3000).count == "01:00:00".count)
  }

  @Test func aReportedStatusReachesTheFrameOnlyWithStatusOn() async throws {
    let folder = try ScreenFolder(["books.json": Self.screen])
    let navigator = Self.navigator(ReportingSource(), mode: .live, monitor: SourceMonitor())
    try navigator.open(folder.file("books.json"))
    await navigator.settle()
    #expect(navigator.screenState?.status == nil)
    navigator.showsStatus = true
    let first = try #require(navigator.screenState?.status)
    #expect(first.hasPrefix("live · fresh · rate limit 59/60, resets "), "\(first)")
    #expect(first.hasSuffix(" · no token"))
    let frame = TextRenderer.render(try #require(navigator.screenState), options: RenderOptions(width: 120))
    #expect(frame.hasSuffix("\nsource: \(first)\n"), "\(frame)")

    navigator.sendToCurrent(ListKind.self, .search("Item 2"))
    await navigator.settle()
    let second = try #require(navigator.screenState?.status)
    #expect(second.hasPrefix("live · from the cache (304) · rate limit 58/60"), "\(second)")
  }

  @Test func inATerminalTheStatusLineStandsAboveTheKeyHelpWhenThereIsRoom() async throws {
    let folder = try ScreenFolder(["books.json": Self.screen])
    let navigator = Self.navigator(CountingSource(count: 30), monitor: SourceMonitor())
    navigator.showsStatus = true
    try navigator.open(folder.file("books.json"))
    await navigator.settle()
    let state = try #require(navigator.screenState)
    let tall = TextRenderer.render(state, options: RenderOptions(width: 60, height: 12)).split(separator: "\n")
    #expect(tall.count == 12 && tall[10] == "source: sample data", "\(tall)")
    let short = TextRenderer.render(state, options: RenderOptions(width: 60, height: 8)).split(separator: "\n")
    #expect(short.count == 8 && !short.contains("source: sample data"), "\(short)")
  }

  @Test func aSampleSourceThatReportsNothingIsSampleData() async throws {
    let folder = try ScreenFolder(["books.json": Self.screen])
    let navigator = Self.navigator(CountingSource(count: 3), monitor: SourceMonitor())
    navigator.showsStatus = true
    try navigator.open(folder.file("books.json"))
    await navigator.settle()
    #expect(navigator.screenState?.status == "sample data")
  }

  @Test func theTraceHasEachRequestWhatWasSentAndEachAnswer() async throws {
    let folder = try ScreenFolder(["books.json": Self.screen])
    let lines = Lines()
    let navigator = Self.navigator(ReportingSource(), mode: .live, monitor: SourceMonitor(trace: lines.add))
    try navigator.open(folder.file("books.json"))
    await navigator.settle()
    #expect(lines.events == ["request 1", "sent 1", "answer 1"])
    let answer = try JSON.parse(lines.all[2])
    #expect(answer["records"]?.intValue == 3)
    if case .double? = answer["ms"] {} else { Issue.record("no time in \(lines.all[2])") }
    #expect(answer["status"]?["rateLimitRemaining"]?.intValue == 59)
    let sent = try JSON.parse(lines.all[1])
    #expect(sent["request"]?.stringValue == "GET https://books.example/books")
  }

  @Test func anAnswerToAReplacedQueryIsTracedAsStale() async throws {
    let folder = try ScreenFolder(["books.json": Self.screen])
    let source = CountingSource(count: 30)
    let lines = Lines()
    let navigator = Self.navigator(source, monitor: SourceMonitor(trace: lines.add))
    try navigator.open(folder.file("books.json"))
    await navigator.settle()
    source.hold()
    navigator.sendToCurrent(ListKind.self, .search("Item 1"))
    navigator.sendToCurrent(ListKind.self, .search("Item 2"))
    while source.heldCount < 2 { await Task.yield() }
    source.release(at: 0)  // the answer to "Item 1" comes after "Item 2" replaced it
    source.releaseAll()
    await navigator.settle()
    let events = lines.events
    #expect(Array(events.prefix(3)) == ["request 1", "answer 1", "request 2"])
    #expect(Set(events.dropFirst(3)) == ["request 3", "stale 2", "answer 3"], "\(lines.all)")
    let stale = try #require(lines.all.first { $0.contains(#""event":"stale""#) })
    #expect(try JSON.parse(stale)["records"]?.intValue == 11)  // Item 1, Item 10 … Item 19
    let model = try #require(navigator.state(of: ListKind.self))
    #expect(model.activeQuery == "Item 2" && model.records.first?["name"] == "Item 2")
  }
}

extension SourceMonitorTests {
  /// Records what a source reports.
  final class Heard: SourceObserver {
    let statuses = Mutex<[SourceStatus]>([])
    let requests = Mutex<[SentRequest]>([])
    func sent(_ request: SentRequest) { requests.withLock { $0.append(request) } }
    func answered(_ status: SourceStatus) { statuses.withLock { $0.append(status) } }
  }

  @Test func anExternalPluginsStatusIsRead() async throws {
    let source = try ExternalPluginTests.source("good")
    defer { source.stop() }
    let heard = Heard()
    _ = try await SourceActivity.$observer.withValue(heard) {
      try await source.page(PageRequest(resource: "items", pageSize: 5))
    }
    // misbehave.py answers `"status": {"cached": false}`.
    #expect(heard.statuses.withLock { $0 } == [SourceStatus(mode: .sample, cached: false)])
  }
}
