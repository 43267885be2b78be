import ScreenKit

/// A plugin written outside screenrun: a few quotes, searched by their first words.
public enum QuotesPlugin {
  static let quotes = BundledDataset(json: PackageResources.quotes_json, attribution: "Quotes for the outside test")

  public static let plugin = Plugin(
    name: "quotes", summary: "a few quotes (a plugin from another package)",
    resources: [
      .list(
        "quotes", summary: "quotes, by their first words",
        parameters: [Parameter("start", allowsBlank: false, summary: "the quote's first words")],
        search: "start", maxPageSize: 10
      ) { quotes, request throws(DataSourceError) in
        try quotes.page(request, where: BundledDataset.prefix(request.parameters["start"], of: "text"))
      },
      .record("quote", summary: "one quote", parameters: [Parameter("id", required: true, summary: "its id")]) {
        quotes, request throws(DataSourceError) in try quotes.record("id", is: request.parameters["id"])
      },
    ]
  ) { _ in quotes }
}
