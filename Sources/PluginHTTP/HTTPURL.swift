import FoundationEssentials
import ScreenKit

/// Builds request URLs: a base address from the environment, a path, and a query encoded
/// strictly, so a search for `C++ & co` arrives as typed and not as a space and another parameter.
public enum HTTPURL {
  /// The base address in `variable`, or `fallback` when it is unset. It must be an http or https
  /// URL with a host and no query or fragment (`WebURL.baseProblem`); anything else is an error
  /// that names the variable when it was set, and the default when it stood in.
  package static func base(
    from environment: [String: String], variable: String, default fallback: String, redactor: Redactor
  ) throws(DataSourceError) -> URL {
    let text = environment[variable]?.trimmingWhitespace() ?? ""
    let address = text.isEmpty ? fallback : text
    let problem = WebURL.baseProblem(address)
    if problem == nil, let url = URL(string: address) { return url }
    let why = problem ?? "is not a URL"
    // The default is offered as the example only when it is one.
    let example = WebURL.baseProblem(fallback) == nil && !text.isEmpty ? fallback : "https://api.example.com"
    let unset = environment[variable] == nil ? "is not set" : "is blank"
    throw .badRequest(
      text.isEmpty
        ? "\(variable) \(unset), and its default '\(redactor(address))' \(why); set \(variable) to an http or https address such as \(example)"
        : "\(variable) is '\(redactor(address))', which \(why); set it to an http or https address such as \(example)",
      parameter: variable)
  }

  /// `base` with `path` appended to its own path and `query` as its query. `path` is already
  /// percent-encoded (make a segment from a value with `segment(_:parameter:)`, or build the path
  /// as an `HTTPPath`); nil when it holds anything a URL path cannot, such as a space, or a `.` or
  /// `..` segment (`%2e` included), which a server would resolve to another path.
  package static func make(base: URL, path: String, query: [(String, String)] = []) -> URL? {
    guard isEncodedPath(path), dotSegment(in: path) == nil,
      var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
    else {
      return nil
    }
    var basePath = components.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    components.percentEncodedPath = basePath + path
    components.percentEncodedQuery = query.isEmpty ? nil : self.query(query)
    return components.url
  }

