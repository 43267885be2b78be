import ScreenRunTesting
import Testing

/// A test target that has not recorded a snapshot yet builds without a warning.
@Test func aTargetWithNoSnapshotYetBuilds() {
  #expect(LineDiff.describe(old: "a", new: "a") == "  a")
}
