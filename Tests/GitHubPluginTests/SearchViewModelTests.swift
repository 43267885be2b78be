import GitHubPlugin
import PluginHost
import ScreenKinds
import ScreenKit
import TestSupport
import Testing

/// The GitHub sample app's view-model test, done properly: the repositories screen's own search
/// settings, driven on a test store against a data source that counts what it is asked.
@Suite("Repository search view model")
struct SearchViewModelTests {
  static let records: [JSON] = [
    ["id": 1, "name": "react", "full_name": "facebook/react"],
    ["id": 2, "name": "redux", "full_name": "reduxjs/redux"],
    ["id": 3, "name": "swift", "full_name": "apple/swift"],
  ]

  let source = CountingSource(records: records, attribution: "Test data")
  let store: TestStore<ListViewModel>

  init() throws {
    let spec = try ScreenLoader(registry: PluginRegistry([GitHubPlugin.plugin]), kinds: .standard).load(
      Paths.screen("repositories.json"))
    let list = try #require(spec.list)
    let search = try #require(list.search)
    // What the screen declares is what this test relies on: search by q, required, debounced.
    #expect(search.parameter == "q")
    #expect(search.required)
    #expect(search.debounceMilliseconds == 500)
    store = TestStore(
      ListViewModel(
        source: source,
        configuration: .init(resource: spec.source.resource, parameters: [:], search: search, paging: list.paging)))
  }

  /// The state after the query `query`, the search of `generation`, answered with `records`.
  func answered(_ query: String, _ records: [JSON], generation: Int) -> ListViewModel.State {
    var state = ListViewModel.State()
    state.status = .loaded
    state.query = query
    state.activeQuery = query
    state.records = records
    state.total = records.count
    state.pagesLoaded = 1
    state.attribution = "Test data"
    state.generation = generation
    return state
  }

  /// The answer the counting source gives to a search of `generation`.
  func answer(_ records: [JSON], generation: Int) -> ListViewModel.Input {
    .pageLoaded(
      generation: generation, page: 0, cursor: nil,
      .success(Page(records: records, total: records.count, attribution: "Test data")))
  }

  /// The screen is shown: with no query, nothing is asked.
  func appear() {
    store.send(.appear) {
      $0.activeQuery = ""
      $0.generation = 1
    }
  }

  /// Types `text` (one edit) and lets the debounce run out.
  func type(_ text: String, _ expect: (inout ListViewModel.State) -> Void) async {
    store.send(.queryChanged(text)) { $0.query = text }
    store.advance(by: .milliseconds(500))
    await store.receive(.debounceElapsed, expect)
  }

  @Test func anEmptyQueryAsksNothingAndShowsAnEmptyList() async {
    appear()
    await store.finish()
    #expect(source.pageRequests.isEmpty)
  }

  @Test func clearingTheQueryClearsTheResultsWithoutARequest() async {
    appear()
    await type("re") {
      $0.activeQuery = "re"
      $0.status = .loading
      $0.generation = 2
    }
    await store.receive(answer([Self.records[0], Self.records[1]], generation: 2)) {
      $0 = answered("re", [Self.records[0], Self.records[1]], generation: 2)
    }
    #expect(source.pageRequests == [PageRequest(resource: "repositories", parameters: ["q": "re"], pageSize: 30)])

    await type("") {
      $0 = ListViewModel.State()
      $0.activeQuery = ""
      $0.attribution = "Test data"  // what the data source said stays known
      $0.generation = 3
    }
    await type("   ") { _ in }  // only spaces is no query either
    await store.finish()
    #expect(store.state.status == .idle)
    #expect(source.pageRequests.count == 1)
  }

  @Test func aNewQuerysResultsReplaceTheOld() async {
    appear()
    await type("re") {
      $0.activeQuery = "re"
      $0.status = .loading
      $0.generation = 2
    }
    await store.receive(answer([Self.records[0], Self.records[1]], generation: 2)) {
      $0 = answered("re", [Self.records[0], Self.records[1]], generation: 2)
    }
    await type("sw") {
      $0 = ListViewModel.State()
      $0.query = "sw"
      $0.activeQuery = "sw"
      $0.status = .loading
      $0.attribution = "Test data"
      $0.generation = 3
    }
    await store.receive(answer([Self.records[2]], generation: 3)) {
      $0 = answered("sw", [Self.records[2]], generation: 3)
    }
    await store.finish()
    #expect(source.pageRequests.map { $0.parameters["q"] } == ["re", "sw"])
  }

  @Test func keystrokesWithinTheDebounceMakeOneRequest() async {
    appear()
    for text in ["s", "sw", "swi"] {
      store.send(.queryChanged(text)) { $0.query = text }
      store.advance(by: .milliseconds(200))
    }
    #expect(source.pageRequests.isEmpty)
    store.advance(by: .milliseconds(300))
    await store.receive(.debounceElapsed) {
      $0.activeQuery = "swi"
      $0.status = .loading
      $0.generation = 2
    }
    await store.receive(answer([Self.records[2]], generation: 2)) {
      $0 = answered("swi", [Self.records[2]], generation: 2)
    }
    await store.finish()
    #expect(source.pageRequests.map { $0.parameters["q"] } == ["swi"])
  }

  /// The answer to "re" arrives after the answer to "sw": it is dropped, never shown.
  @Test func aLateAnswerToAnOldQueryIsDropped() async {
    appear()
    store.send(.search("re")) {
      $0.query = "re"
      $0.activeQuery = "re"
      $0.status = .loading
      $0.generation = 2
    }
    store.send(.search("sw")) {
      $0.query = "sw"
      $0.activeQuery = "sw"
      $0.generation = 3
    }
    await store.receive(answer([Self.records[2]], generation: 3)) {
      $0 = answered("sw", [Self.records[2]], generation: 3)
    }
    store.send(answer([Self.records[0], Self.records[1]], generation: 2))  // late: stale, no change
    await store.finish()
    #expect(source.pageRequests.count == 2)
  }

  @Test func clearingTheQueryWhileARequestIsOutDropsItsAnswer() async {
    appear()
    source.hold()
    store.send(.search("re")) {
      $0.query = "re"
      $0.activeQuery = "re"
      $0.status = .loading
      $0.generation = 2
    }
    store.send(.search("")) {
      $0.query = ""
      $0.activeQuery = ""
      $0.status = .idle
      $0.generation = 3
    }
    source.releaseAll()
    await store.finish()  // the held answer, let go after the clearing, is never received
    #expect(store.state.records.isEmpty)
  }
}
