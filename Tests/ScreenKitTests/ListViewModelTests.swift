import TestSupport
import Testing

@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit

/// The list's reducer, step by step on a test store: each input, and each answer its requests
/// send back, with the whole state after it. Time is the store's virtual clock.
@Suite("List view model")
struct ListViewModelTests {
  let source = CountingSource(count: 45)

  func store(
    search: SearchSpec? = SearchSpec(
      parameter: "q", placeholder: Template(literal: "Search"), debounceMilliseconds: 500, minLength: 0, required: false
    ),
    paging: PagingSpec = PagingSpec(pageSize: 20, prefetch: 5), keepsLastPageOnly: Bool = false
  ) -> TestStore<ListViewModel> {
    TestStore(
      ListViewModel(
        source: source,
        configuration: .init(
          resource: "books", parameters: ["shelf": "top"], search: search, paging: paging,
          keepsLastPageOnly: keepsLastPageOnly)))
  }

  static func items(_ range: ClosedRange<Int>) -> [JSON] {
    range.map { ["id": .int($0), "name": .string("Item \($0)")] }
  }

  /// The records whose name starts with `prefix`, as the counting source finds them.
  static func named(_ prefix: String) -> [JSON] {
    items(1...45).filter { $0["name"]?.stringValue?.hasPrefix(prefix) == true }
  }

  static func page(_ records: [JSON], total: Int, next: String? = nil) -> Page {
    Page(records: records, total: total, next: next.map(PageCursor.init), attribution: "Test data")
  }

  /// The answer to the request made in `generation` after `pages` pages.
  static func loaded(
    _ generation: Int, page: Int = 0, cursor: String? = nil, _ records: [JSON], total: Int, next: String? = nil
  ) -> ListViewModel.Input {
    .pageLoaded(
      generation: generation, page: page, cursor: cursor.map(PageCursor.init),
      .success(Self.page(records, total: total, next: next)))
  }

  func loaded(
    query: String = "", active: String = "", records: [JSON], total: Int, next: String?, pages: Int = 1,
    generation: Int = 1
  ) -> ListViewModel.State {
    var state = ListViewModel.State()
    state.status = .loaded
    state.query = query
    state.activeQuery = active
    state.records = records
    state.total = total
    state.next = next.map(PageCursor.init)
    state.pagesLoaded = pages
    state.attribution = "Test data"
    state.generation = generation
    return state
  }

  /// Sends `.appear` and receives the first page.
  func appeared(_ store: TestStore<ListViewModel>) async {
    store.send(.appear) {
      $0.status = .loading
      $0.activeQuery = ""
      $0.generation = 1
    }
    await store.receive(Self.loaded(1, Self.items(1...20), total: 45, next: "20")) {
      $0 = loaded(records: Self.items(1...20), total: 45, next: "20")
    }
  }

  @Test func startsIdleThenLoadsTheFirstPage() async {
    let store = store()
    #expect(store.state == ListViewModel.State())
    await appeared(store)
    await store.finish()
    #expect(source.pageRequests == [PageRequest(resource: "books", parameters: ["shelf": "top"], pageSize: 20)])
  }

  @Test func appendsTheNextPageAndStopsAtTheEnd() async {
    let store = store()
    await appeared(store)
    store.send(.loadNextPage) { $0.isLoadingNextPage = true }
    await store.receive(Self.loaded(1, page: 1, cursor: "20", Self.items(21...40), total: 45, next: "40")) {
      $0 = loaded(records: Self.items(1...40), total: 45, next: "40", pages: 2)
    }
    store.send(.loadNextPage) { $0.isLoadingNextPage = true }
    await store.receive(Self.loaded(1, page: 2, cursor: "40", Self.items(41...45), total: 45)) {
      $0 = loaded(records: Self.items(1...45), total: 45, next: nil, pages: 3)
    }
    store.send(.loadNextPage)  // the end: nothing changes, nothing is asked
    await store.finish()
    #expect(source.pageRequests.map(\.cursor) == [nil, PageCursor("20"), PageCursor("40")])
  }

  @Test("keeping the last page only (--output): each page replaces the one before, the paging goes on")
  func keepsTheLastPageOnly() async {
    let store = store(keepsLastPageOnly: true)
    await appeared(store)
    store.send(.loadNextPage) { $0.isLoadingNextPage = true }
    await store.receive(Self.loaded(1, page: 1, cursor: "20", Self.items(21...40), total: 45, next: "40")) {
      $0 = loaded(records: Self.items(21...40), total: 45, next: "40", pages: 2)
    }
    store.send(.loadNextPage) { $0.isLoadingNextPage = true }
    await store.receive(Self.loaded(1, page: 2, cursor: "40", Self.items(41...45), total: 45)) {
      $0 = loaded(records: Self.items(41...45), total: 45, next: nil, pages: 3)
    }
    await store.finish()
    #expect(source.pageRequests.map(\.cursor) == [nil, PageCursor("20"), PageCursor("40")])
  }

