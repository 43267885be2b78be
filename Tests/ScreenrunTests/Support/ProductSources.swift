import Foundation

/// The product's Swift sources, for the tests that scan them (Sources/ and Plugins/).
enum ProductSources {
  /// Each line of each Swift file under Sources/ and Plugins/: the file's path from the
  /// repository root, the line's number from 1, and its text.
  static func lines() throws -> [(file: String, number: Int, text: String)] {
    let root = Screenrun.repositoryRoot
    var lines: [(file: String, number: Int, text: String)] = []
    for folder in ["Sources", "Plugins"] {
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "swift" {
        let relative = String(url.path.dropFirst(root.path.count + 1))
        let text = try String(contentsOf: url, encoding: .utf8)
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
          lines.append((relative, number + 1, line))
        }
      }
    }
    return lines
  }
}
