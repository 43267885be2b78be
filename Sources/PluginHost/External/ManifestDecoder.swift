import ScreenFormat

/// The decoder of a plugin's `plugin.json` (its manifest and its `http` declaration): the
/// checks every decoder shares (`SpecDecoding`, in ScreenFormat), collecting every problem.
package struct ManifestDecoder: SpecDecoding {
  package var problems: [SpecProblem] = []

  package init() {}
}
