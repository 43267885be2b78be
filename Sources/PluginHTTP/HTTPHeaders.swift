/// Header fields, looked up without regard to case, as HTTP defines them, and kept in the order
/// they came.
///
///     headers["ETag"] == headers["etag"]  // true
public struct HTTPHeaders: Sendable, Sequence {
  public typealias Field = (name: String, value: String)

  public private(set) var fields: [Field] = []

  public init() {}

  public init(_ fields: [(String, String)]) {
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
  public mutating func add(_ name: String, _ value: String) {
    fields.append((name, value))
  }

  /// Every value of the fields named `name`, in order.
  public func values(_ name: String) -> [String] {
    let key = name.lowercased()
    return fields.filter { $0.name.lowercased() == key }.map(\.value)
  }

  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }
}
