import Testing

@testable import PluginHost
@testable import ScreenJSON
@testable import ScreenKit

/// The error kinds of the external plugin protocol (docs/plugins/external.md) are the runtime's kinds, so an
/// external plugin's 404 reads as a Swift plugin's does.
@Suite("External plugins: error kinds")
struct ExternalErrorKindTests {
  func error(_ members: JSON) throws -> DataSourceError {
    var object = try #require(members.objectValue)
    object["type"] = "error"
    object["id"] = 1
    let message = try #require(WireCodec.decode(Array(JSON.object(object).lineText.utf8))).get()
    guard case .success(.error(let answer)) = try WireCodec.answer(message).get().body else {
      Issue.record("not an error answer")
      return .transport("")
    }
    #expect(answer.broken == nil)
    return ProtocolRules.error(answer, plugin: "x")
  }

  @Test func eachKindIsTheRuntimesKind() throws {
    #expect(try error(["kind": "not found", "message": "no commit 'x'"]) == .notFound("no commit 'x'"))
    let named = try error(["kind": "not found", "message": "no commit 'x'", "parameter": "sha"])
    #expect(named.kind == .notFound(resource: nil, parameter: "sha"))
    #expect(named.description == "not found: no commit 'x'")
    #expect(
      try error(["kind": "unauthorized", "message": "set X_TOKEN"]).description == "bad credentials: set X_TOKEN")
    #expect(try error(["kind": "forbidden", "message": "not yours"]).description == "not allowed: not yours")
    #expect(
      try error(["kind": "rate limited", "message": "slow", "retryAfter": 30]).kind
        == .rateLimited(until: nil, retryAfter: 30))
    #expect(try error(["kind": "unavailable", "message": "down", "status": 503]).kind == .server(status: 503))
    #expect(try error(["kind": "bad request", "message": "?", "parameter": "q"]).kind == .badRequest(parameter: "q"))
  }
}
