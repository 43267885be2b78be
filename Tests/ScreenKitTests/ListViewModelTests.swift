import TestSupport
import Testing

@testable import ScreenKit

@MainActor
@Suite("List view model")
struct ListViewModelTests {
  let source = CountingSource(count: 45)
  let clock = VirtualScheduler()

  func model(
    search: SearchSpec? = SearchSpec(
      parameter: "q", placeholder: "Search", debounceMilliseconds: 500, minLength: 0, required: false),
    paging: PagingSpec = PagingSpec(pageSize: 20, prefetch: 5)
  ) -> ListViewModel {
    ListViewModel(
      source: source,
      configuration: .init(resource: "books", parameters: ["shelf": "top"], search: search, paging: paging),
      scheduler: clock)
  }

  static func items(_ range: ClosedRange<Int>) -> [JSON] {
    range.map { ["id": .int($0), "name": .string("Item \($0)")] }
  }

  func loaded(query: String = "", active: String = "", records: [JSON], total: Int, next: String?, pages: Int = 1)
    -> ListViewModel.State
  {
    var state = ListViewModel.State()
    state.status = .loaded
    state.query = query
    state.activeQuery = active
    state.records = records
    state.total = total
    state.next = next.map(PageCursor.init)
    state.pagesLoaded = pages
    state.attribution = "Test data"
    return state
  }

  @Test func startsIdleThenLoadsTheFirstPage() async {
    let model = model()
    #expect(model.state == ListViewModel.State())
    model.trigger(.appear)
    var loading = ListViewModel.State()
    loading.status = .loading
    loading.activeQuery = ""
    #expect(model.state == loading)
    await model.settle()
    #expect(model.state == loaded(records: Self.items(1...20), total: 45, next: "20"))
    #expect(source.pageRequests == [PageRequest(resource: "books", parameters: ["shelf": "top"], pageSize: 20)])
  }

  @Test func appendsTheNextPageAndStopsAtTheEnd() async {
    let model = model()
    model.trigger(.appear)
    await model.settle()
    model.trigger(.loadNextPage)
    #expect(model.state.isLoadingNextPage)
    #expect(model.state.status == .loaded)
    await model.settle()
    #expect(model.state == loaded(records: Self.items(1...40), total: 45, next: "40", pages: 2))
    model.trigger(.loadNextPage)
    await model.settle()
    #expect(model.state == loaded(records: Self.items(1...45), total: 45, next: nil, pages: 3))
    model.trigger(.loadNextPage)
    await model.settle()
    #expect(source.pageRequests.map(\.cursor) == [nil, PageCursor("20"), PageCursor("40")])
  }

  @Test func prefetchesWhenARowNearTheEndAppears() async {
    let model = model()
    model.trigger(.appear)
    await model.settle()
    model.trigger(.rowAppeared(13))  // 20 loaded, prefetch 5: rows 14 and on ask for more
    await model.settle()
    #expect(source.pageRequests.count == 1)
    model.trigger(.rowAppeared(14))
    model.trigger(.rowAppeared(15))  // already asking: no second request
    await model.settle()
    #expect(source.pageRequests.count == 2)
    #expect(model.state.records.count == 40)
  }

