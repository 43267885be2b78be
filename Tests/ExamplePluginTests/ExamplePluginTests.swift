import ExamplePlugin
import Foundation
import ScreenKit
import ScreenRunTesting
import Testing

/// The example plugin of docs/plugins/swift.md, tested as the guide shows: its screens driven to settled
/// frames and snapshot-tested, and the guide's code checked against the target's.
@MainActor
@Suite("Example plugin")
struct ExamplePluginTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
    .standardized
  static let screens = root.appendingPathComponent("Plugins/Example/Screens").path

  let driver = ScreenDriver(plugins: [ExamplePlugin.plugin])

  @Test func theListSearchesAndOpensABook() async throws {
    try await driver.open(Self.screens + "/books.json")
    assertSnapshot(driver.frame(), named: "books")
    try await driver.run("search the")
    assertSnapshot(driver.frame(), named: "books-search-the")
    try await driver.run("open 2")
    assertSnapshot(driver.frame(), named: "book-2")
    #expect(driver.frame().contains("  • Martians"))
  }

  @Test func theCoreRefusesWhatTheDeclarationDoesNotAllow() async throws {
    let source = try ExamplePlugin.plugin.make(PluginContext())
    await #expect(throws: DataSourceError.badRequest("'title' cannot be blank", parameter: "title")) {
      try await source.page(PageRequest(resource: "books", parameters: ["title": " "], pageSize: 5))
    }
    let unknown = await #expect(throws: DataSourceError.self) {
      try await source.page(PageRequest(resource: "books", parameters: ["author": "Wells"], pageSize: 5))
    }
    #expect(unknown?.kind == .badRequest(parameter: "author"))
    let tooBig = await #expect(throws: DataSourceError.self) {
      try await source.page(PageRequest(resource: "books", pageSize: 51))
    }
    #expect(tooBig?.kind == .badRequest(parameter: nil))
    #expect(throws: DataSourceError.self) { try ExamplePlugin.plugin.make(PluginContext(mode: .live)) }
  }

  @Test func pagesFollowEachOtherByOffset() async throws {
    let source = try ExamplePlugin.plugin.make(PluginContext())
    var titles: [String] = []
    var cursor: PageCursor?
    repeat {
      let page = try await source.page(PageRequest(resource: "books", cursor: cursor, pageSize: 5))
      titles += page.records.compactMap { $0["title"]?.stringValue }
      #expect(page.total == 12)
      cursor = page.next
    } while cursor != nil
    #expect(titles.count == 12 && Set(titles).count == 12)
  }

  /// docs/plugins/swift.md shows the example's whole source; this keeps the two the same.
  @Test func theGuideShowsThisTargetsCode() throws {
    let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/plugins/swift.md"), encoding: .utf8)
    let source = try String(
      contentsOf: Self.root.appendingPathComponent("Plugins/Example/ExamplePlugin.swift"), encoding: .utf8)
    let marker = "<!-- the source of Plugins/Example/ExamplePlugin.swift -->\n```swift\n"
    let start = try #require(guide.range(of: marker), "docs/plugins/swift.md lost its example's marker")
    let end = try #require(guide.range(of: "\n```", range: start.upperBound..<guide.endIndex))
    #expect(String(guide[start.upperBound..<end.lowerBound]) + "\n" == source)
  }
}
