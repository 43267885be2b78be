import ScreenJSON

extension TableKind {
  /// A table's actions act on its selected row, as a list's do.
  package static func actionRecord(_ state: State) -> JSON? { ListKind.actionRecord(state.list) }
  package static func searchWaits(_ state: State, _ spec: Spec) -> Bool {
    ListViewModel.isPending(state.list, search: spec.list.search)
  }
}
