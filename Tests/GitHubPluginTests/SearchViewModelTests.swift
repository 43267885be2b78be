import GitHubPlugin
import ScreenKit
import TestSupport
import Testing

/// The GitHub sample app's view-model test, done properly: the repositories screen's own search
/// settings, driven against a data source that counts what it is asked, on a virtual clock.
@MainActor
@Suite("Repository search view model")
struct SearchViewModelTests {
  static let records: [JSON] = [
    ["id": 1, "name": "react", "full_name": "facebook/react"],
    ["id": 2, "name": "redux", "full_name": "reduxjs/redux"],
    ["id": 3, "name": "swift", "full_name": "apple/swift"],
  ]

  let source = CountingSource(records: records, attribution: "Test data")
  let clock = VirtualScheduler()
  let model: ListViewModel

  init() throws {
    let spec = try ScreenLoader(registry: PluginRegistry([GitHubPlugin.plugin])).load(Paths.screen("repositories.json"))
    let list = try #require(spec.list)
    let search = try #require(list.search)
    // What the screen declares is what this test relies on: search by q, required, debounced.
    #expect(search.parameter == "q")
    #expect(search.required)
    #expect(search.debounceMilliseconds == 500)
    model = ListViewModel(
      source: source,
      configuration: .init(resource: spec.source.resource, parameters: [:], search: search, paging: list.paging),
      scheduler: clock)
  }

  /// The state after the query `query` answered with `records`.
  func answered(_ query: String, _ records: [JSON]) -> ListViewModel.State {
    var state = ListViewModel.State()
    state.status = .loaded
    state.query = query
    state.activeQuery = query
    state.records = records
    state.total = records.count
    state.pagesLoaded = 1
    state.attribution = "Test data"
    return state
  }

  func type(_ text: String) async {
    model.trigger(.queryChanged(text))
    clock.advance(by: .milliseconds(500))
    await model.settle()
  }

  @Test func anEmptyQueryAsksNothingAndShowsAnEmptyList() async {
    model.trigger(.appear)
    await model.settle()
    var idle = ListViewModel.State()
    idle.activeQuery = ""
    #expect(model.state == idle)
    #expect(source.pageRequests.isEmpty)
  }

  @Test func clearingTheQueryClearsTheResultsWithoutARequest() async {
    model.trigger(.appear)
    await type("re")
    #expect(model.state == answered("re", [Self.records[0], Self.records[1]]))
    #expect(source.pageRequests == [PageRequest(resource: "repositories", parameters: ["q": "re"], pageSize: 30)])

    await type("")
    var cleared = ListViewModel.State()
    cleared.query = ""
    cleared.activeQuery = ""
    cleared.attribution = "Test data"  // what the data source said stays known
    #expect(model.state == cleared)
    #expect(source.pageRequests.count == 1)

    await type("   ")  // only spaces is no query either
    #expect(model.state.records.isEmpty)
    #expect(model.state.status == .idle)
    #expect(source.pageRequests.count == 1)
  }

  @Test func aNewQuerysResultsReplaceTheOld() async {
    model.trigger(.appear)
    await type("re")
    #expect(model.state == answered("re", [Self.records[0], Self.records[1]]))
    await type("sw")
    #expect(model.state == answered("sw", [Self.records[2]]))
    #expect(source.pageRequests.map { $0.parameters["q"] } == ["re", "sw"])
  }

  @Test func keystrokesWithinTheDebounceMakeOneRequest() async {
    model.trigger(.appear)
    for text in ["s", "sw", "swi"] {
      model.trigger(.queryChanged(text))
      clock.advance(by: .milliseconds(200))
    }
    #expect(source.pageRequests.isEmpty)
    clock.advance(by: .milliseconds(300))
    await model.settle()
    #expect(source.pageRequests.map { $0.parameters["q"] } == ["swi"])
    #expect(model.state == answered("swi", [Self.records[2]]))
  }

  /// The answer to "re" arrives after the answer to "sw": it is dropped, never shown.
  @Test func aLateAnswerToAnOldQueryIsDropped() async {
    model.trigger(.appear)
    source.hold()
    model.trigger(.search("re"))
    await waitUntilHeld(1)  // one at a time, so the held answers are in a known order
    model.trigger(.search("sw"))
    await waitUntilHeld(2)
    #expect(source.pageRequests.map { $0.parameters["q"] } == ["re", "sw"])
    source.release(at: 1)
    // Not `settle()`: that waits for the "re" answer too, which is still held.
    while model.state.status != .loaded { await Task.yield() }
    #expect(model.state == answered("sw", [Self.records[2]]))
    source.releaseAll()
    await model.settle()
    #expect(model.state == answered("sw", [Self.records[2]]))
  }

  @Test func clearingTheQueryWhileARequestIsOutDropsItsAnswer() async {
    model.trigger(.appear)
    source.hold()
    model.trigger(.search("re"))
    await waitUntilHeld(1)
    model.trigger(.search(""))
    source.releaseAll()
    await model.settle()
    #expect(model.state.records.isEmpty)
    #expect(model.state.status == .idle)
    #expect(source.pageRequests.count == 1)
  }

  /// The held requests reach the source on other tasks; wait, without sleeping, until they have.
  func waitUntilHeld(_ count: Int) async {
    while source.heldCount < count { await Task.yield() }
  }
}