  @Test func prefetchesWhenARowNearTheEndAppears() async {
    let store = store()
    await appeared(store)
    store.send(.rowAppeared(13))  // 20 loaded, prefetch 5: rows 14 and on ask for more
    store.send(.rowAppeared(14)) { $0.isLoadingNextPage = true }
    store.send(.rowAppeared(15))  // already asking: no second request
    await store.receive(Self.loaded(1, page: 1, cursor: "20", Self.items(21...40), total: 45, next: "40")) {
      $0 = loaded(records: Self.items(1...40), total: 45, next: "40", pages: 2)
    }
    await store.finish()
    #expect(source.pageRequests.count == 2)
  }

  @Test func movingTheHighlightStaysWithinTheRowsAndPrefetches() async {
    let store = store()
    await appeared(store)
    store.send(.moveSelection(to: -3))  // above the first row: stays on it
    store.send(.moveSelection(to: 12)) { $0.selection = 12 }
    store.send(.moveSelection(to: 99)) {
      $0.selection = 19  // the last row, which is near the end: the next page is asked for
      $0.isLoadingNextPage = true
    }
    await store.receive(Self.loaded(1, page: 1, cursor: "20", Self.items(21...40), total: 45, next: "40")) {
      $0 = loaded(records: Self.items(1...40), total: 45, next: "40", pages: 2)
      $0.selection = 19
    }
    store.send(.highlight(3)) { $0.selection = 3 }
    store.send(.typed("x")) {  // a new query starts at the top
      $0.query = "x"
      $0.selection = 0
    }
    await store.finish()
  }

  @Test func debouncesTypingAndSearchesOnce() async {
    let store = store()
    await appeared(store)
    for text in ["I", "It", "Ite", "Item", "Item ", "Item 4"] {
      store.send(.queryChanged(text)) { $0.query = text }
      store.advance(by: .milliseconds(100))
    }
    #expect(source.pageRequests.count == 1)
    store.advance(by: .milliseconds(400))
    await store.receive(.debounceElapsed) {
      $0 = ListViewModel.State()
      $0.status = .loading
      $0.query = "Item 4"
      $0.activeQuery = "Item 4"
      $0.attribution = "Test data"
      $0.generation = 2
    }
    await store.receive(Self.loaded(2, Self.named("Item 4"), total: 7)) {
      $0 = loaded(query: "Item 4", active: "Item 4", records: Self.named("Item 4"), total: 7, next: nil, generation: 2)
    }
    await store.finish()
    #expect(source.pageRequests.count == 2)
    #expect(source.pageRequests.last?.parameters == ["shelf": "top", "q": "Item 4"])
    #expect(Self.named("Item 4").count == 7)
  }

  @Test func removesDuplicateQueries() async {
    let store = store()
    await appeared(store)
    store.send(.queryChanged("Item 1")) { $0.query = "Item 1" }
    store.advance(by: .milliseconds(500))
    await store.receive(.debounceElapsed) {
      $0 = ListViewModel.State()
      $0.status = .loading
      $0.query = "Item 1"
      $0.activeQuery = "Item 1"
      $0.attribution = "Test data"
      $0.generation = 2
    }
    await store.receive(Self.loaded(2, Self.named("Item 1"), total: 11)) {
      $0 = loaded(query: "Item 1", active: "Item 1", records: Self.named("Item 1"), total: 11, next: nil, generation: 2)
    }
    store.send(.queryChanged("Item 1 ")) { $0.query = "Item 1 " }  // trims to the same query
    store.advance(by: .milliseconds(500))
    await store.receive(.debounceElapsed)  // nothing to ask
    store.send(.queryChanged("Item 12")) { $0.query = "Item 12" }
    store.send(.queryChanged("Item 1")) { $0.query = "Item 1" }  // back before the debounce ends
    store.advance(by: .milliseconds(500))
    await store.receive(.debounceElapsed)
    await store.finish()
    #expect(source.pageRequests.map { $0.parameters["q"] } == [nil, "Item 1"])
  }

