import ScreenKit
import TestSupport
import Testing

/// The core checks every request against its resource's declaration before a handler runs.
@Suite("Declared resources")
struct DeclarationTests {
  static let books = Resource(
    name: "books", kind: .list, summary: "books",
    parameters: [
      Parameter("shelf", required: true, allowsBlank: false, summary: "a shelf"),
      Parameter("order", values: ["asc", "desc"], summary: "an order"),
      Parameter("q", summary: "words"),
    ],
    maxPageSize: 20, search: "q")

  @Test func eachRuleIsFoundInItsOrder() {
    func kind(_ parameters: [String: String], pageSize: Int = 10) -> Violation.Kind? {
      Self.books.violation(parameters: parameters, pageSize: pageSize)?.kind
    }
    #expect(kind(["shelf": "top"]) == nil)
    #expect(kind(["shelf": "top", "q": " ", "order": ""]) == nil)  // blanks allowed stand for no value
    #expect(kind(["shelf": "top", "color": "red", "order": "up"]) == .unknownParameter)
    #expect(kind([:]) == .missingParameter)
    #expect(kind(["shelf": " \t"]) == .blankParameter)
    #expect(kind(["shelf": "top", "order": "up"]) == .valueNotAllowed)
    #expect(kind(["shelf": "top"], pageSize: 21) == .pageSize)
    #expect(kind(["shelf": "top"], pageSize: 0) == .pageSize)
    #expect(Self.books.violation(parameters: ["shelf": "top"], pageSize: nil) == nil)
  }

