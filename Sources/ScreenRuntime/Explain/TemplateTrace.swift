import ScreenFormat
import ScreenJSON

/// How a template came to render what it did: for each `{…}` hole, the value read and each
/// filter's result, so that an author sees why a field shows blank.
///
///     let steps = try Template("{nmae|upper}").trace(in: TemplateContext(record: ["name": "Thor"]))
///     // hole "{nmae|upper}": read nmae → missing (the record has no 'nmae'; did you mean 'name'?),
///     //                      | upper → ""
package struct TemplateTrace {
  package struct Hole {
    /// The hole as written, `{…}`.
    package var source: String
    /// What was read, and what it was: `name → "Thor"`.
    package var read: String
    /// Each filter and its result: `| upper → "THOR"`.
    package var filters: [String]
  }

  package var holes: [Hole]
  /// The whole template's result.
  package var result: String
}

extension Template {
  package func trace(in context: TemplateContext) -> TemplateTrace {
    var holes: [TemplateTrace.Hole] = []
    for expression in expressions {
      var value = expression.read(in: context)
      let read = expression.spelledPath + " → " + value.explained + expression.missingNote(value, in: context)
      var filters: [String] = []
      for filter in expression.filters {
        value = filter.apply(to: value, in: context)
        filters.append("| " + filter.spelled + " → " + value.explained)
      }
      holes.append(TemplateTrace.Hole(source: expression.spelled, read: read, filters: filters))
    }
    return TemplateTrace(holes: holes, result: render(in: context))
  }
}

extension TemplateExpression {
  /// The value before any filter.
  package func read(in context: TemplateContext) -> FilterValue {
    switch root {
    case .record: FilterValue(context.record?[path: path])
    case .params: FilterValue(path.first.flatMap { context.params[$0] }.map(JSON.string))
    case .query: .text(context.query)
    case .meta: path.first.flatMap { context.meta[$0] }.map { FilterValue($0[path: path.dropFirst()]) } ?? .missing
    }
  }

  /// Where the hole reads, as written: `comics.available`, `params.id`, `query`, `.`.
  var spelledPath: String {
    let joined = path.joined(separator: ".")
    switch root {
    case .record: return joined.isEmpty ? "." : joined
    case .params: return "params." + joined
    case .query: return "query"
    case .meta: return "meta." + joined
    }
  }

  /// The hole as a template writes it.
  package var spelled: String {
    "{" + ([spelledPath] + filters.map(\.spelled)).joined(separator: "|") + "}"
  }

  /// Why a value is missing: which part of the path the record lacks, and the nearest member
  /// there; empty when the value is not missing.
  func missingNote(_ value: FilterValue, in context: TemplateContext) -> String {
    guard value == .missing else { return "" }
    switch root {
    case .params:
      let names = context.params.keys.sorted()
      return " (no navigation parameter '\(path.first ?? "")'"
        + (names.isEmpty ? "; none was given" : "; given: \(names.joined(separator: ", "))") + ")"
    case .meta, .query:
      return ""
    case .record:
      guard var current = context.record else { return " (there is no record)" }
      for (depth, component) in path.enumerated() {
        let there = depth == 0 ? "the record" : "'" + path.prefix(depth).joined(separator: ".") + "'"
        switch current {
        case .object(let object):
          guard let next = object[component] else {
            let near = Spelling.nearest(to: component, in: object.keys).map { "; did you mean '\($0)'?" }
            return " (\(there) has no member '\(component)'\(near ?? ""))"
          }
          current = next
        case .array(let array):
          guard let index = Int(component), array.indices.contains(index) else {
            return " (\(there) is an array of \(array.count); '\(component)' is not an index of it)"
          }
          current = array[index]
        case .null:
          return " (\(there) is null)"
        default:
          return " (\(there) is \(current.typeDescription), with no member '\(component)')"
        }
      }
      return current == .null ? " (it is null)" : ""
    }
  }
}

extension FilterValue {
  /// The value as the explanation shows it: `missing`, JSON as JSON, text quoted; cut to a line.
  var explained: String {
    switch self {
    case .missing: "missing"
    case .json(let json): Explanation.cut(json.lineText)
    case .text(let text): Explanation.cut(JSON.string(text).lineText)
    }
  }
}
