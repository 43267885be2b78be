import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// The lines of a chart screen: a list's frame (title, search field, where the list stands,
/// footer) whose rows are bars under a line of headers, in the frame's glyphs.
struct ChartFrame {
  let screen: ScreenState
  let chart: ChartSpec
  let state: SortedList.State
  let options: RenderOptions

  func frame() -> Frame {
    let glyphs = options.glyphs
    let bars = chart.bars
    let context = ListFrame(screen: screen, list: chart.list, state: state.list, options: options).context
    let values = state.list.records.map { ChartLayout.Value($0[path: bars.field]) }
    let scale = ChartLayout.scale(values)
    let headers = (label: header(0, bars.labelHeader, context), value: header(1, bars.valueHeader, context))
    let rows = ListFrame.RowStyle { indent in
      let labels = state.list.records.lazy.map { record in
        var context = context
        context.record = record
        return TextWidth.width(of: bars.label.line(in: context))
      }
      let layout = ChartLayout.make(
        room: options.width - indent,
        labelColumns: max(labels.max() ?? 0, TextWidth.width(of: headers.label)),
        valueColumns: max(values.map { TextWidth.width(of: $0.text) }.max() ?? 0, TextWidth.width(of: headers.value)))
      var heading = ""
      heading.appendSpaces(indent)
      heading += layout.heading(label: headers.label, value: headers.value, glyphs: glyphs)
      return (
        heading,
        { record, line in
          let value = ChartLayout.Value(record.record?[path: bars.field])
          line += layout.line(label: bars.label.line(in: record), value: value, scale: scale, glyphs: glyphs)
        }
      )
    }
    var frame = ListFrame(screen: screen, list: chart.list, state: state.list, options: options, rows: rows)
    frame.hints = ChartKind.hints(state, chart, screen, options)
    return frame.frame()
  }

  /// The header of the labels (0) or the values (1), the sorted one marked as a table's column is.
  private func header(_ column: Int, _ header: Template, _ context: TemplateContext) -> String {
    let text = header.line(in: context)
    guard let sort = state.sort, sort.column == column else { return text }
    return text + (sort.descending ? options.glyphs.descending : options.glyphs.ascending)
  }
}
