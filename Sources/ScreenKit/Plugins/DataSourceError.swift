/// Why a data source could not answer, typed so the runtime can show what to do next.
///
/// A struct with static constructors rather than a public enum, so a new kind of failure does
/// not break every `switch` a plugin author wrote.
///
///     throw DataSourceError.notFound("no station 'GHCND:X'", resource: "station 'GHCND:X'", parameter: "id")
///     // shown as "not found: no station 'GHCND:X'"; a screen shows it in its frame, exit status 1
public struct DataSourceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, as a value: a family (`name`) and the details that family carries.
  ///
  /// A struct with static members, as async-http-client's errors are, so that a kind added later
  /// breaks no caller's `switch`. Compare with `==` for an exact kind, or match a family in a
  /// `switch`, where a pattern's details left out (nil) match any:
  ///
  ///     switch error.kind {
  ///     case .notFound: …                  // any resource, any parameter
  ///     case .rateLimited: …               // with or without a reset time
  ///     case .server(status: 503): …       // only a 503
  ///     default: …                          // kinds added later land here
  ///     }
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    /// The family's name, as `description` shows it and the external plugin protocol sends it:
    /// "server error", "not found", "bad credentials", "not allowed", "rate limited", "bad request",
    /// "unreadable response", "connection failed".
    public let name: String
    /// The HTTP status of a `server` kind.
    public let status: Int?
    /// The request parameter at fault (`badRequest`, `notFound`), when known.
    public let parameter: String?
    /// What was not found ("repository octocat/nothing"), when known.
    public let resource: String?
    /// When a rate limit resets, in seconds since 1970 (UTC), when known.
    public let until: Double?
    /// How many seconds to wait before asking again, when known.
    public let retryAfter: Int?

    private init(
      _ name: String, status: Int? = nil, parameter: String? = nil, resource: String? = nil, until: Double? = nil,
      retryAfter: Int? = nil
    ) {
      self.name = name
      self.status = status
      self.parameter = parameter
      self.resource = resource
      self.until = until
      self.retryAfter = retryAfter
    }

    /// The server answered with an error status that no other kind covers.
    public static func server(status: Int) -> Kind { Kind("server error", status: status) }
    /// Any `server` kind, whatever its status: a pattern for a `switch`.
    public static let server = Kind("server error")
    /// The answer could not be read.
    public static let decoding = Kind("unreadable response")
    /// No answer: refused, timed out, no route.
    public static let transport = Kind("connection failed")
    /// Too many requests; try again at `until`, or after `retryAfter` seconds, when known.
    public static func rateLimited(until: Double?, retryAfter: Int?) -> Kind {
      Kind("rate limited", until: until, retryAfter: retryAfter)
    }
    /// Any `rateLimited` kind: a pattern for a `switch`.
    public static let rateLimited = Kind("rate limited")
    /// A parameter is missing or invalid.
    public static func badRequest(parameter: String?) -> Kind { Kind("bad request", parameter: parameter) }
    /// Any `badRequest` kind: a pattern for a `switch`.
    public static let badRequest = Kind("bad request")
    /// What was asked for is not there (an HTTP 404): `resource` names it, `parameter` the
    /// request parameter that chose it.
    public static func notFound(resource: String?, parameter: String?) -> Kind {
      Kind("not found", parameter: parameter, resource: resource)
    }
    /// Any `notFound` kind: a pattern for a `switch`.
    public static let notFound = Kind("not found")
    /// The credentials are missing, wrong or expired (an HTTP 401).
    public static let badCredentials = Kind("bad credentials")
    /// The credentials are good but not allowed this (an HTTP 403 that is not a rate limit).
    public static let forbidden = Kind("not allowed")
    /// An external plugin's program ended (exited, or was killed by a signal): the message says
    /// how, with the end of its log, and is shown alone.
    public static let plugin = Kind("plugin exited")

    /// Whether `value` is of `pattern`'s family, with every detail the pattern gives (not nil)
    /// the same: so `case .notFound:` matches any not-found kind.
    public static func ~= (pattern: Kind, value: Kind) -> Bool {
      pattern.name == value.name && (pattern.status == nil || pattern.status == value.status)
        && (pattern.parameter == nil || pattern.parameter == value.parameter)
        && (pattern.resource == nil || pattern.resource == value.resource)
        && (pattern.until == nil || pattern.until == value.until)
        && (pattern.retryAfter == nil || pattern.retryAfter == value.retryAfter)
    }

    /// The family's name, with the status of a server error: "server error 503", "not found".
    public var description: String {
      status.map { "\(name) \($0)" } ?? name
    }
  }

  /// What went wrong, for code to tell errors apart: `switch error.kind { case .notFound: … }`.
  public var kind: Kind
  /// A message a person can act on. It never carries a secret.
  public var message: String

  /// An error of `kind`, shown as `message`; the static functions below name each kind.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The server failed: a 5xx, or another status no other kind covers.
  public static func server(status: Int, _ message: String) -> Self { Self(.server(status: status), message) }
  /// The answer was not what the source expected: not JSON, or a member missing or of the
  /// wrong type.
  public static func decoding(_ message: String) -> Self { Self(.decoding, message) }
  /// No answer came: the connection was refused, timed out or found no route.
  public static func transport(_ message: String) -> Self { Self(.transport, message) }
  /// The request cannot be answered as asked: `parameter` names the request parameter at fault.
  public static func badRequest(_ message: String, parameter: String? = nil) -> Self {
    Self(.badRequest(parameter: parameter), message)
  }
  /// An external plugin's program ended (exited, or was killed by a signal); `message` says how.
  public static func plugin(_ message: String) -> Self { Self(.plugin, message) }
  /// `until` is seconds since 1970 (UTC).
  public static func rateLimited(_ message: String, until: Double? = nil, retryAfter: Int? = nil) -> Self {
    Self(.rateLimited(until: until, retryAfter: retryAfter), message)
  }
  /// Not there: `resource` names what was asked for ("station 'GHCND:X'"), `parameter` the
  /// request parameter that chose it ("id"); say both in `message` too.
  public static func notFound(_ message: String, resource: String? = nil, parameter: String? = nil) -> Self {
    Self(.notFound(resource: resource, parameter: parameter), message)
  }
  /// Missing, wrong or expired credentials: say in `message` which variable to set or check.
  public static func badCredentials(_ message: String) -> Self { Self(.badCredentials, message) }
  /// Credentials that are not allowed this.
  public static func forbidden(_ message: String) -> Self { Self(.forbidden, message) }

  /// How the runtime shows the error: the kind, then the message. "server error 503: …",
  /// "not found: …", "bad credentials: …", "not allowed: …", "rate limited: …", "bad request: …",
  /// "unreadable response: …", "connection failed: …".
  public var description: String {
    kind == .plugin ? message : "\(kind): \(message)"
  }
}
