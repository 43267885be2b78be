import Foundation

/// The built `screenrun` that the end-to-end test targets run: `$SCREENRUN_BINARY`, or the one
/// SwiftPM put in the products folder beside the test binary.
package enum ScreenrunBinary {
  /// Why no binary was found, with every place looked in.
  package struct NotFound: Error, CustomStringConvertible, Sendable {
    package var places: [String]
    package var description: String {
      "the screenrun binary was not found; build it first with `swift build --build-tests`. Looked in:\n"
        + places.map { "  " + $0 }.joined(separator: "\n")
    }
  }

  /// The binary, found once.
  package static let located: Result<URL, NotFound> = locate()

  /// The binary, or a thrown, clear error.
  package static func url() throws(NotFound) -> URL { try located.get() }

  private static func locate() -> Result<URL, NotFound> {
    if let explicit = ProcessInfo.processInfo.environment["SCREENRUN_BINARY"], !explicit.isEmpty {
      let url = URL(fileURLWithPath: explicit)
      if isProgram(url.path) { return .success(url) }
      return .failure(NotFound(places: [explicit + " (from SCREENRUN_BINARY)"]))
    }
    var folders: [URL] = []
    // macOS: the .xctest bundle is a folder in the products folder. Linux: it is an executable there.
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    if let executable = Bundle.main.executableURL {
      var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
      if folder.path.hasSuffix(".xctest/Contents/MacOS") {
        folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      }
      folders.append(folder)
    }
    if let first = CommandLine.arguments.first {
      folders.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
    }
    var places: [String] = []
    for folder in folders {
      let candidate = folder.appendingPathComponent("screenrun")
      guard !places.contains(candidate.path) else { continue }
      places.append(candidate.path)
      if isProgram(candidate.path) { return .success(candidate) }
    }
    return .failure(NotFound(places: places))
  }

  /// An executable regular file (not a folder, which is "executable" too).
  private static func isProgram(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
      && FileManager.default.isExecutableFile(atPath: path)
  }
}
