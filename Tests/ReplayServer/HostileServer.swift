import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A request as the hostile server saw it.
public struct HostileRequest: Sendable {
  public var method: String
  /// The request target exactly as sent: path and query.
  public var target: String
  /// The path, still percent-encoded.
  public var path: String
  public var query: [QueryItem]
  public var headers: [(name: String, value: String)]

  /// The value of the first query parameter named `name`.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// The value of the first header named `name`, in any case.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}

/// What the hostile server sends back: raw bytes, so that the status line, every header and the
/// body can be as wrong as a test wants, and how they go out.
public struct HostileAnswer: Sendable {
  public enum Delivery: Sendable {
    /// Everything at once.
    case whole
    /// `bytes` at a time, one piece every `every`.
    case drip(bytes: Int, every: Duration)
    /// Nothing for this long, then everything.
    case delayed(Duration)
    /// The first `after` bytes, then nothing until the client hangs up or `holding` has passed,
    /// then close without the rest.
    case stall(after: Int, holding: Duration)
    /// Read the request, then close without a word.
    case closeWithoutAnswer
  }

  public var bytes: [UInt8]
  public var delivery: Delivery

  public init(bytes: [UInt8], delivery: Delivery = .whole) {
    self.bytes = bytes
    self.delivery = delivery
  }

  /// An HTTP/1.1 answer. `statusLine` is sent as given (after `HTTP/1.1 `); `contentLength` is
  /// the body's length unless given (nil in `contentLength` leaves the header out). The
  /// `Connection: close` header is always added.
  public static func http(
    _ statusLine: String = "200 OK", headers: [(String, String)] = [("Content-Type", "application/json")],
    body: [UInt8], contentLength: String?? = .none, delivery: Delivery = .whole
  ) -> HostileAnswer {
    var head = Array("HTTP/1.1 \(statusLine)\r\n".utf8)
    for (name, value) in headers { head += Array("\(name): \(value)\r\n".utf8) }
    switch contentLength {
    case .none: head += Array("Content-Length: \(body.count)\r\n".utf8)
    case .some(.none): break
    case .some(.some(let value)): head += Array("Content-Length: \(value)\r\n".utf8)
    }
    head += Array("Connection: close\r\n\r\n".utf8)
    return HostileAnswer(bytes: head + body, delivery: delivery)
  }

  /// A JSON answer with `text` as its body.
  public static func json(
    _ text: String, status: String = "200 OK", headers: [(String, String)] = [], delivery: Delivery = .whole
  ) -> HostileAnswer {
    http(
      status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: Array(text.utf8),
      delivery: delivery)
  }
}

/// An HTTP server on 127.0.0.1 that answers every request with whatever `answer` makes of it:
/// escapes in the status line, lying lengths, a body dripped byte by byte, or a closed socket.
/// It keeps every request it saw, so a test can look for the secrets they carried.
///
/// Every wait is bounded: each connection ends when the client hangs up, the answer's own
/// time runs out or the server stops, and the server stops by itself after `lifetime`.
public final class HostileServer: Sendable {
  public let port: Int
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  private struct State {
    var requests: [HostileRequest] = []
    var stopped = false
  }

  private let state = Mutex(State())
  private let listener: Int32
  private let answer: @Sendable (HostileRequest) -> HostileAnswer

  public init(
    lifetime: Duration = .seconds(120), answer: @escaping @Sendable (HostileRequest) -> HostileAnswer
  ) throws(ReplayServerError) {
    self.answer = answer
    (listener, port) = try Socket.listen(port: 0)
    let deadline = ContinuousClock.now + lifetime
    let thread = Thread { [self] in acceptLoop(until: deadline) }
    thread.name = "HostileServer \(port)"
    thread.start()
  }

  deinit {
    stop()
  }

  public func stop() {
    let wasStopped = state.withLock { state in
      defer { state.stopped = true }
      return state.stopped
    }
    if !wasStopped { shutdown(listener, Int32(SHUT_RDWR)) }
  }

  private var isRunning: Bool { !state.withLock(\.stopped) }

  /// Every request received so far, in order of arrival.
  public var requests: [HostileRequest] { state.withLock(\.requests) }

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
    let request = HostileRequest(
      method: parsed.method, target: parsed.target, path: parsed.path, query: parsed.query, headers: parsed.headers)
    state.withLock { $0.requests.append(request) }
    let reply = answer(request)
    let stop = { [self] in !isRunning }

    switch reply.delivery {
    case .whole:
      Socket.sendAll(connection, reply.bytes)
    case .drip(let size, let interval):
      var offset = 0
      let step = max(1, size)
      while offset < reply.bytes.count, isRunning {
        let end = min(reply.bytes.count, offset + step)
        guard Socket.sendSome(connection, Array(reply.bytes[offset..<end])) else { break }
        offset = end
        if offset < reply.bytes.count,
          Socket.waitForHangUp(connection, until: ContinuousClock.now + interval, stopWhen: stop)
        {
          break
        }
      }
    case .delayed(let delay):
      if !Socket.waitForHangUp(connection, until: ContinuousClock.now + delay, stopWhen: stop) {
        Socket.sendAll(connection, reply.bytes)
      }
    case .stall(let count, let holding):
      Socket.sendAll(connection, Array(reply.bytes.prefix(count)))
      _ = Socket.waitForHangUp(connection, until: ContinuousClock.now + holding, stopWhen: stop)
    case .closeWithoutAnswer:
      break
    }
    shutdown(connection, Int32(SHUT_WR))
  }
}

extension Socket {
  /// Sends every byte; false when the client is gone.
  static func sendSome(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }
}