  /// Whether `path` holds only what RFC 3986 allows in a path: unreserved characters, sub-delims,
  /// `:`, `@`, `/`, and `%` followed by two hex digits.
  static func isEncodedPath(_ path: String) -> Bool {
    let bytes = Array(path.utf8)
    let hex = { (byte: UInt8) in (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 102) }
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        continue
      case UInt8(ascii: "%"):
        guard index + 2 < bytes.count, hex(bytes[index + 1]), hex(bytes[index + 2]) else { return false }
      default:
        guard "-._~!$&'()*+,;=:@/".utf8.contains(byte) else { return false }
      }
    }
    return true
  }

  /// `name=value&…`, each part percent-encoded.
  package static func query(_ items: [(String, String)]) -> String {
    items.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
  }

  /// Every byte but RFC 3986's unreserved characters as `%XX`.
  package static func encode(_ text: String) -> String {
    var output = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return output
  }

  /// A path segment from a value: encoded, so `/`, `?`, `#`, `%` and `../` in an id stay inside
  /// the segment (`"../a?b"` is `..%2Fa%3Fb`). A value that is exactly `.` or `..`, or empty, is
  /// refused with a `.badRequest` naming `parameter`: no encoding keeps a server from resolving
  /// `.` and `..` (RFC 3986 treats `%2E` as `.`), and an empty one leaves `//` in the path.
  ///
  ///     let path = "/stations/" + (try HTTPURL.segment(id, parameter: "id"))
  public static func segment(_ text: String, parameter: String? = nil) throws(DataSourceError) -> String {
    try segment(text, parameter: parameter, allowsEmpty: false)
  }

  static func segment(_ text: String, parameter: String?, allowsEmpty: Bool) throws(DataSourceError) -> String {
    if text.isEmpty, !allowsEmpty { throw emptySegment(parameter: parameter) }
    if text == "." || text == ".." {
      throw .badRequest(
        "\(valueName(parameter)) is '\(text)', which cannot be a path segment: a server would resolve it to "
          + "another path", parameter: parameter)
    }
    return encode(text)
  }

  static func emptySegment(parameter: String?) -> DataSourceError {
    .badRequest(
      "\(valueName(parameter)) is empty, which would leave an empty segment in the request path", parameter: parameter)
  }

  private static func valueName(_ parameter: String?) -> String {
    parameter.map { "the parameter '\($0)'" } ?? "a value in the request path"
  }

  /// The first segment of an encoded `path` that is `.` or `..`, with `%2E` or `%2e` decoded as
  /// RFC 3986 says they are; nil when there is none.
  static func dotSegment(in path: String) -> String? {
    path.split(separator: "/", omittingEmptySubsequences: true).first { segment in
      let text = String(segment).replacingOccurrences("%2e", with: ".").replacingOccurrences("%2E", with: ".")
      return text == "." || text == ".."
    }.map(String.init)
  }

  /// `text` as an absolute http or https URL, its scheme lowercased (schemes are not case
  /// sensitive: `HTTP://api.example` is `http://api.example`) and the rest kept exactly; nil when
  /// it is not one. Hosts are compared without regard to case by `sameOrigin`.
  package static func absolute(_ text: String) -> URL? {
    guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
    else { return nil }
    components.scheme = scheme
    return components.url
  }

  /// `reference`, a URL that an answer gave for its next page, resolved against `url`, the URL
  /// that answer came from, as RFC 3986 section 5 resolves a reference (`/items?page=2`,
  /// `?page=2`, `items?page=2`); an absolute URL stays as it is. Nil when the reference is empty
  /// or blank, which names no page. Where the result leads is checked where it is followed
  /// (`LiveService.follow`): a reference like `//elsewhere.example/x` resolves to another host.
  package static func resolving(_ reference: String, against url: URL) -> String? {
    let reference = reference.trimmingWhitespace()
    guard !reference.isEmpty else { return nil }
    if absolute(reference) != nil { return reference }
    return URL(string: reference, relativeTo: url)?.absoluteString ?? reference
  }

  /// Whether `url` is on the same origin as `base`: scheme, host and port, without regard to case,
  /// a missing port counting as the scheme's own.
  package static func sameOrigin(_ url: URL, _ base: URL) -> Bool {
    originDifference(url, base).isEmpty
  }

  /// What differs between the origins of `url` and `base`, for a message: "host 'elsewhere.example'
  /// (not '127.0.0.1')". Empty when they are the same.
  package static func originDifference(_ url: URL, _ base: URL) -> [String] {
    let (left, right) = (Origin(url), Origin(base))
    var differences: [String] = []
    if left.scheme != right.scheme { differences.append("scheme '\(left.scheme)' (not '\(right.scheme)')") }
    if left.host != right.host { differences.append("host '\(left.host)' (not '\(right.host)')") }
    if left.port != right.port { differences.append("port \(left.port) (not \(right.port))") }
    return differences
  }

  /// Scheme, host and port, lowercased, with the scheme's default port filled in.
  private struct Origin {
    let scheme: String
    let host: String
    let port: Int

    init(_ url: URL) {
      scheme = url.scheme?.lowercased() ?? ""
      host = url.host?.lowercased() ?? ""
      port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
    }
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}

extension HTTPResponse {
  /// The body as JSON; a body that is not JSON is a decoding error naming where it came from and
  /// where the text went wrong.
  public func json() throws(DataSourceError) -> JSON {
    guard !body.isEmpty else { throw .decoding("\(place) is empty (status \(status)); expected JSON") }
    do {
      return try JSON.parse(body, options: .response)
    } catch {
      if error.exceedsValueLimit { throw .decoding("\(place) holds \(error.message); it is not read") }
      throw .decoding("\(place) is not valid JSON (line \(error.line), column \(error.column): \(error.message))")
    }
  }

  /// The path that was asked for, as sent: percent-encoded, so that a value's `/` or `..` reads as
  /// the part of one segment it was (`/stations/GHCND%3AX%2F..%2FY`), never as a path that escaped.
  package var sentPath: String {
    let path = url.path(percentEncoded: true)
    return path.isEmpty ? "/" : path
  }

  /// The answer as a message names it: "the answer from books.example to /books/7".
  package var place: String {
    "the answer from \(url.host ?? "the server") to \(sentPath)"
  }
}
