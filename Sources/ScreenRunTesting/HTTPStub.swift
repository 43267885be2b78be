import FoundationEssentials
import PluginHTTP
import ScreenKit
import Synchronization
import Testing

/// Answers a live source's HTTP requests from a table (status, header fields, body) with no
/// server and no port, in the spirit of Vapor's `Application.testable()`: point the plugin's base
/// URL variable at `baseURL` and drive its screens in live mode.
///
///     let api = try HTTPStub(file: "Tests/TransitPluginTests/api.json")
///     let live = PluginContext(mode: .live, environment: ["TRANSIT_API_URL": api.baseURL, "TRANSIT_TOKEN": "t0k3n"])
///     let driver = ScreenDriver(plugins: [TransitPlugin.plugin], context: live)
///
/// Each request goes through the whole of `LiveService` and its `HTTPClient` (headers, the bearer
/// token, the error mapping, redaction, what `--explain` shows), and only the network is left
/// out: `baseURL` is `http://HOST` with a made-up host under `.invalid`, which no name server
/// resolves (RFC 6761), and the client asks this table for it instead.
///
/// The table is a JSON object. Each key is a path and query as the request sends them,
/// percent-encoded (`/stops?q=central&page=1`), or a path alone, for any query; each value an
/// object of `status` (200 by default), `headers` (an object of strings) and either `body` (any
/// JSON, sent as JSON text with `Content-Type: application/json`) or `text` (sent as it is):
///
///     { "/stops?q=&page=1&size=20": { "body": { "stops": [ … ], "total": 41 } },
///       "/stops/S9": { "status": 404, "body": { "message": "no stop S9" } },
///       "/limited": { "status": 429, "headers": { "Retry-After": "30" }, "text": "slow down" } }
///
/// A request gets the answer of its exact key, else that of its path alone, else a 404 whose JSON
/// `message` says the table has no answer for it. `requests` is what was asked, in order. The
/// host stops answering when the stub is released.
public final class HTTPStub: Sendable {
  private struct Answer: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
  }

  /// `http://HOST`: what to set the plugin's base URL variable to.
  public let baseURL: String
  private let host: String
  private let answers: [String: Answer]
  private let asked = Mutex<[(target: String, headers: HTTPHeaders)]>([])
  private static let count = Atomic<Int>(0)

  /// A stub answering from `table` (the object described above), as a JSON value:
  /// `try HTTPStub(["/stops/S1": ["body": ["stop": ["id": "S1"]]]])`. It throws, naming the key,
  /// when the table is not such an object.
  ///
  /// `host` is the made-up host of `baseURL`, a name under `.invalid` (`transit.invalid`): give
  /// one when a frame or a message shows it, so it reads the same in every run, and give each stub
  /// alive at once its own (tests run in parallel). By default each stub gets a host of its own
  /// (`stub-1.invalid`, …). A host that is not under `.invalid`, or that another stub alive has,
  /// is recorded as a test issue, and the stub answers nothing.
  public convenience init(_ table: JSON, host: String? = nil) throws {
    self.init(answers: try Self.answers(table, "the HTTPStub table"), host: host)
  }

  /// A stub answering from the table in the JSON file at `path`, relative to the current folder
  /// (the package's root under `swift test`); see `init(_:host:)`.
  public convenience init(file path: String, host: String? = nil) throws {
    let table: JSON
    do {
      table = try JSON.parse(try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw TableError(description: "cannot read the HTTPStub table \(path): \(error)")
    }
    self.init(answers: try Self.answers(table, "the HTTPStub table \(path)"), host: host)
  }

  private init(answers: [String: Answer], host: String?) {
    self.answers = answers
    let host = (host ?? "stub-\(Self.count.add(1, ordering: .relaxed).newValue).invalid").lowercased()
    self.host = host
    baseURL = "http://\(host)"
    let registered = LocalAnswers.register(host: host) { [weak self] url, headers in
      self?.answer(url, headers) ?? LocalAnswers.Answer(status: 503, headers: HTTPHeaders(), body: [])
    }
    if !registered {
      Issue.record(
        Comment(
          rawValue: "HTTPStub cannot answer for '\(host)': "
            + (LocalAnswers.accepts(host) ? "another HTTPStub answers for it" : "its host must end in '.invalid'")))
    }
  }

  deinit {
    LocalAnswers.remove(host: host)
  }

  /// The path and query of every request asked so far, in order, as the table's keys are
  /// written: `["/stops?q=&page=1&size=3", "/stops/S5"]`.
  public var requests: [String] {
    asked.withLock { $0.map(\.target) }
  }

  /// Every request asked so far, with the header fields sent (secrets included).
  package var sent: [(target: String, headers: HTTPHeaders)] {
    asked.withLock { $0 }
  }

  private func answer(_ url: URL, _ headers: HTTPHeaders) -> LocalAnswers.Answer {
    let path = url.path(percentEncoded: true)
    let target = path + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
    asked.withLock { $0.append((target, headers)) }
    guard let answer = answers[target] ?? answers[path] else {
      let body: JSON = ["message": .string("the HTTPStub table has no answer for \(target)")]
      return LocalAnswers.Answer(
        status: 404, headers: HTTPHeaders([("Content-Type", "application/json")]), body: Array(body.lineText.utf8))
    }
    return LocalAnswers.Answer(status: answer.status, headers: HTTPHeaders(answer.headers), body: answer.body)
  }

  private static func answers(_ table: JSON, _ name: String) throws -> [String: Answer] {
    guard let rows = table.objectValue else {
      throw TableError(description: "\(name) is \(table.typeDescription), not an object")
    }
    var answers: [String: Answer] = [:]
    for (target, row) in rows.members {
      func wrong(_ what: String) -> TableError {
        TableError(description: "\(name): the answer to '\(target)' \(what)")
      }
      guard row.objectValue != nil else { throw wrong("is \(row.typeDescription), not an object") }
      guard let status = (row["status"] ?? .int(200)).intValue, (100...599).contains(status) else {
        throw wrong("has a status that is not a whole number from 100 to 599")
      }
      if let fields = row["headers"], fields.objectValue == nil { throw wrong("has headers that are not an object") }
      var headers: [(String, String)] = []
      for (field, value) in row["headers"]?.objectValue?.members ?? [] {
        guard let value = value.stringValue else { throw wrong("has a header '\(field)' that is not a string") }
        headers.append((field, value))
      }
      if let text = row["text"] {
        guard let text = text.stringValue else { throw wrong("has a text that is not a string") }
        answers[target] = Answer(status: status, headers: headers, body: Array(text.utf8))
      } else {
        answers[target] = Answer(
          status: status, headers: [("Content-Type", "application/json")] + headers,
          body: Array((row["body"] ?? .null).lineText.utf8))
      }
    }
    return answers
  }
}

/// Why a table cannot be read: names the table, the key and what is wrong.
private struct TableError: Error, CustomStringConvertible {
  let description: String
}
