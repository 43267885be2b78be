import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// The chart kind: a list whose records are drawn as horizontal bars of one numeric field. It is
/// a table by composition (`ChartSpec.table`: a column of labels and one of values): it pages as
/// a list does and sorts as a table does (Ctrl-S, a script's `sort`), with the table's state,
/// reducer, keys and commands; only its frame is its own.
package struct ChartKind: Kind {
  package typealias Spec = ChartSpec
  package typealias State = TableKind.State
  package typealias Action = TableKind.Action

  package static let name = "chart"
  package static let resource = Resource.Kind.list
  package static let keys = ["search", "paging", "bars", "sort", "empty", "id", "select"]

  package static func decode(_ object: JSONObject, _ decoder: inout SpecDecoder) -> ChartSpec? {
    decoder.decodeChart(object)
  }

  package static func sourceBinding(_ chart: ChartSpec, of spec: ScreenSpec) -> String {
    TableKind.sourceBinding(chart.table, of: spec)
  }

  /// The reducer of the table the chart runs as.
  package let table: TableKind

  package init(_ screen: KindScreen<ChartSpec>) {
    table = TableKind(
      KindScreen(spec: screen.spec.table, screen: screen.screen, parameters: screen.parameters, source: screen.source))
  }

  package func start(after previous: State?) -> (state: State, action: Action) { table.start(after: previous) }

  package static let reload = TableKind.reload
  package static let refresh = TableKind.refresh

  package func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] { table.reduce(&state, action) }

  package static func render(_ state: State, _ chart: ChartSpec, _ screen: ScreenState, _ options: RenderOptions)
    -> Frame
  {
    var screen = screen
    if screen.selection == nil { screen.selection = state.list.selection }
    return ChartFrame(screen: screen, chart: chart, state: state, options: options).frame()
  }

  package static func isBusy(_ state: State) -> Bool { TableKind.isBusy(state) }
  package static func error(_ state: State) -> DataSourceError? { TableKind.error(state) }
  package static func count(_ state: State) -> Int? { TableKind.count(state) }
  package static func dataRevision(_ state: State) -> Int { TableKind.dataRevision(state) }

  package static func explain(_ state: State, _ chart: ChartSpec) -> KindExplanation {
    TableKind.explain(state, chart.table)
  }

  /// Enter opens the selected bar's record, as a list's row opens.
  package static func opening(_ row: Int, _ state: State, _ chart: ChartSpec, _ screen: ScreenState)
    -> Result<RowOpening<Action>, NavigationError>
  {
    TableKind.opening(row, state, chart.table, screen)
  }

  /// The table's keys: the list's, and Ctrl-S to sort by the label or the value; not the
  /// preview's (a chart has none).
  package static let bindings: [KeyBinding<ChartKind>] = TableKind.bindings
    .filter { !$0.keys.contains(SharedKeys.previewToggle) }
    .map { $0.lifted(state: { $0 }, spec: \.table, action: { $0 }) }

  /// The table's commands: the list's, and `sort LABEL|VALUE` (a header or a sort value).
  package static let commands: [KindCommand<ChartKind>] = TableKind.commands.map {
    $0.lifted(state: { $0 }, spec: \.table, action: { $0 })
  }
}
