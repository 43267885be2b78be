/// Why a data source could not answer, typed so the runtime can show what to do next.
///
/// A struct with static constructors rather than a public enum, so a new kind of failure does
/// not break every `switch` a plugin author wrote.
public struct DataSourceError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The server answered with an error status.
    case server(status: Int)
    /// The answer could not be read.
    case decoding
    /// No answer: refused, timed out, no route.
    case transport
    /// Too many requests; try again at `until`, or after `retryAfter` seconds, when known.
    case rateLimited(until: Double?, retryAfter: Int?)
    /// A parameter is missing or invalid.
    case badRequest(parameter: String?)
    /// An external plugin's program ended (exited, or was killed by a signal): the message says
    /// how, with the end of its log.
    case plugin
  }

  public var kind: Kind
  /// A message a person can act on. It never carries a secret.
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public static func server(status: Int, _ message: String) -> Self { Self(.server(status: status), message) }
  public static func decoding(_ message: String) -> Self { Self(.decoding, message) }
  public static func transport(_ message: String) -> Self { Self(.transport, message) }
  public static func badRequest(_ message: String, parameter: String? = nil) -> Self {
    Self(.badRequest(parameter: parameter), message)
  }
  public static func plugin(_ message: String) -> Self { Self(.plugin, message) }
  /// `until` is seconds since 1970 (UTC).
  public static func rateLimited(_ message: String, until: Double? = nil, retryAfter: Int? = nil) -> Self {
    Self(.rateLimited(until: until, retryAfter: retryAfter), message)
  }

  public var description: String {
    switch kind {
    case .server(let status): "server error \(status): \(message)"
    case .decoding: "unreadable response: \(message)"
    case .transport: "connection failed: \(message)"
    case .rateLimited: "rate limited: \(message)"
    case .badRequest: "bad request: \(message)"
    case .plugin: message
    }
  }
}
