import Foundation
import ScreenKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 that answers with recorded exchanges, so the live data
/// sources can be tested over real HTTP with no internet.
///
///     let server = try ReplayServer(exchanges: RecordedFixtures.exchanges(in: file))
///     defer { server.stop() }
///     // point MARVEL_BASE_URL at server.baseURL, make requests, then:
///     server.requests.first?.queryValue("hash")
///
/// A request matches an exchange by method, path and query (as a multiset, in any order, leaving
/// out `ignoredQueryItems`: the signature parameters that change with every request). Exchanges
/// that share a request are answered in turn, the last one again and again, the way VCR replays
/// a cassette. A request whose `If-None-Match` names the exchange's ETag gets a 304, as from the
/// real API. An unmatched request gets a 404 saying so.
///
/// Every loop is bounded: each connection has a deadline, and the server stops by itself after
/// `lifetime` even if nobody calls `stop()`.
public final class ReplayServer: Sendable {
  /// Marvel's signature parameters: recorded with masked values, so they cannot match.
  public static let signatureQueryItems: Set<String> = ["ts", "apikey", "hash"]

  public let port: Int
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  private struct State {
    var exchanges: [RecordedExchange]
    var served: [Int: Int] = [:]
    var requests: [SeenRequest] = []
    var stopped = false
    var lastActivity = ContinuousClock.now
  }

  private let state: Mutex<State>
  private let listener: Int32
  private let ignoredQueryItems: Set<String>
  private let onRequest: (@Sendable (SeenRequest) -> Void)?

  /// Starts listening on an ephemeral port of 127.0.0.1.
  ///
  /// - Parameters:
  ///   - port: 0 for any free port.
  ///   - lifetime: the server stops by itself after this long.
  ///   - onRequest: called with each request once it has been answered (a log).
  public init(
    exchanges: [RecordedExchange], ignoredQueryItems: Set<String> = ReplayServer.signatureQueryItems,
    port requestedPort: Int = 0, lifetime: Duration = .seconds(300),
    onRequest: (@Sendable (SeenRequest) -> Void)? = nil
  ) throws(ReplayServerError) {
    state = Mutex(State(exchanges: exchanges))
    self.ignoredQueryItems = ignoredQueryItems
    self.onRequest = onRequest
    (listener, port) = try Socket.listen(port: requestedPort)
    let deadline = ContinuousClock.now + lifetime
    let thread = Thread { [self] in acceptLoop(until: deadline) }
    thread.name = "ReplayServer \(port)"
    thread.start()
  }

  deinit {
    stop()
  }

  /// Stops accepting; connections in progress finish their current answer.
  public func stop() {
    let wasStopped = state.withLock { state in
      defer { state.stopped = true }
      return state.stopped
    }
    if !wasStopped { shutdown(listener, Int32(SHUT_RDWR)) }
  }

  public var isRunning: Bool { !state.withLock(\.stopped) }

  /// Every request received so far, in order of arrival.
  public var requests: [SeenRequest] { state.withLock(\.requests) }

  /// When the last request arrived (or the server started).
  public var lastActivity: ContinuousClock.Instant { state.withLock(\.lastActivity) }

  /// Adds exchanges to answer with, after those already known.
  public func add(_ exchanges: [RecordedExchange]) {
    state.withLock { $0.exchanges += exchanges }
  }

  /// A port on 127.0.0.1 where nothing listens, so that connecting is refused. The port stays
  /// bound (not listening) until `close()`, so that no server of a test running beside this one
  /// can take it and answer in its place.
  public final class ClosedPort: Sendable {
    public let port: Int
    private let descriptor: Int32

    public init() throws(ReplayServerError) {
      (descriptor, port) = try Socket.boundWithoutListening()
    }

    public func close() { _ = Glibc.close(descriptor) }
  }

  // MARK: - Serving

  private func acceptLoop(until deadline: ContinuousClock.Instant) {
    defer {
      close(listener)
      state.withLock { $0.stopped = true }
    }
    while isRunning, ContinuousClock.now < deadline {
      guard Socket.waitReadable(listener, milliseconds: 100) else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      let thread = Thread { [self] in
        serve(connection)
        close(connection)
      }
      thread.start()
    }
  }

  private func serve(_ connection: Int32) {
    guard let head = Socket.readHead(connection, deadline: ContinuousClock.now + .seconds(10)),
      let parsed = RequestHead(head)
    else { return }
    Socket.discardBody(connection, length: parsed.contentLength)

    let (index, exchange) = state.withLock { state -> (Int, RecordedExchange?) in
      state.lastActivity = .now
      let exchange = match(parsed, in: &state)
      state.requests.append(
        SeenRequest(
          method: parsed.method, path: parsed.path, query: parsed.query, target: parsed.target,
          headers: parsed.headers, answeredFrom: exchange?.source))
      return (state.requests.count - 1, exchange)
    }

    var response = exchange?.response ?? notFound(parsed)
    if let echo = response.echoPlaceholder {
      response.body = Array(
        String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: echo, with: parsed.target).utf8)
    }
    if let etag = response.header("ETag"), Self.matches(parsed.header("If-None-Match"), etag: etag) {
      response = ReplayResponse(
        status: 304, headers: response.headers.filter { $0.name.lowercased() != "content-type" })
    }
    let origin = exchange?.recordedOrigin

