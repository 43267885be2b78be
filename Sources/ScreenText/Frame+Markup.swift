extension Frame {
  /// The frame with its styles written as text a person reads in a diff, as a screen test
  /// records it with `styles: true`: a span of any role but body is `[role]text[/role]`, a span
  /// that opens a URL other than its own text says so (`[link https://…]text[/link]`), and the
  /// selected row is `[selected]…[/selected]` around the whole line (or the spans the selection
  /// covers, `selectedSpans`). Plain text is unchanged, so
  /// the markup differs from `plainText` only where the frame is styled.
  package var markup: String {
    guard !lines.isEmpty else { return "\n" }
    var text = ""
    for (index, line) in lines.enumerated() {
      let selected = isSelected(index)
      let covered = selectedRow.flatMap { selectedSpans?[safe: index - $0] }
      if selected { text += "[selected]" }
      for (number, span) in line.spans.enumerated() {
        if selected, number == covered { text += "[/selected]" }
        guard span.role != .body || span.url != nil else {
          text += span.text
          continue
        }
        let name = span.role.rawValue
        text += "[" + name
        if let url = span.url, url != span.text { text += " " + url }
        text += "]" + span.text + "[/" + name + "]"
      }
      if selected, (covered ?? line.spans.count) >= line.spans.count { text += "[/selected]" }
      text += "\n"
    }
    return text
  }
}

extension Array {
  /// The element at `index`, or nil past either end.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
