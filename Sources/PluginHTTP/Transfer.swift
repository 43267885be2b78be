import FoundationEssentials
import ScreenKit
import ScreenSystem
import Synchronization

/// One GET through libcurl, on a thread of its own so that a slow server never holds a thread of
/// Swift's cooperative pool, under libcurl's two clocks, as curl's `--connect-timeout` and
/// `--max-time` set them: the connect timeout bounds making the connection (its TLS handshake
/// included), the overall timeout the whole exchange, however late the server begins its answer.
///
/// Redirects are followed here, on the same scheme, host and port only: a token in the headers
/// must not go to another server. Any other redirect comes back as the 3xx answer it is.
final class Transfer: Sendable {
  /// Why a transfer ended without an answer.
  enum Failure: Error, Sendable {
    case connectTimeout
    case timeout
    case cancelled
    case tooLarge(Int)
    case failed(Problem, String)
    /// libcurl could not be loaded: the file asked for, and what `dlopen` said.
    case libraryMissing(file: String, reason: String)
  }

  /// What went wrong below HTTP, in the kinds a person acts on differently.
  enum Problem: Sendable {
    case cannotConnect
    case cannotFindHost
    case connectionLost
    case secureConnection
    case badURL
    case badResponse
    case tooManyRedirects
    case other
  }

  struct Answer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    /// The URL that answered, after any redirect.
    var url: URL
  }

  /// Redirects followed at most, on one request.
  static let redirectLimit = 10

  private struct State {
    var continuation: CheckedContinuation<Result<Answer, Failure>, Never>?
    /// Set when this side ended the transfer (cancelled).
    var endedBecause: Failure?
    /// The caller has its result; nothing may resume it again.
    var finished = false
  }

  private let state = Mutex(State())
  private let configuration: HTTPConfiguration

  private init(configuration: HTTPConfiguration) {
    self.configuration = configuration
  }

  /// Runs a GET of `url` to its end: an answer, or why there is none. Cancelling the calling task
  /// ends the transfer at once. `library` is the libcurl file to load (tests name a missing one).
  static func run(
    url: URL, headers: HTTPHeaders, configuration: HTTPConfiguration, library: String = Curl.defaultFile
  ) async -> Result<Answer, Failure> {
    let transfer = Transfer(configuration: configuration)
    let lines = headers.map { headerLine($0.name, $0.value) }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard transfer.wait(continuation) else { return }
        SystemThread.startOrRun(name: "screenrun HTTP") {
          transfer.finish(transfer.perform(url: url, headers: lines, library: library))
        }
      }
    } onCancel: {
      transfer.end(because: .cancelled)
    }
  }

  /// Keeps `continuation` to resume later; false when it was resumed already (cancelled first).
  private func wait(_ continuation: CheckedContinuation<Result<Answer, Failure>, Never>) -> Bool {
    let early = state.withLock { state -> Failure? in
      if let reason = state.endedBecause {
        state.finished = true
        return reason
      }
      state.continuation = continuation
      return nil
    }
    if let early { continuation.resume(returning: .failure(early)) }
    return early == nil
  }

  /// Gives the caller its result, unless it has one already.
  private func finish(_ result: Result<Answer, Failure>) {
    let continuation = state.withLock { state -> CheckedContinuation<Result<Answer, Failure>, Never>? in
      guard !state.finished else { return nil }
      state.finished = true
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume(returning: result)
  }

  /// Ends the transfer from this side: the caller gets `reason` now, and libcurl stops at its
  /// next progress call.
  private func end(because reason: Failure) {
    let continuation = state.withLock { state -> CheckedContinuation<Result<Answer, Failure>, Never>? in
      guard !state.finished, state.endedBecause == nil else { return nil }
      state.endedBecause = reason
      guard let continuation = state.continuation else { return nil }
      state.finished = true
      state.continuation = nil
      return continuation
    }
    continuation?.resume(returning: .failure(reason))
  }

  private var endedBecause: Failure? {
    state.withLock(\.endedBecause)
  }

  /// The whole exchange, redirects included, on the calling (dedicated) thread.
  private func perform(url: URL, headers: [String], library: String) -> Result<Answer, Failure> {
    let curl: Curl
    switch Curl.open(library) {
    case .success(let opened): curl = opened
    case .failure(let failure): return .failure(failure)
    }
    let connectMilliseconds = Self.milliseconds(configuration.connectTimeout)
    let deadline = ContinuousClock.now + configuration.timeout
    var url = url
    for hop in 0...Self.redirectLimit {
      let left = Self.milliseconds(deadline - ContinuousClock.now)
      guard left > 0 else { return .failure(.timeout) }
      let hopConnect = min(connectMilliseconds, left)
      let reception = Curl.Reception(
        maximumBodySize: configuration.maximumBodySize, shouldStop: { [self] in endedBecause != nil })
      let outcome = curl.get(
        url: url.absoluteString, headers: headers, connectMilliseconds: hopConnect, milliseconds: left,
        into: reception)

      if let reason = endedBecause { return .failure(reason) }
      if reception.bodyTooLarge { return .failure(.tooLarge(configuration.maximumBodySize)) }
      guard outcome.succeeded else {
        if outcome.timedOut {
          // Not connected within a connect timeout that was not cut short by the overall one:
          // the connect timeout ran out; else the whole exchange took too long. A libcurl that
          // cannot say which blames the overall timeout, which bounds both.
          let connecting = outcome.connected == false && hopConnect == connectMilliseconds
          return .failure(connecting ? .connectTimeout : .timeout)
        }
        return .failure(.failed(outcome.problem, outcome.message))
      }
      if [301, 302, 303, 307, 308].contains(reception.status),
        let target = outcome.redirect.flatMap({ URL(string: $0) }),
        let from = Origin(url), from == Origin(target)
      {
        guard hop < Self.redirectLimit else {
          return .failure(.failed(.tooManyRedirects, "more than \(Self.redirectLimit) times"))
        }
        url = target
        continue
      }
      return .success(
        Answer(status: reception.status, headers: HTTPHeaders(reception.fields), body: reception.body, url: url))
    }
    return .failure(.failed(.tooManyRedirects, "more than \(Self.redirectLimit) times"))
  }

  /// `Name: value` for libcurl's header list. CR, LF and NUL are dropped, so a value cannot add a
  /// header of its own; an empty value is written `Name;`, which libcurl sends as `Name:`.
  private static func headerLine(_ name: String, _ value: String) -> String {
    func clean(_ text: String) -> String {
      String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" }))
    }
    let value = clean(value)
    return value.isEmpty ? "\(clean(name));" : "\(clean(name)): \(value)"
  }

  /// Whole milliseconds, rounded up so that a positive duration never becomes 0 (no timeout).
  private static func milliseconds(_ duration: Duration) -> Int {
    guard duration > .zero else { return 0 }
    let (seconds, attoseconds) = duration.components
    return Int(min(seconds, 1_000_000_000)) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }
}

/// The scheme, host and port of a URL: what decides whether a request stays on one server.
package struct Origin: Equatable, Sendable {
  let scheme: String
  let host: String
  let port: Int

  package init?(_ url: URL) {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
    self.scheme = scheme
    self.host = host
    port = url.port ?? (scheme == "https" ? 443 : 80)
  }
}

extension Duration {
  /// Seconds, as Foundation's clocks take them.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
