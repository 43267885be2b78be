import Foundation

/// Copies of the shipped screens in a temporary folder, for tests that edit them (hot reload).
final class ScreenCopy {
  let folder: URL
  private var edits = 0
  /// Modification times are set explicitly, each later than the one before: a watcher that compares
  /// them sees every edit, however coarse the file system's clock.
  private let baseTime = Date().addingTimeInterval(-3600)

  init(_ names: [String]) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenrun-screens-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in names {
      let source = Screenrun.repositoryRoot.appendingPathComponent("Screens").appendingPathComponent(name)
      try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name))
      try stamp(name)
    }
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func text(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// Replaces `old` (which must occur exactly once) with `new` in the file, and moves its
  /// modification time on.
  func edit(_ name: String, replacing old: String, with new: String) throws {
    let text = try text(name)
    guard text.components(separatedBy: old).count == 2 else {
      throw EditError(description: "'\(old)' does not occur exactly once in \(name)")
    }
    try text.replacingOccurrences(of: old, with: new).write(
      to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
    try stamp(name)
  }

  private func stamp(_ name: String) throws {
    edits += 1
    try FileManager.default.setAttributes(
      [.modificationDate: baseTime.addingTimeInterval(Double(edits) * 10)],
      ofItemAtPath: path(name))
  }

  struct EditError: Error, CustomStringConvertible {
    var description: String
  }
}
