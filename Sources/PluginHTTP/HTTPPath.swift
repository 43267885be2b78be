import ScreenKit

/// A request path whose values cannot escape their segment: what `LiveService.url(_:query:)`
/// takes.
///
/// Write it as a string: the literal text is the path as it is (already percent-encoded), and
/// each interpolated value is encoded as exactly one segment, so an id of `GHCND:X/../Y` reaches
/// the server as `/stations/GHCND%3AX%2F..%2FY` and never as `/stations/Y`. Name the parameter a
/// value came from, and an error about it (a `.` or `..`, an empty value) names it too:
///
///     try service.url("/stations/\(id, parameter: "id")/data", query: [("units", "metric")])
///     try service.url("/stations/\(id)")   // encoded the same; errors say "a value in the request path"
///
/// Or build it from segments, each one a value (`PathSegment`):
///
///     try service.url(["stations", .parameter("id", id), "data"], query: [("units", "metric")])
///
/// A path held in a `String` is taken as already encoded with `HTTPPath(encoded:)`. Whatever the
/// form, a path with a `.` or `..` segment (`%2e` and `%2E` included) is refused, since a server
/// or a proxy would resolve it to another path.
public struct HTTPPath: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  enum Part: Sendable {
    /// The author's own text, already encoded.
    case encoded(String)
    /// A value, encoded as one segment; `parameter` names where it came from.
    case value(String, parameter: String?)

    /// The text before encoding, to see what follows a value.
    var text: String {
      switch self {
      case .encoded(let text), .value(let text, _): text
      }
    }
  }

  var parts: [Part]

  /// A path that is already percent-encoded, such as one read from a setting. Its `.` and `..`
  /// segments are refused when a URL is made from it.
  public init(encoded path: String) {
    parts = [.encoded(path)]
  }

  public init(stringLiteral value: String) {
    parts = [.encoded(value)]
  }

  public init(stringInterpolation: StringInterpolation) {
    parts = stringInterpolation.parts
  }

  /// `/segment/segment/…`, each segment a value or the author's own text.
  public init(_ segments: [PathSegment]) {
    parts = segments.flatMap { segment -> [Part] in
      switch segment.storage {
      case .literal(let text): [.encoded("/"), .value(text, parameter: nil)]
      case .value(let text, let parameter): [.encoded("/"), .value(text, parameter: parameter)]
      }
    }
  }

  /// The interpolations of an `HTTPPath` literal: each value becomes one encoded segment.
  public struct StringInterpolation: StringInterpolationProtocol, Sendable {
    var parts: [Part] = []

    public init(literalCapacity: Int, interpolationCount: Int) {}

    /// The author's own text, as it is (already percent-encoded).
    public mutating func appendLiteral(_ literal: String) {
      parts.append(.encoded(literal))
    }

    /// A value, encoded as one segment (`/`, `?`, `#` and `%` included).
    public mutating func appendInterpolation(_ value: String) {
      parts.append(.value(value, parameter: nil))
    }

    /// A value from the request parameter `parameter`, encoded as one segment; an error about it
    /// names the parameter.
    public mutating func appendInterpolation(_ value: String, parameter: String) {
      parts.append(.value(value, parameter: parameter))
    }

    /// A number, such as a numeric id.
    public mutating func appendInterpolation<Number: BinaryInteger>(_ value: Number) {
      parts.append(.value(String(value), parameter: nil))
    }
  }

  /// One path after the other: `repository.path + "/commits/\(sha, parameter: "sha")"`.
  public static func + (lhs: HTTPPath, rhs: HTTPPath) -> HTTPPath {
    var path = lhs
    path.parts += rhs.parts
    return path
  }

  /// The path as it will be sent, each value encoded.
  public var description: String {
    parts.map { part in
      switch part {
      case .encoded(let text): text
      case .value(let text, _): HTTPURL.encode(text)
      }
    }.joined()
  }

  /// The request parameters its values came from, each once, in order.
  var parameters: [String] {
    var names: [String] = []
    for case .value(_, let parameter?) in parts where !names.contains(parameter) { names.append(parameter) }
    return names
  }

  /// The encoded path, or the error that says which value or segment cannot be sent.
  func encoded() throws(DataSourceError) -> String {
    var path = ""
    for (index, part) in parts.enumerated() {
      switch part {
      case .encoded(let text):
        path += text
      case .value(let text, let parameter):
        // An empty value is refused where it would be a whole segment ("/x/\(id)/y" would become
        // "/x//y"), and allowed inside one ("/v\(suffix)").
        let next = parts[(index + 1)...].first { !$0.text.isEmpty }
        let endsSegment = next.map { if case .encoded(let text) = $0 { text.hasPrefix("/") } else { false } } ?? true
        if text.isEmpty, path.isEmpty || path.hasSuffix("/"), endsSegment {
          throw HTTPURL.emptySegment(parameter: parameter)
        }
        path += try HTTPURL.segment(text, parameter: parameter, allowsEmpty: true)
      }
    }
    // Literal text can still hold a `.` or `..` segment ("/a/../b", "/a/%2e%2e/b").
    if let bad = HTTPURL.dotSegment(in: path) {
      throw .badRequest(
        "the request path '\(path)' holds the segment '\(bad)', which a server would resolve to another path",
        parameter: nil)
    }
    return path
  }
}

/// One segment of a request path, for `HTTPPath([…])` and `LiveService.url(_:query:)`: the
/// author's own text (a string literal), or a value, encoded so that it stays one segment.
///
///     ["repos", .parameter("owner", owner), .parameter("repo", name), "commits"]
public struct PathSegment: Sendable, ExpressibleByStringLiteral {
  enum Storage: Sendable {
    case literal(String)
    case value(String, parameter: String?)
  }

  let storage: Storage

  /// A fixed segment such as `"stations"`; it too is encoded as one segment.
  public init(stringLiteral value: String) {
    storage = .literal(value)
  }

  /// A value from the request parameter `name`: an error about it (`.`, `..`, empty) names it.
  public static func parameter(_ name: String, _ value: String) -> PathSegment {
    PathSegment(storage: .value(value, parameter: name))
  }

  /// A value that came from no parameter (a value read from an earlier answer).
  public static func value(_ value: String) -> PathSegment {
    PathSegment(storage: .value(value, parameter: nil))
  }

  private init(storage: Storage) {
    self.storage = storage
  }
}
