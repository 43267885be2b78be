import ScreenKit

/// A table screen's logic: a sorted list (`SortedList`) whose choices are its columns.
package typealias TableViewModel = SortedList

extension SortedList {
  /// A table's: each column that has a sort is a choice, by its index.
  package init(
    source: any DataSource, configuration: PagedList.Configuration, columns: [ColumnSpec], sorting: SortSpec?
  ) {
    self.init(
      source: source, configuration: configuration, sortValues: columns.map { $0.sort?.value }, sorting: sorting)
  }
}
