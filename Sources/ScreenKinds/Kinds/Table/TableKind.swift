import ScreenFormat

/// The table kind's registration: a list whose rows are drawn in columns, and sorted by the
/// source when the resource can sort by a column.
extension ScreenKind {
  public static let table = ScreenKind(
    name: "table", resource: .list, keys: ["search", "paging", "columns", "sort", "empty", "select"],
    scriptCommands: ["search", "type", "next", "reload", "sort"],
    decode: { object, decoder in decoder.decodeTable(object) },
    binding: TableKind.binding, makeModel: TableKind.makeModel, schema: TableKind.schema)
}

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

enum TableKind {
  package typealias Behavior = ScreenBehavior<TableViewModel>

  package static func binding(_ spec: ScreenSpec) -> String {
    let sort = spec.table?.sort.map { "\($0.parameter)|\($0.order ?? "")" } ?? "|"
    return ListKind.binding(spec) + "|" + sort
  }

  package static func makeModel(_ context: ModelContext) -> AnyViewModel {
    let table =
      context.spec.table
      ?? TableSpec(
        list: ListSpec(paging: .default, row: RowSpec(title: Template(literal: ""), subtitle: nil)), columns: [],
        sort: nil)
    let configuration = ListViewModel.Configuration(
      resource: context.spec.source.resource, parameters: context.parameters, search: table.list.search,
      paging: table.list.paging, members: context.spec.recordMembers)
    var state = TableViewModel.State()
    var start = TableViewModel.Input.list(.appear)
    // A reloaded screen file keeps the query, the sort and the highlighted row.
    if let previous = context.previous?.store(of: TableViewModel.self)?.state {
      state.list.selection = previous.list.selection
      if let sort = previous.sort, table.columns.indices.contains(sort.column), table.columns[sort.column].sort != nil {
        state.sort = sort
      }
      if table.list.search != nil, !previous.list.query.isEmpty { start = .list(.search(previous.list.query)) }
    }
    let model = TableViewModel(
      source: context.source, configuration: configuration, columns: table.columns, sorting: table.sort)
    let behavior = Behavior(
      start: start, reload: .list(.reload), content: { .table($0, highlighted: true) },
      isBusy: { $0.list.status == .loading || $0.list.isLoadingNextPage },
      error: {
        if case .error(let error) = $0.list.status { return error }
        return nil
      },
      bindings: bindings, script: script,
      opening: { row, state, spec, parameters in
        ListKind.opening(row, state.list, spec, parameters).map { opening in
          Behavior.RowOpening(
            screen: opening.screen, parameters: opening.parameters, input: opening.input.map(TableViewModel.Input.list))
        }
      })
    return AnyViewModel(
      kind: .table, store: Store(model, state: state, scheduler: context.scheduler), behavior: behavior)
  }

  /// A list's keys, and Ctrl-S to sort: by the next way in the cycle. The list's bindings are
  /// the table's too, so the key help lists them.
  package static let bindings: [KeyBinding<TableViewModel>] =
    [
      KeyBinding([.control("s")], "sort by the next column and direction (then the source's own order)") {
        _, state, screen, _ in
        guard let table = screen.spec.table, !table.sortable.isEmpty else { return KeyAction.none }
        return .send(.sort(next(after: state.sort, in: table)))
      }
    ]
    + ListKind.bindings.map { binding in
      KeyBinding(binding.keys, anyCharacter: binding.anyCharacter, binding.does) { key, state, screen, viewport in
        guard let action = binding.action(key, state.list, screen, viewport) else { return nil }
        switch action {
        case .send(let input): return .send(.list(input))
        case .open(let row): return .open(row: row)
        case .help: return .help
        case .none: return KeyAction.none
        case .unbound: return .unbound
        }
      }
    }

  /// The sort after `sort` in the cycle Ctrl-S steps through: each sortable column in its first
  /// direction, then the other, then the next column, and after the last the source's own order.
  package static func next(after sort: TableSort?, in table: TableSpec) -> TableSort? {
    let ways = table.sortable.flatMap { column in
      [column.sort.descendingFirst, !column.sort.descendingFirst].map {
        TableSort(column: column.index, descending: $0)
      }
    }
    guard let sort, let place = ways.firstIndex(of: sort) else { return ways.first }
    return ways.indices.contains(place + 1) ? ways[place + 1] : nil
  }

  package static func script(_ command: ScriptCommand, _ state: TableViewModel.State, _ spec: ScreenSpec)
    -> Behavior.ScriptAction
  {
    if case .kind("sort", let argument) = command { return sort(argument, spec) }
    switch ListKind.script(command, state.list, spec) {
    case .send(let inputs): return .send(inputs.map(TableViewModel.Input.list))
    case .failed(let message): return .failed(message)
    case .unsupported: return .unsupported
    }
  }

  /// `sort COLUMN` (ascending) or `sort -COLUMN` (descending); COLUMN is a header or a sort value.
  private static func sort(_ argument: String, _ spec: ScreenSpec) -> Behavior.ScriptAction {
    guard let table = spec.table else { return .unsupported }
    let names = table.sortable.map { $0.column.name }
    let sortable = names.isEmpty ? "no column of \(spec.file) sorts" : "sortable: " + names.joined(separator: ", ")
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
