extension JSON {
  /// The record with only `members` kept, as `JSON.parse(_:onlyMembers:options:)` keeps them: a
  /// member asked for whole is kept whole, one asked for in part keeps those parts of an object
  /// (any other value is kept whole), and the rest are dropped. Anything but an object is
  /// returned as it is. A list keeps its records this way, so that a page of records as large as
  /// an API makes them costs only what its screen reads.
  ///
  /// Deeper than `maximumDepth` the value is kept whole (keeping more is always safe), so that a
  /// template path of any length cannot make the walk as deep as it.
  package func keeping(_ members: RecordMembers) -> JSON {
    keeping(members, depth: 0)
  }

  static let keepingDepth = 32

  private func keeping(_ members: RecordMembers, depth: Int) -> JSON {
    guard case .object(let object) = self, depth < Self.keepingDepth else { return self }
    var kept = JSONObject()
    kept.reserveCapacity(Swift.min(object.members.count, members.parts.count))
    for (key, value) in object.members {
      switch members.parts[key] {
      case .whole?: kept.appendNew(key, value)
      case .only(let inner)?: kept.appendNew(key, value.keeping(inner, depth: depth + 1))
      case nil: continue
      }
    }
    return .object(kept)
  }
}
