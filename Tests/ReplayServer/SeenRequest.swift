/// A request the replay server received, as it arrived, and what became of it.
public struct SeenRequest: Sendable {
  public var method: String
  /// The path, still percent-encoded.
  public var path: String
  /// The query, decoded, in the order sent.
  public var query: [QueryItem]
  /// The request target exactly as sent: path and query.
  public var target: String
  /// Header fields in the order sent, names as sent.
  public var headers: [(name: String, value: String)]
  /// The status answered; nil when no answer went out (closed, or the client hung up first).
  public var status: Int?
  /// True when the client hung up while the server held the answer back.
  public var abandoned = false
  /// Which exchange answered: its fixture file, or nil when none matched (a 404).
  public var answeredFrom: String?

  /// The value of the first header named `name`, in any case.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The value of the first query parameter named `name`.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }
}
