import Foundation
import Testing

/// Compares text with a snapshot stored beside the test, in the spirit of swift-snapshot-testing:
/// `__Snapshots__/<TestFile>/<name>.txt`.
///
/// Set `SCREENRUN_RECORD_SNAPSHOTS=1` to write every snapshot anew. A missing snapshot is
/// recorded and the test fails with "recorded, run again"; a mismatch fails with a line diff.
public func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let testFile = URL(fileURLWithPath: filePath)
  let folder = testFile.deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
    .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  let snapshot = folder.appendingPathComponent(name + ".txt")
  let recording = ProcessInfo.processInfo.environment["SCREENRUN_RECORD_SNAPSHOTS"] == "1"

  guard !recording, let stored = try? String(contentsOf: snapshot, encoding: .utf8) else {
    do {
      // Git keeps no empty folder, and SwiftPM warns about an excluded one that is missing: a
      // hidden file (which SwiftPM ignores) keeps `__Snapshots__` in the repository.
      let snapshots = folder.deletingLastPathComponent()
      let keep = snapshots.appendingPathComponent(".gitkeep")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      if !FileManager.default.fileExists(atPath: keep.path),
        (try? FileManager.default.contentsOfDirectory(atPath: snapshots.path))?.count == 1
      {
        try Data().write(to: keep)
      }
      try text.write(to: snapshot, atomically: true, encoding: .utf8)
    } catch {
      Issue.record("could not write snapshot \(snapshot.path): \(error)", sourceLocation: sourceLocation)
      return
    }
    Issue.record(
      "recorded snapshot '\(name)' at \(snapshot.path); run again to compare against it",
      sourceLocation: sourceLocation)
    return
  }
  guard stored != text else { return }
  let message =
    "snapshot '\(name)' does not match (\(snapshot.lastPathComponent)); - stored, + actual:\n"
    + LineDiff.describe(old: stored, new: text)
    + "\nset SCREENRUN_RECORD_SNAPSHOTS=1 to record the new output"
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// A small line diff: the longest common subsequence of lines, shown with - and + marks.
public enum LineDiff {
  public static func describe(old: String, new: String) -> String {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false)
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var lines: [String] = []
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        lines.append("  " + a[i])
        i += 1
        j += 1
      } else if j < b.count, i == a.count || lengths[i][j + 1] >= lengths[i + 1][j] {
        lines.append("+ " + b[j])
        j += 1
      } else {
        lines.append("- " + a[i])
        i += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}
