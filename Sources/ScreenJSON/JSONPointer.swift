/// An RFC 6901 pointer into a JSON document, such as `/sections/2/fields/0/value`.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  package private(set) var tokens: [String]

  /// The pointer of `tokens`, each a member name or an array index as written (unescaped); no
  /// tokens is the root.
  public init(_ tokens: [String] = []) { self.tokens = tokens }

  /// The pointer to the whole document, to build others from: `.root / "items" / 0`.
  public static let root = JSONPointer()

  package func appending(_ key: String) -> JSONPointer { JSONPointer(tokens + [key]) }
  package func appending(_ index: Int) -> JSONPointer { JSONPointer(tokens + [String(index)]) }

  /// `pointer` followed by the member named `key`.
  public static func / (pointer: JSONPointer, key: String) -> JSONPointer { pointer.appending(key) }
  /// `pointer` followed by the array element at `index`.
  public static func / (pointer: JSONPointer, index: Int) -> JSONPointer { pointer.appending(index) }

  /// The pointer as text; the root is the empty string, which prints as `/` for people.
  public var description: String {
    tokens.isEmpty
      ? "/"
      : tokens.map {
        "/" + $0.replacingOccurrences("~", with: "~0").replacingOccurrences("/", with: "~1")
      }.joined()
  }
}

extension String {
  /// `replacingOccurrences(of:with:)` without Foundation, for the few places in the core that need it.
  package func replacingOccurrences(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    result += rest
    return result
  }
}
