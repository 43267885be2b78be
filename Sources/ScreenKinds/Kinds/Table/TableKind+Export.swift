import ScreenFormat

extension TableSpec: ExportedColumns {
  /// The table's columns, under their headers.
  package var exportedColumns: [(header: Template, value: Template)] { columns.map { ($0.header, $0.value) } }
}
