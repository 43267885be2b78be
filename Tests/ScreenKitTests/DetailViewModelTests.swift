import TestSupport
import Testing

@testable import ScreenKit

@MainActor
@Suite("Detail view model")
struct DetailViewModelTests {
  let source = CountingSource(count: 3)

  @Test func loadsOneRecord() async {
    let model = DetailViewModel(source: source, request: RecordRequest(resource: "book", parameters: ["id": "2"]))
    #expect(model.state == DetailViewModel.State())
    model.trigger(.appear)
    #expect(model.state.status == .loading)
    await model.settle()
    var loaded = DetailViewModel.State()
    loaded.status = .loaded
    loaded.record = ["id": 2, "name": "Item 2"]
    loaded.attribution = "Test data"
    #expect(model.state == loaded)
    model.trigger(.appear)  // already loaded: no second request
    await model.settle()
    #expect(source.recordRequests.count == 1)
  }

  @Test func anUnknownRecordIsAnErrorAndReloadTriesAgain() async {
    let model = DetailViewModel(source: source, request: RecordRequest(resource: "book", parameters: ["id": "99"]))
    model.trigger(.appear)
    await model.settle()
    #expect(model.state.status == .error(.server(status: 404, "no record 99")))
    #expect(model.state.record == nil)
    model.trigger(.reload)
    await model.settle()
    #expect(source.recordRequests.count == 2)
  }
}
