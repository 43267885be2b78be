/// One request the replay server knows and the answer it gives: a recorded exchange, or one a
/// test writes to make a fault happen.
public struct RecordedExchange: Sendable {
  public var method: String
  /// The path, percent-encoded as on the wire (`/v1/public/characters`).
  public var path: String
  /// The query as name-value pairs, decoded; nil matches any query.
  public var query: [QueryItem]?
  public var response: ReplayResponse
  /// The scheme, host and port the exchange was recorded against (`https://api.github.com`).
  /// URLs to it in `Link` and `Location` headers are pointed at the replay server instead.
  public var recordedOrigin: String?
  /// The fixture file it came from, for messages.
  public var source: String

  public init(
    method: String = "GET", path: String, query: [QueryItem]? = nil, response: ReplayResponse,
    recordedOrigin: String? = nil, source: String = "test"
  ) {
    self.method = method.uppercased()
    self.path = path
    self.query = query
    self.response = response
    self.recordedOrigin = recordedOrigin
    self.source = source
  }
}

/// A query parameter, decoded.
public struct QueryItem: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  public static func < (left: QueryItem, right: QueryItem) -> Bool {
    (left.name, left.value) < (right.name, right.value)
  }

  public var description: String { "\(name)=\(value)" }
}

/// The answer to a request: status, headers and body, and how to deliver them.
public struct ReplayResponse: Sendable {
  /// How the answer goes out: whole, late, cut short, or not at all.
  public enum Delivery: Sendable, Equatable {
    case whole
    /// Wait this long first (to outlast a client's timeout). The wait ends early when the
    /// client hangs up, which the server records as an abandoned request.
    case delayed(Duration)
    /// Send the status and headers at once, and the body only after this long (to outlast an
    /// overall timeout after the connect timeout has been met).
    case bodyDelayed(Duration)
    /// Announce the whole body's length, send only this many bytes of it, and close.
    case truncated(keeping: Int)
    /// Read the request, then close the connection without a word.
    case closeWithoutAnswer
  }

  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]
  public var delivery: Delivery
  /// When set, this text in the body is replaced by the request's target (path and query), the
  /// way Marvel's 404 echoes the URL it was asked for, secrets and all.
  public var echoPlaceholder: String?

  public init(
    status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [], delivery: Delivery = .whole,
    echoPlaceholder: String? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delivery = delivery
    self.echoPlaceholder = echoPlaceholder
  }

  /// A JSON answer with `Content-Type: application/json`.
  public static func json(
    _ status: Int, _ text: String, headers: [(name: String, value: String)] = [], delivery: Delivery = .whole
  ) -> ReplayResponse {
    ReplayResponse(
      status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
      body: Array(text.utf8), delivery: delivery)
  }

  /// The value of the first header named `name`, in any case.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}