  @Test func theCoreWordsARefusalAndNamesTheParameter() {
    let unknown = Self.books.violation(parameters: ["shelf": "top", "color": "red"], pageSize: 10)
    #expect(
      unknown?.error
        == .badRequest("'color' is not a parameter of 'books' (parameters: shelf, order, q)", parameter: "color"))
    let value = Self.books.violation(parameters: ["shelf": "top", "order": "up"], pageSize: 10)
    #expect(value?.error == .badRequest("'up' is not a value of 'order' (values: asc, desc)", parameter: "order"))
    let size = Self.books.violation(parameters: ["shelf": "top"], pageSize: 50)
    #expect(size?.error == .badRequest("a page of 'books' holds 1 to 20 records, not 50", parameter: nil))
  }

  struct Shelf: Sendable {
    let names: [String]
  }

  static let plugin = Plugin(
    name: "shelf", summary: "a shelf",
    declaration: Declaration<Shelf>(
      [
        .list("books", summary: "books", parameters: [Parameter("q", allowsBlank: false, summary: "words")]) {
          shelf, request throws(DataSourceError) in
          try Page.slice(shelf.names.map(JSON.string), cursor: request.cursor, pageSize: request.pageSize)
        },
        .record(
          "book", summary: "a book", parameters: [Parameter("id", required: true, summary: "its id")],
          refusal: { _, violation in .server(status: 400, "the API's words for \(violation.parameter ?? "")") }
        ) { shelf, request throws(DataSourceError) in Record(.string(shelf.names[0])) },
      ],
      refusal: { shelf, violation in .badRequest("refused by a shelf of \(shelf.names.count)") })
  ) { _ in Shelf(names: ["a", "b", "c"]) }

  @Test func aHandlerRunsOnlyForARequestThatKeepsTheRules() async throws {
    let source = try Self.plugin.make(PluginContext())
    let page = try await source.page(PageRequest(resource: "books", pageSize: 2))
    #expect(page.records == ["a", "b"] && page.next == PageCursor(offset: 2) && page.total == 3)
    await #expect(throws: DataSourceError.badRequest("refused by a shelf of 3")) {
      try await source.page(PageRequest(resource: "books", parameters: ["q": ""], pageSize: 2))
    }
    await #expect(throws: DataSourceError.server(status: 400, "the API's words for id")) {
      try await source.record(RecordRequest(resource: "book", parameters: [:]))
    }
    let unknown = await #expect(throws: DataSourceError.self) {
      try await source.page(PageRequest(resource: "book", pageSize: 2))
    }
    #expect(unknown?.message == "there is no list resource 'book'; the list resources are books")
    #expect(Self.plugin.resources.map(\.name) == ["books", "book"])
  }

  @Test func aPluginsOwnSourceIsCheckedToo() async throws {
    let counting = CountingSource(count: 3)
    let source = try TestPlugins.books(counting).make(PluginContext())
    let error = await #expect(throws: DataSourceError.self) {
      try await source.page(PageRequest(resource: "books", parameters: ["color": "red"], pageSize: 10))
    }
    #expect(error?.kind == .badRequest(parameter: "color"))
    await #expect(throws: DataSourceError.self) { try await source.page(PageRequest(resource: "books", pageSize: 51)) }
    await #expect(throws: DataSourceError.self) {
      try await source.record(RecordRequest(resource: "book", parameters: [:]))
    }
    #expect(counting.pageRequests.isEmpty && counting.recordRequests.isEmpty)
    _ = try await source.page(PageRequest(resource: "books", parameters: ["q": "item"], pageSize: 10))
    #expect(counting.pageRequests.count == 1)
  }

  @Test func cursorsReadWhatTheyWrite() throws {
    #expect(try PageCursor.offset(nil) == 0)
    #expect(try PageCursor.offset(PageCursor(offset: 40)) == 40)
    #expect(try PageCursor.pageNumber(nil) == 1)
    #expect(try PageCursor.pageNumber(PageCursor.next(pageNumber: 1, hasMore: true)) == 2)
    #expect(PageCursor.next(pageNumber: 3, hasMore: false) == nil)
    #expect(PageCursor.next(offset: 10, count: 5, total: 15) == nil)
    #expect(PageCursor.next(offset: 10, count: 0, total: 99) == nil)
    #expect(PageCursor.next(offset: Int.max, count: 1, total: Int.max) == nil)
    for bad in ["-1", "x", "1.5", "", "99999999999999999999999"] {
      #expect(throws: DataSourceError.self, "\(bad)") { try PageCursor.offset(PageCursor(bad)) }
    }
    #expect(throws: DataSourceError.self) { try PageCursor.pageNumber(PageCursor("0")) }
  }

  /// Page numbers and a total: a next page while the pages so far hold fewer than the total, and
  /// never a trap or an endless list on a hostile total, size or number.
  @Test func pageNumbersFollowTheTotal() throws {
    #expect(try PageCursor.pageNumber(PageCursor.next(pageNumber: 1, size: 20, total: 41)) == 2)
    #expect(try PageCursor.pageNumber(PageCursor.next(pageNumber: 2, size: 20, total: 41)) == 3)
    #expect(PageCursor.next(pageNumber: 3, size: 20, total: 41) == nil)
    #expect(PageCursor.next(pageNumber: 2, size: 20, total: 40) == nil)
    #expect(PageCursor.next(pageNumber: 1, size: 20, total: 0) == nil)
    #expect(PageCursor.next(pageNumber: 1, size: 20, total: -5) == nil)
    #expect(PageCursor.next(pageNumber: 1, size: 20, total: Int.min) == nil)
    #expect(PageCursor.next(pageNumber: 1, size: 0, total: 100) == nil)
    #expect(PageCursor.next(pageNumber: 1, size: -20, total: 100) == nil)
    #expect(PageCursor.next(pageNumber: 0, size: 20, total: 100) == nil)
    #expect(PageCursor.next(pageNumber: -3, size: 20, total: Int.max) == nil)
    // Multiplying would overflow: nothing past Int.max is a page a total can hold.
    #expect(PageCursor.next(pageNumber: Int.max, size: 20, total: Int.max) == nil)
    #expect(PageCursor.next(pageNumber: Int.max / 2, size: 3, total: Int.max) == nil)
    #expect(PageCursor.next(pageNumber: 1, size: Int.max, total: Int.max) == nil)
    #expect(try PageCursor.pageNumber(PageCursor.next(pageNumber: 1, size: 1, total: Int.max)) == 2)
    #expect(try PageCursor.pageNumber(PageCursor.next(pageNumber: Int.max - 1, size: 1, total: Int.max)) == Int.max)
    #expect(PageCursor.next(pageNumber: Int.max, size: 1, total: Int.max) == nil)
  }

  @Test func aSlicePastTheEndIsAnEmptyLastPage() throws {
    let records: [JSON] = ["a", "b", "c"]
    let last = try Page.slice(records, cursor: PageCursor(offset: Int.max), pageSize: 100)
    #expect(last.records.isEmpty && last.next == nil && last.total == 3)
    let capped = try Page.slice(records, cursor: nil, pageSize: 2, total: 9, reachable: 2)
    #expect(capped.records == ["a", "b"] && capped.next == nil && capped.total == 9 && capped.reachable == 2)
  }

  @Test func aBundledDatasetLoadsOnceFiltersSortsAndFinds() throws {
    let dataset = BundledDataset(
      json: Array(#"{"items": [{"id": 2, "t": "Beta"}, {"id": 1, "t": "alpha"}, {"id": 3, "t": "Alps"}]}"#.utf8),
      member: "items", attribution: "test")
    let page = try dataset.page(
      PageRequest(resource: "x", parameters: [:], pageSize: 5), where: BundledDataset.prefix(" al", of: "t"),
      order: { ($0["id"]?.intValue ?? 0) < ($1["id"]?.intValue ?? 0) })
    #expect(page.records.map { $0["t"] } == ["alpha", "Alps"])
    #expect(page.attribution == "test")
    #expect(try dataset.record("id", is: "3").value["t"] == "Alps")
    #expect(throws: DataSourceError.notFound("no record with id '9'", parameter: "id")) {
      try dataset.record("id", is: "9")
    }
    let broken = BundledDataset(json: Array("[1,".utf8))
    let error = #expect(throws: DataSourceError.self) { try broken.records() }
    #expect(error?.kind == .decoding)
  }

  @Test func aBundledDatasetMatchesPartsAndWordsIgnoringCase() throws {
    let dataset = BundledDataset(
      json: Array(
        #"""
        [{"t": "Iron Man", "a": "Stan Lee"}, {"t": "Batman", "a": "Bob Kane"}, {"t": "Spider-Man", "a": "Stan Lee"},
         {"t": "ÉCOLE des Fées", "a": "Anon"}, {"t": 2099, "a": "Peter David"}, {"a": "nobody"}]
        """#.utf8))
    func titles(_ matches: @escaping @Sendable (JSON) -> Bool) throws -> [String] {
      try dataset.page(PageRequest(resource: "x", parameters: [:], pageSize: 10), where: matches).records.map {
        switch $0["t"] {
        case .string(let text)?: text
        case .int(let number)?: String(number)
        default: "-"
        }
      }
    }
    #expect(try titles(BundledDataset.contains("MAN", of: "t")) == ["Iron Man", "Batman", "Spider-Man"])
    #expect(try titles(BundledDataset.contains(" der-m ", of: "t")) == ["Spider-Man"])
    #expect(try titles(BundledDataset.contains("école", of: "t")) == ["ÉCOLE des Fées"])
    #expect(try titles(BundledDataset.contains("09", of: "t")) == ["2099"])
    #expect(try titles(BundledDataset.contains(nil, of: "t")).count == 6)
    #expect(try titles(BundledDataset.contains("  ", of: "t")).count == 6)
    #expect(try titles(BundledDataset.words("man", of: "t")) == ["Iron Man", "Spider-Man"])
    #expect(try titles(BundledDataset.words("man spi", of: "t")) == ["Spider-Man"])
    #expect(try titles(BundledDataset.words("stan iron", of: "t", "a")) == ["Iron Man"])
    #expect(try titles(BundledDataset.words("stan, LEE", of: "t", "a")) == ["Iron Man", "Spider-Man"])
    #expect(try titles(BundledDataset.words("fées éc", of: "t")) == ["ÉCOLE des Fées"])
    #expect(try titles(BundledDataset.words("20", of: "t")) == ["2099"])
    #expect(try titles(BundledDataset.words("bat man", of: "t")).isEmpty)
    #expect(try titles(BundledDataset.words(" - ", of: "t")).count == 6)
    #expect(try titles(BundledDataset.words("x", of: "missing")).isEmpty)
  }

  @Test func aBrokenBundledDatasetIsADecodingError() throws {
    let broken = BundledDataset(json: Array("[1,".utf8))
    let error = #expect(throws: DataSourceError.self) { try broken.records() }
    #expect(error?.kind == .decoding)
  }
}
