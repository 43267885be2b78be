extension Frame {
  /// Two frames side by side, as one: each line of `left` (cut to `width` columns already)
  /// padded to `width`, then `divider` (dim), then the line of `right` in the same row; as many
  /// lines as the taller frame has. The left frame's cursor and selected row stay where they
  /// are (its columns are the same), and the selection covers the left frame's spans only
  /// (`selectedSpans`). The right frame's selection and cursor are dropped: it takes no keys.
  ///
  ///     Frame.beside(list, width: 48, preview, divider: " │ ")
  package static func beside(_ left: Frame, width: Int, _ right: Frame, divider: String) -> Frame {
    var frame = Frame(cursor: left.cursor, selectedRow: left.selectedRow)
    frame.selectedRows = left.selectedRows
    let count = max(left.lines.count, right.lines.count)
    frame.lines.reserveCapacity(count)
    for index in 0..<count {
      var line = index < left.lines.count ? left.lines[index] : Line()
      let room = width - TextWidth.width(of: line.text)
      // Spans of their own, never merged with the left's: the selection ends where they start.
      if room > 0 { line.spans.append(Span(String(repeating: " ", count: room))) }
      if left.isSelected(index) { frame.selectedSpans = (frame.selectedSpans ?? []) + [line.spans.count] }
      line.spans.append(Span(divider, role: .dim))
      if index < right.lines.count { line.spans += right.lines[index].spans }
      frame.lines.append(line)
    }
    return frame
  }

  /// The spans of `line`, line `index` of the selection, that the selection covers, and those
  /// after them; all of them when the selection is the whole row.
  package func selection(of line: Line, at index: Int) -> (selected: Line, rest: Line) {
    guard let counts = selectedSpans, let row = selectedRow, counts.indices.contains(index - row) else {
      return (line, Line())
    }
    let count = counts[index - row]
    return (Line(spans: Array(line.spans.prefix(count))), Line(spans: Array(line.spans.dropFirst(count))))
  }
}

extension Glyphs {
  /// Between two panes of a frame side by side (" │ ", or " | " in ASCII).
  package var paneDivider: String { isUnicode ? " │ " : " | " }
}
