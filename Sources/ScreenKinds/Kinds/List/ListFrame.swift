import ScreenFormat
import ScreenJSON
import ScreenText

/// The lines of a list screen: title, search field, rows, where the list stands, footer.
package struct ListFrame {
  package let screen: ScreenState
  package let list: ListSpec
  package let state: ListViewModel.State
  package let options: RenderOptions
  /// How rows are drawn when not as `list.row` says (a table's cells); nil for the list's rows.
  package var rows: RowStyle? = nil
  /// The key hints of the interactive footer, from the kind's bindings (`Kind.hints`).
  var hints: [KeyHint] = []

  /// Rows of one line each under a heading line, as a kind built on the list draws them.
  package struct RowStyle {
    /// The line above the rows, and what appends a row's text to its line, for rows whose text
    /// starts after `indent` columns (marker and number); asked once a frame.
    package var layout:
      (_ indent: Int) -> (heading: String, line: (_ record: TemplateContext, _ line: inout String) -> Void)
  }

  private var width: Int { options.width }
  private var interactive: Bool { options.height != nil }

  /// What the frame's templates read but the rows' records: made once a frame.
  package var context: TemplateContext {
    TemplateContext(params: screen.parameters, query: state.query, meta: meta)
  }

  private var meta: [String: JSON] {
    var meta: [String: JSON] = [MetaKey.count: .int(state.records.count)]
    if let attribution = state.attribution { meta[MetaKey.attribution] = .string(attribution) }
    if let total = state.total { meta[MetaKey.total] = .int(total) }
    return meta
  }

  /// The frame's lines as text.
  package func lines() -> [String] { frame().lines.map(\.text) }

  package func frame() -> Frame {
    let context = self.context
    var header = [Frame.Line(screen.spec.title.line(in: context), role: .title)]
    var cursor: Frame.Cursor?
    if let search = list.search {
      var field = Frame.Line(FrameLine.searchField, role: .dim)
      if interactive, !state.query.isEmpty {
        let split = state.query.index(
          state.query.endIndex, offsetBy: -min(max(0, state.afterCursor), state.query.count))
        let query = Self.queryField(
          before: String(state.query[..<split]), after: String(state.query[split...]),
          columns: width - TextWidth.width(of: FrameLine.searchField) - 1, glyphs: options.glyphs)
        field.append(query.before)
        field.append(query.caret, role: .dim)
        field.append(query.after)
        cursor = Frame.Cursor(
          row: header.count, column: TextWidth.width(of: FrameLine.searchField) + TextWidth.width(of: query.before))
      } else {
        let query = TerminalSafe.sanitize(state.query)
        if query.isEmpty {
          field.append(search.placeholder.line(in: context) + options.glyphs.ellipsis, role: .dim)
        } else {
          field.append(query)
        }
      }
      header.append(field)
    }
    header.append(Frame.Line(options.glyphs.rule(width), role: .dim))

    var footer = [options.glyphs.rule(width)]
    if let position = position() { footer.append(position) }
    // The footer wraps as a detail's does (an attribution with a note is whole), capped in a
    // terminal so that the rows keep their room.
    if let text = screen.spec.footer?.line(in: context), !text.isEmpty {
      footer += TextRenderer.capped(TextWidth.wrap(text, toColumns: width), options)
    }
    if interactive {
      footer.append(TextRenderer.keyHelp(hints, width: screen.keyLineWidth ?? width, glyphs: options.glyphs))
    }

    let budget = options.height.map { max(1, $0 - header.count - footer.count) }
    var body = self.body(budget: budget, context: context)
    if let budget, body.lines.count < budget {
      body.lines += Array(repeating: Frame.Line(), count: budget - body.lines.count)
    } else if let budget, body.lines.count > budget {
      // The one row that a frame of the smallest height has room for keeps its first line (its
      // subtitle gives way), so that the footer and its key line stay in the terminal.
      body.lines = Array(body.lines.prefix(budget))
      if let selected = body.selected, selected >= budget { body.selected = nil }
      if let selected = body.selected { body.selectedLines = min(body.selectedLines, budget - selected) }
    }
    var frame = Frame(
      lines: header + body.lines + footer.map { Frame.Line(linking: $0, role: .dim) }, cursor: cursor,
      selectedRow: body.selected.map { header.count + $0 })
    // A row of two lines is selected whole: its subtitle too.
    frame.selectedRows = body.selectedLines
    return frame
  }

  /// The interactive search field's query, in pieces: the text `before` the cursor, the caret
  /// (`Glyphs.caret`, where the terminal cursor goes), and the text `after` it.
  struct QueryField: Equatable {
    var before: String
    var caret: String
    var after: String

    /// The field as text.
    var text: String { before + caret + after }
  }

  /// The search field of the interactive frame: the query with the caret (`Glyphs.caret`)
  /// between the text `before` the cursor and the text `after` it, in `columns` and the caret's
  /// one. A query too long for them scrolls so that the caret stays in sight, cut to "…" on the
  /// side (or sides) it leaves out; with the cursor at the end, that is the query's end. The
  /// query is shown as it is, a caret character in it too: where the caret is, is the frame's
  /// cursor, not a character to look for.
  static func queryField(before: String, after: String, columns: Int, glyphs: Glyphs = .unicode) -> QueryField {
    let caret = glyphs.caret
    let (before, after) = (TerminalSafe.sanitize(before), TerminalSafe.sanitize(after))
    let columns = max(2, columns)
    let (left, right) = (TextWidth.width(of: before), TextWidth.width(of: after))
    if left + right <= columns { return QueryField(before: before, caret: caret, after: after) }
    let half = columns / 2
    let leftRoom = right <= columns - half ? columns - right : left <= half ? left : half
    let shown = queryEnd(before, columns: leftRoom, glyphs: glyphs)
    return QueryField(
      before: shown, caret: caret, after: glyphs.truncate(after, toColumns: columns - TextWidth.width(of: shown)))
  }

  /// The end of the query, where the cursor is, in `columns`: a query too long for them scrolls,
  /// its start cut to "…" (the ellipsis of `glyphs`).
  static func queryEnd(_ query: String, columns: Int, glyphs: Glyphs = .unicode) -> String {
    guard TextWidth.width(of: query) > columns else { return query }
    var end = ""
    var used = TextWidth.width(of: glyphs.ellipsis)
    for character in query.reversed() {
      let next = TextWidth.width(of: String(character))
      if used + next > columns { break }
      end.insert(character, at: end.startIndex)
      used += next
    }
    return glyphs.ellipsis + end
  }

  private func body(budget: Int?, context: TemplateContext) -> (
    lines: [Frame.Line], selected: Int?, selectedLines: Int
  ) {
    if state.records.isEmpty {
      switch state.status {
      case .loading: return ([Frame.Line(TextRenderer.loadingLine(options), role: .dim)], nil, 1)
      case .error(let error):
        return (TextRenderer.errorFrameLines(error, interactive: interactive, width: width), nil, 1)
      case .idle where list.search?.required == true && state.activeQuery?.isEmpty != false:
        return ([Frame.Line("Type to search.", role: .dim)], nil, 1)
      case .idle: return ([], nil, 1)
      case .loaded:
        let text =
          list.empty?.line(in: context) ?? (state.activeQuery?.isEmpty == false ? "No matches." : "Nothing here.")
        return ([Frame.Line(linking: text, role: .dim)], nil, 1)
      }
    }
    var tail: [Frame.Line] = []
    if state.isLoadingNextPage {
      tail.append(Frame.Line(TextRenderer.loadingLine(options, "Loading more"), role: .dim))
    }
    if case .error(let error) = state.status {
      tail += TextRenderer.errorFrameLines(error, interactive: interactive, width: width)
    }

    let linesPerRow = list.row.subtitle == nil || self.rows != nil ? 1 : 2
    let heading = self.rows == nil ? 0 : 1
    var range = state.records.indices
    if let budget {
      let rows = max(1, (budget - tail.count - heading) / linesPerRow)
      let selection = screen.selection ?? 0
      let start = max(0, min(selection - rows / 2, state.records.count - rows))
      range = start..<min(state.records.count, start + rows)
    }
    // The number column is as wide as the loaded count needs, not the rows in view: scrolling
    // past row 9 must not shift every row a column to the right.
    let numberWidth = String(state.records.count).count
    // Every row's text starts after the same columns: its marker, its number and ". ".
    let indent = (interactive ? 2 : 0) + numberWidth + 2
    let layout = rows?.layout(indent)
    var lines: [Frame.Line] = []
    var selected: Int?
    lines.reserveCapacity(range.count * linesPerRow + heading + tail.count)
    if let layout { lines.append(Frame.Line(layout.heading, role: .dim)) }
    let query = state.activeQuery.map { TerminalSafe.sanitize($0) } ?? ""
    // What of a row can show: no character takes less than a byte, and few take no column.
    let shown = 16 * width
    for index in range {
      var record = context
      record.record = state.records[index]
      if state.depths.indices.contains(index) { record.depth = state.depths[index] }
      if index == screen.selection { selected = lines.count }
      var line = Frame.Line()
      if interactive { line.append(index == screen.selection ? options.glyphs.selectionMarker : "  ") }
      let number = String(index + 1)
      var numbered = ""
      numbered.reserveCapacity(numberWidth + 2)
      numbered.appendSpaces(numberWidth - number.utf8.count)
      numbered += number
      numbered += ". "
      line.append(numbered, role: .dim)
      if let layout {
        // The row's text starts after the marker and the number, as the layout counts them.
        var text = ""
        text.reserveCapacity(width)
        layout.line(record, &text)
        line.append(Frame.Line(linking: text, searchingFirst: shown).highlighting(query))
        lines.append(line)
        continue
      }
      line.append(
        Frame.Line(linking: list.row.title.line(in: record, showing: width), searchingFirst: shown).highlighting(query))
      lines.append(line)
      if let subtitle = list.row.subtitle {
        var second = ""
        second.appendSpaces(indent)
        second += subtitle.line(in: record, showing: width)
        lines.append(Frame.Line(linking: second, role: .dim, searchingFirst: shown))
      }
    }
    return (lines + tail, selected, linesPerRow)
  }

  /// "1-20 of 1,562", with what is known about the rest; nil while there is nothing to count.
  private func position() -> String? {
    let count = state.records.count
    guard count > 0 else { return state.status == .loaded ? "0 results" : nil }
    var text = "1-\(TemplateFilter.grouped(count))"
    if let total = state.total {
      text += " of \(TemplateFilter.grouped(total))"
      if let reachable = state.reachable, reachable < total {
        text += " (the first \(TemplateFilter.grouped(reachable)) can be listed)"
      }
    }
    if state.hasMore { text += ", more to load" }
    return text
  }
}

extension FrameLine {
  /// How the search field's line starts.
  package static let searchField = "Search: "
  /// The caret of the interactive search field, where the cursor is; the terminal cursor is put
  /// on it (`Glyphs.caret` of the default glyphs).
  package static let caret = Glyphs.unicode.caret
}
