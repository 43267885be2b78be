import ScreenFormat
import ScreenJSON
import ScreenKit

/// Where a screen's loading stands: nothing asked yet, a request on its way, loaded, or the error
/// that the last request ended in. Every kind that loads from a data source keeps one.
package enum LoadStatus: Sendable, Equatable {
  case idle, loading, loaded
  case error(DataSourceError)

  /// The error it stands in, if any.
  package var error: DataSourceError? {
    if case .error(let error) = self { return error }
    return nil
  }
}

/// A count that goes up when the data a screen shows changes (`Kind.dataRevision`). Any two are
/// equal: it is bookkeeping, so a state compared whole (as a test states it) is compared by what
/// it shows, as `PageHistory` is.
package struct DataRevision: Sendable, Equatable {
  package private(set) var value = 0

  package init() {}

  /// The data shown changed.
  package mutating func bump() { value &+= 1 }

  package static func == (_: DataRevision, _: DataRevision) -> Bool { true }
}
