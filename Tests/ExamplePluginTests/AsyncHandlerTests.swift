import Foundation
import ScreenKit
import ScreenRunTesting
import Testing

/// Handlers as the article "Writing a Swift plugin" says they may be: `@Sendable` closures that
/// `await`, here on an actor (a `Sendable` API), answering the example's own screens.
@MainActor
@Suite("Async handlers")
struct AsyncHandlerTests {
  static let screens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Plugins/Example/Screens").standardized.path

  /// A shelf behind an actor: each answer is awaited, and the actor counts the requests.
  actor Shelf {
    let books: [JSON] = [
      ["id": 1, "title": "Solaris", "authors": ["Stanisław Lem"], "first_published": 1961],
      ["id": 2, "title": "The Cyberiad", "authors": ["Stanisław Lem"], "first_published": 1965],
    ]
    private(set) var requests = 0

    func page(_ request: PageRequest) throws(DataSourceError) -> Page {
      requests += 1
      let start = (request.parameters["title"] ?? "").lowercased()
      let found = books.filter { ($0["title"]?.stringValue ?? "").lowercased().hasPrefix(start) }
      return try Page.slice(found, cursor: request.cursor, pageSize: request.pageSize, attribution: "An async shelf")
    }

    func book(id: String?) throws(DataSourceError) -> Record {
      requests += 1
      guard let book = books.first(where: { $0["id"]?.intValue.map(String.init) == id }) else {
        throw .server(status: 404, "no book with id '\(id ?? "")'")
      }
      return Record(book, attribution: "An async shelf")
    }
  }

  static func plugin(_ shelf: Shelf) -> Plugin {
    Plugin(
      name: "shelf", summary: "an async shelf",
      resources: [
        .list(
          "books", summary: "books, by title", parameters: [Parameter("title", summary: "the title's start")],
          search: "title", maxPageSize: 50
        ) { shelf, request throws(DataSourceError) in
          try await shelf.page(request)
        },
        .record("book", summary: "one book", parameters: [Parameter("id", required: true, summary: "its id")]) {
          shelf, request throws(DataSourceError) in
          try await shelf.book(id: request.parameters["id"])
        },
      ]
    ) { _ in shelf }
  }

  @Test func awaitingHandlersAnswerTheScreens() async throws {
    let shelf = Shelf()
    let driver = ScreenDriver(plugins: [Self.plugin(shelf)], width: 60)
    try await driver.open(Self.screens + "/books.json")
    #expect(driver.frame().contains("1. Solaris"), "\(driver.frame())")
    #expect(driver.frame().contains("2. The Cyberiad"))
    try await driver.run("search the\nopen 1")
    #expect(driver.frame().contains("The Cyberiad"), "\(driver.frame())")
    #expect(driver.frame().contains("Stanisław Lem"))
    #expect(await shelf.requests == 3)
  }
}
