import TestSupport
import Testing

@testable import ScreenKinds
@testable import ScreenKit

@Suite("Detail view model")
struct DetailViewModelTests {
  let source = CountingSource(count: 3)

  func store(_ id: String) -> TestStore<DetailViewModel> {
    TestStore(DetailViewModel(source: source, request: RecordRequest(resource: "book", parameters: ["id": id])))
  }

  @Test func loadsOneRecord() async {
    let store = store("2")
    #expect(store.state == DetailViewModel.State())
    store.send(.appear) {
      $0.status = .loading
      $0.generation = 1
    }
    await store.receive(
      .recordLoaded(generation: 1, .success(Record(["id": 2, "name": "Item 2"], attribution: "Test data")))
    ) {
      $0.status = .loaded
      $0.record = ["id": 2, "name": "Item 2"]
      $0.attribution = "Test data"
    }
    store.send(.appear)  // already loaded: no second request
    store.send(.scroll(to: 4)) { $0.scroll = 4 }
    store.send(.scroll(to: -1)) { $0.scroll = 0 }
    await store.finish()
    #expect(source.recordRequests.count == 1)
  }

  @Test func anUnknownRecordIsAnErrorAndReloadTriesAgain() async {
    let store = store("99")
    store.send(.appear) {
      $0.status = .loading
      $0.generation = 1
    }
    await store.receive(.recordLoaded(generation: 1, .failure(.notFound("no record 99", parameter: "id")))) {
      $0.status = .error(.notFound("no record 99", parameter: "id"))
    }
    store.send(.reload) {
      $0.status = .loading
      $0.generation = 2
    }
    // An answer to the first load, late: stale.
    store.send(.recordLoaded(generation: 1, .success(Record(["id": 99], attribution: nil))))
    await store.receive(.recordLoaded(generation: 2, .failure(.notFound("no record 99", parameter: "id")))) {
      $0.status = .error(.notFound("no record 99", parameter: "id"))
    }
    await store.finish()
    #expect(source.recordRequests.count == 2)
  }
}
