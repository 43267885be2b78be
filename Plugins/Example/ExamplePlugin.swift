import ScreenKit

/// A shelf of classic books over a small bundled dataset: the complete example of PLUGINS.md.
public enum ExamplePlugin {
  /// `books.json`, compiled into the binary by SwiftPM (`resources: [.embedInCode("books.json")]`).
  static let shelf = BundledDataset(
    json: PackageResources.books_json, attribution: "Sample data: a hand-written shelf of public-domain books")

  public static let plugin = Plugin(
    name: "shelf", summary: "Classic books on a bundled shelf (the example plugin of PLUGINS.md)",
    resources: [
      .list(
        "books", summary: "books, by title",
        parameters: [Parameter("title", allowsBlank: false, summary: "titles starting with this text (any case)")],
        search: "title", maxPageSize: 50
      ) { shelf, request throws(DataSourceError) in
        try shelf.page(request, where: BundledDataset.prefix(request.parameters["title"], of: "title"))
      },
      .record(
        "book", summary: "one book",
        parameters: [Parameter("id", required: true, summary: "the book's id")]
      ) { shelf, request throws(DataSourceError) in
        try shelf.record("id", is: request.parameters["id"])
      },
    ]
  ) { context throws(DataSourceError) in
    // A plugin with live data would make its live source here (see PLUGINS.md).
    guard context.mode == .sample else { throw .badRequest("the shelf has sample data only; run it without --live") }
    return shelf
  }
}
