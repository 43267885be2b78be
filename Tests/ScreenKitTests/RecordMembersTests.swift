import TestSupport
import Testing

@testable import ScreenKit

/// A list asks its data source only for the record members its templates read.
@Suite("Record members a screen reads")
struct RecordMembersTests {
  @Test func aTemplateNamesTheTopMembersItReads() throws {
    #expect(
      try Template("{name} ({comics.available|number}) {x|or:author.login}").recordMembers == [
        "name", "comics", "x", "author",
      ])
    #expect(try Template("{params.id} {query} {meta.total} plain").recordMembers == [])
    #expect(try Template("{params.id|or:commit.author.name}").recordMembers == ["commit"])
  }

  @Test func aListAsksForTheMembersOfItsRowsAndSelectAndAgainWhenAnEditReadsMore() async throws {
    let source = CountingSource(count: 3)
    let folder = try ScreenFolder(["books.json": NavigatorReloadTests.screen, "book.json": NavigatorReloadTests.book])
    let navigator = Navigator(
      loader: ScreenLoader(registry: PluginRegistry([TestPlugins.books(source)])), context: PluginContext(),
      scheduler: VirtualScheduler())
    try navigator.open(folder.file("books.json"))
    await navigator.settle()
    var expected: [Set<String>?] = [["name", "id"]]
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
