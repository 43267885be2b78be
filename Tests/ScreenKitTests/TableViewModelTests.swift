import TestSupport
import Testing

@testable import ScreenFormat
@testable import ScreenKinds
@testable import ScreenKit

/// The table's reducer on a test store: the list's inputs run as a list's do, and a sort asks the
/// source again, from the first page, with the sort in the request; an answer to the order before
/// is dropped.
@Suite("Table view model")
struct TableViewModelTests {
  let source = CountingSource(count: 45)

  static let columns = [
    ColumnSpec(
      header: Template(literal: "Name"), value: Template(literal: ""), width: .flexible(minimum: 4), alignment: .left,
      sort: nil),
    ColumnSpec(
      header: Template(literal: "Stars"), value: Template(literal: ""), width: .fixed(5), alignment: .right,
      sort: ColumnSpec.Sort(value: "stars", descendingFirst: true)),
  ]

  func store(sorting: SortSpec) -> TestStore<TableViewModel> {
    TestStore(
      TableViewModel(
        source: source,
        configuration: .init(
          resource: "books", parameters: ["shelf": "top"], search: nil, paging: PagingSpec(pageSize: 20, prefetch: 5)),
        columns: Self.columns, sorting: sorting),
      state: TableViewModel.State())
  }

  static func loaded(_ generation: Int, page: Int = 0, cursor: String? = nil, _ range: ClosedRange<Int>)
    -> TableViewModel.Input
  {
    .list(
      .pageLoaded(
        generation: generation, page: page, cursor: cursor.map(PageCursor.init),
        .success(
          Page(
            records: range.map { ["id": .int($0), "name": .string("Item \($0)")] }, total: 45,
            next: range.upperBound < 45 ? PageCursor(String(range.upperBound)) : nil, attribution: "Test data"))))
  }

  /// The list part after a new order is asked for, before its answer: the rows loaded before
  /// are not kept, since the new order comes from the source.
  static func asking(generation: Int) -> ListViewModel.State {
    var list = ListViewModel.State()
    list.status = .loading
    list.activeQuery = ""
    list.generation = generation
    list.attribution = "Test data"
    return list
  }

  /// The list part once the first page (items 1 to 20 of 45) is in.
  static func firstPage(_ list: inout ListViewModel.State) {
    list.status = .loaded
    list.records = (1...20).map { ["id": .int($0), "name": .string("Item \($0)")] }
    list.total = 45
    list.next = PageCursor("20")
    list.pagesLoaded = 1
    list.attribution = "Test data"
  }

  func appeared(_ store: TestStore<TableViewModel>) async {
    store.send(.list(.appear)) {
      $0.list.status = .loading
      $0.list.activeQuery = ""
      $0.list.generation = 1
    }
    await store.receive(Self.loaded(1, 1...20)) {
      Self.firstPage(&$0.list)
    }
  }

  @Test func aSortAsksTheSourceAgainFromTheFirstPage() async {
    let store = store(sorting: SortSpec(parameter: "sort", order: "order"))
    await appeared(store)
    store.send(.list(.moveSelection(to: 3))) { $0.list.selection = 3 }
    let descending = TableSort(column: 1, descending: true)
    store.send(.sort(descending)) {
      $0.sort = descending
      $0.list = Self.asking(generation: 2)  // the rows loaded before are not kept: the new order comes from the source
    }
    await store.receive(Self.loaded(2, 1...20)) {
      Self.firstPage(&$0.list)
    }
    store.send(.sort(descending))  // the same sort again: nothing to ask
    // The next page is asked in the same order.
    store.send(.list(.loadNextPage)) { $0.list.isLoadingNextPage = true }
    await store.receive(Self.loaded(2, page: 1, cursor: "20", 21...40)) {
      $0.list.isLoadingNextPage = false
      $0.list.records += (21...40).map { ["id": .int($0), "name": .string("Item \($0)")] }
      $0.list.next = PageCursor("40")
      $0.list.pagesLoaded = 2
    }
    store.send(.sort(TableSort(column: 1, descending: false))) {
      $0.sort = TableSort(column: 1, descending: false)
      $0.list = Self.asking(generation: 3)
    }
    await store.receive(Self.loaded(3, 1...20)) {
      Self.firstPage(&$0.list)
    }
    await store.finish()
    #expect(
      source.pageRequests.map(\.parameters) == [
        ["shelf": "top"],
        ["shelf": "top", "sort": "stars", "order": "desc"],
        ["shelf": "top", "sort": "stars", "order": "desc"],
        ["shelf": "top", "sort": "stars", "order": "asc"],
      ])
    #expect(source.pageRequests.map(\.cursor) == [nil, nil, PageCursor("20"), nil])
  }

  @Test func withoutAnOrderParameterDescendingIsAMinusBeforeTheValue() async {
    let store = store(sorting: SortSpec(parameter: "orderBy"))
    await appeared(store)
    source.hold()
    store.send(.sort(TableSort(column: 1, descending: true))) {
      $0.sort = TableSort(column: 1, descending: true)
      $0.list = Self.asking(generation: 2)
    }
    // A second sort before the first is answered: the first answer is dropped, unseen.
    store.send(.sort(nil)) {
      $0.sort = nil
      $0.list.generation = 3
    }
    source.releaseAll()
    await store.receive(Self.loaded(3, 1...20)) {
      Self.firstPage(&$0.list)
    }
    await store.finish()
    // The first page, then both sorts' requests; those two run side by side (the first is
    // dropped unseen), so the source may be asked in either order.
    let asked = source.pageRequests.map(\.parameters)
    #expect(asked.first == ["shelf": "top"])
    #expect(
      asked.dropFirst().sorted { $0.count < $1.count } == [["shelf": "top"], ["shelf": "top", "orderBy": "-stars"]],
      "\(asked)")
  }

  @Test("columns are shown while they fit, flexible ones share the rest, never over the room")
  func layout() {
    let three =
      Self.columns + [
        ColumnSpec(
          header: Template(literal: "Notes"), value: Template(literal: ""), width: .flexible(minimum: 10),
          alignment: .left, sort: nil)
      ]
    #expect(TableFrame.layout(three, room: 40) == [12, 5, 19])  // 4+2+5+2+10 = 23; 17 to share, 8 and 9
    #expect(TableFrame.layout(three, room: 22) == [15, 5])  // Notes does not fit at its least
    #expect(TableFrame.layout(three, room: 3) == [3])  // the first column always, cut to the room
    for room in 1...60 {
      let widths = TableFrame.layout(three, room: room)
      #expect(widths.reduce(0, +) + TableFrame.gap * (widths.count - 1) <= room, "\(room): \(widths)")
    }
  }
}
