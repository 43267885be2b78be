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
    .pages(state, columns: ExportColumns(list.exportedColumns, list: list, state: state, screen: screen))
  }
}
