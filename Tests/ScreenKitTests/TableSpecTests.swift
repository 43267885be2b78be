import Foundation
import ScreenFormat
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenKinds
@testable import ScreenKit

/// A table's part of a screen file, decoded and held to its resource: every problem located,
/// a sort the resource does not take refused with a did-you-mean.
@Suite("Table spec")
struct TableSpecTests {
  /// A resource that sorts as GitHub's search does (`sort` and `order`) and one that sorts as
  /// Marvel's characters do (`orderBy=-name`).
  let registry = PluginRegistry([
    Plugin(
      name: "shelf", summary: "sorted books",
      resources: [
        Resource(
          name: "books", kind: .list, summary: "books",
          parameters: [
            Parameter("q", summary: "words"),
            Parameter("sort", values: ["title", "year"], summary: "the sort"),
            Parameter("order", values: ["asc", "desc"], summary: "the order"),
          ]),
        Resource(
          name: "authors", kind: .list, summary: "authors",
          parameters: [Parameter("orderBy", values: ["name", "-name", "born"], summary: "the order")]),
      ]
    ) { _ in CountingSource(count: 3) }
  ])

  func problems(_ text: String) throws -> [String] {
    let folder = try ScreenFolder(["screen.json": text])
    return ScreenLoader(registry: registry, kinds: .standard).check([folder.file("screen.json")]).map {
      $0.description.replacingOccurrences(of: folder.path + "/", with: "")
    }
  }

  func table(_ source: String, sort: String, columns: String) -> String {
    #"{"kind": "table", "title": "T", "source": \#(source), "sort": \#(sort), "columns": [\#(columns)]}"#
  }

  static let books = #"{"plugin": "shelf", "resource": "books"}"#
  static let authors = #"{"plugin": "shelf", "resource": "authors"}"#

  @Test func decodesColumnsAndSort() throws {
    let text = table(
      Self.books, sort: #"{"param": "sort", "order": "order"}"#,
      columns: #"{"header": "Title", "value": "{title}", "width": {"min": 12}, "sort": "title"}, "#
        + #"{"header": "Year", "value": "{year}", "width": 4, "align": "right", "sort": "-year"}, "#
        + #"{"header": "Notes", "value": "{notes}", "align": "center"}"#)
    let folder = try ScreenFolder(["screen.json": text])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("screen.json"))
    let table = try #require(spec.table)
    #expect(spec.kind.name == "table" && spec.list != nil)
    #expect(table.columns.map(\.header.source) == ["Title", "Year", "Notes"])
    #expect(table.columns.map(\.width) == [.flexible(minimum: 12), .fixed(4), .flexible(minimum: 5)])
    #expect(table.columns.map(\.alignment) == [.left, .right, .center])
    #expect(
      table.columns.map(\.sort) == [
        .init(value: "title", descendingFirst: false), .init(value: "year", descendingFirst: true), nil,
      ])
    #expect(table.sort == SortSpec(parameter: "sort", order: "order"))
    #expect(spec.recordMembers == ["title", "year", "notes"])
    #expect(
      Sorting.choice(named: "YEAR", among: table.sortChoices) == 1
        && Sorting.choice(named: "title", among: table.sortChoices) == 0
        && Sorting.choice(named: "Notes", among: table.sortChoices) == nil)
  }

  @Test func refusesASortTheResourceDoesNotTake() throws {
    var text = table(
      Self.books, sort: #"{"param": "sort", "order": "order"}"#,
      columns: #"{"header": "Title", "value": "{title}", "sort": "titel"}"#)
    #expect(
      try problems(text) == [
        "screen.json:1:\(column("\"titel", in: text)): error at /columns/0/sort: 'books' cannot sort by 'titel'; did you mean 'title'? ('sort' takes: title, year)"
      ])
    // Without an order parameter, both `born` and `-born` must be taken.
    text = table(
      Self.authors, sort: #"{"param": "orderBy"}"#,
      columns:
        #"{"header": "Name", "value": "{name}", "sort": "name"}, {"header": "Born", "value": "{born}", "sort": "born"}"#
    )
    #expect(
      try problems(text) == [
        "screen.json:1:\(column("\"born\"}", in: text)): error at /columns/1/sort: 'authors' cannot sort by 'born' descending ('-born') ('orderBy' takes: name, -name, born)"
      ])
  }

  @Test func refusesSortParametersTheResourceDoesNotHave() throws {
    let text = table(
      Self.books, sort: #"{"param": "sorted", "order": "order"}"#,
      columns: #"{"header": "Title", "value": "{title}", "sort": "title"}"#)
    #expect(
      try problems(text) == [
        "screen.json:1:\(column("\"sorted", in: text)): error at /sort/param: sort param 'sorted' is not a parameter of 'books'; did you mean 'sort'? (parameters: q, sort, order)"
      ])
  }

  @Test func reportsEveryProblemOfTheColumns() throws {
    let text = table(
      Self.books, sort: #"{"param": "sort"}"#,
      columns:
        #"{"header": "Title", "value": "{title", "width": 0}, {"header": "Year", "value": "{year}", "align": "rigth", "wdth": 3}, "x""#
    )
    let found = try problems(text)
    #expect(found.count == 5, "\(found)")
    #expect(found.contains { $0.contains("error at /columns/0/value: in template") })
    #expect(
      found.contains {
        $0.contains(#"error at /columns/0/width: 'width' must be a whole number from 1 to 1000, or {"min": N}"#)
      })
    #expect(
      found.contains { $0.contains("error at /columns/1/align: unknown alignment 'rigth'; did you mean 'right'?") })
    #expect(found.contains { $0.contains("error at /columns/1/wdth: unknown key 'wdth'; did you mean 'width'?") })
    #expect(found.contains { $0.contains("error at /columns/2: a column must be an object") })
  }

  @Test func aColumnSortNeedsTheTablesSort() throws {
    let text =
      #"{"kind": "table", "title": "T", "source": {"plugin": "shelf", "resource": "books"}, "columns": [{"header": "Title", "value": "{title}", "sort": "title"}]}"#
    #expect(
      try problems(text) == [
        #"screen.json:1:\#(column("\"title\"}", in: text)): error at /columns/0/sort: column 'Title' sorts by 'title', and the screen has no 'sort' naming the parameter to send it in; add "sort": {"param": "…"}"#
      ])
    #expect(
      try problems(
        #"{"kind": "table", "title": "T", "source": {"plugin": "shelf", "resource": "books"}, "row": {"title": "x"}}"#
      )
      .contains { $0.contains("missing required key 'columns'") })
  }

  @Test func theKeysItSharesWithTheListBelongToBoth() throws {
    let text =
      #"{"kind": "detail", "title": "x", "source": {"plugin": "shelf", "resource": "books"}, "sections": [], "search": {"param": "q"}}"#
    #expect(
      try problems(text).contains(
        "screen.json:1:\(column("\"search", in: text)): error at /search: 'search' belongs to list, table and chart screens, and this screen's kind is 'detail'"
      ))
  }

  /// The column (from 1) where `needle` first starts in a one-line `text`.
  func column(_ needle: String, in text: String) -> Int {
    guard let range = text.range(of: needle) else { return 0 }
    return text.distance(from: text.startIndex, to: range.lowerBound) + 1
  }
}
