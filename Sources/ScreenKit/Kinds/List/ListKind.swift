/// The list kind's registration: a page of records from a data source, searched and paged, whose
/// rows open another screen.
extension ScreenKind {
  public static let list = ScreenKind(
    name: "list", resource: .list, keys: ["search", "paging", "row", "empty", "select"],
    scriptCommands: ["search", "type", "next", "reload"],
    decode: { object, decoder in decoder.decodeList(object) },
    binding: ListKind.binding, makeModel: ListKind.makeModel)
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

enum ListKind {
  typealias Behavior = ScreenBehavior<ListViewModel>

  static func binding(_ spec: ScreenSpec) -> String {
    guard let list = spec.list else { return "" }
    // The records hold only the members the screen read when they were loaded.
    let members = spec.recordMembers.map(\.description) ?? "*"
    let search = list.search.map { "\($0.parameter)|\($0.minLength)|\($0.required)" } ?? "||"
    return "\(search)|\(list.paging.pageSize)|\(members)"
  }

  static func makeModel(_ context: ModelContext) -> AnyViewModel {
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
      keys: keys, script: script, opening: opening)
  }

  /// The list's keys: type to search, move the highlight, page, open the highlighted row.
  static func keys(_ key: Key, _ state: ListViewModel.State, _ screen: ScreenState, _ viewport: Viewport)
    -> KeyAction<ListViewModel.Input>
  {
    let list = screen.spec.list
    let count = state.records.count
    let page = max(1, (viewport.rows - 7) / (list?.row.subtitle == nil ? 1 : 2))
    switch key {
    case .control("r"): return .send(.reload)
    case .character(let character):
      return list?.search == nil ? .none : .send(.typed(character))
    case .backspace:
      guard list?.search != nil, !state.query.isEmpty else { return .none }
      return .send(.queryChanged(String(state.query.dropLast())))
    case .up, .control("p"): return .send(.moveSelection(to: state.selection - 1))
    case .down, .control("n"): return .send(.moveSelection(to: state.selection + 1))
    case .pageUp: return .send(.moveSelection(to: state.selection - page))
    case .pageDown: return .send(.moveSelection(to: state.selection + page))
    case .home: return .send(.moveSelection(to: 0))
    case .end: return .send(.moveSelection(to: count - 1))
    case .enter: return count > 0 ? .open(row: min(state.selection, count - 1)) : .none
    default: return .none
    }
  }

  static func script(_ command: ScriptCommand, _ state: ListViewModel.State, _ spec: ScreenSpec)
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

  static func opening(_ row: Int, _ state: ListViewModel.State, _ spec: ScreenSpec, _ parameters: [String: String])
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
