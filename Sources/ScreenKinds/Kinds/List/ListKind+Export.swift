import ScreenFormat

extension ListSpec {
  /// A list's columns in `--output csv` and `tsv`: its row's `title`, and its `subtitle` when it
  /// has one.
  package var exportedColumns: [(header: Template, value: Template)] {
    [(Template(literal: "title"), row.title)] + (row.subtitle.map { [(Template(literal: "subtitle"), $0)] } ?? [])
  }
}

extension ListKind {
  /// A list prints its pages of records.
  package static func export(_ state: State, _ list: ListSpec, _ screen: ScreenState) -> ScreenExport? {
    .pages(ExportedPages(state), columns: ExportColumns(list.exportedColumns, list: list, state: state, screen: screen))
  }
}

extension ExportedPages {
  /// Where a list (or a kind's list part) stands.
  package init(_ state: ListViewModel.State) {
    let status: Status =
      switch state.status {
      case .idle: .idle
      case .loading: .loading
      case .loaded: .loaded
      case .error: .failed
      }
    self.init(
      records: state.records, status: status, pagesLoaded: state.pagesLoaded, activeQuery: state.activeQuery,
      next: state.next)
  }
}

extension ExportColumns {
  /// `columns` read with what a frame of the list reads but the rows' records: the screen's
  /// parameters, its query and `meta`.
  package init(
    _ columns: [(header: Template, value: Template)], list: ListSpec, state: ListViewModel.State, screen: ScreenState
  ) {
    self.init(columns, context: ListFrame(screen: screen, list: list, state: state, options: RenderOptions()).context)
  }
}
