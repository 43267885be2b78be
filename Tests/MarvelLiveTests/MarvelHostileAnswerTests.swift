import Foundation
import ReplayServer
import ScreenKit
import Testing

/// Hand-made hostile answers, not recordings: numbers no page can have, and shapes that are not
/// the API's. Each ends in a `.decoding` error that names the field, never a trap or blank rows.
@Suite("Marvel live: hostile answers")
struct MarvelHostileAnswerTests {
  typealias Harness = MarvelLiveHarness

  /// The error the first characters page ends in, when the server answers 200 with `body`.
  func error(_ body: String, request: PageRequest = PageRequest(resource: "characters", pageSize: 20)) async throws
    -> DataSourceError
  {
    let harness = try Harness([RecordedExchange(path: "/v1/public/characters", response: .json(200, body))])
    defer { harness.finish() }
    let error = try #require(await Harness.pageError(try harness.source(), request))
    #expect(!error.leaks([Harness.privateKey]), "a secret in: \(error)")
    return error
  }

  static func page(offset: String, count: String, total: String = "1000") -> String {
    #"{"code": 200, "data": {"offset": \#(offset), "limit": 20, "total": \#(total), "count": \#(count), "results": [{"id": 1, "name": "A"}]}}"#
  }

  @Test(
    "offsets and counts whose sum overflows are data errors naming the field",
    arguments: [
      ("100", "9223372036854775807", "data.count", "9223372036854775807"),
      ("9223372036854775807", "1", "data.offset", "9223372036854775807"),
      ("-9223372036854775808", "-1", "data.offset", "-9223372036854775808"),
      ("0", "-1", "data.count", "-1"),
      ("1e308", "1", "data.offset", "1e+308"),
      ("\"100\"", "1", "data.offset", "a string"),
    ])
  func overflowingNumbers(_ offset: String, _ count: String, _ field: String, _ shown: String) async throws {
    let error = try await error(Self.page(offset: offset, count: count))
    #expect(error.kind == .decoding)
    #expect(error.message.contains("the answer's \(field) is \(shown), not "), "\(error)")
    #expect(error.message.contains("(at /\(field.replacingOccurrences(of: ".", with: "/")))"), "\(error)")
  }

  @Test("a total out of range is a data error, not a page count")
  func hugeTotal() async throws {
    let error = try await error(Self.page(offset: "0", count: "1", total: "9223372036854775807"))
    #expect(error.kind == .decoding)
    #expect(error.message.contains("the answer's data.total is 9223372036854775807, not a total from 0 to"), "\(error)")
  }

  @Test("a null offset or count is absent: the request's own offset and the results' count stand in")
  func nullNumbers() async throws {
    let harness = try Harness([
      RecordedExchange(
        path: "/v1/public/characters",
        response: .json(
          200, #"{"data": {"offset": null, "count": null, "total": 30, "results": [{"id": 1}, {"id": 2}]}}"#))
    ])
    defer { harness.finish() }
    let page = try await harness.source().page(PageRequest(resource: "characters", pageSize: 20))
    #expect(page.records.count == 2)
    #expect(page.next == PageCursor("2"))
  }

  @Test(
    "an answer not shaped like Marvel's is a data error that says what and where",
    arguments: [
      (#"{"data": {"results": {"id": 1}}}"#, "the answer's data.results is an object, not an array of records"),
      (#"{"data": {"results": [{"id": 1}, 7]}}"#, "the answer's data.results.1 is an integer, not a character"),
      (#"{"data": {"results": [null]}}"#, "the answer's data.results.0 is null, not a character"),
      (#"{"data": [1, 2]}"#, "the answer's data is an array, not the data container"),
      (#"{"data": {}}"#, "the answer's data.results is missing"),
      (#"[1, 2, 3]"#, "the answer is an array, not an answer"),
    ])
  func wrongShapes(_ body: String, _ expected: String) async throws {
    let error = try await error(body)
    #expect(error.kind == .decoding)
    #expect(error.message.contains(expected), "\(error)")
    #expect(error.message.hasPrefix("the Marvel answer to /v1/public/characters is not what the API sends"))
  }

  @Test("a character answer whose results hold a non-object is a data error, not an empty detail")
  func recordNotAnObject() async throws {
    let harness = try Harness([
      RecordedExchange(path: "/v1/public/characters/1", response: .json(200, #"{"data": {"results": ["x"]}}"#))
    ])
    defer { harness.finish() }
    let error = try #require(
      await Harness.recordError(try harness.source(), RecordRequest(resource: "character", parameters: ["id": "1"])))
    #expect(error.kind == .decoding)
    #expect(error.message.contains("the answer's data.results.0 is a string, not a character (an object)"), "\(error)")
  }
}
