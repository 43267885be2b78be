import Foundation
import Testing

/// `quotesrun`, this package's executable, is a screenrun with the quotes plugin added: it runs
/// the package's screens and lists the plugin beside the shipped ones.
@Suite("quotesrun")
struct QuotesrunTests {
  static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// Runs the built `quotesrun` (SwiftPM puts it beside this test bundle) in the package folder.
  func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    var folders = Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }.map {
      $0.bundleURL.deletingLastPathComponent()
    }
    if let executable = Bundle.main.executableURL {
      folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    let binary = try #require(
      folders.map { $0.appendingPathComponent("quotesrun") }.first {
        FileManager.default.isExecutableFile(atPath: $0.path)
      }, "no quotesrun beside the tests in \(folders.map(\.path))")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = Self.package
    process.environment = ["PATH": "/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func itRunsThisPackagesScreenOnce() throws {
    let result = try run(["Sources/QuotesPlugin/Screens/quotes.json", "--once", "--width", "60"])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("1. The only way to do great work is to love what you do."), "\(result.output)")
    #expect(result.output.contains("1-3 of 4, more to load"), "\(result.output)")
  }

  @Test func itListsItsPluginBesideTheShippedOnes() throws {
    let result = try run(["--plugins"])
    #expect(result.status == 0, "\(result.output)")
    for name in ["quotes:", "marvel:", "github:"] {
      #expect(result.output.contains(name), "\(result.output)")
    }
  }
}
