import ReplayServer
import ScreenKit
import Testing

/// Every hand-made hostile probe in `Tests/Fixtures/Hostile/github`, replayed: each ends in the
/// error its `_probe` names, never blank rows or a nonsense time.
@Suite("GitHub live: hostile fixtures")
struct GitHubHostileFixtureTests {
  @Test("each probe ends in the error it names", arguments: HostileProbe.names("github"))
  func probe(_ name: String) async throws {
    let probe = try HostileProbe("github", name, pageSize: 30)
    let harness = try GitHubLiveHarness(probe.exchanges)
    defer { harness.finish() }
    let error = try #require(await GitHubLiveHarness.pageError(try harness.source(), probe.request))
    #expect(probe.expects(error.kind), "\(error)")
    #expect(error.message.contains(probe.message), "\(error)")
    #expect(!error.message.contains(GitHubLiveHarness.token))
  }

  @Test("the folder holds the probes")
  func folderHoldsProbes() {
    #expect(HostileProbe.names("github").count >= 6)
  }
}