    var status: Int? = response.status
    var abandoned = false
    switch response.delivery {
    case .whole:
      Socket.sendAll(connection, encode(response, origin: origin, bodyBytes: response.body.count))
    case .delayed(let delay):
      if Socket.waitForHangUp(connection, until: ContinuousClock.now + delay, stopWhen: { [self] in !isRunning }) {
        abandoned = true
        status = nil
      } else {
        Socket.sendAll(connection, encode(response, origin: origin, bodyBytes: response.body.count))
      }
    case .bodyDelayed(let delay):
      let message = encode(response, origin: origin, bodyBytes: response.body.count)
      let headLength = message.count - (response.status == 304 ? 0 : response.body.count)
      Socket.sendAll(connection, Array(message[..<headLength]))
      if Socket.waitForHangUp(connection, until: ContinuousClock.now + delay, stopWhen: { [self] in !isRunning }) {
        abandoned = true
      } else {
        Socket.sendAll(connection, Array(message[headLength...]))
      }
    case .truncated(let keeping):
      let message = encode(response, origin: origin, bodyBytes: min(keeping, response.body.count))
      Socket.sendAll(connection, message)
    case .closeWithoutAnswer:
      status = nil
    }
    shutdown(connection, Int32(SHUT_WR))

    let seen = state.withLock { state -> SeenRequest in
      state.requests[index].status = status
      state.requests[index].abandoned = abandoned
      return state.requests[index]
    }
    onRequest?(seen)
  }

  /// The exchange for `request`: the next of those recorded for it, the last one repeated.
  private func match(_ request: RequestHead, in state: inout State) -> RecordedExchange? {
    let wanted = key(request.method, request.path, request.query)
    let candidates = state.exchanges.indices.filter { index in
      let exchange = state.exchanges[index]
      guard let query = exchange.query else {
        return exchange.method == request.method && Self.samePath(exchange.path, request.path)
      }
      return key(exchange.method, exchange.path, query) == wanted
    }
    guard let first = candidates.first else { return nil }
    let turn = state.served[first, default: 0]
    state.served[first] = turn + 1
    return state.exchanges[candidates[min(turn, candidates.count - 1)]]
  }

  private func key(_ method: String, _ path: String, _ query: [QueryItem]) -> String {
    let items = query.filter { !ignoredQueryItems.contains($0.name) }.sorted()
    return "\(method) \(Self.decodedPath(path))?" + items.map(\.description).joined(separator: "&")
  }

  private static func samePath(_ left: String, _ right: String) -> Bool {
    decodedPath(left) == decodedPath(right)
  }

  private static func decodedPath(_ path: String) -> String {
    path.removingPercentEncoding ?? path
  }

  /// Whether an `If-None-Match` value names `etag` (weak comparison, as for a GET).
  private static func matches(_ ifNoneMatch: String?, etag: String) -> Bool {
    guard let ifNoneMatch else { return false }
    func weak(_ tag: String) -> String {
      let trimmed = tag.trimmingCharacters(in: .whitespaces)
      return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
    }
    return ifNoneMatch.split(separator: ",").contains {
      weak(String($0)) == weak(etag) || $0.trimmingCharacters(in: .whitespaces) == "*"
    }
  }

  private func notFound(_ request: RequestHead) -> ReplayResponse {
    let known = state.withLock { state in
      state.exchanges.map { exchange in
        let query = exchange.query?.filter { !ignoredQueryItems.contains($0.name) }
        return "\(exchange.method) \(exchange.path)"
          + (query.map { $0.isEmpty ? "" : "?" + $0.map(\.description).joined(separator: "&") } ?? "?*")
      }
    }
    let message = "replay-server has no recorded answer for \(request.method) \(request.target)"
    let body: JSON = ["message": .string(message), "known": .array(known.map(JSON.string))]
    return ReplayResponse(status: 404, headers: [("Content-Type", "application/json")], body: JSONText.bytes(body))
  }

  /// The response as bytes: status line, headers (with recorded origins pointed here), body.
  private func encode(_ response: ReplayResponse, origin: String?, bodyBytes: Int) -> [UInt8] {
    var head = "HTTP/1.1 \(response.status) \(ReplayServer.reason(response.status))\r\n"
    for (name, value) in response.headers where !RecordedFixtures.replacedHeaders.contains(name.lowercased()) {
      var value = value
      if let origin, ["link", "location"].contains(name.lowercased()) {
        value = Self.pointingHere(value, from: origin, to: baseURL)
      }
      head += "\(name): \(value)\r\n"
    }
    if response.status != 304 { head += "Content-Length: \(response.body.count)\r\n" }
    head += "Connection: close\r\n\r\n"
    return Array(head.utf8) + response.body.prefix(response.status == 304 ? 0 : bodyBytes)
  }

  /// `https://api.github.com:443/x` and `https://api.github.com/x` both become `http://127.0.0.1:P/x`.
  static func pointingHere(_ value: String, from origin: String, to base: String) -> String {
    var origins = [origin]
    if origin.hasSuffix(":443") { origins.append(String(origin.dropLast(4))) }
    if origin.hasPrefix("https://"), !origin.dropFirst(8).contains(":") { origins.append(origin + ":443") }
    if origin.hasPrefix("http://"), !origin.dropFirst(7).contains(":") { origins.append(origin + ":80") }
    var result = value
    for origin in origins.sorted(by: { $0.count > $1.count }) {
      result = result.replacingOccurrences(of: origin + "/", with: base + "/")
    }
    return result
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 304: "Not Modified"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 409: "Conflict"
    case 422: "Unprocessable Entity"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}

/// Why the replay server could not start.
public struct ReplayServerError: Error, CustomStringConvertible {
  public var description: String
}
