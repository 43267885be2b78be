import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime

/// A list asks its data source only for the record members its templates read.
@Suite("Record members a screen reads")
struct RecordMembersTests {
  @Test func aTemplateNamesTheMembersItReadsAsFarDownAsItReadsThem() throws {
    let read = try #require(try Template("{name} ({comics.available|number}) {x|or:author.login}").recordMembers)
    #expect(read.description == "author.login,comics.available,name,x")
    #expect(read.names == ["name", "comics", "x", "author"])
    #expect(try Template("{params.id} {query} {meta.total} plain").recordMembers == [])
    #expect(try Template("{params.id|or:commit.author.name}").recordMembers?.description == "commit.author.name")
    // A member read whole takes in the narrower reads of it, in either order.
    #expect(try Template("{comics.available} {comics}").recordMembers == ["comics"])
    #expect(try Template("{comics} {comics.available}").recordMembers == ["comics"])
    #expect(
      try Template("{a.b.c} {a.b.d} {a.e}").recordMembers?.paths == [["a", "b", "c"], ["a", "b", "d"], ["a", "e"]])
  }

  @Test func aListAsksForTheMembersOfItsRowsAndSelectAndAgainWhenAnEditReadsMore() async throws {
    let source = CountingSource(count: 3)
    let folder = try ScreenFolder(["books.json": NavigatorReloadTests.screen, "book.json": NavigatorReloadTests.book])
    let navigator = Navigator(
      loader: ScreenLoader(registry: PluginRegistry([TestPlugins.books(source)]), kinds: .standard),
      context: PluginContext(),
      scheduler: VirtualScheduler())
    try navigator.open(folder.file("books.json"))
    await navigator.settle()
    var expected: [RecordMembers?] = [["name", "id"]]
    #expect(source.pageRequests.map(\.members) == expected)

    // The same members: the rows stay, nothing is asked again.
    try folder.write(
      "books.json",
      NavigatorReloadTests.screen.replacingOccurrences(#""title": "{name}""#, with: #""title": "{name|upper}""#))
    navigator.reloadScreens()
    await navigator.settle()
    #expect(source.pageRequests.map(\.members) == expected)

    // Another member: asked for again, so that the rows hold it.
    try folder.write(
      "books.json",
      NavigatorReloadTests.screen.replacingOccurrences(
        #""title": "{name}""#, with: #""title": "{name}", "subtitle": "{shelf|default:\"none\"}""#))
    navigator.reloadScreens()
    await navigator.settle()
    expected.append(["name", "id", "shelf"])
    #expect(source.pageRequests.map(\.members) == expected)
  }
}

/// How the piece reader finds a key among the members asked for: by its bytes, as the members'
/// own dictionary finds its name.
@Suite("Member lookup")
struct MemberLookupTests {
  @Test func findsWhatTheDictionaryFindsAndNothingElse() throws {
    var random = SplitMix(seed: 31)
    let alphabet = "abé_-.0 \u{301}\u{0}\"\\京👍🏽".map(String.init) + ["ab", "id", "name", "x"]
    func name() -> String {
      (0..<Int.random(in: 0..<6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }
    for round in 0..<200 {
      var members = RecordMembers()
      for _ in 0..<Int.random(in: 0..<(round % 7 == 0 ? 300 : 12), using: &random) {
        members.insert(Int.random(in: 0..<4, using: &random) == 0 ? [name(), name()] : [name()])
      }
      let lookup = members.lookup
      for key in Array(members.parts.keys) + (0..<40).map({ _ in name() }) {
        let bytes = Array(key.utf8)
        let plain = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C }
        let found = plain ? bytes.withUnsafeBufferPointer { lookup.find(ascii: $0) } : lookup.find(key)
        #expect(found?.key == members.parts[key].map { _ in key }, "\(key)")
        switch (found?.part, members.parts[key]) {
        case (.whole?, .whole?), (nil, nil): break
        case (.only(let inner)?, .only(let expected)?):
          for innerKey in expected.parts.keys { #expect(inner.find(innerKey)?.key == innerKey) }
        default:
          Issue.record("'\(key)': \(String(describing: found?.part)) for \(String(describing: members.parts[key]))")
        }
      }
    }
  }

  /// A key that is a member's name in another spelling is that member, as `String` equality has
  /// it, and keeps its own spelling.
  @Test func findsAMemberInAnotherSpelling() throws {
    let members: RecordMembers = ["caf\u{E9}", "\u{212A}", "id"]
    #expect(members.lookup.find("cafe\u{301}")?.key == "cafe\u{301}")
    let kelvin = Array("K".utf8)
    #expect(kelvin.withUnsafeBufferPointer { members.lookup.find(ascii: $0) }?.key == "K")
    let other = Array("k".utf8)
    #expect(other.withUnsafeBufferPointer { members.lookup.find(ascii: $0) } == nil)
    // In a document: the key as written, and a second spelling of it is a duplicate.
    let text = #"{"cafe\u0301": "x", "K": 1, "other": 2}"#
    let part = try JSON.parse(text, onlyMembers: members, options: .response)
    #expect(Array(part.objectValue?.keys ?? []).map { Array($0.utf8) } == [Array("cafe\u{301}".utf8), Array("K".utf8)])
    #expect(part["caf\u{E9}"] == "x")
    #expect(throws: JSONSyntaxError.self) {
      try JSON.parse(#"{"\u00e9": 1, "e\u0301": 2}"#, onlyMembers: ["\u{E9}"], options: .document)
    }
    #expect(
      try JSON.parse(#"{"\u00e9": 1, "e\u0301": 2}"#, onlyMembers: ["\u{E9}"], options: .response) == ["\u{E9}": 2])
  }

  @Test func aChangedCopyHasItsOwnLookupAndEqualityIgnoresIt() {
    let members: RecordMembers = ["name", "id"]
    _ = members.lookup
    var more = members
    more.insert(["title"])
    #expect(members.lookup.find("title") == nil)
    #expect(more.lookup.find("title")?.key == "title")
    #expect(more.lookup.find("name")?.key == "name")
    let same: RecordMembers = ["id", "name"]
    #expect(same == members && same.hashValue == members.hashValue)
    #expect(more != members)
  }
}
