import Foundation
import ScreenKit

/// Reads the recorded exchanges in `Tests/Fixtures/Recorded` (see its README) into exchanges the
/// replay server can answer with. The recordings come from several tools, so each part has more
/// than one shape: the URL under `url` or `uri`; headers as `[[name, value]]`, `{name: value}` or
/// `{name: [values]}`; the body as JSON, or verbatim under `body_raw`.
public enum RecordedFixtures {
  /// `Tests/Fixtures/Recorded` in this checkout.
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Recorded", isDirectory: true)

  /// A fixture file by its path under `Tests/Fixtures/Recorded` (`"marvel/marvel_vcr_…json"`).
  public static func url(_ relativePath: String) -> URL {
    directory.appendingPathComponent(relativePath)
  }

  /// Why a fixture could not be read.
  public struct LoadError: Error, CustomStringConvertible {
    public var description: String
  }

  /// The exchanges recorded in `file`, a `*_vcr_*` file with an `exchanges` array.
  public static func exchanges(in file: URL) throws(LoadError) -> [RecordedExchange] {
    let json = try document(file)
    guard let exchanges = json["exchanges"]?.arrayValue else {
      throw LoadError(
        description: "\(file.lastPathComponent): no 'exchanges' array (a body-only fixture? use body(of:))")
    }
    var result: [RecordedExchange] = []
    for (index, exchange) in exchanges.enumerated() {
      let place = "\(file.lastPathComponent) exchange \(index)"
      guard let request = exchange["request"], let response = exchange["response"],
        let address = (request["url"] ?? request["uri"])?.stringValue,
        let components = URLComponents(string: address)
      else { throw LoadError(description: "\(place): no request url or no response") }
      guard let status = response["status"]?.intValue else { throw LoadError(description: "\(place): no status") }
      var origin = "\(components.scheme ?? "http")://\(components.host ?? "")"
      if let port = components.port { origin += ":\(port)" }
      result.append(
        RecordedExchange(
          method: request["method"]?.stringValue ?? "GET",
          path: components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath,
          query: QueryText.items(components.percentEncodedQuery ?? ""),
          response: ReplayResponse(status: status, headers: headers(response["headers"]), body: body(response)),
          recordedOrigin: origin, source: file.lastPathComponent))
    }
    return result
  }

  /// The body of a body-only fixture (the JSON exactly as stored), to answer with.
  public static func body(of file: URL) throws(LoadError) -> [UInt8] {
    do {
      return Array(try Data(contentsOf: file))
    } catch {
      throw LoadError(description: "cannot read \(file.path): \(error.localizedDescription)")
    }
  }

  /// Every file under `url` (a file or a folder, searched recursively) that holds recorded
  /// exchanges, in name order.
  public static func exchangeFiles(under url: URL) -> [URL] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return [url] }
    let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
    var files: [URL] = []
    while let file = enumerator?.nextObject() as? URL {
      guard file.pathExtension == "json", let json = try? document(file), json["exchanges"] != nil else { continue }
      files.append(file)
    }
    return files.sorted { $0.path < $1.path }
  }

  /// The exchanges recorded in every file under `roots` (files or folders), as the replay-server
  /// tool serves them: when two files record the same request (method, path and query, leaving
  /// out the query items in `ignored`), the first file in name order keeps it. `log` hears of each
  /// request left to another file, and of each file or folder that could not be read.
  public static func serving(
    _ roots: [URL], ignoring ignored: Set<String>, log: (String) -> Void = { _ in }
  ) -> [RecordedExchange] {
    var exchanges: [RecordedExchange] = []
    var owners: [String: String] = [:]
    for root in roots {
      let files = exchangeFiles(under: root)
      if files.isEmpty { log("replay-server: warning: no recorded exchanges in \(root.path)") }
      for file in files {
        do {
          for exchange in try Self.exchanges(in: file) {
            let query = (exchange.query ?? []).filter { !ignored.contains($0.name) }.sorted()
            let key =
              "\(exchange.method) \(exchange.path)"
              + (query.isEmpty ? "" : "?" + query.map(\.description).joined(separator: "&"))
            if let owner = owners[key], owner != exchange.source {
              log("replay-server: \(key) is answered by \(owner), not \(exchange.source)")
              continue
            }
            owners[key] = exchange.source
            exchanges.append(exchange)
          }
        } catch {
          log("replay-server: warning: skipped \(error)")
        }
      }
    }
    return exchanges
  }

  /// `exchanges`, each 2xx answer with no `ETag` given one made from its body (a strong tag, the
  /// same for the same bytes), as GitHub's API tags its answers: many recordings dropped the
  /// header, and without it the server has no conditional request to answer with a 304.
  public static func tagged(_ exchanges: [RecordedExchange]) -> [RecordedExchange] {
    exchanges.map { exchange in
      guard (200..<300).contains(exchange.response.status), exchange.response.header("ETag") == nil else {
        return exchange
      }
      var tagged = exchange
      tagged.response.headers.append(("ETag", etag(of: exchange.response.body)))
      return tagged
    }
  }

  /// A quoted tag from `body`'s 64-bit FNV-1a hash.
  static func etag(of body: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
  }

  private static func document(_ file: URL) throws(LoadError) -> JSON {
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw LoadError(description: "cannot read \(file.path): \(error.localizedDescription)")
    }
    do {
      return try JSON.parse(Array(data), options: .response)
    } catch {
      throw LoadError(description: "\(file.lastPathComponent):\(error)")
    }
  }

  /// Header fields the server writes itself, or that describe a body it no longer sends that way
  /// (the recordings store bodies decoded, so `Content-Encoding: gzip` would be a lie).
  static let replacedHeaders: Set<String> = [
    "content-length", "transfer-encoding", "content-encoding", "connection", "keep-alive", "status",
  ]

  private static func headers(_ json: JSON?) -> [(name: String, value: String)] {
    var fields: [(name: String, value: String)] = []
    switch json {
    case .array(let pairs):
      for pair in pairs {
        if let name = pair[0]?.stringValue, let value = pair[1].flatMap(text) { fields.append((name, value)) }
      }
    case .object(let object):
      for (name, value) in object.members {
        if let values = value.arrayValue {
          fields += values.compactMap(text).map { (name, $0) }
        } else if let value = text(value) {
          fields.append((name, value))
        }
      }
    default:
      break
    }
    return fields.filter { !replacedHeaders.contains($0.name.lowercased()) }
  }

  private static func text(_ json: JSON) -> String? {
    switch json {
    case .string(let value): value
    case .int(let value): String(value)
    default: nil
    }
  }

  private static func body(_ response: JSON) -> [UInt8] {
    if let raw = response["body_raw"]?.stringValue { return Array(raw.utf8) }
    switch response["body"] {
    case nil, .null?: return []
    case .string(let text)?: return Array(text.utf8)
    case let value?: return JSONText.bytes(value)
    }
  }
}

/// Query strings to decoded items, the way a server reads them (`+` is a space).
enum QueryText {
  static func items(_ query: String) -> [QueryItem] {
    query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return QueryItem(decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
    }
  }

  static func decode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}