  @Test func debouncesTypingAndSearchesOnce() async {
    let model = model()
    model.trigger(.appear)
    await model.settle()
    for text in ["I", "It", "Ite", "Item", "Item ", "Item 4"] {
      model.trigger(.queryChanged(text))
      clock.advance(by: .milliseconds(100))
    }
    #expect(source.pageRequests.count == 1)
    #expect(model.state.query == "Item 4")
    #expect(model.state.activeQuery == "")
    clock.advance(by: .milliseconds(400))
    await model.settle()
    #expect(source.pageRequests.count == 2)
    #expect(source.pageRequests.last?.parameters == ["shelf": "top", "q": "Item 4"])
    #expect(
      model.state
        == loaded(
          query: "Item 4", active: "Item 4",
          records: [
            ["id": 4, "name": "Item 4"], ["id": 40, "name": "Item 40"], ["id": 41, "name": "Item 41"],
            ["id": 42, "name": "Item 42"], ["id": 43, "name": "Item 43"], ["id": 44, "name": "Item 44"],
            ["id": 45, "name": "Item 45"],
          ], total: 7, next: nil))
  }

  @Test func removesDuplicateQueries() async {
    let model = model()
    model.trigger(.appear)
    await model.settle()
    model.trigger(.queryChanged("Item 1"))
    clock.advance(by: .milliseconds(500))
    await model.settle()
    model.trigger(.queryChanged("Item 1 "))  // trims to the same query
    clock.advance(by: .milliseconds(500))
    model.trigger(.queryChanged("Item 12"))
    model.trigger(.queryChanged("Item 1"))  // back before the debounce ends
    clock.advance(by: .milliseconds(500))
    await model.settle()
    #expect(source.pageRequests.map { $0.parameters["q"] } == [nil, "Item 1"])
  }

  @Test func honoursMinLengthAndRequired() async {
    let model = model(
      search: SearchSpec(parameter: "q", placeholder: "Search", debounceMilliseconds: 0, minLength: 3, required: true))
    model.trigger(.appear)
    #expect(model.state.status == .idle)
    #expect(source.pageRequests.isEmpty)
    model.trigger(.queryChanged("It"))  // shorter than minLength: counts as no query
    #expect(source.pageRequests.isEmpty)
    model.trigger(.queryChanged("Ite"))
    await model.settle()
    #expect(source.pageRequests.count == 1)
    #expect(model.state.records.count == 20)
    model.trigger(.queryChanged(""))  // clears the results without asking
    var cleared = ListViewModel.State()
    cleared.activeQuery = ""
    cleared.attribution = "Test data"
    #expect(model.state == cleared)
    #expect(source.pageRequests.count == 1)
  }

  @Test func dropsAnAnswerToAnOlderQuery() async {
    let model = model(
      search: SearchSpec(parameter: "q", placeholder: "", debounceMilliseconds: 0, minLength: 0, required: false))
    source.hold()
    model.trigger(.search("Item 1"))
    model.trigger(.search("Item 2"))
    #expect(model.requests.count == 2)
    await waitUntil { source.heldCount == 2 }
    source.release(at: 1)  // the newer answer first
    await waitUntil { model.state.status == .loaded }
    #expect(model.state.activeQuery == "Item 2")
    source.release(at: 0)  // the older answer, late: dropped
    source.releaseAll()
    await model.settle()
    #expect(model.state.activeQuery == "Item 2")
    #expect(model.state.records.first?["name"] == "Item 2")
    #expect(model.state.records.allSatisfy { $0["name"]?.stringValue?.hasPrefix("Item 2") == true })
  }

  @Test func dropsAPageAnsweredAfterANewSearch() async {
    let model = model(
      search: SearchSpec(parameter: "q", placeholder: "", debounceMilliseconds: 0, minLength: 0, required: false))
    model.trigger(.appear)
    await model.settle()
    source.hold()
    model.trigger(.loadNextPage)
    await waitUntil { source.heldCount == 1 }
    model.trigger(.search("Item 3"))
    await waitUntil { source.heldCount == 2 }
    source.release(at: 1)
    await waitUntil { model.state.status == .loaded }
    source.releaseAll()
    await model.settle()
    #expect(
      model.state.records.map { $0["name"]?.stringValue ?? "" } == [
        "Item 3", "Item 30", "Item 31", "Item 32", "Item 33", "Item 34", "Item 35", "Item 36", "Item 37", "Item 38",
        "Item 39",
      ])
    #expect(model.state.pagesLoaded == 1)
  }

  @Test func errorsKeepTheRowsAndReloadRetriesThePage() async {
    let model = model()
    model.trigger(.appear)
    await model.settle()
    source.fail(with: .server(status: 500, "boom"))
    model.trigger(.loadNextPage)
    await model.settle()
    var failed = loaded(records: Self.items(1...20), total: 45, next: "20")
    failed.status = .error(.server(status: 500, "boom"))
    #expect(model.state == failed)
    source.fail(with: nil)
    model.trigger(.reload)
    await model.settle()
    #expect(model.state == loaded(records: Self.items(1...40), total: 45, next: "40", pages: 2))
    #expect(source.pageRequests.map(\.cursor) == [nil, PageCursor("20"), PageCursor("20")])
  }

  @Test func aFirstPageErrorAndReload() async {
    let model = model()
    source.fail(with: .transport("connection refused"))
    model.trigger(.appear)
    await model.settle()
    var failed = ListViewModel.State()
    failed.status = .error(.transport("connection refused"))
    failed.activeQuery = ""
    #expect(model.state == failed)
    source.fail(with: nil)
    model.trigger(.reload)
    await model.settle()
    #expect(model.state == loaded(records: Self.items(1...20), total: 45, next: "20"))
  }

  @Test func erasedModelForwardsStateAndInputs() async {
    let model = model()
    let erased = AnyViewModel(model)
    erased.trigger(.appear)
    await model.settle()
    #expect(erased.state == model.state)
    #expect(erased.state.records.count == 20)
  }
}

/// Waits until `condition` holds: held answers resume on other tasks, which a loaded machine may
/// run late. The bound is generous (10 s); this is a wait, never a timing assertion.
@MainActor
func waitUntil(_ condition: @MainActor () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(10)
  while !condition(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
  #expect(condition(), "the condition never came true")
}
