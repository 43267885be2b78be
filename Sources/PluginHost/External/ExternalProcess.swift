import FoundationEssentials
import ScreenJSON
import ScreenKit
import ScreenSystem
import ScreenText
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One running plugin program: its pipes, the requests waiting for answers, and its log (stderr).
///
/// Whatever the program does (crash, close its stdout, write a line that is not JSON or is too
/// long, answer an id twice or one never sent, never answer, stop reading its stdin) ends in
/// `fail`: every waiting request gets one error naming the plugin and quoting the end of its log,
/// and the process is stopped (stdin closed, `ExternalSource.grace`, then its process group and
/// descendants killed; see `PluginProcesses`). A failed process serves no more requests; the
/// source starts a fresh one for the next (a reload).
///
/// Its stdin is written on a thread of its own (`PluginInput`): a request's deadline runs from
/// when it is queued, so the time to write it and the time to answer it are one.
final class ExternalProcess: Sendable {
  typealias Answer = Result<Wire.Answer, DataSourceError>

  package let name: String
  package let pid: pid_t
  package let timeout: Double
  /// When the program was started.
  private let started = ContinuousClock.now
  /// The log file as the error state names it (`~/.local/state/…`), when one is kept.
  let logShown: String?
  private let input: PluginInput
  private let state = Mutex(State())

  private struct State {
    var nextID = 1
    var pending: [Int: CheckedContinuation<Answer, Never>] = [:]
    /// Each waiting request (the codec reads an answer by what they ask).
    var requests: [Int: Wire.Request] = [:]
    var cancelled: Set<Int> = []
    var answered: Set<Int> = []
    var failure: DataSourceError?
    /// Whether a request was told of the failure; if none was, the next one is.
    var failureTold = false
    var greeted = false
    /// When the hello came: a request's time runs from then, or from when it was sent if later.
    var greetedAt: ContinuousClock.Instant?
    /// When each waiting request was sent.
    var sentAt: [Int: ContinuousClock.Instant] = [:]
    /// Whether stderr has reached its end (the log is complete).
    var logEnded = false
    /// The end of the log (stderr), at most `logLimit` bytes.
    var log: [UInt8] = []

    /// Takes request `id` off the waiting ones.
    mutating func take(_ id: Int) -> CheckedContinuation<Answer, Never>? {
      requests[id] = nil
      sentAt[id] = nil
      return pending.removeValue(forKey: id)
    }
  }

  static let logLimit = 16 << 10

  private init(name: String, pid: pid_t, input: PluginInput, timeout: Double, logShown: String?) {
    self.name = name
    self.pid = pid
    self.input = input
    self.timeout = timeout
    self.logShown = logShown
  }

  package var failure: DataSourceError? { state.withLock { $0.failure } }

  /// The failure, if no request has been told of it yet: then it is told now, once.
  func untoldFailure() -> DataSourceError? {
    state.withLock { state in
      guard let failure = state.failure, !state.failureTold else { return nil }
      state.failureTold = true
      return failure
    }
  }

  /// Starts the manifest's program in a process group of its own, with only the allowed
  /// environment, and says hello.
  package static func start(_ manifest: PluginManifest, context: PluginContext, timeout: Double) throws(DataSourceError)
    -> ExternalProcess
  {
    let spawned = try PluginSpawn(manifest, environment: context.environment)
    let (pid, argv) = (spawned.pid, spawned.argv)
    let logFile = PluginLog.path(of: manifest.name, environment: context.environment).map { path in
      PluginLog(
        path: path,
        heading:
          "--- \(Date().formatted(.iso8601)): plugin '\(manifest.name)' started (pid \(pid)) by screenrun (pid \(getpid())): \(argv.joined(separator: " "))"
      )
    }
    let input = PluginInput(spawned.input, name: manifest.name)
    let process = ExternalProcess(
      name: manifest.name, pid: pid, input: input, timeout: timeout,
      logShown: logFile.flatMap { $0.isOpen ? PluginLog.shown($0.path, home: context.environment["HOME"]) : nil })
    PluginProcesses.track(pid) { input.close() }
    process.readLines(from: spawned.output)
    process.readLog(from: spawned.errors, into: logFile)
    process.send(.hello(Wire.Hello(mode: context.mode)))
    return process
  }

  // MARK: - Requests

