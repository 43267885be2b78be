import ScreenJSON

extension ChartKind {
  /// A chart runs as a table: its actions act on the selected bar's record.
  package static func actionRecord(_ state: State) -> JSON? { TableKind.actionRecord(state) }
  package static func searchWaits(_ state: State, _ spec: Spec) -> Bool {
    ListViewModel.isPending(state.list, search: spec.list.search)
  }
}
