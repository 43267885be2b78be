import FoundationEssentials
import ScreenJSON
import ScreenKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The data source of an external plugin: each request goes to its program as a line of JSON,
/// and the answer comes back as one (the protocol of PLUGINS.md). The program starts on the
/// first request and serves the rest of the run; concurrent requests share it. After it fails,
/// the next request (a reload) starts a fresh one.
package final class ExternalSource: DataSource, DeclarationChecked {
  /// Seconds to wait for an answer when neither the manifest nor `SCREENRUN_PLUGIN_TIMEOUT` says.
  package static let defaultTimeout = 10.0
  /// How long a plugin has to exit after its stdin is closed, before its process group is killed.
  package static let grace = Duration.milliseconds(500)
  /// How long a starting program has to say hello, when its timeout is shorter: an interpreter's
  /// first start on a busy machine can take seconds. A request's own time starts at the hello.
  package static let startAllowance = 10.0

  /// Seconds a program started with `timeout` has to say hello.
  static func helloTimeout(_ timeout: Double) -> Double { max(timeout, startAllowance) }
  /// The longest line a plugin may write.
  package static let maximumLine = 16 << 20

  /// The plugin, whose manifest `--watch` may replace: the next request then starts a fresh process.
  package let plugin: ExternalPlugin
  private let made: PluginManifest
  package let context: PluginContext
  /// The running program, and the plugin's generation it was started under.
  private let process = Mutex<(running: ExternalProcess?, generation: Int)>((nil, 0))
  private let lastStarted = Mutex<pid_t?>(nil)

  package convenience init(manifest: PluginManifest, context: PluginContext) {
    self.init(plugin: ExternalPlugin(manifest: manifest), context: context)!
  }

  /// A source of `plugin`; nil when its manifest has never been valid.
  package init?(plugin: ExternalPlugin, context: PluginContext) {
    guard let manifest = plugin.manifest else { return nil }
    self.plugin = plugin
    self.made = manifest
    self.context = context
    // Before anything of the plugin's is shown: its secrets are masked from the first frame on.
    manifest.variables.registerSecrets(from: context.environment)
  }

  /// The manifest the next process starts with.
  package var manifest: PluginManifest { plugin.manifest ?? made }

  /// Seconds per request: `SCREENRUN_PLUGIN_TIMEOUT`, else the manifest's, else the default.
  package var timeout: Double { Self.timeout(manifest, environment: context.environment) }

  /// Seconds per request for `manifest`: `SCREENRUN_PLUGIN_TIMEOUT`, else the manifest's, else the default.
  /// The variable is taken in the manifest's range (above 0, at most an hour): `inf` or `1e20`
  /// seconds would overflow the clock's arithmetic, so any other value counts as unset.
  package static func timeout(_ manifest: PluginManifest, environment: [String: String]) -> Double {
    if let text = environment["SCREENRUN_PLUGIN_TIMEOUT"], let seconds = Double(text), seconds > 0,
      seconds <= Double(PluginManifest.longestTimeout)
    {
      return seconds
    }
    return manifest.timeout ?? Self.defaultTimeout
  }

  /// The process id of the running program, if one is running (for tests).
  package var runningProcess: pid_t? {
    process.withLock { $0.running.flatMap { $0.failure == nil ? $0.pid : nil } }
  }

  /// The process id of the program started last, running or not (for tests).
  package var lastProcess: pid_t? { lastStarted.withLock { $0 } }

  /// What the running (or last) program wrote to stderr, as far as it is kept.
  package var log: String { process.withLock { $0.running?.log ?? "" } }

  private func running() throws(DataSourceError) -> ExternalProcess {
    let (manifest, generation) = plugin.current
    guard let manifest else { throw .transport("plugin '\(plugin.name)' has no valid manifest") }
    var replaced: ExternalProcess?
    defer { replaced?.fail("was restarted: its manifest or program changed") }
    return try process.withLock { current throws(DataSourceError) -> ExternalProcess in
      if let running = current.running {
        if running.failure == nil, current.generation == generation { return running }
        if running.failure == nil {
          replaced = running
        } else if let failure = running.untoldFailure(), current.generation == generation {
          // A failure no request was told of (the plugin broke between requests) is told once;
          // the request after it (a reload) starts a fresh process.
          throw failure
        }
      }
      let started = try ExternalProcess.start(
        manifest, context: context, timeout: Self.timeout(manifest, environment: context.environment))
      lastStarted.withLock { $0 = started.pid }
      current = (started, generation)
      return started
    }
  }

  package func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    // Against the manifest of now, which `--watch` may change.
    if let error = DeclarationCheck.page(request, against: manifest.resources).error { throw error }
    let asked = Wire.PageRequest(
      resource: request.resource, parameters: request.parameters, cursor: request.cursor?.value,
      pageSize: request.pageSize, members: request.members)
    let (body, process) = try await send(.page(asked))
    guard case .page(let page) = body else { throw mismatch(process, .page, body.type) }
    var answer = Page(
      records: page.records, total: page.total, reachable: page.reachable, next: page.next.map(PageCursor.init),
      attribution: page.attribution)
    answer.digest = page.digest
    return answer
  }

  package func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    if let error = DeclarationCheck.record(request, against: manifest.resources).error { throw error }
    let (body, process) = try await send(
      .record(Wire.RecordRequest(resource: request.resource, parameters: request.parameters)))
    guard case .record(let record) = body else { throw mismatch(process, .record, body.type) }
    return Record(record.record, attribution: record.attribution)
  }

  /// Sends a request and returns its answer's body, of the type asked for; an `error` answer is
  /// thrown as the error it names.
  private func send(_ request: Wire.Request) async throws(DataSourceError) -> (Wire.Body, ExternalProcess) {
    // The line is written out for an observer only (`--explain`, `--trace`): not on every page.
    if SourceActivity.observer != nil { SourceActivity.sent(SentRequest(summary: WireCodec.summary(request))) }
    let process = try running()
    let answer: Wire.Answer
    switch await process.request(request) {
    case .success(let answered): answer = answered
    case .failure(let error): throw error
    }
    if let status = answer.status { SourceActivity.report(reported(status)) }
    if case .success(.error(let error)) = answer.body { throw ProtocolRules.error(error, plugin: manifest.name) }
    guard answer.type == request.answerType else { throw mismatch(process, request.answerType, answer.type) }
    switch answer.body {
    case .success(let body): return (body, process)
    case .failure(let broken): throw violation(process, broken.reason)
    }
  }

  /// An answer's `status` as the status line shows it: its data mode the hello's when it names none.
  private func reported(_ status: Wire.Status) -> SourceStatus {
    var reported = SourceStatus(
      mode: status.data ?? context.mode, cached: status.cached, rateLimitRemaining: status.rateLimitRemaining,
      rateLimitLimit: status.rateLimitLimit, rateLimitReset: status.rateLimitReset, token: status.token)
    reported.local = status.local
    return reported
  }

  private func mismatch(_ process: ExternalProcess, _ asked: Wire.AnswerType, _ answered: Wire.AnswerType)
    -> DataSourceError
  {
    violation(process, "answered a \"\(asked.rawValue)\" request with \"\(answered.rawValue)\"")
  }

  private func violation(_ process: ExternalProcess, _ reason: String) -> DataSourceError {
    process.fail(reason)
    return process.failure ?? .transport("plugin '\(manifest.name)' \(reason)")
  }

  /// Stops this source's program, if it runs (stdin closed, `grace`, then its process group
  /// killed, on a thread of its own: this returns at once); the next request starts a fresh one.
  package func stop() {
    let running = process.withLock { current -> ExternalProcess? in
      defer { current.running = nil }
      return current.running
    }
    guard let running else { return }
    running.fail("was stopped")
    PluginProcesses.stopInBackground([running.pid])
  }

  /// Stops every plugin process, those being stopped included: stdin closed, `grace`, then each
  /// process group and its descendants killed, and reaped. screenrun calls it on every way out.
  package static func stopAll() {
    PluginProcesses.stopAll()
  }

  /// Makes this process the reaper of what its plugins leave behind (Linux), so that `stopAll`
  /// ends every process below it, grandchildren that left the process group included. Only for
  /// a process whose every child is a plugin's: the command line calls it at its start.
  package static func adoptOrphans() {
    PluginProcesses.adoptOrphans()
  }

  /// Adopts again what `leavingOrphans` leaves to the system, while its `body` runs: the signal
  /// path's, so that `stopAll` ends what an action's program started (see `PluginProcesses`).
  package static func adoptOrphansAgain() {
    PluginProcesses.adoptOrphansAgain()
  }

  /// Runs `body`, which starts a program that is no plugin and waits for it, without adopting
  /// what that program leaves behind: `stopAll` ends plugins, not what a person started.
  package static func leavingOrphans<T>(_ body: () -> T) -> T {
    PluginProcesses.leavingOrphans(body)
  }
}
