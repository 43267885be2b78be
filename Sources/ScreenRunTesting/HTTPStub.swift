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
///     let live = PluginContext(mode: .live, environment: ["TRANSIT_API_URL": api.baseURL, "TRANSIT_TOKEN": "t0ken"])
///     let driver = ScreenDriver(plugins: [TransitPlugin.plugin], context: live)
///
/// Each request goes through the whole of `LiveService` and its `HTTPClient` (headers, the bearer
/// token, the error mapping, redaction, what `--explain` shows), and only the network is left
/// out: `baseURL` is `http://HOST` with a made-up host under `.invalid`, which no name server
/// resolves (RFC 6761), and the client asks this table for it instead. A key of the table is the
/// path and query as the request sends them, percent-encoded (`/stops?q=central&page=1`): the
/// answer of the exact key is given, else that of the path alone (`/stops`, for any query), else
/// a 404 whose JSON `message` says the table has no answer for it. `requests` is what was asked,
/// in order. The host stops answering when the stub is released.
public final class HTTPStub: Sendable {
  /// One answer of the table: its status, header fields and body.
  public struct Answer: Sendable {
    /// The status: 200, 404, 401, 429, …
    public var status: Int
    /// The header fields, in order (`[("Retry-After", "30")]`).
    public var headers: [(name: String, value: String)]
    /// The body, as sent.
    public var body: [UInt8]

    /// An answer of `status` with `headers` and the text `body`, as sent.
    public init(status: Int = 200, headers: [(String, String)] = [], body: String = "") {
      self.status = status
      self.headers = headers.map { (name: $0.0, value: $0.1) }
      self.body = Array(body.utf8)
    }

    /// An answer whose body is `body` written as JSON text, with `Content-Type: application/json`:
    /// `.json(["stops": [], "total": 0])`.
    public static func json(_ body: JSON, status: Int = 200, headers: [(String, String)] = []) -> Answer {
      Answer(status: status, headers: [("Content-Type", "application/json")] + headers, body: body.lineText)
    }
  }

  /// A request the stub was asked, as it was sent.
  public struct Request: Sendable {
    /// The path and query, percent-encoded, as the table's keys are written: `/stops?page=2`.
    public let target: String
    /// The header fields sent, secrets included, so a test can check them
    /// (`headers["Authorization"]`).
    public let headers: HTTPHeaders
  }

  /// Why a table file cannot be read: `description` names the file and what is wrong in it.
  public struct TableError: Error, CustomStringConvertible {
    /// What is wrong, and where.
    public let description: String
  }

  /// `http://HOST`: what to set the plugin's base URL variable to.
  public let baseURL: String
  private let host: String
  private let answers: [String: Answer]
  private let asked = Mutex<[Request]>([])
  private static let count = Atomic<Int>(0)

  /// A stub answering from `answers`, keyed by path and query as sent (or by path alone). `host`
  /// is the made-up host of `baseURL`, a name under `.invalid` (`transit.invalid`): give one when a
  /// frame or a message shows it, so it reads the same in every run, and give each stub alive at
  /// once its own (tests run in parallel). By default each stub gets a host of its own
  /// (`stub-1.invalid`, …). A host that is not under `.invalid`, or that another stub alive has,
  /// is recorded as a test issue, and the stub answers nothing.
  public init(_ answers: [String: Answer], host: String? = nil) {
    let host = (host ?? "stub-\(Self.count.add(1, ordering: .relaxed).newValue).invalid").lowercased()
    self.host = host
    self.answers = answers
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

  /// A stub answering from the table in the JSON file at `path` (relative to the current folder,
  /// the package's root under `swift test`): an object whose keys are paths and queries as sent,
  /// each with an object of `status` (200 by default), `headers` (an object of strings) and
  /// `body` (any JSON, sent as JSON text with `Content-Type: application/json`) or `text` (sent
  /// as it is):
  ///
  ///     { "/stops?q=&page=1&size=20": { "body": { "stops": [ … ], "total": 41 } },
  ///       "/stops/S9": { "status": 404, "body": { "message": "no stop S9" } } }
  public convenience init(file path: String, host: String? = nil) throws {
    let table: JSON
    do {
      table = try JSON.parse(try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw TableError(description: "cannot read the HTTPStub table \(path): \(error)")
    }
    guard let rows = table.objectValue else {
      throw TableError(description: "the HTTPStub table \(path) is \(table.typeDescription), not an object")
    }
    var answers: [String: Answer] = [:]
    for (target, row) in rows.members {
      func wrong(_ what: String) -> TableError {
        TableError(description: "the HTTPStub table \(path): the answer to '\(target)' \(what)")
      }
      guard row.objectValue != nil else { throw wrong("is \(row.typeDescription), not an object") }
      let status = row["status"] ?? .int(200)
      guard let status = status.intValue, (100...599).contains(status) else {
        throw wrong("has a status that is not a whole number from 100 to 599")
      }
      var headers: [(String, String)] = []
      if let fields = row["headers"], fields.objectValue == nil { throw wrong("has headers that are not an object") }
      for (name, value) in row["headers"]?.objectValue?.members ?? [] {
        guard let value = value.stringValue else { throw wrong("has a header '\(name)' that is not a string") }
        headers.append((name, value))
      }
      if let text = row["text"] {
        guard let text = text.stringValue else { throw wrong("has a text that is not a string") }
        answers[target] = Answer(status: status, headers: headers, body: text)
      } else {
        answers[target] = .json(row["body"] ?? .null, status: status, headers: headers)
      }
    }
    self.init(answers, host: host)
  }

  deinit {
    LocalAnswers.remove(host: host)
  }

  /// A live context whose environment sets `baseURLVariable` to `baseURL`, with `environment`
  /// besides (a token): what a `ScreenDriver` of the plugin is made with.
  ///
  ///     ScreenDriver(plugins: [TransitPlugin.plugin], context: api.live("TRANSIT_API_URL", ["TRANSIT_TOKEN": "t0k3n"]))
  public func live(_ baseURLVariable: String, _ environment: [String: String] = [:]) -> PluginContext {
    var environment = environment
    environment[baseURLVariable] = baseURL
    return PluginContext(mode: .live, environment: environment)
  }

  /// Every request asked so far, in order.
  public var requests: [Request] {
    asked.withLock { $0 }
  }

  private func answer(_ url: URL, _ headers: HTTPHeaders) -> LocalAnswers.Answer {
    let path = url.path(percentEncoded: true)
    let target = path + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
    asked.withLock { $0.append(Request(target: target, headers: headers)) }
    guard let answer = answers[target] ?? answers[path] else {
      let body: JSON = ["message": .string("the HTTPStub table has no answer for \(target)")]
      return LocalAnswers.Answer(
        status: 404, headers: HTTPHeaders([("Content-Type", "application/json")]), body: Array(body.lineText.utf8))
    }
    return LocalAnswers.Answer(
      status: answer.status, headers: HTTPHeaders(answer.headers.map { ($0.name, $0.value) }), body: answer.body)
  }
}
