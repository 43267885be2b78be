import Foundation
import Testing

/// docs/plugins/swift.md's complete live example, the transit plugin of Tests/OutsidePackage (which CI
/// builds and tests): the guide shows its files as they are, and the plugin with its test is
/// at most 40 lines of Swift, counted without blank and comment lines as `swift format` (with the
/// repository's `.swift-format`) lays them out (issue 40, part 6).
@Suite("The guide's Swift example")
struct SwiftExampleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
    .standardized
  static let files = [
    "Tests/OutsidePackage/Sources/TransitPlugin/TransitPlugin.swift",
    "Tests/OutsidePackage/Tests/TransitPluginTests/TransitPluginTests.swift",
  ]
  static let most = 40

  /// The lines of Swift that count: neither blank nor a comment.
  static func counted(_ text: String) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      let code = line.trimmingCharacters(in: .whitespaces)
      return !code.isEmpty && !code.hasPrefix("//")
    }.count
  }

  @Test func theGuideShowsTheExamplesFiles() throws {
    let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/plugins/swift.md"), encoding: .utf8)
    for file in Self.files {
      let source = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      let marker = "<!-- the source of \(file) -->\n```swift\n"
      let start = try #require(guide.range(of: marker), "docs/plugins/swift.md does not show \(file)")
      let end = try #require(guide.range(of: "\n```", range: start.upperBound..<guide.endIndex))
      #expect(
        String(guide[start.upperBound..<end.lowerBound]) + "\n" == source,
        "docs/plugins/swift.md's \(file) is not the file")
    }
  }

  @Test func theExampleIsAtMost40LinesAsTheFormatterLaysThemOut() throws {
    var total = 0
    for file in Self.files {
      let path = Self.root.appendingPathComponent(file).path
      let formatted = try Self.swiftFormat(path)
      let source = try String(contentsOfFile: path, encoding: .utf8)
      #expect(formatted == source, "\(file) is not as swift format lays it out; run swift format -i on it")
      total += Self.counted(formatted)
    }
    #expect(
      total <= Self.most, "the transit example is \(total) lines of Swift; docs/plugins/swift.md promises \(Self.most)")
    #expect(total > 20, "\(total) lines: the count read too little")
    // The guide says how many lines the example is: the count it says is the count.
    let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/plugins/swift.md"), encoding: .utf8)
    let said = "test are \(total) lines of Swift without blank and comment lines"
    #expect(guide.contains(said), "docs/plugins/swift.md does not say the count, \(total)")
  }

  /// `swift format` of the file at `path` with the repository's configuration: its output.
  static func swiftFormat(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "format", "--configuration", root.appendingPathComponent(".swift-format").path, path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "swift format \(path) exited with \(process.terminationStatus)")
    return String(decoding: data, as: UTF8.self)
  }
}
