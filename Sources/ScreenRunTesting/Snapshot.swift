import FoundationEssentials
import Testing

/// Compares text with a snapshot stored beside the test, in the spirit of swift-snapshot-testing:
/// `__Snapshots__/<TestFile>/<name>.txt`.
///
/// An unrecorded snapshot never passes: a missing one fails, and the output is written beside it
/// as `<name>.txt.pending` to review and accept (rename it to `<name>.txt`). A mismatch fails with
/// a line diff and writes the pending file too. `SCREENRUN_RECORD_SNAPSHOTS=1` writes every
/// snapshot anew and passes: read the diff before you commit it. `screenrun test` follows the same
/// rule for `.screentest` files.
public func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let testFile = URL(fileURLWithPath: filePath)
  let folder = testFile.deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
    .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  let snapshot = folder.appendingPathComponent(name + ".txt")
  let pending = folder.appendingPathComponent(name + ".txt.pending")
  let recording = ProcessInfo.processInfo.environment["SCREENRUN_RECORD_SNAPSHOTS"] == "1"
  let stored = recording ? nil : try? String(contentsOf: snapshot, encoding: .utf8)
  if stored == text {
    try? FileManager.default.removeItem(at: pending)
    return
  }
  let target = recording ? snapshot : pending
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
    try text.write(to: target, atomically: true, encoding: .utf8)
  } catch {
    Issue.record("could not write snapshot \(target.path): \(error)", sourceLocation: sourceLocation)
    return
  }
  if recording {
    try? FileManager.default.removeItem(at: pending)
    return
  }
  guard let stored else {
    let message =
      "no snapshot '\(name)' yet; the output is in \(pending.path): review it and accept it (rename it to "
      + "\(snapshot.lastPathComponent)), or record with SCREENRUN_RECORD_SNAPSHOTS=1"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return
  }
  let message =
    "snapshot '\(name)' does not match (\(snapshot.lastPathComponent)); - stored, + actual:\n"
    + LineDiff.describe(old: stored, new: text)
    + "\nthe output is in \(pending.lastPathComponent); accept it by renaming it, or set SCREENRUN_RECORD_SNAPSHOTS=1"
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// A small line diff: the longest common subsequence of lines, shown with - and + marks.
public enum LineDiff {
  /// Every line of `old` and `new`, in order: a common line after two spaces, a line only in
  /// `old` after `- `, one only in `new` after `+ `.
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
