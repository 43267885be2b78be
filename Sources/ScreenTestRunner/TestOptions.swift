import ScreenTerminal

/// The options of `screenrun test`.
package struct TestOptions: Equatable, Sendable {
  /// Runs only the tests whose path holds this text (in any case).
  package var filter: String?
  /// Rewrites the expected output of the tests that differ.
  package var update = false
  /// Takes the pending files in instead of running the tests.
  package var accept = false
  /// Where to write a JUnit XML report.
  package var junit: String?
  /// How many tests run at once (default: one per core).
  package var jobs: Int?
  /// The folder each frame of each test is written to as an SVG (`--pictures`).
  package var pictures: String?
  /// When the report and the diffs are in colour (`--color`).
  package var color = ColorMode.auto
  /// Folders of external plugins for every test (`--plugin-path`, relative to the current
  /// folder), searched ahead of each test's own `plugin-path`.
  package var pluginPaths: [String] = []

  /// The defaults: every test, each checked, as many at once as there are cores.
  package init() {}
}
