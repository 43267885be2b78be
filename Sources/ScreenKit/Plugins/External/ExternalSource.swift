import Foundation
import ScreenJSON
import Synchronization

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
  package static func timeout(_ manifest: PluginManifest, environment: [String: String]) -> Double {
    if let text = environment["SCREENRUN_PLUGIN_TIMEOUT"], let seconds = Double(text), seconds > 0 {
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

  /// The declared resource a request names, or the core's refusal of the request (see
  /// `Resource.violation`): the checks run against the manifest of now, which `--watch` may change.
  private func check(_ resource: String, _ kind: Resource.Kind, _ parameters: [String: String], pageSize: Int?)
    throws(DataSourceError)
  {
    let declared = manifest.resources.first { $0.name == resource && $0.kind == kind }
    if let violation = declared?.violation(parameters: parameters, pageSize: pageSize) { throw violation.error }
  }

  package func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try check(request.resource, .list, request.parameters, pageSize: request.pageSize)
    var parameters = JSONObject()
    for (name, value) in request.parameters.sorted(by: { $0.key < $1.key }) { parameters[name] = .string(value) }
    var message = JSONObject([
      "type": "page", "resource": .string(request.resource), "params": .object(parameters),
      "cursor": request.cursor.map { .string($0.value) } ?? .null, "pageSize": .int(request.pageSize),
    ])
    // The members the screen reads, a hint the plugin may use to send less (PLUGINS.md); absent
    // when the screen needs whole records.
    if let members = request.members { message["members"] = .array(members.names.sorted().map(JSON.string)) }
    let (answer, process) = try await send(message, reads: request.members.map { .only($0) } ?? .whole)
    switch ProtocolRules.page(answer) {
    case .success(let page): return page
    case .failure(let broken): throw violation(process, broken.reason)
    }
  }

  package func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    try check(request.resource, .record, request.parameters, pageSize: nil)
    var parameters = JSONObject()
    for (name, value) in request.parameters.sorted(by: { $0.key < $1.key }) { parameters[name] = .string(value) }
    let message = JSONObject(["type": "record", "resource": .string(request.resource), "params": .object(parameters)])
    let (answer, process) = try await send(message)
    switch ProtocolRules.record(answer) {
    case .success(let record): return record
    case .failure(let broken): throw violation(process, broken.reason)
    }
  }

  /// Sends a request and returns its answer; an `error` answer is thrown as the error it names.
  private func send(_ message: JSONObject, reads: ExternalProcess.Reads? = nil) async throws(DataSourceError) -> (
    JSONObject, ExternalProcess
  ) {
    // The line is written out for an observer only (`--explain`, `--trace`): not on every page.
    if SourceActivity.observer != nil { SourceActivity.sent(SentRequest(summary: JSON.object(message).lineText)) }
    let process = try running()
    let answer: JSONObject
    switch await process.request(message, reads: reads) {
    case .success(let object): answer = object
    case .failure(let error): throw error
    }
    let type = answer["type"]?.stringValue ?? ""
    if case .object(let status)? = answer["status"] { SourceActivity.report(reported(status)) }
    if type == "error" { throw ProtocolRules.error(answer, plugin: manifest.name) }
    guard type == message["type"]?.stringValue else {
      throw violation(process, "answered a \"\(message["type"]?.stringValue ?? "")\" request with \"\(type)\"")
    }
    return (answer, process)
  }

  /// An answer's optional `status` (PLUGINS.md), each member read only when it has its type.
  private func reported(_ status: JSONObject) -> SourceStatus {
    let data = status["data"]?.stringValue.flatMap(PluginContext.DataMode.init(rawValue:)) ?? context.mode
    func count(_ key: String) -> Int? { status[key]?.intValue.flatMap { $0 >= 0 ? $0 : nil } }
    return SourceStatus(
      mode: data, cached: status["cached"]?.boolValue, rateLimitRemaining: count("rateLimitRemaining"),
      rateLimitLimit: count("rateLimitLimit"),
      rateLimitReset: count("rateLimitReset").flatMap { $0 <= 253_402_300_799 ? $0 : nil },
      token: status["token"]?.boolValue)
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
}
