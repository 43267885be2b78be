import FoundationEssentials
import ScreenKit

extension Arguments {
  /// The command line with `SCREENRUN_DATA` applied: `live` is the same as `--live`, `sample` (or
  /// unset) changes nothing, and any other value is a usage error rather than a silent default.
  func resolvingEnvironment(_ environment: [String: String]) throws(UsageError) -> Arguments {
    var resolved = self
    switch environment["SCREENRUN_DATA"]?.trimmingSpaces().lowercased() {
    case nil, "", "sample": break
    case "live": resolved.live = true
    case let other?:
      throw UsageError("SCREENRUN_DATA is '\(other)'; set it to 'live' or 'sample', or unset it")
    }
    return resolved
  }
}