  /// Sends a request (with an id of its own) and waits for its answer, the process's failure, or
  /// the timeout. When the task is cancelled, the plugin is sent `cancel` and the answer is dropped.
  func request(_ request: Wire.Request) async -> Answer {
    let slot = Mutex<(id: Int?, cancelled: Bool)>((nil, false))
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
        let id: Int? = state.withLock { state in
          if let failure = state.failure {
            state.failureTold = true
            continuation.resume(returning: .failure(failure))
            return nil
          }
          let id = state.nextID
          state.nextID += 1
          state.pending[id] = continuation
          state.requests[id] = request
          return id
        }
        guard let id else { return }
        let cancelledAlready = slot.withLock { slot in
          slot.id = id
          return slot.cancelled
        }
        if cancelledAlready {
          cancel(id, sent: false)
          return
        }
        let sent = ContinuousClock.now
        state.withLock { state in
          if state.pending[id] != nil { state.sentAt[id] = sent }
        }
        send(.request(id: id, request), request: id)
        watch(id, sent: sent)
      }
    } onCancel: {
      let id = slot.withLock { slot in
        slot.cancelled = true
        return slot.id
      }
      if let id { cancel(id) }
    }
  }

  /// Fails the process when request `id`, sent at `sent`, is still waiting at its deadline: the
  /// timeout after it was sent, or after the hello if that came later. A program that has not
  /// said hello has `ExternalSource.helloTimeout` from its start to do so.
  private func watch(_ id: Int, sent: ContinuousClock.Instant) {
    let (waiting, greetedAt) = state.withLock { ($0.pending[id] != nil, $0.greetedAt) }
    guard waiting else { return }
    let now = ContinuousClock.now
    let deadline: ContinuousClock.Instant
    let failure: String
    if let greetedAt {
      deadline = max(sent, greetedAt) + .seconds(timeout)
      failure =
        input.isUnread(id)
        ? "did not read request \(id) within \(Self.seconds(timeout)): it stopped reading its stdin"
        : "did not answer request \(id) within \(Self.seconds(timeout))"
    } else {
      let allowed = ExternalSource.helloTimeout(timeout)
      deadline = max(sent + .seconds(timeout), started + .seconds(allowed))
      failure = "did not say hello within \(Self.seconds(allowed)) of its start"
    }
    guard now >= deadline else {
      // A task that sleeps, not a Dispatch timer: screenrun links no Dispatch overlay.
      Task.detached { [weak self] in
        try? await Task.sleep(until: deadline, clock: .continuous)
        self?.watch(id, sent: sent)
      }
      return
    }
    // Its stdout is open, but the program may be gone: a process it started holds the pipe.
    if let exit = PluginSpawn.exit(of: pid) {
      return fail("\(exit), and a process it started kept its stdout open: it \(failure)")
    }
    fail(failure)
  }

  /// Gives up on request `id`: its task gets a cancellation error at once, and a request the
  /// plugin was sent is cancelled there too (its answer, if one still comes, is dropped).
  private func cancel(_ id: Int, sent: Bool = true) {
    let continuation = state.withLock { state in
      let continuation = state.take(id)
      if continuation != nil, sent { state.cancelled.insert(id) }
      return continuation
    }
    guard let continuation else { return }
    if sent { send(.cancel(id: id)) }
    continuation.resume(returning: .failure(.transport("cancelled")))
  }

  /// Queues a line for the plugin's stdin (`request` is its id, when it is a request). A write
  /// that fails means the plugin is gone: its reader says so.
  private func send(_ message: Wire.Outgoing, request: Int? = nil) {
    input.send(WireCodec.encode(message), request: request)
  }

  // MARK: - What the plugin writes

  private func readLines(from descriptor: Int32) {
    let started = SystemThread.start(name: "plugin \(name) stdout") { [self] in
      var open = true
      defer { if open { close(descriptor) } }
      var framing = LineFraming(limit: ExternalSource.maximumLine)
      var chunk = [UInt8](repeating: 0, count: 64 << 10)
      while true {
        let count = chunk.withUnsafeMutableBytes { SystemIO.readRetrying(descriptor, $0) }
        guard count > 0 else {
          // A line never ended is no message: how the stream ended is what is told. The pipe is
          // closed first: a reload after the error must not find this process's pipes open.
          let (reason, exited) = ended()
          close(descriptor)
          open = false
          fail(reason, exited: exited)
          return
        }
        framing.append(chunk[0..<count])
        while let frame = framing.next() {
          guard case .line(let line) = frame else {
            fail("wrote a line over \(ExternalSource.maximumLine >> 20) MiB")
            return
          }
          handle(line)
        }
        if state.withLock({ $0.failure != nil }) { return }
      }
    }
    if !started {
      close(descriptor)
      fail(Self.noThread)
    }
  }

  /// Why a plugin fails when screenrun has no thread left to read it (a reader never run in
  /// place: it would hold the caller until the plugin ends).
  static let noThread = "could not be read: screenrun could not start a thread (the process has no threads left)"

  /// Reads the plugin's stderr: its end is kept (the last line is quoted when the plugin fails),
  /// and all of it goes to its log file.
  private func readLog(from descriptor: Int32, into file: PluginLog?) {
    let started = SystemThread.start(name: "plugin \(name) stderr") { [self] in
      var open = true
      defer { if open { close(descriptor) } }
      var chunk = [UInt8](repeating: 0, count: 16 << 10)
      while true {
        let count = chunk.withUnsafeMutableBytes { SystemIO.readRetrying(descriptor, $0) }
        guard count > 0 else {
          // Closed before the end is noted: the failure that waits for it finds the pipe closed.
          close(descriptor)
          open = false
          file?.finish()
          state.withLock { $0.logEnded = true }
          return
        }
        file?.take(chunk[0..<count])
        state.withLock { state in
          state.log.append(contentsOf: chunk[0..<count])
          if state.log.count > Self.logLimit { state.log.removeFirst(state.log.count - Self.logLimit) }
        }
      }
    }
    if !started {
      close(descriptor)
      file?.finish()
      state.withLock { $0.logEnded = true }
      fail(Self.noThread)
    }
  }

  /// The plugin's log (stderr) as far as it is kept.
  package var log: String { String(decoding: state.withLock { $0.log }, as: UTF8.self) }

  /// Why stdout ended: the process's exit ("exited with status 1"), when it has exited, else a
  /// closed stdout; and whether it exited.
  private func ended() -> (String, Bool) {
    for _ in 0..<20 {
      if let exit = PluginSpawn.exit(of: pid) {
        // Its last words on stderr are read before they are quoted.
        for _ in 0..<40 where !state.withLock({ $0.logEnded }) { usleep(5000) }
        return (exit, true)
      }
      usleep(5000)
    }
    return ("closed its stdout", false)
  }

  private func handle(_ line: [UInt8]) {
    let message: Wire.Incoming
    let (greeted, waiting) = state.withLock { ($0.greeted, Array($0.requests.values)) }
    switch WireCodec.decode(line, answering: waiting) {
    case nil: return
    case .failure(let broken)?: return fail(broken.reason)
    case .success(let decoded)?: message = decoded
    }
    if !greeted {
      if case .failure(let broken) = WireCodec.hello(message) { return fail(broken.reason) }
      let waiting = state.withLock { state in
        state.greeted = true
        state.greetedAt = ContinuousClock.now
        return state.sentAt
      }
      // The requests sent before the hello were timed for a start; their own time runs from now.
      for (id, sent) in waiting { watch(id, sent: sent) }
      return
    }
    let answer: Wire.Answer
    switch WireCodec.answer(message) {
    case .failure(let broken): return fail(broken.reason)
    case .success(let decoded): answer = decoded
    }
    let id = answer.id
    enum Outcome {
      case answer(CheckedContinuation<Answer, Never>)
      case dropped, twice, unknown
    }
    let outcome: Outcome = state.withLock { state in
      if let continuation = state.take(id) {
        state.answered.insert(id)
        return .answer(continuation)
      }
      if state.cancelled.remove(id) != nil {
        state.answered.insert(id)
        return .dropped
      }
      return state.answered.contains(id) ? .twice : .unknown
    }
    switch outcome {
    case .answer(let continuation): continuation.resume(returning: .success(answer))
    case .dropped: return
    case .twice: fail("answered request \(id) twice")
    case .unknown: fail("answered request \(id), which was never sent")
    }
  }

  // MARK: - The end

  /// Ends the process for `reason`: every waiting request fails with it, and the process group
  /// is stopped. Only the first reason counts.
  package func fail(_ reason: String, exited: Bool = false) {
    let (waiting, error): ([CheckedContinuation<Answer, Never>], DataSourceError?) = state.withLock { state in
      guard state.failure == nil else { return ([], nil) }
      var text = "plugin '\(name)' \(reason)"
      // A program that exited says why in its last lines (a traceback ends with the exception).
      // Masked before a line is clipped: a clip never leaves the start of a secret.
      let lines = SecretRegistry.shared.redact(String(decoding: state.log, as: UTF8.self))
        .split(whereSeparator: \.isNewline)
        .filter { !$0.allSatisfy(\.isWhitespace) }.suffix(exited ? 3 : 1)
      if !lines.isEmpty {
        text += "; its log ends: " + lines.map { ProtocolRules.clip(String($0)) }.joined(separator: " | ")
      }
      if let logShown { text += " (see \(logShown))" }
      let shown = PluginLog.escaped(SecretRegistry.shared.redact(text))
      let error = exited ? DataSourceError.plugin(shown) : DataSourceError.transport(shown)
      state.failure = error
      state.failureTold = !state.pending.isEmpty
      defer {
        state.pending.removeAll()
        state.requests.removeAll()
      }
      return (Array(state.pending.values), error)
    }
    guard let error else { return }
    // Its stdin is closed before the failure is told (the stop below would close it on a thread
    // of its own, later): a request told of it may start a fresh process at once, a reload.
    input.close()
    for continuation in waiting { continuation.resume(returning: .failure(error)) }
    PluginProcesses.stopInBackground([pid])
  }

  package static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }

}
