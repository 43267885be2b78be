import ScreenFormat
import ScreenJSON
import ScreenKinds
import ScreenKit
import ScreenText

/// What `screenrun SCREEN --explain` prints instead of a frame: the resolved screen, the request
/// its first load sent (as the data source sent it on, secrets removed), the first record as the
/// source returned it, every template resolved for that record with each filter step, and where
/// each `select` leads. This is how an author learns why a field shows blank.
package enum Explanation {
  /// The longest value shown on one line, in columns.
  static let valueColumns = 72
  /// The most record fields listed.
  static let fieldLimit = 120

  /// The explanation of `entry`, the screen a navigator opened and settled, from what its
  /// monitor kept of the exchanges.
  package static func text(_ entry: AppScreen, exchanges: [SourceMonitor.Exchange], mode: PluginContext.DataMode)
    -> String
  {
    let spec = entry.spec
    let kind = entry.model.explanation(spec: spec) ?? KindExplanation()
    var lines: [String] = []
    lines += screen(spec, parameters: entry.parameters, mode: mode) + kind.settings

    let exchange = exchanges.first
    lines.append("")
    lines += request(exchange, noRequest: kind.noRequest)

    var record: JSON?
    var meta: [String: JSON] = [:]
    switch exchange?.answer {
    case .page(let page)?:
      record = page.records.first
      meta[MetaKey.count] = .int(page.records.count)
      if let total = page.total { meta[MetaKey.total] = .int(total) }
      if let attribution = page.attribution { meta[MetaKey.attribution] = .string(attribution) }
    case .record(let answer)?:
      record = answer.value
      if let attribution = answer.attribution { meta[MetaKey.attribution] = .string(attribution) }
    default:
      break
    }

    lines.append("")
    if let record {
      lines.append("\(kind.record), as the data source returned it:")
      lines += fields(record).map { "  " + $0 }
    } else {
      lines.append("no record to show")
    }

    let context = TemplateContext(params: entry.parameters, query: kind.query, meta: meta)
    lines.append("")
    lines.append(record == nil ? "templates (with no record):" : "templates, for that record:")
    // A template with no text is one the kind fills in (a table's row title), not the file's.
    for (pointer, template) in spec.namedTemplates where !template.source.isEmpty {
      let used = templateContext(pointer, spec: spec, kind: kind, record: record, base: context)
      lines += explain(template, at: pointer, in: used.context, note: used.note)
    }

    let targets = spec.body.targets
    if !targets.isEmpty {
      lines.append("")
      lines.append(record == nil ? "select (with no record):" : "select, for that record:")
      for (pointer, select) in targets {
        let itemPointer = JSONPointer(Array(pointer.tokens.dropLast()) + ["row"])
        let used = templateContext(itemPointer, spec: spec, kind: kind, record: record, base: context)
        lines.append(
          "  \(pointer) opens \(ScreenLoader.resolve(select.screen, relativeTo: spec.file))\(used.note ?? "")")
        if select.parameters.isEmpty { lines.append("    with no parameters") }
        for (name, template) in select.parameters {
          let value = template.render(in: used.context)
          lines.append("    \(name) = \(quoted(template.source)) → \(quoted(value))\(value.isEmpty ? "  (blank)" : "")")
        }
      }
    }
    return lines.map { TerminalSafe.sanitize($0) }.joined(separator: "\n") + "\n"
  }

  // MARK: - Parts

  private static func screen(_ spec: ScreenSpec, parameters: [String: String], mode: PluginContext.DataMode)
    -> [String]
  {
    var lines = ["screen      \(spec.file), a \(spec.kind) screen"]
    lines.append(
      "source      plugin \(spec.source.plugin) (\(mode == .live ? "live" : "sample") data), resource \(spec.source.resource)"
    )
    if parameters.isEmpty {
      lines.append("--param     none given")
    } else {
      for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
        lines.append("--param     \(name) = \(quoted(value))")
      }
    }
    let context = TemplateContext(params: parameters)
    if spec.source.parameters.isEmpty { lines.append("params      none") }
    for (name, template) in spec.source.parameters {
      lines.append("params      \(name) = \(quoted(template.source)) → \(quoted(template.render(in: context)))")
    }
    return lines
  }

  private static func request(_ exchange: SourceMonitor.Exchange?, noRequest: String?) -> [String] {
    guard let exchange else { return [noRequest ?? "no request was made"] }
    var lines: [String] = []
    switch exchange.request {
    case .page(let page):
      let cursor = page.cursor.map { "from cursor \(quoted($0.value))" } ?? "the first page"
      lines.append("request     a page of '\(page.resource)', \(page.pageSize) records, \(cursor)")
      lines.append("            params \(object(page.parameters))")
    case .record(let record):
      lines.append("request     the record '\(record.resource)'")
      lines.append("            params \(object(record.parameters))")
    }
    if exchange.sent.isEmpty {
      if case .failure? = exchange.answer {
        lines.append("sent        nothing")
      } else {
        lines.append("sent        nothing on: the data source answered from its own data")
      }
    }
    for sent in exchange.sent {
      lines.append("sent        \(sent.summary)")
      for header in sent.headers { lines.append("              \(header)") }
    }
    switch exchange.answer {
    case .page(let page)?:
      var text = "answer      \(page.records.count) record\(page.records.count == 1 ? "" : "s")"
      if let total = page.total { text += " of \(TemplateFilter.grouped(total))" }
      text += page.next == nil ? ", the last page" : ", more to load (next cursor \(quoted(page.next?.value ?? "")))"
      lines.append(text)
    case .record?:
      lines.append("answer      a record")
    case .failure(let error)?:
      lines.append("answer      error: \(error)")
    case nil:
      lines.append("answer      none")
    }
    if let status = exchange.status { lines.append("status      \(status.line(plugin: exchange.plugin))") }
    return lines
  }

  /// The fields of a record, one a line: each scalar by its path, arrays by their length with
  /// their first item's fields.
  package static func fields(_ value: JSON) -> [String] {
    var lines: [String] = []
    var left = 0
    func walk(_ value: JSON, _ path: String, depth: Int) {
      guard lines.count < fieldLimit else {
        left += 1
        return
      }
      switch value {
      case .object(let object) where !object.isEmpty && depth < 6:
        for (key, member) in object.members { walk(member, path.isEmpty ? key : path + "." + key, depth: depth + 1) }
      case .array(let array) where !array.isEmpty:
        lines.append("\(path): an array of \(array.count)")
        if depth < 6 { walk(array[0], path + ".0", depth: depth + 1) }
      default:
        lines.append("\(path.isEmpty ? "." : path): \(cut(value.lineText))")
      }
    }
    walk(value, "", depth: 0)
    if left > 0 { lines.append("… and \(left) more") }
    return lines
  }

  private static func explain(_ template: Template, at pointer: JSONPointer, in context: TemplateContext, note: String?)
    -> [String]
  {
    var lines = ["  \(pointer)  \(quoted(template.source))\(note ?? "")"]
    let trace = template.trace(in: context)
    for hole in trace.holes {
      lines.append("    \(hole.source)  \(hole.read)")
      for filter in hole.filters { lines.append("      \(filter)") }
    }
    let blank = trace.result.allSatisfy(\.isWhitespace)
    lines.append("    = \(quoted(trace.result))\(blank ? "  (blank)" : "")")
    return lines
  }

  /// What a template reads at `pointer`: nothing where a screen has no record there (a list's
  /// title, footer and empty text, the source's parameters), the first item of an array where the
  /// kind says a template reads an item (a detail's list section), the record elsewhere.
  private static func templateContext(
    _ pointer: JSONPointer, spec: ScreenSpec, kind: KindExplanation, record: JSON?, base: TemplateContext
  ) -> (context: TemplateContext, note: String?) {
    let tokens = pointer.tokens
    var context = base
    let withoutRecord =
      tokens.first == "source"
      || (!spec.body.titleHasRecord && (tokens == ["title"] || tokens == ["footer"]))
      || spec.body.templatesWithoutRecord.contains { $0.pointer == pointer }
    if withoutRecord { return (context, "  (reads no record)") }
    context.record = record
    if let items = kind.itemTemplates.first(where: { tokens.starts(with: $0.under.tokens) })?.items {
      let path = items.joined(separator: ".")
      guard let list = record?[path: items] else { return (context, "  (the record has no '\(path)')") }
      guard let array = list.arrayValue else {
        return (context, "  ('\(path)' is \(list.typeDescription), not an array)")
      }
      guard let first = array.first else { return (context, "  ('\(path)' is empty)") }
      context.record = first
      return (context, "  (for \(path).0, the first of \(array.count))")
    }
    return (context, nil)
  }

  // MARK: - Text

  package static func quoted(_ text: String) -> String { cut(JSON.string(text).lineText) }

  private static func object(_ parameters: [String: String]) -> String {
    var object = JSONObject()
    for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { object[name] = .string(value) }
    return JSON.object(object).lineText
  }

  /// A value cut to `valueColumns`, with "…".
  package static func cut(_ text: String) -> String {
    TextWidth.truncate(text, toColumns: valueColumns)
  }
}
