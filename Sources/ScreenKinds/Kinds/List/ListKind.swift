import ScreenFormat

/// The list kind's registration: a page of records from a data source, searched and paged, whose
/// rows open another screen.
extension ScreenKind {
  public static let list = ScreenKind(
    name: "list", resource: .list, keys: ["search", "paging", "row", "empty", "select"],
    scriptCommands: ["search", "type", "next", "reload"],
    decode: { object, decoder in decoder.decodeList(object) },
    binding: ListKind.binding, makeModel: ListKind.makeModel, schema: ListKind.schema)
}

extension ScreenContent {
  /// A list's state to draw; `highlighted` marks the state's own selection when the screen
  /// names none (the interactive mode).
  public static func list(_ state: ListViewModel.State, highlighted: Bool = false) -> ScreenContent {
    ScreenContent(state: state) { screen, options in
      guard let list = screen.spec.list else { return ["error: a \(screen.spec.kind) screen cannot show this state"] }
      var screen = screen
      if highlighted, screen.selection == nil { screen.selection = state.selection }
      return ListFrame(screen: screen, list: list, state: state, options: options).lines()
    }
  }
}

package enum ListKind {
  package typealias Behavior = ScreenBehavior<ListViewModel>

  package static func binding(_ spec: ScreenSpec) -> String {
    guard let list = spec.list else { return "" }
    // The records hold only the members the screen read when they were loaded.
    let members = spec.recordMembers.map(\.description) ?? "*"
    let search = list.search.map { "\($0.parameter)|\($0.minLength)|\($0.required)" } ?? "||"
    return "\(search)|\(list.paging.pageSize)|\(members)"
  }

  package static func makeModel(_ context: ModelContext) -> AnyViewModel {
    let list =
      context.spec.list ?? ListSpec(paging: .default, row: RowSpec(title: Template(literal: ""), subtitle: nil))
    let configuration = ListViewModel.Configuration(
      resource: context.spec.source.resource, parameters: context.parameters, search: list.search,
      paging: list.paging, members: context.spec.recordMembers)
    var state = ListViewModel.State()
    var start = ListViewModel.Input.appear
    // A reloaded screen file keeps the query and the highlighted row.
    if let previous = context.previous?.store(of: ListViewModel.self)?.state {
      state.selection = previous.selection
      if list.search != nil, !previous.query.isEmpty { start = .search(previous.query) }
    }
    let store = Store(
      ListViewModel(source: context.source, configuration: configuration), state: state,
      scheduler: context.scheduler)
    return AnyViewModel(kind: .list, store: store, behavior: behavior(start: start))
  }

  static func behavior(start: ListViewModel.Input) -> Behavior {
    Behavior(
      start: start, reload: .reload, content: { .list($0, highlighted: true) },
      isBusy: { $0.status == .loading || $0.isLoadingNextPage },
      error: {
        if case .error(let error) = $0.status { return error }
        return nil
      },
      bindings: bindings, script: script, opening: opening)
  }

  /// The list's keys: type to search, move the highlight, page, open the highlighted row. `?` is
  /// the key help while the search field is empty, and a character of the query after that.
  package static let bindings: [KeyBinding<ListViewModel>] = [
    KeyBinding([.control("r")], "reload, or retry after an error") { _, _, _, _ in .send(.reload) },
    KeyBinding([.character("?")], "these keys (while the search is empty; then it types a ?)") { _, state, _, _ in
      state.query.isEmpty ? .help : nil
    },
    KeyBinding([], anyCharacter: true, "edit the search at the cursor; it runs after the screen's debounce") {
      key, _, screen, _ in
      guard screen.spec.list?.search != nil else { return nil }
      switch key {
      case .character(let character): return .send(.typed(character))
      case .paste(let text): return .send(.edit(.insert(ListKind.pasted(text))))  // one edit
      default: return nil
      }
    },
    KeyBinding([.backspace], "delete the character before the cursor") { _, state, screen, _ in
      editing(.deleteBackward, state, screen)
    },
    KeyBinding([.delete], "delete the character at the cursor") { _, state, screen, _ in
      editing(.deleteForward, state, screen)
    },
    KeyBinding([.control("w")], "delete the word before the cursor") { _, state, screen, _ in
      editing(.deleteWordBackward, state, screen)
    },
    KeyBinding([.control("u")], "delete from the start of the search to the cursor (all of it at the end)") {
      _, state, screen, _ in
      editing(.deleteToStart, state, screen)
    },
    KeyBinding([.control("k")], "delete from the cursor to the end of the search") { _, state, screen, _ in
      editing(.deleteToEnd, state, screen)
    },
    KeyBinding([.left, .right], "move the cursor in the search (← goes back when the search is empty)") {
      key, state, screen, _ in
      editing(key == .left ? .left : .right, state, screen)
    },
    KeyBinding([.control("a"), .control("e")], "move the cursor to the start or the end of the search") {
      key, state, screen, _ in
      editing(key == .control("a") ? .start : .end, state, screen)
    },
    KeyBinding([.up, .control("p")], "move the highlight up") { _, state, _, _ in
      .send(.moveSelection(to: state.selection - 1))
    },
    KeyBinding([.down, .control("n")], "move the highlight down") { _, state, _, _ in
      .send(.moveSelection(to: state.selection + 1))
    },
    KeyBinding([.pageUp, .pageDown], "move by a screenful") { key, state, screen, viewport in
      let page = max(1, (viewport.rows - 7) / (screen.spec.list?.row.subtitle == nil ? 1 : 2))
      return .send(.moveSelection(to: state.selection + (key == .pageUp ? -page : page)))
    },
    KeyBinding([.home, .end], "move to the first or the last row loaded") { key, state, _, _ in
      .send(.moveSelection(to: key == .home ? 0 : state.records.count - 1))
    },
    KeyBinding([.enter], "open the highlighted row; while a typed query waits, search for it now") {
      _, state, screen, _ in
      // A query typed and not yet searched for: the rows shown are about to be replaced, and
      // none of them is opened.
      if ListViewModel.isPending(state, search: screen.spec.list?.search) { return .send(.submit) }
      guard state.status != .loading, !state.records.isEmpty else { return nil }
      return .open(row: min(state.selection, state.records.count - 1))
    },
  ]

  /// An edit of the search, on a list that has one and a query with text; nil passes the key on
  /// (← to "back").
  static func editing(_ edit: QueryEdit, _ state: ListViewModel.State, _ screen: ScreenState)
    -> KeyAction<ListViewModel.Input>?
  {
    guard screen.spec.list?.search != nil, !state.query.isEmpty else { return nil }
    return .send(.edit(edit))
  }

  /// A paste as query text: a line break or tab is a space (a newline never opens anything), and
  /// other control characters are dropped.
  package static func pasted(_ text: String) -> String {
    String(
      text.compactMap { character -> Character? in
        if character.isNewline || character == "\t" { return " " }
        return character.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } ? character : nil
      })
  }

  /// The text without its last word and the spaces after it, as readline's Ctrl-W leaves it.
  package static func droppingLastWord(_ text: String) -> String {
    var text = Substring(text)
    while text.last?.isWhitespace == true { text.removeLast() }
    while let last = text.last, !last.isWhitespace { text.removeLast() }
    return String(text)
  }

  package static func script(_ command: ScriptCommand, _ state: ListViewModel.State, _ spec: ScreenSpec)
    -> Behavior.ScriptAction
  {
    switch command {
    case .search(let text):
      guard spec.list?.search != nil else { return .failed("\(spec.file) has no search") }
      return .send([.search(text)])
    case .type(let text):
      guard spec.list?.search != nil else { return .failed("\(spec.file) has no search") }
      // One keystroke at a time, each appended to the query in place: typing is linear in the
      // text, however long.
      return .send(text.map { .typed($0) })
    case .next:
      guard state.hasMore else { return .failed("there is no next page: all \(state.records.count) rows are loaded") }
      return .send([.loadNextPage])
    case .reload:
      return .send([.reload])
    default:
      return .unsupported
    }
  }

  package static func opening(
    _ row: Int, _ state: ListViewModel.State, _ spec: ScreenSpec, _ parameters: [String: String]
  )
    -> Result<Behavior.RowOpening, NavigationError>
  {
    guard let select = spec.list?.select else {
      return .failure(.cannotSelect("this list opens nothing (it has no 'select')"))
    }
    let records = state.records
    guard records.indices.contains(row) else {
      return .failure(
        .cannotSelect(
          records.isEmpty ? "the list is empty" : "there is no row \(row + 1); the list has \(records.count)"))
    }
    let context = TemplateContext(record: records[row], params: parameters, query: state.query)
    var values: [String: String] = [:]
    for (name, template) in select.parameters { values[name] = template.render(in: context) }
    return .success(
      Behavior.RowOpening(
        screen: ScreenLoader.resolve(select.screen, relativeTo: spec.file), parameters: values,
        input: .highlight(row)))
  }
}
