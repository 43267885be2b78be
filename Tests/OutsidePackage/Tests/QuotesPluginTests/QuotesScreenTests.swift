import Foundation
import QuotesPlugin
import ScreenRunTesting
import Testing

/// screenrun's testing library, used from another package: the plugin's screens driven to
/// settled frames and compared with snapshots.
@MainActor
@Suite("Quotes screens")
struct QuotesScreenTests {
  static let screens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Sources/QuotesPlugin/Screens").standardized.path

  @Test func theListSearchesPagesAndOpensAQuote() async throws {
    let driver = ScreenDriver(plugins: [QuotesPlugin.plugin], width: 60)
    try await driver.open(Self.screens + "/quotes.json")
    assertSnapshot(driver.frame(), named: "quotes")
    try await driver.run("next")
    #expect(driver.frame().contains("Programs must be written"))
    try await driver.run("search pr\nopen 1")
    assertSnapshot(driver.frame(), named: "quote-premature")
  }
}
