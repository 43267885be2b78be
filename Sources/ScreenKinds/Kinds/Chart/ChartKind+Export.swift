import ScreenFormat

extension ChartSpec: ExportedColumns {
  /// The chart's label and value, under their headers: the columns of the table it pages as.
  package var exportedColumns: [(header: Template, value: Template)] { table.exportedColumns }
}
