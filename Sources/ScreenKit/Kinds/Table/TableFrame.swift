/// The lines of a table screen: a list's frame (title, search field, where the list stands,
/// footer) whose rows are cells in aligned columns under a line of headers.
struct TableFrame {
  let screen: ScreenState
  let table: TableSpec
  let state: TableViewModel.State
  let options: RenderOptions

  static let keys = [
    "↑↓ move", "Enter open", "Ctrl-S sort", "Esc back", "Ctrl-C quit", "PgUp/PgDn page", "Ctrl-R reload",
  ]

  func lines() -> [String] {
    let width = options.width
    let rows = ListFrame.RowStyle(
      heading: { indent in
        String(repeating: " ", count: indent) + heading(Self.layout(table.columns, room: width - indent))
      },
      line: { record, indent in cells(record, Self.layout(table.columns, room: width - indent)) })
    var frame = ListFrame(screen: screen, list: table.list, state: state.list, options: options, rows: rows)
    if !table.sortable.isEmpty { frame.keys = Self.keys }
    return frame.lines()
  }

  /// The headers, the sorted one marked ↑ (ascending) or ↓ (descending).
  private func heading(_ widths: [Int]) -> String {
    let texts = table.columns.indices.map { index in
      let header = TerminalSafe.sanitize(table.columns[index].header)
      guard let sort = state.sort, sort.column == index else { return header }
      return header + (sort.descending ? "↓" : "↑")
    }
    return line(texts, widths)
  }

  private func cells(_ record: TemplateContext, _ widths: [Int]) -> String {
    line(table.columns.prefix(widths.count).map { $0.value.line(in: record) }, widths)
  }

  /// The texts of the shown columns, each cut to its width with "…" and aligned in it.
  private func line(_ texts: [String], _ widths: [Int]) -> String {
    var cells: [String] = []
    for (index, width) in widths.enumerated() {
      let text = TextWidth.truncate(texts[index], toColumns: width)
      let room = width - TextWidth.width(of: text)
      let before =
        switch table.columns[index].alignment {
        case .left: 0
        case .right: room
        case .center: room / 2
        }
      cells.append(String(repeating: " ", count: before) + text + String(repeating: " ", count: room - before))
    }
    return cells.joined(separator: String(repeating: " ", count: Self.gap))
  }

  /// The spaces between two columns.
  static let gap = 2

  /// The width of each column shown in `room` terminal columns: columns are shown from the left
  /// while they fit at their fixed or least widths (the first always, cut to the room if it must
  /// be), and what is left goes to the flexible ones among them, shared evenly.
  static func layout(_ columns: [ColumnSpec], room: Int) -> [Int] {
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
