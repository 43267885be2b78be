extension ScreenContent {
  /// A table's state to draw; `highlighted` marks the state's own selection when the screen
  /// names none (the interactive mode).
  public static func table(_ state: TableViewModel.State, highlighted: Bool = false) -> ScreenContent {
    ScreenContent(state: state) { screen, options in
      guard let table = screen.spec.table else {
        return ["error: a \(screen.spec.kind) screen cannot show this state"]
      }
      var screen = screen
      if highlighted, screen.selection == nil { screen.selection = state.list.selection }
      return TableFrame(screen: screen, table: table, state: state, options: options).lines()
    }
  }
}

/// The table kind: a list whose rows are drawn in columns, and sorted by the source when the
/// resource can sort by a column. It is a list by composition: its state holds a list's, and its
/// keys and commands are the list's, lifted, with the sort's added.
package struct TableKind: Kind {
  package typealias Spec = TableSpec
  package typealias State = TableViewModel.State
  package typealias Action = TableViewModel.Input

  package static let name = "table"
  package static let resource = Resource.Kind.list
  package static let keys = ["search", "paging", "columns", "sort", "empty", "select"]

  package static func decode(_ object: JSONObject, _ decoder: inout SpecDecoder) -> TableSpec? {
    decoder.decodeTable(object)
  }

  package static func sourceBinding(_ table: TableSpec, of spec: ScreenSpec) -> String {
    let sort = table.sort.map { "\($0.parameter)|\($0.order ?? "")" } ?? "|"
    return ListKind.sourceBinding(table.list, of: spec) + "|" + sort
  }

  /// The table's reducer: the list's, and the sort.
  package let model: TableViewModel

  package init(_ screen: KindScreen<TableSpec>) {
    let list = ListKind(
      KindScreen(spec: screen.spec.list, screen: screen.screen, parameters: screen.parameters, source: screen.source))
    model = TableViewModel(
      source: screen.source, configuration: list.model.configuration, columns: screen.spec.columns,
      sorting: screen.spec.sort)
  }

  package func start(after previous: State?) -> (state: State, action: Action) {
    var state = State()
    var start = Action.list(.appear)
    // A reloaded screen file keeps the query, the sort and the highlighted row.
    if let previous {
      state.list.selection = previous.list.selection
      let columns = model.columns
      if let sort = previous.sort, columns.indices.contains(sort.column), columns[sort.column].sort != nil {
        state.sort = sort
      }
      if model.configuration.search != nil, !previous.list.query.isEmpty {
        start = .list(.search(previous.list.query))
      }
    }
    return (state, start)
  }

  package static let reload = Action.list(.reload)

  package func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] { model.reduce(&state, action) }

  package static func render(_ state: State, _ table: TableSpec, _ screen: ScreenState, _ options: RenderOptions)
    -> [String]
  {
    var screen = screen
    if screen.selection == nil { screen.selection = state.list.selection }
    return TableFrame(screen: screen, table: table, state: state, options: options).lines()
  }

  package static func isBusy(_ state: State) -> Bool { ListKind.isBusy(state.list) }
  package static func error(_ state: State) -> DataSourceError? { ListKind.error(state.list) }

  package static func explain(_ state: State, _ table: TableSpec) -> KindExplanation {
    ListKind.explain(state.list, table.list)
  }

  package static func opening(_ row: Int, _ state: State, _ table: TableSpec, _ screen: ScreenState)
    -> Result<RowOpening<Action>, NavigationError>
  {
    ListKind.opening(row, state.list, table.list, screen).map { $0.map(Action.list) }
  }

  /// A list's keys, and Ctrl-S to sort: by the next way in the cycle. The list's bindings are
  /// the table's too, so the key help lists them.
  package static let bindings: [KeyBinding<TableKind>] =
    [
      KeyBinding(
        [.control("s")], hint: "Ctrl-S sort",
        help: "sort by the next column and direction (then the source's own order)",
        when: KeyBinding.Condition { !$0.spec.sortable.isEmpty }
      ) { _, screen in .send(.sort(next(after: screen.state.sort, in: screen.spec))) }
    ] + ListKind.bindings.map { $0.lifted(state: \.list, spec: \.list, action: Action.list) }

  /// The list's commands, and `sort COLUMN`.
  package static let commands: [KindCommand<TableKind>] =
    ListKind.commands.map { $0.lifted(state: \.list, spec: \.list, action: Action.list) } + [
      KindCommand(
        "sort", argument: .text, help: "sort by a column, ascending (`sort stars`) or descending (`sort -stars`)"
      ) { argument, screen in sort(argument, screen.spec, file: screen.screen.spec.file) }
    ]

  /// The sort after `sort` in the cycle Ctrl-S steps through: each sortable column in its first
  /// direction, then the other, then the next column, and after the last the source's own order.
  static func next(after sort: TableSort?, in table: TableSpec) -> TableSort? {
    let ways = table.sortable.flatMap { column in
      [column.sort.descendingFirst, !column.sort.descendingFirst].map {
        TableSort(column: column.index, descending: $0)
      }
    }
    guard let sort, let place = ways.firstIndex(of: sort) else { return ways.first }
    return ways.indices.contains(place + 1) ? ways[place + 1] : nil
  }

  /// `sort COLUMN` (ascending) or `sort -COLUMN` (descending); COLUMN is a header or a sort value.
  private static func sort(_ argument: String, _ table: TableSpec, file: String) -> KindCommand<TableKind>.Outcome {
    let names = table.sortable.map { $0.column.name }
    let sortable = names.isEmpty ? "no column of \(file) sorts" : "sortable: " + names.joined(separator: ", ")
    let text = argument.trimmingWhitespace()
    let name = text.hasPrefix("-") ? String(text.dropFirst()) : text
    guard !name.isEmpty else {
      return .failed("'sort' needs a column, as in 'sort stars' or 'sort -stars' (\(sortable))")
    }
    guard let column = table.column(named: name) else {
      let message = Diagnostic.Message.unknown(
        "'sort': no sortable column '\(name)'", name: name, among: table.sortable.map(\.sort.value) + names,
        notes: [sortable])
      return .failed(message.description)
    }
    return .send([.sort(TableSort(column: column, descending: text.hasPrefix("-")))])
  }
}
