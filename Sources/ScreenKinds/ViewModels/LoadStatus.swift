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
