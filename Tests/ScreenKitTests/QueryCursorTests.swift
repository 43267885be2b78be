import TestSupport
import Testing

@testable import ScreenFormat
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenText

/// The cursor in a list's search: the reducer's edits at the cursor on a test store (each with the
/// whole state after it), the edits themselves, and the search field drawn around the cursor.
@Suite("Query cursor")
struct QueryCursorTests {
  let source = CountingSource(count: 45)

  func store() -> TestStore<ListViewModel> {
    TestStore(
      ListViewModel(
        source: source,
        configuration: .init(
          resource: "books", parameters: [:],
          search: SearchSpec(
            parameter: "q", placeholder: Template(literal: "Search"), debounceMilliseconds: 500, minLength: 0,
            required: false),
          paging: PagingSpec(pageSize: 20, prefetch: 5))))
  }

  /// Applies `edits` to `text` with the cursor at its end; the text and the cursor after them,
  /// the cursor drawn as "|".
  func edited(_ text: String, _ edits: QueryEdit...) -> String {
    var text = text
    var after = 0
    for edit in edits { _ = edit.apply(to: &text, afterCursor: &after) }
    let split = text.index(text.endIndex, offsetBy: -after)
    return text[..<split] + "|" + text[split...]
  }

  @Test func editsApplyAtTheCursor() {
    #expect(edited("iron", .left) == "iro|n")
    #expect(edited("iron", .left, .left, .insert("X")) == "irX|on")
    #expect(edited("iron", .start, .insert("the ")) == "the |iron")
    #expect(edited("iron", .start, .right, .deleteBackward) == "|ron")
    #expect(edited("iron", .start, .deleteBackward) == "|iron", "nothing before the cursor to delete")
    #expect(edited("iron", .left, .deleteForward) == "iro|")
    #expect(edited("iron", .deleteForward) == "iron|", "nothing at the end to delete")
    #expect(edited("iron man x", .left, .left, .deleteWordBackward) == "iron | x")
    #expect(edited("iron  man", .start, .right, .right, .right, .right, .right, .deleteWordBackward) == "| man")
    #expect(edited("iron man", .left, .left, .left, .deleteToStart) == "|man")
    #expect(edited("iron man", .deleteToStart) == "|", "at the end, Ctrl-U clears")
    #expect(edited("iron man", .start, .right, .deleteToEnd) == "i|")
    #expect(edited("ab", .left, .left, .left, .left) == "|ab", "the cursor stays within the text")
    #expect(edited("ab", .start, .right, .right, .right, .end) == "ab|")
    #expect(edited("漢字x", .left, .left, .insert("😀")) == "漢😀|字x", "characters, not bytes or columns")
  }

  @Test func typingInsertsAtTheCursorAndTheCursorSurvivesTheSearch() async {
    let store = store()
    await ListViewModelTests().appeared(store)
    for character in "Itm 4" { store.send(.typed(character)) { $0.query.append(character) } }
    // Moves change no text: no debounce starts over.
    store.send(.edit(.left)) { $0.afterCursor = 1 }
    store.send(.edit(.left)) { $0.afterCursor = 2 }
    store.send(.edit(.left)) { $0.afterCursor = 3 }
    store.send(.typed("e")) { $0.query = "Item 4" }  // in the middle; the cursor stays before "m 4"
    store.send(.edit(.left)) { $0.afterCursor = 4 }
    store.send(.edit(.deleteForward)) {  // the "e" at the cursor
      $0.query = "Itm 4"
      $0.afterCursor = 3
    }
    store.send(.edit(.insert("e"))) { $0.query = "Item 4" }
    store.advance(by: .milliseconds(500))
    await store.receive(.debounceElapsed) {
      $0 = ListViewModel.State()
      $0.status = .loading
      $0.query = "Item 4"
      $0.afterCursor = 3  // the search keeps the cursor where it was
      $0.activeQuery = "Item 4"
      $0.attribution = "Test data"
      $0.generation = 2
    }
    await receiveFirstPage(store, "Item 4", generation: 2, total: 7)
    store.send(.edit(.end)) { $0.afterCursor = 0 }
    store.send(.edit(.right))  // at the end already: nothing changes
    store.send(.edit(.deleteWordBackward)) { $0.query = "Item " }
    store.send(.edit(.start)) { $0.afterCursor = 5 }
    store.send(.edit(.deleteToStart))  // nothing before the cursor: no edit, no debounce
    store.send(.edit(.deleteToEnd)) {
      $0.query = ""
      $0.afterCursor = 0
    }
    store.send(.queryChanged("Item 1")) { $0.query = "Item 1" }
    store.send(.edit(.left)) { $0.afterCursor = 1 }
    store.send(.search("Item 2")) {  // a search sets the text, and the cursor at its end
      $0.query = "Item 2"
      $0.afterCursor = 0
      $0.records = []
      $0.total = nil
      $0.pagesLoaded = 0
      $0.status = .loading
      $0.activeQuery = "Item 2"
      $0.generation = 3
    }
    await receiveFirstPage(store, "Item 2", generation: 3, total: 11)
    await store.finish()
  }

  /// Receives the first page of the search for `query`: the records of that query, loaded.
  func receiveFirstPage(_ store: TestStore<ListViewModel>, _ query: String, generation: Int, total: Int) async {
    let records = ListViewModelTests.named(query)
    await store.receive(ListViewModelTests.loaded(generation, records, total: total)) {
      $0.status = .loaded
      $0.records = records
      $0.total = total
      $0.pagesLoaded = 1
    }
  }

  /// The interactive search field for `query` with `after` characters after the cursor.
  func field(_ query: String, after: Int, width: Int) -> String {
    let split = query.index(query.endIndex, offsetBy: -after)
    return FrameLine.searchField
      + ListFrame.queryField(
        before: String(query[..<split]), after: String(query[split...]),
        columns: width - TextWidth.width(of: FrameLine.searchField) - 1
      ).text
  }

  @Test func theFieldKeepsTheCaretInSight() {
    #expect(field("iron", after: 0, width: 40) == "Search: iron▏")
    #expect(field("iron", after: 2, width: 40) == "Search: ir▏on")
    // 31 columns of text in a field of 40: the cursor at the end shows the end, as before.
    let long = String(repeating: "abcdefghij", count: 4)
    #expect(field(long, after: 0, width: 40) == "Search: …" + long.suffix(30) + "▏")
    #expect(field(long, after: 5, width: 40) == "Search: …" + long.dropLast(5).suffix(25) + "▏fghij")
    #expect(field(long, after: 40, width: 40) == "Search: ▏" + long.prefix(30) + "…")
    #expect(
      field(long, after: 20, width: 40) == "Search: …" + long.dropLast(20).suffix(14) + "▏" + long.suffix(20).prefix(15)
        + "…")
    for after in 0...40 {
      let line = field(long, after: after, width: 40)
      #expect(TextWidth.width(of: line) <= 40 && line.contains("▏"), "\(after): \(line)")
    }
    let wide = String(repeating: "漢字", count: 12)
    for after in 0...24 {
      let line = field(wide, after: after, width: 30)
      #expect(TextWidth.width(of: line) <= 30 && line.contains("▏"), "\(after): \(line)")
    }
    let typed = ListFrame.queryField(before: "a▏", after: "›|b", columns: 30)
    #expect(typed.text == "a▏▏›|b", "the query's own caret character is shown as it is")
    #expect(typed.before == "a▏" && typed.caret == "▏", "the caret is where the cursor is, as data")
    #expect(field("a\u{1B}[2Jb", after: 1, width: 40) == "Search: a�[2J▏b")
  }
}
