import TestSupport
import Testing

@testable import ScreenKit

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
      loader: ScreenLoader(registry: PluginRegistry([TestPlugins.books(source)])), context: PluginContext(),
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
