import Foundation
import Testing

/// The built `screenrun` tool, run the way a user runs it.
enum Screenrun {
  /// The repository's root folder, found from this file's place in it.
  static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // ScreenrunTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The broken screen files, relative to the repository root (as the tests pass them).
  static let catalogFolder = "Tests/ScreenrunTests/Catalog"

  /// The binary beside the test bundle in the build products folder, or why it is not there.
  static let binary: Result<URL, BinaryNotFound> = findBinary()

  struct BinaryNotFound: Error, CustomStringConvertible {
    var places: [String]
    var description: String {
      "the screenrun binary was not found; build it first with `swift build --build-tests`. Looked in:\n"
        + places.map { "  " + $0 }.joined(separator: "\n")
    }
  }

  private static func findBinary() -> Result<URL, BinaryNotFound> {
    var folders: [URL] = []
    if let explicit = ProcessInfo.processInfo.environment["SCREENRUN_BINARY"], !explicit.isEmpty {
      let url = URL(fileURLWithPath: explicit)
      if FileManager.default.isExecutableFile(atPath: url.path) { return .success(url) }
      return .failure(BinaryNotFound(places: [explicit + " (from SCREENRUN_BINARY)"]))
    }
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
    var seen: Set<String> = []
    var places: [String] = []
    for folder in folders {
      let candidate = folder.appendingPathComponent("screenrun")
      guard seen.insert(candidate.path).inserted else { continue }
      places.append(candidate.path)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
        FileManager.default.isExecutableFile(atPath: candidate.path)
      {
        return .success(candidate)
      }
    }
    return .failure(BinaryNotFound(places: places))
  }

  /// The environment the tool runs in: this one, without anything that would switch it to live
  /// data, hand it secrets, or change its default width.
  static func environment(adding extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter { key, _ in
      !(key.hasPrefix("SCREENRUN_") || key.hasPrefix("MARVEL_") || key.hasPrefix("GITHUB_")
        || key == "COLUMNS" || key == "LINES")
    }
    environment["LC_ALL"] = "C.UTF-8"
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// Runs `screenrun` with `arguments`, from the repository root unless told otherwise.
  ///
  /// A run that times out or dies by a signal (a crash) is recorded as a test failure here, so no
  /// test can overlook it; a missing binary is a thrown, clear error.
  @discardableResult
  static func run(
    _ arguments: [String],
    stdin: String? = nil,
    in workingDirectory: URL? = nil,
    environment extra: [String: String] = [:],
    timeout: Duration = .seconds(20),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ProcessResult {
    let binary = try binary.get()
    let result = try await ProcessRunner.run(
      binary, arguments: arguments, stdin: stdin.map { Data($0.utf8) },
      workingDirectory: workingDirectory ?? repositoryRoot,
      environment: environment(adding: extra), timeout: timeout)
    let command = (["screenrun"] + arguments).joined(separator: " ")
    if result.timedOut {
      Issue.record(
        "`\(command)` did not finish within \(timeout) and was killed\n\(result)", sourceLocation: sourceLocation)
    } else if let signal = result.signal {
      Issue.record("`\(command)` crashed (signal \(signal))\n\(result)", sourceLocation: sourceLocation)
    }
    return result
  }
}