  @Test func submitSearchesAPendingQueryAtOnceAndTheDebounceAsksNothingMore() async {
    let store = store()
    await appeared(store)
    store.send(.submit)  // nothing typed: nothing waits, nothing to do
    store.send(.queryChanged("Item 1")) { $0.query = "Item 1" }
    #expect(ListViewModel.isPending(store.state, search: store.model.configuration.search))
    store.send(.submit) {
      $0 = ListViewModel.State()
      $0.status = .loading
      $0.query = "Item 1"
      $0.activeQuery = "Item 1"
      $0.attribution = "Test data"
      $0.generation = 2
    }
    #expect(!ListViewModel.isPending(store.state, search: store.model.configuration.search))
    #expect(store.state.records.isEmpty, "the old rows are gone: none of them can be opened")
    await store.receive(Self.loaded(2, Self.named("Item 1"), total: 11)) {
      $0 = loaded(query: "Item 1", active: "Item 1", records: Self.named("Item 1"), total: 11, next: nil, generation: 2)
    }
    store.advance(by: .milliseconds(500))  // the debounce was cancelled: it sends nothing
    store.send(.submit)  // the query is the active one: nothing to do
    await store.finish()
    #expect(source.pageRequests.map { $0.parameters["q"] } == [nil, "Item 1"])
  }

  @Test func honoursMinLengthAndRequired() async {
    let store = store(
      search: SearchSpec(
        parameter: "q", placeholder: Template(literal: "Search"), debounceMilliseconds: 0, minLength: 3, required: true)
    )
    store.send(.appear) {
      $0.activeQuery = ""
      $0.generation = 1
    }
    store.send(.queryChanged("It")) { $0.query = "It" }  // shorter than minLength: counts as no query
    store.send(.queryChanged("Ite")) {
      $0.query = "Ite"
      $0.activeQuery = "Ite"
      $0.status = .loading
      $0.generation = 2
    }
    await store.receive(Self.loaded(2, Self.items(1...20), total: 45, next: "20")) {
      $0 = loaded(query: "Ite", active: "Ite", records: Self.items(1...20), total: 45, next: "20", generation: 2)
    }
    store.send(.queryChanged("")) {  // clears the results without asking
      $0 = ListViewModel.State()
      $0.activeQuery = ""
      $0.attribution = "Test data"
      $0.generation = 3
    }
    await store.finish()
    #expect(source.pageRequests.count == 1)
  }

  /// Two searches in a row: the first is cancelled, and its answer, should it come late, is stale.
  @Test func dropsAnAnswerToAnOlderQuery() async {
    let store = store(
      search: SearchSpec(
        parameter: "q", placeholder: Template(literal: ""), debounceMilliseconds: 0, minLength: 0, required: false))
    store.send(.search("Item 1")) {
      $0.query = "Item 1"
      $0.activeQuery = "Item 1"
      $0.status = .loading
      $0.generation = 1
    }
    store.send(.search("Item 2")) {
      $0.query = "Item 2"
      $0.activeQuery = "Item 2"
      $0.generation = 2
    }
    await store.receive(Self.loaded(2, Self.named("Item 2"), total: 11)) {
      $0 = loaded(query: "Item 2", active: "Item 2", records: Self.named("Item 2"), total: 11, next: nil, generation: 2)
    }
    store.send(Self.loaded(1, Self.named("Item 1"), total: 11))  // the older answer, late: dropped
    await store.finish()  // and the cancelled request itself sent nothing
    #expect(source.pageRequests.count == 2)
  }

  @Test func dropsAPageAnsweredAfterANewSearch() async {
    let store = store(
      search: SearchSpec(
        parameter: "q", placeholder: Template(literal: ""), debounceMilliseconds: 0, minLength: 0, required: false))
    await appeared(store)
    store.send(.loadNextPage) { $0.isLoadingNextPage = true }
    store.send(.search("Item 3")) {
      $0 = ListViewModel.State()
      $0.query = "Item 3"
      $0.activeQuery = "Item 3"
      $0.status = .loading
      $0.attribution = "Test data"
      $0.generation = 2
    }
    await store.receive(Self.loaded(2, Self.named("Item 3"), total: 11)) {
      $0 = loaded(query: "Item 3", active: "Item 3", records: Self.named("Item 3"), total: 11, next: nil, generation: 2)
    }
    // The second page of the old query, late: its generation is over.
    store.send(Self.loaded(1, page: 1, cursor: "20", Self.items(21...40), total: 45, next: "40"))
    await store.finish()
    #expect(store.state.records.map { $0["name"]?.stringValue ?? "" } == ["Item 3"] + (30...39).map { "Item \($0)" })
  }

