import ScreenFormat
import ScreenText

/// The lines of a table screen: a list's frame (title, search field, where the list stands,
/// footer) whose rows are cells in aligned columns under a line of headers.
package struct TableFrame {
  package let screen: ScreenState
  package let table: TableSpec
  package let state: TableViewModel.State
  package let options: RenderOptions

  package func frame() -> Frame {
    let width = options.width
    let context = ListFrame(screen: screen, list: table.list, state: state.list, options: options).context
    let headers = { index in self.header(index, in: context) }
    let rows = ListFrame.RowStyle { indent in
      let widths = Self.layout(table.columns, room: width - indent)
      var heading = ""
      heading.appendSpaces(indent)
      append(headers, widths, to: &heading)
      return (
        heading,
        { record, line in append({ table.columns[$0].value.render(in: record, showing: width) }, widths, to: &line) }
      )
    }
    var frame = ListFrame(screen: screen, list: table.list, state: state.list, options: options, rows: rows)
    frame.hints = TableKind.hints(state, table, screen, options)
    return frame.frame()
  }

  /// The header of a column, the sorted one marked ↑ (ascending) or ↓ (descending), in the
  /// frame's glyphs.
  private func header(_ index: Int, in context: TemplateContext) -> String {
    let header = table.columns[index].header.render(in: context)
    guard let sort = state.sort, sort.column == index else { return header }
    return header + (sort.descending ? options.glyphs.descending : options.glyphs.ascending)
  }

  /// Appends the texts of the shown columns (`text` of a column's index, from a source), each made
  /// safe, cut to its width with "…" and aligned in it, `gap` spaces apart.
  private func append(_ text: (Int) -> String, _ widths: [Int], to line: inout String) {
    for (index, width) in widths.enumerated() {
      if index > 0 { line.appendSpaces(Self.gap) }
      let cell = options.glyphs.fitted(text(index), toColumns: width)
      let room = width - cell.columns
      let before =
        switch table.columns[index].alignment {
        case .left: 0
        case .right: room
        case .center: room / 2
        }
      line.appendSpaces(before)
      line += cell.text
      if cell.cut { line += options.glyphs.ellipsis }
      line.appendSpaces(room - before)
    }
  }

  /// The spaces between two columns.
  package static let gap = 2

  /// The width of each column shown in `room` terminal columns: columns are shown from the left
  /// while they fit at their fixed or least widths (the first always, cut to the room if it must
  /// be), and what is left goes to the flexible ones among them, shared evenly.
  package static func layout(_ columns: [ColumnSpec], room: Int) -> [Int] {
    let room = max(1, room)
    var widths: [Int] = []
    var used = 0
    for column in columns {
      let needed = column.width.minimum + (widths.isEmpty ? 0 : gap)
      if !widths.isEmpty, used + needed > room { break }
      widths.append(min(column.width.minimum, room))
      used += needed
    }
    let flexible = widths.indices.filter { if case .flexible = columns[$0].width { true } else { false } }
    var spare = max(0, room - used)
    for (order, index) in flexible.enumerated() {
      let share = spare / (flexible.count - order)
      widths[index] += share
      spare -= share
    }
    return widths
  }
}
