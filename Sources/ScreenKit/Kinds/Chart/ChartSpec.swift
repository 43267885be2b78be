/// What a chart screen declares: a list (search, paging, empty text, the screen a bar opens)
/// whose records are drawn as horizontal bars of one numeric field, sorted by the source as a
/// table's columns are.
public struct ChartSpec: ListBased {
  /// The list part; its `row` is not drawn (the bars are).
  public var list: ListSpec
  public var bars: BarsSpec
  /// The source parameters a sort goes to; nil when neither the label nor the value sorts.
  public var sort: SortSpec?

  public var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    let bars = JSONPointer.root / "bars"
    return list.namedTemplates + [
      (bars / "label", self.bars.label), (bars / "value", self.bars.value),
      (bars / "labelHeader", self.bars.labelHeader), (bars / "valueHeader", self.bars.valueHeader),
    ]
  }

  public var select: SelectSpec? { list.select }
  public var titleHasRecord: Bool { false }
  public var templatesWithoutRecord: [(pointer: JSONPointer, template: Template, what: String)] {
    let bars = JSONPointer.root / "bars"
    return list.templatesWithoutRecord + [
      (bars / "labelHeader", self.bars.labelHeader, "the label's header"),
      (bars / "valueHeader", self.bars.valueHeader, "the value's header"),
    ]
  }

  /// The chart as the table it sorts and pages like: a column of labels and one of values,
  /// whose sorts are the bars' (`TableViewModel` and the table's keys and `sort` run it).
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
public struct BarsSpec: Sendable {
  /// The bar's label, as in "{full_name}".
  public var label: Template
  /// The field read for the bar's length, as the file names it ("stargazers_count").
  public var field: [String]
  /// The field as a template ("{stargazers_count}"): what the screen reads of a record.
  public var value: Template
  public var labelHeader: Template
  public var valueHeader: Template
  public var labelSort: ColumnSpec.Sort?
  public var valueSort: ColumnSpec.Sort?
}

extension ScreenSpec {
  /// The chart part, when this is a chart screen.
  public var chart: ChartSpec? { body as? ChartSpec }
}
