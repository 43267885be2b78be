import ReplayServer
import ScreenKit
import Testing

/// Every hand-made hostile probe in `Tests/Fixtures/Hostile/marvel`, replayed: each ends in the
/// error its `_probe` names, never a trap or blank rows.
@Suite("Marvel live: hostile fixtures")
struct MarvelHostileFixtureTests {
  @Test("each probe ends in the error it names", arguments: HostileProbe.names("marvel"))
  func probe(_ name: String) async throws {
    let probe = try HostileProbe("marvel", name, pageSize: 20)
    let harness = try MarvelLiveHarness(probe.exchanges)
    defer { harness.finish() }
    let error = try #require(await MarvelLiveHarness.pageError(try harness.source(), probe.request))
    #expect(probe.expects(error.kind), "\(error)")
    #expect(error.message.contains(probe.message), "\(error)")
    #expect(!error.leaks([MarvelLiveHarness.privateKey]))
  }

  @Test("the folder holds the probes")
  func folderHoldsProbes() {
    #expect(HostileProbe.names("marvel").count >= 5)
  }
}
