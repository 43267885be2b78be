/// Where a data source reports what it does while it answers a request: the requests it sends
/// on (an HTTP GET, a line to a plugin's program) and the status its answer brings.
///
/// The runtime sets an observer around each call into a data source (a task-local value, so
/// concurrent requests each report to their own); a source calls the static functions, which do
/// nothing when no one observes.
///
///     SourceActivity.sent(SentRequest(summary: "GET https://api.example/items?page=2"))
///     SourceActivity.report(SourceStatus(mode: .live, cached: true))
public enum SourceActivity {
  /// Who hears the reports of the request being answered on this task, if anyone.
  @TaskLocal package static var observer: (any SourceObserver)?

  /// Reports a request sent on to the data's origin. Secrets must already be removed.
  public static func sent(_ request: SentRequest) {
    observer?.sent(request)
  }

  /// Reports what an answer says of the source (fields left nil are not known).
  public static func report(_ status: SourceStatus) {
    observer?.answered(status)
  }
}

/// Hears what a data source reports while it answers one request.
package protocol SourceObserver: Sendable {
  func sent(_ request: SentRequest)
  func answered(_ status: SourceStatus)
}

/// A request a data source sent on, as a person reads it: `GET URL` or a protocol line, and its
/// header fields, with every secret already removed.
public struct SentRequest: Sendable, Equatable {
  /// One line: the method and URL (`GET https://…`), or the message sent (`{"type":"page",…}`).
  public var summary: String
  /// Header fields as `Name: value`, in the order sent.
  public var headers: [String]

  /// A request sent as `summary`, with its `headers`; remove every secret from both first.
  public init(summary: String, headers: [String] = []) {
    self.summary = summary
    self.headers = headers
  }
}
