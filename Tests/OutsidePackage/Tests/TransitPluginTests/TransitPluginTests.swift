import ScreenRunTesting
import TransitPlugin

@MainActor @Test func stopsArePagedSearchedAndOpened() async throws {
  let api = try HTTPStub(file: "Tests/TransitPluginTests/api.json")
  let live = PluginContext(mode: .live, environment: ["TRANSIT_API_URL": api.baseURL, "TRANSIT_TOKEN": "t0k3n"])
  let driver = ScreenDriver(plugins: [TransitPlugin.plugin], context: live)
  try await driver.open("Sources/TransitPlugin/Screens/stops.json")
  try await driver.run("next")
  assertSnapshot(driver.frame(), named: "stops")
  try await driver.run("search central\nopen 2")
  assertSnapshot(driver.frame(), named: "stop")
}
