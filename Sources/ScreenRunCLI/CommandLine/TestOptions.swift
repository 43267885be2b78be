import ScreenRuntime

/// The options of `screenrun test`.
struct TestOptions: Equatable, Sendable {
  /// Runs only the tests whose path holds this text (in any case).
  var filter: String?
  /// Rewrites the expected output of the tests that differ.
  var update = false
  /// Takes the pending files in instead of running the tests.
  var accept = false
  /// Where to write a JUnit XML report.
  var junit: String?
  /// How many tests run at once (default: one per core).
  var jobs: Int?
  /// The folder each frame of each test is written to as an SVG (`--pictures`).
  var pictures: String?
  /// When the report and the diffs are in colour (`--color`).
  var color = ColorMode.auto
  /// Folders of external plugins for every test (`--plugin-path`, relative to the current
  /// folder), searched ahead of each test's own `plugin-path`.
  var pluginPaths: [String] = []
}