  @Test func errorsKeepTheRowsAndReloadRetriesThePage() async {
    let store = store()
    await appeared(store)
    source.fail(with: .server(status: 500, "boom"))
    store.send(.loadNextPage) { $0.isLoadingNextPage = true }
    await store.receive(
      .pageLoaded(generation: 1, page: 1, cursor: PageCursor("20"), .failure(.server(status: 500, "boom")))
    ) {
      $0.isLoadingNextPage = false
      $0.status = .error(.server(status: 500, "boom"))
      $0.failedCursor = PageCursor("20")
    }
    source.fail(with: nil)
    store.send(.reload) {
      $0.status = .loaded
      $0.isLoadingNextPage = true
    }
    await store.receive(Self.loaded(1, page: 1, cursor: "20", Self.items(21...40), total: 45, next: "40")) {
      $0 = loaded(records: Self.items(1...40), total: 45, next: "40", pages: 2)
    }
    await store.finish()
    #expect(source.pageRequests.map(\.cursor) == [nil, PageCursor("20"), PageCursor("20")])
  }

  @Test func aFirstPageErrorAndReload() async {
    let store = store()
    source.fail(with: .transport("connection refused"))
    store.send(.appear) {
      $0.status = .loading
      $0.activeQuery = ""
      $0.generation = 1
    }
    await store.receive(.pageLoaded(generation: 1, page: 0, cursor: nil, .failure(.transport("connection refused")))) {
      $0.status = .error(.transport("connection refused"))
    }
    source.fail(with: nil)
    store.send(.reload) {
      $0.status = .loading
      $0.generation = 2
    }
    await store.receive(Self.loaded(2, Self.items(1...20), total: 45, next: "20")) {
      $0 = loaded(records: Self.items(1...20), total: 45, next: "20", generation: 2)
    }
    await store.finish()
  }

  /// The store that runs a screen: it applies the answers itself, on whatever task they come.
  @Test func theRuntimeStoreAppliesAnswersAndSettles() async {
    let clock = VirtualScheduler()
    let store = Store(
      ListViewModel(
        source: source,
        configuration: .init(
          resource: "books", parameters: ["shelf": "top"],
          search: SearchSpec(
            parameter: "q", placeholder: Template(literal: ""), debounceMilliseconds: 500, minLength: 0, required: false
          ),
          paging: .default)),
      state: ListViewModel.State(), scheduler: clock)
    store.send(.appear)
    await store.settle()
    #expect(store.state == loaded(records: Self.items(1...20), total: 45, next: "20"))
    store.send(.queryChanged("Item 4"))
    clock.advance(by: .milliseconds(500))
    await store.settle()
    #expect(
      store.state
        == loaded(query: "Item 4", active: "Item 4", records: Self.named("Item 4"), total: 7, next: nil, generation: 2))
  }

  /// The reducer that the interactive mode, a script and `--output` share, fed the answers of a
  /// source that ignores the page asked for, then of one whose pages share a record.
  @Test("a page that holds a page's records again, under any cursor, is an error: not added, shown, and asked again")
  func pageThatRepeatsIsAnError() {
    let model = ListViewModel(
      source: source,
      configuration: .init(
        resource: "books", parameters: [:], search: nil, paging: PagingSpec(pageSize: 20, prefetch: 5)))
    var state = ListViewModel.State()
    _ = model.reduce(&state, .appear)
    _ = model.reduce(&state, Self.loaded(1, Self.items(1...20), total: 1000, next: "20"))
    _ = model.reduce(&state, .rowAppeared(19))
    #expect(state.isLoadingNextPage)
    _ = model.reduce(&state, Self.loaded(1, page: 1, cursor: "20", Self.items(1...20), total: 1000, next: "40"))
    #expect(state.records == Self.items(1...20))
    #expect(state.pagesLoaded == 1)
    let message =
      "the source's paging goes round: page 2, asked for with cursor '20', holds page 1's records again, in the "
      + "same order; it is not shown"
    #expect(state.status == .error(.decoding(message)))
    // A reload asks for the page again, and is told the same.
    _ = model.reduce(&state, .reload)
    #expect(state.isLoadingNextPage)
    _ = model.reduce(&state, Self.loaded(1, page: 1, cursor: "20", Self.items(1...20), total: 1000, next: "40"))
    #expect(state.status == .error(.decoding(message)))
    // Pages that share a record, as live data shifts, are pages; so is an empty one.
    var shifting = ListViewModel.State()
    _ = model.reduce(&shifting, .appear)
    _ = model.reduce(&shifting, Self.loaded(1, Self.items(1...20), total: 1000, next: "20"))
    _ = model.reduce(&shifting, .loadNextPage)
    _ = model.reduce(&shifting, Self.loaded(1, page: 1, cursor: "20", Self.items(20...39), total: 1000, next: "40"))
    #expect(shifting.status == .loaded)
    #expect(shifting.records.count == 40)
  }
}
