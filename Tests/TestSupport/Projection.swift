import ScreenKit

extension RecordMembers {
  /// What of `record` these members read, built from the whole record with no parser: what a
  /// source that reads only these members must give. Objects keep their order; an array or a
  /// scalar under a narrowed member is kept whole.
  package func project(_ record: JSON) -> JSON {
    guard case .object(let object) = record else { return record }
    var kept = JSONObject()
    for (key, value) in object.members {
      switch parts[key] {
      case .whole: kept[key] = value
      case .only(let inner): kept[key] = inner.project(value)
      case nil: continue
      }
    }
    return .object(kept)
  }
}
