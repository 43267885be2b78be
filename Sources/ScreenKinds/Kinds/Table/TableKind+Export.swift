import ScreenFormat

extension TableSpec {
  /// The table's columns in `--output csv` and `tsv`, under their headers.
  package var exportedColumns: [(header: Template, value: Template)] { columns.map { ($0.header, $0.value) } }
}

extension TableKind {
  /// A table prints its list's pages, in its columns.
  package static func export(_ state: State, _ table: TableSpec, _ screen: ScreenState) -> ScreenExport? {
    .pages(
      ExportedPages(state.list),
      columns: ExportColumns(table.exportedColumns, list: table.list, state: state.list, screen: screen))
  }
}
