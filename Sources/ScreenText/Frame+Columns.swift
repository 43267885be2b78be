extension Frame {
  /// Two frames side by side, as one: each line of `left` (cut to `width` columns already)
  /// padded to `width`, then `divider` (dim), then the line of `right` in the same row; as many
  /// lines as the taller frame has. The left frame's cursor stays where it is (its columns are
  /// the same); its selected row is drawn as the selection across its own columns only (its
  /// spans take the selection's roles), so the new frame names no selected row for the whole
  /// width. The right frame's selection and cursor are dropped: it does not take keys.
  ///
  ///     Frame.beside(list, width: 48, preview, divider: " │ ")
  package static func beside(_ left: Frame, width: Int, _ right: Frame, divider: String) -> Frame {
    var frame = Frame(cursor: left.cursor)
    let count = max(left.lines.count, right.lines.count)
    frame.lines.reserveCapacity(count)
    for index in 0..<count {
      var line = index < left.lines.count ? left.lines[index] : Line()
      let selected = index == left.selectedRow
      if selected { line = line.asSelection }
      let room = width - TextWidth.width(of: line.text)
      if room > 0 { line.append(String(repeating: " ", count: room), role: selected ? .selected : .body) }
      line.append(divider, role: .dim)
      if index < right.lines.count { line.append(right.lines[index]) }
      frame.lines.append(line)
    }
    return frame
  }
}

extension Frame.Line {
  /// The line drawn as the selection by its spans' roles: a link stays a link (focused), a
  /// search match stays a match, the rest is `.selected`.
  var asSelection: Frame.Line {
    Frame.Line(
      spans: spans.map { span in
        let role: Frame.Role =
          switch span.role {
          case .link, .focusedLink: .focusedLink
          case .match: .match
          default: .selected
          }
        return Frame.Span(span.text, role: role, url: span.url)
      })
  }
}

extension Glyphs {
  /// Between two panes of a frame side by side (" │ ", or " | " in ASCII).
  package var paneDivider: String { isUnicode ? " │ " : " | " }
}
