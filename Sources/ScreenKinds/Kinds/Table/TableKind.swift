import ScreenFormat
import ScreenJSON
import ScreenKit

/// The table kind: a list whose rows are drawn in columns, and sorted by the source when the
/// resource can sort by a column. It is a list by composition: its state holds a list's, and its
/// keys and commands are the list's, lifted, with the sort's added.
package struct TableKind: Kind {
  package typealias Spec = TableSpec
  package typealias State = TableViewModel.State
  package typealias Action = TableViewModel.Input

  package static let name = "table"
  package static let resource = Resource.Kind.list
  package static let keys = ["search", "paging", "columns", "sort", "empty", "id", "select", "preview"]

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
      if let sort = previous.sort, model.allows(sort) { state.sort = sort }
      if model.configuration.search != nil, !previous.list.query.isEmpty {
        start = .list(.search(previous.list.query))
      }
    }
    return (state, start)
  }

  package static let reload = Action.list(.reload)
  package static let refresh = Action.list(.refresh)

  package func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] { model.reduce(&state, action) }

  package static func render(_ state: State, _ table: TableSpec, _ screen: ScreenState, _ options: RenderOptions)
    -> Frame
  {
    var screen = screen
    if screen.selection == nil { screen.selection = state.list.selection }
    return TableFrame(screen: screen, table: table, state: state, options: options).frame()
  }

  package static func isBusy(_ state: State) -> Bool { ListKind.isBusy(state.list) }
  package static func error(_ state: State) -> DataSourceError? { ListKind.error(state.list) }
  package static func count(_ state: State) -> Int? { ListKind.count(state.list) }
  package static func dataRevision(_ state: State) -> Int { ListKind.dataRevision(state.list) }

  package static func explain(_ state: State, _ table: TableSpec) -> KindExplanation {
    ListKind.explain(state.list, table.list)
  }

  package static func opening(_ row: Int, _ state: State, _ table: TableSpec, _ screen: ScreenState)
    -> Result<RowOpening<Action>, NavigationError>
  {
    ListKind.opening(row, state.list, table.list, screen).map { $0.map(Action.list) }
  }

  package static func preview(_ state: State, _ table: TableSpec, _ screen: ScreenState) -> RowOpening<Action>? {
    ListKind.preview(state.list, table.list, screen)?.map(Action.list)
  }

  /// A list's keys, and Ctrl-S to sort: by the next way in the cycle. The list's bindings are
  /// the table's too, so the key help lists them; Ctrl-S comes before the keys every screen
  /// shares, where the footer names it (no list binding takes Ctrl-S).
  package static let bindings: [KeyBinding<TableKind>] = {
    let list: [KeyBinding<TableKind>] = ListKind.bindings.map {
      $0.lifted(state: \.list, spec: \.list, action: Action.list)
    }
    let shared = list.firstIndex { if case .passOn = $0.action { true } else { false } } ?? list.count
    return Array(list[..<shared]) + [.sort(state: \.sort, choices: \.sortChoices, action: Action.sort)]
      + list[shared...]
  }()

  /// The list's commands, and `sort COLUMN` (ascending) or `sort -COLUMN` (descending); COLUMN is
  /// a header or a sort value.
  package static let commands: [KindCommand<TableKind>] =
    ListKind.commands.map { $0.lifted(state: \.list, spec: \.list, action: Action.list) }
    + [.sort(choices: \.sortChoices, action: Action.sort)]
}
