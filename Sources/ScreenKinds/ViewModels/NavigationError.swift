import ScreenFormat
import ScreenKit

/// Why a screen could not be opened.
package enum NavigationError: Error, Sendable, CustomStringConvertible {
  case invalidScreen(ScreenLoadError)
  case missingParameters(String, [String])
  case cannotSelect(String)
  case dataSource(DataSourceError)

  package var description: String {
    switch self {
    case .invalidScreen(let error): error.description
    case .missingParameters(let file, let names):
      "\(file): error: this screen reads " + names.map { "{params.\($0)}" }.joined(separator: ", ")
        + "; pass " + names.map { "--param \($0)=VALUE" }.joined(separator: " ")
    case .cannotSelect(let reason): "cannot open: \(reason)"
    case .dataSource(let error): error.description
    }
  }
}
