import ScreenRunTesting
import TransitPlugin

@MainActor @Test func stopsArePagedSearchedAndOpened() async throws {
  let api = try HTTPStub(file: "Tests/TransitPluginTests/api.json")
  let driver = ScreenDriver(
    plugins: [TransitPlugin.plugin], context: api.live("TRANSIT_API_URL", ["TRANSIT_TOKEN": "t0k3n"]))
  try await driver.open("Sources/TransitPlugin/Screens/stops.json")
  try await driver.run("next")
  assertSnapshot(driver.frame(), named: "stops")
  try await driver.run("search central\nopen 2")
  assertSnapshot(driver.frame(), named: "stop")
  #expect(api.requests.allSatisfy { $0.headers["Authorization"] == "Bearer t0k3n" })
}
