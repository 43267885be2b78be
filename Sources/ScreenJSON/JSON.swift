/// A JSON value, as parsed from a screen file or a data source's response.
///
/// Records from data sources stay `JSON` all the way to the renderer, so a screen can bind any
/// field that an API returns:
///
///     let record = try JSON.parse(#"{"name": "Iron Man", "comics": {"available": 2664}}"#)
///     record[path: ["comics", "available"]]  // .int(2664)
public enum JSON: Sendable, Hashable {
  /// JSON `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number written with no fraction and no exponent that fits 64 bits: `42`, `-7`.
  case int(Int)
  /// Any other number that a `Double` holds: `3.5`, `1e3`.
  case double(Double)
  /// An integer that does not fit 64 bits, as its decimal digits (with a leading `-` when it is
  /// negative): `18446744073709551616`. Only a number written with no fraction and no exponent
  /// that `Int` cannot hold is one; every other integer is `int`.
  case bigInteger(String)
  /// A string, its escapes decoded.
  case string(String)
  /// An array, in order.
  case array([JSON])
  /// An object, its members in the order they were written.
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

  /// The string, or nil for any other value.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer: an `int`, or a `double` with no fraction under 9e15 in size (`3.0` is 3);
  /// nil for any other value.
  public var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
    default: return nil
    }
  }

  package var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements of an array, or nil for any other value.
  public var arrayValue: [JSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members of an object, or nil for any other value.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// Whether this is `null`.
  public var isNull: Bool { self == .null }

  /// The name of this value's type, as a message to a person says it ("a string", "an object").
  public var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .int: "an integer"
    case .bigInteger: "an integer too big for 64 bits"
    case .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// A JSON object that remembers the order of its keys, so problems are reported in file order.
///
/// The members are one array of pairs, in order. An API record has a dozen keys or so, and
/// finding one among them by comparing keys costs less than hashing it, where a dictionary per
/// object would cost a hash table and a second array for every record parsed (BENCHMARKS.md).
/// Objects with many keys (a map of ids, say) get an index from key to position as well, so a
/// lookup there stays cheap.
public struct JSONObject: Sendable {
  /// The members in key order.
  public private(set) var members: [(key: String, value: JSON)] = []
  /// Each key's position in `members`, once there are more than `indexThreshold` of them.
  private var index: [String: Int]?

  /// Objects up to this many members are searched in order; bigger ones are indexed.
  static let indexThreshold = 16

  /// An object with no members.
  public init() {}

  /// An object of `pairs`, in order (a key given twice keeps its last value, in its first place):
  /// `JSONObject(["id": .int(7), "title": "Dune"])`.
  public init(_ pairs: KeyValuePairs<String, JSON>) {
    for (key, value) in pairs { self[key] = value }
  }

  /// The member named `key`, or nil. Setting a new key appends it; setting an existing one keeps
  /// its place; setting nil removes it.
  public subscript(key: String) -> JSON? {
    get { position(of: key).map { members[$0].value } }
    set {
      if let position = position(of: key) {
        if let newValue {
          members[position].value = newValue
        } else {
          members.remove(at: position)
          index = nil
          buildIndexIfLarge()
        }
      } else if let newValue {
        appendNew(key, newValue)
      }
    }
  }

  /// The keys, in order.
  package var keys: [String] { members.map(\.key) }
  /// How many members the object has.
  public var count: Int { members.count }
  package var isEmpty: Bool { members.isEmpty }

  package mutating func reserveCapacity(_ count: Int) {
    members.reserveCapacity(count)
  }

  /// Appends a member whose key is known to be new (the parser rejects or folds duplicates).
  mutating func appendNew(_ key: String, _ value: JSON) {
    members.append((key, value))
    if index != nil {
      index![key] = members.count - 1
    } else {
      buildIndexIfLarge()
    }
  }

  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    return members.firstIndex { $0.key == key }
  }

  private mutating func buildIndexIfLarge() {
    guard index == nil, members.count > Self.indexThreshold else { return }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(members.count)
    for (position, member) in members.enumerated() { positions[member.key] = position }
    index = positions
  }
}

extension JSONObject: Hashable {
  /// Equal when the same keys hold equal values in the same order (the index is only a cache).
  public static func == (left: JSONObject, right: JSONObject) -> Bool {
    left.members.count == right.members.count
      && zip(left.members, right.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(members.count)
    for member in members {
      hasher.combine(member.key)
      hasher.combine(member.value)
    }
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
