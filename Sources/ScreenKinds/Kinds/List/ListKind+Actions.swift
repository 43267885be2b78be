import ScreenJSON

extension ListKind {
  /// A list's actions act on its selected row.
  package static func actionRecord(_ state: State) -> JSON? {
    guard state.records.indices.contains(state.selection) else { return nil }
    return state.records[state.selection]
  }

  package static func searchWaits(_ state: State, _ list: ListSpec) -> Bool {
    ListViewModel.isPending(state, search: list.search)
  }
}
