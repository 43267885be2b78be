import ScreenFormat

extension ChartKind {
  /// A chart prints its label and value, under their headers: the columns of the table it pages as.
  package static func export(_ state: State, _ chart: ChartSpec, _ screen: ScreenState) -> ScreenExport? {
    TableKind.export(state, chart.table, screen)
  }
}
