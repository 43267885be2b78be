import Foundation

/// A fresh folder under the system's temporary folder, for a test's `XDG_CACHE_HOME`; removed
/// by `remove()`.
public struct TemporaryDirectory: Sendable {
  public let url: URL

  public init(_ label: String = "test") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenrun-\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public var path: String { url.path }

  /// Every file below this folder, as paths relative to it, sorted.
  public func files() -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: url.path)
    var files: [String] = []
    while let next = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.appendingPathComponent(next).path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(next)
      }
    }
    return files.sorted()
  }

  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

extension ReplayServer {
  /// Waits, a bounded number of times, until `condition` holds of the requests seen; the
  /// server works on its own threads, so what it saw can trail what the client did.
  public func waitFor(
    _ condition: ([SeenRequest]) -> Bool, attempts: Int = 200, interval: Duration = .milliseconds(25)
  ) async -> Bool {
    for _ in 0..<attempts {
      if condition(requests) { return true }
      try? await Task.sleep(for: interval)
    }
    return condition(requests)
  }
}
