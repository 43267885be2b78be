import Foundation
import ScreenKit

/// A small plugin for tests of the runtime: a `books` list searched by `q`, and one `book` by id.
package enum TestPlugins {
  package static func books(_ source: CountingSource = CountingSource(count: 45)) -> Plugin {
    books(source: source)
  }

  /// The same plugin over any source of books.
  package static func books(source: any DataSource) -> Plugin {
    Plugin(
      name: "books", summary: "books for tests",
      resources: [
        Resource(
          name: "books", kind: .list, summary: "books",
          parameters: [
            Parameter("q", summary: "names starting with"),
            Parameter("shelf", summary: "a shelf"),
          ],
          maxPageSize: 50),
        Resource(
          name: "book", kind: .record, summary: "one book",
          parameters: [Parameter("id", required: true, summary: "the book's id")]),
      ]
    ) { _ in source }
  }
}

/// A folder of screen files written for one test, removed when the test ends.
package final class ScreenFolder: @unchecked Sendable {
  package let path: String

  package init(_ files: [String: String]) throws {
    path = NSTemporaryDirectory() + "screenrun-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, text) in files { try write(name, text) }
  }

  package func write(_ name: String, _ text: String) throws {
    try text.write(toFile: file(name), atomically: true, encoding: .utf8)
  }

  package func file(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
