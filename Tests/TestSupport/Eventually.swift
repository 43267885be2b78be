import Foundation

/// Polls `condition` every `interval` until it holds or `limit` has passed, and says whether it
/// held: a bounded wait for something another process does, not a timing assertion. The limit is
/// wall time, so a slow check on a busy machine shortens the wait instead of stretching it.
package func eventually(
  within limit: Duration = .seconds(60), every interval: Duration = .milliseconds(10),
  _ condition: () throws -> Bool
) async rethrows -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  while true {
    if try condition() { return true }
    if clock.now >= deadline { return false }
    try? await Task.sleep(for: interval)
  }
}
