import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// What a chart screen declares: a list (search, paging, empty text, the screen a bar opens)
/// whose records are drawn as horizontal bars of one numeric field, sorted by the source as a
/// table's columns are.
package struct ChartSpec: ListBased {
  /// The list part; its `row` is not drawn (the bars are).
  package var list: ListSpec
  package var bars: BarsSpec
  /// The source parameters a sort goes to; nil when neither the label nor the value sorts.
  package var sort: SortSpec?

  package var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    let bars = JSONPointer.root / "bars"
    return list.namedTemplates + [
      (bars / "label", self.bars.label), (bars / "value", self.bars.value),
      (bars / "labelHeader", self.bars.labelHeader), (bars / "valueHeader", self.bars.valueHeader),
    ]
  }

  package var select: SelectSpec? { list.select }
  package var titleHasRecord: Bool { false }
  package var templatesWithoutRecord: [(pointer: JSONPointer, template: Template, what: String)] {
    let bars = JSONPointer.root / "bars"
    return list.templatesWithoutRecord + [
      (bars / "labelHeader", self.bars.labelHeader, "the label's header"),
      (bars / "valueHeader", self.bars.valueHeader, "the value's header"),
    ]
  }

  /// The chart as the table it sorts and pages like: a column of labels and one of values,
  /// whose sorts are the bars' (`SortedList` and the table's keys and `sort` run it).
  var table: TableSpec {
    let column = { (header: Template, value: Template, sort: ColumnSpec.Sort?) in
      ColumnSpec(header: header, value: value, width: .flexible(minimum: 1), alignment: .left, sort: sort)
    }
    return TableSpec(
      list: list,
      columns: [
        column(bars.labelHeader, bars.label, bars.labelSort), column(bars.valueHeader, bars.value, bars.valueSort),
      ], sort: sort)
  }
}

/// How a chart's bars read: each record's label, the field whose number is the bar's length,
/// the headers above them, and the values the source sorts each by.
package struct BarsSpec: Sendable {
  /// The bar's label, as in "{full_name}".
  package var label: Template
  /// The field read for the bar's length, as the file names it ("stargazers_count").
  package var field: [String]
  /// The field as a template ("{stargazers_count}"): what the screen reads of a record.
  package var value: Template
  package var labelHeader: Template
  package var valueHeader: Template
  package var labelSort: ColumnSpec.Sort?
  package var valueSort: ColumnSpec.Sort?
}

extension ScreenSpec {
  /// The chart part, when this is a chart screen.
  package var chart: ChartSpec? { body as? ChartSpec }
}
