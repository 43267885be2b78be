import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenFormat
@testable import ScreenKinds
@testable import ScreenKit

/// A diagnostic is typed: a kind, a place, and words in parts; the message is built from them in
/// one place.
@Suite("Diagnostics")
struct DiagnosticTests {
  @Test(
    "a message reads summary, then the near name or what was expected, then its notes",
    arguments: [
      (
        Diagnostic.Message("unknown plugin 'bokos'", suggestion: "books", notes: ["plugins: books"]),
        "unknown plugin 'bokos'; did you mean 'books'? (plugins: books)"
      ),
      (
        Diagnostic.Message("unknown kind 'x'", expected: #"expected "list" or "detail""#),
        #"unknown kind 'x'; expected "list" or "detail""#
      ),
      (
        Diagnostic.Message("unknown key 'a'", suggestion: "b", expected: "expected one of 'b'"),
        "unknown key 'a'; did you mean 'b'?"
      ),
      (Diagnostic.Message("no such file", notes: ["one", "two"]), "no such file (one) (two)"),
      ("plain words", "plain words"),
    ])
  func message(_ message: Diagnostic.Message, reads text: String) {
    #expect(message.description == text)
  }

  @Test func unknownSuggestsOnlyANearName() {
    let near = Diagnostic.Message.unknown("unknown filter 'uper'", name: "uper", among: ["upper", "lower"])
    #expect(near.suggestion == "upper")
    let far = Diagnostic.Message.unknown(
      "unknown filter 'zzzzzz'", name: "zzzzzz", among: ["upper", "lower"], expected: "filters are upper, lower")
    #expect(far.suggestion == nil)
    #expect(far.description == "unknown filter 'zzzzzz'; filters are upper, lower")
    let spelled = Diagnostic.Message.unknown("m", name: "totl", among: ["total"], spelled: { "meta.\($0)" })
    #expect(spelled.description == "m; did you mean 'meta.total'?")
  }

  @Test func eachStepOfLoadingNamesItsKind() throws {
    let registry = PluginRegistry([TestPlugins.books()])
    let screens = [
      "missing.json": nil,
      "syntax.json": #"{"kind": "list",}"#,
      "schema.json": #"{"kind": "lst", "title": "x", "source": {"plugin": "books", "resource": "books"}}"#,
      "registry.json":
        #"{"kind": "list", "title": "x", "source": {"plugin": "bokos", "resource": "b"}, "row": {"title": "{a}"}}"#,
      "template.json":
        #"{"kind": "list", "title": "{meta.totl}", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{a}"}}"#,
      "navigation.json":
        #"{"kind": "list", "title": "x", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{a}"}, "select": {"screen": "none.json"}}"#,
    ]
    let folder = try ScreenFolder(screens.compactMapValues { $0 })
    let kinds: [String: Diagnostic.Kind] = [
      "missing.json": .file, "syntax.json": .syntax, "schema.json": .schema, "registry.json": .registry,
      "template.json": .template, "navigation.json": .navigation,
    ]
    for (name, kind) in kinds {
      let diagnostics = ScreenLoader(registry: registry, kinds: .standard).check([folder.file(name)])
      #expect(diagnostics.map(\.kind) == [kind], "\(name): \(diagnostics)")
    }
    let registryProblem = try #require(
      ScreenLoader(registry: registry, kinds: .standard).check([folder.file("registry.json")]).first)
    #expect(registryProblem.explanation.suggestion == "books")
    #expect(registryProblem.notes == ["plugins: books"])
    #expect(registryProblem.pointer == .root / "source" / "plugin")
    #expect(registryProblem.location?.line == 1)
  }
}
