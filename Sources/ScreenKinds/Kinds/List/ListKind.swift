import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenTerminal

/// The list kind: a page of records from a data source, searched and paged, whose rows open
/// another screen.
package struct ListKind: Kind {
  package typealias Spec = ListSpec
  package typealias State = ListViewModel.State
  package typealias Action = ListViewModel.Input

  package static let name = "list"
  package static let resource = Resource.Kind.list
  package static let keys = ["search", "paging", "row", "empty", "id", "select", "preview", "children"]

  package static func decode(_ object: JSONObject, _ decoder: inout SpecDecoder) -> ListSpec? {
    decoder.decodeList(object)
  }

  package static func sourceBinding(_ list: ListSpec, of spec: ScreenSpec) -> String {
    // The records hold only the members the screen read when they were loaded.
    let members = spec.recordMembers.map(\.description) ?? "*"
    let search = list.search.map { "\($0.parameter)|\($0.minLength)|\($0.required)" } ?? "||"
    let children = list.children?.joined(separator: ".") ?? ""
    return "\(search)|\(list.paging.pageSize)|\(members)|\(children)"
  }

  /// The list's reducer, with what it asks its data source for.
  package let model: ListViewModel

  package init(_ screen: KindScreen<ListSpec>) {
    model = ListViewModel(
      source: screen.source,
      configuration: ListViewModel.Configuration(
        resource: screen.screen.source.resource, parameters: screen.parameters, search: screen.spec.search,
        paging: screen.spec.paging, members: screen.screen.recordMembers, children: screen.spec.children,
        keepsLastPageOnly: screen.screen.streamsRecords, identity: screen.spec.identity))
  }

  package func start(after previous: State?) -> (state: State, action: Action) {
    var state = State()
    var start = Action.appear
    // A reloaded screen file keeps the query and the highlighted row.
    if let previous {
      state.selection = previous.selection
      if model.configuration.search != nil, !previous.query.isEmpty { start = .search(previous.query) }
    }
    return (state, start)
  }

  package static let reload = Action.reload
  package static let refresh = Action.refresh

  package func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] { model.reduce(&state, action) }

  package static func render(_ state: State, _ list: ListSpec, _ screen: ScreenState, _ options: RenderOptions)
    -> Frame
  {
    var screen = screen
    if screen.selection == nil { screen.selection = state.selection }
    var frame = ListFrame(screen: screen, list: list, state: state, options: options)
    frame.hints = hints(state, list, screen, options)
    return frame.frame()
  }

  package static func isBusy(_ state: State) -> Bool { state.status == .loading || state.isLoadingNextPage }
  package static func error(_ state: State) -> DataSourceError? { state.status.error }
  package static func count(_ state: State) -> Int? {
    state.status == .loaded || state.isLoadingNextPage ? state.total ?? state.records.count : nil
  }
  package static func dataRevision(_ state: State) -> Int { state.dataRevision.value }

  package static func explain(_ state: State, _ list: ListSpec) -> KindExplanation {
    var settings: [String] = []
    if let search = list.search {
      var text = "search      the query goes to '\(search.parameter)'; debounce \(search.debounceMilliseconds) ms"
      if search.minLength > 0 { text += ", at least \(search.minLength) characters" }
      text += search.required ? "; required: no query, no request" : "; an empty query asks for everything"
      settings.append(text)
    } else {
      settings.append("search      none")
    }
    settings.append(
      "paging      \(list.paging.pageSize) a page; the next is asked for \(list.paging.prefetch) rows from the end")
    return KindExplanation(
      settings: settings, query: state.query,
      noRequest: list.search?.required == true
        ? "no request: the search is required and the query is empty (a script's `search TEXT` asks)" : nil,
      record: "the first record")
  }

  /// The list's keys: type to search, move the highlight, page, open the highlighted row. `?` is
  /// the key help while the search field is empty, and a character of the query after that.
  /// Those the footer names are in its order.
  package static let bindings: [KeyBinding<ListKind>] = [
    KeyBinding(
      [.character("?")], help: "these keys (while the search is empty; then it types a ?)",
      when: .state { $0.query.isEmpty }, action: .help),
    KeyBinding(
      [], anyCharacter: true, help: "edit the search at the cursor; it runs after the screen's debounce",
      when: hasSearch
    ) { key, _ in
      switch key {
      case .character(let character): .send(.typed(character))
      case .paste(let text): .send(.edit(.insert(ListKind.pasted(text))))  // one edit
      default: .none
      }
    },
    editing([.backspace], "delete the character before the cursor", .deleteBackward),
    editing([.delete], "delete the character at the cursor", .deleteForward),
    editing([.control("w")], "delete the word before the cursor", .deleteWordBackward),
    editing(
      [.control("u")], "delete from the start of the search to the cursor (all of it at the end)", .deleteToStart),
    editing([.control("k")], "delete from the cursor to the end of the search", .deleteToEnd),
    KeyBinding(
      [.left, .right], help: "move the cursor in the search (Left goes back when the search is empty)",
      when: isEditing
    ) { key, _ in .send(.edit(key == .left ? .left : .right)) }.helped(when: hasSearch),
    KeyBinding(
      [.control("a"), .control("e")], help: "move the cursor to the start or the end of the search", when: isEditing
    ) {
      key, _ in .send(.edit(key == .control("a") ? .start : .end))
    }.helped(when: hasSearch),
    KeyBinding([.up, .control("p")], hint: .upDown("move"), hintWhen: hasRows, help: "move the highlight up") {
      _, screen in .send(.moveSelection(to: screen.state.selection - 1))
    },
    KeyBinding([.down, .control("n")], hint: .upDown("move"), hintWhen: hasRows, help: "move the highlight down") {
      _, screen in .send(.moveSelection(to: screen.state.selection + 1))
    },
    // A pager's letters, where no search takes typed characters (less, tig and lazygit's keys).
    KeyBinding(
      [.character("j"), .character("k")], help: "move the highlight down or up (on a list without a search)",
      when: hasNoSearch
    ) { key, screen in
      .send(.moveSelection(to: screen.state.selection + (key == .character("k") ? -1 : 1)))
    },
    // A query typed and not yet searched for: the rows shown are about to be replaced, and none
    // of them is opened.
    KeyBinding(
      [.enter], help: "", when: KeyBinding.Condition { ListViewModel.isPending($0.state, search: $0.spec.search) },
      send: .submit),
    // Enter opens a row where the list has a `select` and a row to open; elsewhere it does
    // nothing, and the footer does not offer it.
    KeyBinding(
      [.enter], hint: KeyHint("Enter open", need: .main),
      help: "open the highlighted row; while a typed query waits, search for it now",
      when: KeyBinding.Condition { $0.spec.select != nil && $0.state.status != .loading && !$0.state.records.isEmpty }
    ) { _, screen in .open(row: min(screen.state.selection, screen.state.records.count - 1)) },
    // Esc with a search typed clears it (and lists every row again at once), as in k9s and
    // lazygit; with the search empty, Esc goes back.
    KeyBinding(
      [.escape], hint: KeyHint("Esc clear", need: .back), help: "clear the search; with none typed, go back",
      when: isEditing, send: .search("")),
    .tabs, .previewToggle, KeyBinding.back.hinted(when: isNotEditing && .canGoBack), .quit,
    .pagerBack(when: hasNoSearch), .suspend, .redraw,
    KeyBinding([.pageUp, .pageDown], hint: "PgUp/PgDn page", hintWhen: hasRows, help: "move by a screenful") {
      key, screen in
      .send(.moveSelection(to: screen.state.selection + (key == .pageUp ? -page(screen) : page(screen))))
    },
    KeyBinding([.character(" ")], help: "move down a screenful (on a list without a search)", when: hasNoSearch) {
      _, screen in .send(.moveSelection(to: screen.state.selection + page(screen)))
    },
    KeyBinding([.character("b")], help: "move up a screenful (on a list without a search)", when: hasNoSearch) {
      _, screen in .send(.moveSelection(to: screen.state.selection - page(screen)))
    },
    KeyBinding([.home, .end], help: "move to the first or the last row loaded") { key, screen in
      .send(.moveSelection(to: key == .home ? 0 : screen.state.records.count - 1))
    },
    KeyBinding(
      [.character("g"), .character("G")], help: "move to the first or the last row loaded (on a list without a search)",
      when: hasNoSearch
    ) { key, screen in
      .send(.moveSelection(to: key == .character("g") ? 0 : screen.state.records.count - 1))
    },
    KeyBinding([.control("r")], hint: "Ctrl-R reload", help: "reload, or retry after an error", send: .reload),
  ]

  /// Active on a list that has a search.
  static let hasSearch = KeyBinding<ListKind>.Condition { $0.spec.search != nil }
  /// Active on a list without a search, where letters are keys of their own (a pager's).
  static let hasNoSearch = KeyBinding<ListKind>.Condition { $0.spec.search == nil }
  /// While rows are shown, which the keys that move can move between.
  static let hasRows = KeyBinding<ListKind>.Condition { !$0.state.records.isEmpty }
  /// Active unless the search has text (Esc then clears it rather than going back).
  static let isNotEditing = KeyBinding<ListKind>.Condition { $0.spec.search == nil || $0.state.query.isEmpty }

  /// The rows a screenful moves by: those the viewport shows.
  static func page(_ screen: KindContext<ListKind>) -> Int {
    max(1, (screen.viewport.rows - 7) / (screen.spec.row.subtitle == nil ? 1 : 2))
  }
  /// Active on a list that has a search with text in it (else Left goes back).
  static let isEditing = KeyBinding<ListKind>.Condition { $0.spec.search != nil && !$0.state.query.isEmpty }

  /// A key that edits the search, on a list that has one and a query with text; inactive, it
  /// passes the key on (← to "back").
  static func editing(_ keys: [Key], _ help: String, _ edit: QueryEdit) -> KeyBinding<ListKind> {
    KeyBinding(keys, help: help, when: isEditing, send: .edit(edit)).helped(when: hasSearch)
  }

  /// A paste as query text: a line break or tab is a space (a newline never opens anything), and
  /// other control characters are dropped.
  static func pasted(_ text: String) -> String {
    String(
      text.compactMap { character -> Character? in
        if character.isNewline || character == "\t" { return " " }
        return character.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } ? character : nil
      })
  }

  /// The list's script commands: `search TEXT` now, `type TEXT` with the debounce, `next`, `reload`.
  package static let commands: [KindCommand<ListKind>] = [
    KindCommand("search", argument: .text, help: "search for the text now, with no debounce") { text, screen in
      screen.spec.search == nil ? .failed("\(screen.screen.spec.file) has no search") : .send([.search(text)])
    },
    KindCommand(
      "type", argument: .required("'type' needs the text to type, as in 'type iron'"),
      help: "type the text into the search, a keystroke at a time, each restarting the debounce"
    ) { text, screen in
      guard screen.spec.search != nil else { return .failed("\(screen.screen.spec.file) has no search") }
      // One keystroke at a time, each appended to the query in place: typing is linear in the
      // text, however long.
      return .send(text.map { .typed($0) })
    },
    KindCommand("next", argument: .none, help: "load the next page") { _, screen in
      if case .error(let error) = screen.state.status {
        // The page that failed is the one to ask for again, and `reload` does (the rows kept).
        let page = screen.state.records.isEmpty ? nil : screen.state.pagesLoaded + 1
        return .failed(
          (page.map { "page \($0) failed" } ?? "there is no next page: the first page failed")
            + " (\(error.kind.name)); 'reload' asks for it again")
      }
      guard screen.state.hasMore else {
        return .failed("there is no next page: all \(screen.state.records.count) rows are loaded")
      }
      return .send([.loadNextPage])
    },
    .reload,
  ]

  package static func opening(_ row: Int, _ state: State, _ list: ListSpec, _ screen: ScreenState)
    -> Result<RowOpening<Action>, NavigationError>
  {
    guard let select = list.select else {
      return .failure(.cannotSelect("this list opens nothing (it has no 'select')"))
    }
    let records = state.records
    guard records.indices.contains(row) else {
      return .failure(
        .cannotSelect(
          records.isEmpty ? "the list is empty" : "there is no row \(row + 1); the list has \(records.count)"))
    }
    return .success(target(select, row: row, state, screen, action: .highlight(row)))
  }
}
