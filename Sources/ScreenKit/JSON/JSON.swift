/// A JSON value, as parsed from a screen file or a data source's response.
///
/// Records from data sources stay `JSON` all the way to the renderer, so a screen can bind any
/// field that an API returns:
///
///     let record = try JSON.parse(#"{"name": "Iron Man", "comics": {"available": 2664}}"#)
///     record[path: ["comics", "available"]]  // .int(2664)
public enum JSON: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSON])
  case object(JSONObject)
}

extension JSON {
  /// The member named `key` of an object, or nil for a missing key or a non-object.
  public subscript(key: String) -> JSON? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  /// The element at `index` of an array, or nil when out of range or not an array.
  public subscript(index: Int) -> JSON? {
    guard case .array(let array) = self, array.indices.contains(index) else { return nil }
    return array[index]
  }

  /// Follows a path of object keys and array indexes (`["comics", "items", "0", "name"]`).
  /// A component that is all digits indexes an array; on an object it is an ordinary key.
  public subscript(path path: some Sequence<String>) -> JSON? {
    var current = self
    for component in path {
      switch current {
      case .object(let object):
        guard let next = object[component] else { return nil }
        current = next
      case .array(let array):
        guard let index = Int(component), array.indices.contains(index) else { return nil }
        current = array[index]
      default:
        return nil
      }
    }
    return current
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
    default: return nil
    }
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var arrayValue: [JSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  public var isNull: Bool { self == .null }

  /// The name of this value's type, as a message to a person says it ("a string", "an object").
  public var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .int: "an integer"
    case .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// A JSON object that remembers the order of its keys, so problems are reported in file order.
public struct JSONObject: Sendable, Hashable {
  public private(set) var keys: [String] = []
  private var values: [String: JSON] = [:]

  public init() {}

  public init(_ pairs: KeyValuePairs<String, JSON>) {
    for (key, value) in pairs { self[key] = value }
  }

  public subscript(key: String) -> JSON? {
    get { values[key] }
    set {
      if let newValue {
        if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
      } else if values.removeValue(forKey: key) != nil {
        keys.removeAll { $0 == key }
      }
    }
  }

  public var count: Int { keys.count }
  public var isEmpty: Bool { keys.isEmpty }

  /// The members in key order.
  public var members: [(key: String, value: JSON)] {
    keys.map { ($0, values[$0]!) }
  }

  mutating func reserveCapacity(_ count: Int) {
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
  }

  /// Appends a member whose key is known to be new (the parser rejects or folds duplicates).
  mutating func appendNew(_ key: String, _ value: JSON) {
    if values.updateValue(value, forKey: key) == nil { keys.append(key) }
  }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral,
  ExpressibleByFloatLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(nilLiteral: ()) { self = .null }
  public init(arrayLiteral elements: JSON...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSON)...) {
    var object = JSONObject()
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}
