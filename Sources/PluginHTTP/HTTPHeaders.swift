/// Header fields, looked up without regard to case, as HTTP defines them, and kept in the order
/// they came.
///
///     headers["ETag"] == headers["etag"]  // true
public struct HTTPHeaders: Sendable, Sequence {
  /// One header field, as iterating the headers gives it: `for (name, value) in response.headers`.
  public typealias Field = (name: String, value: String)

  package private(set) var fields: [Field] = []

  /// No fields; set them with the subscript: `headers["Authorization"] = "Bearer \(token)"`.
  public init() {}

  package init(_ fields: [(String, String)]) {
    for (name, value) in fields { add(name, value) }
  }

  /// The value of the first field named `name`, or nil.
  public subscript(name: String) -> String? {
    get {
      let key = name.lowercased()
      return fields.first { $0.name.lowercased() == key }?.value
    }
    set {
      let key = name.lowercased()
      fields.removeAll { $0.name.lowercased() == key }
      if let newValue { add(name, newValue) }
    }
  }

  /// Adds a field, keeping any of the same name (a response may send `Link` twice).
  package mutating func add(_ name: String, _ value: String) {
    fields.append((name, value))
  }

  /// Every value of the fields named `name`, in order.
  package func values(_ name: String) -> [String] {
    let key = name.lowercased()
    return fields.filter { $0.name.lowercased() == key }.map(\.value)
  }

  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }
}
