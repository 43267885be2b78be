import ScreenFormat
import ScreenJSON
import ScreenKit

/// What a detail screen declares: its sections, in order.
package struct DetailSpec: KindSpec {
  package var sections: [Section]

  package var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    var templates: [(pointer: JSONPointer, template: Template)] = []
    for (index, section) in sections.enumerated() {
      let at = (JSONPointer.root / "sections" / index).tokens
      for named in section.namedTemplates { templates.append((JSONPointer(at + named.path), named.template)) }
    }
    return templates
  }

  package var select: SelectSpec? { nil }

  /// Each list section's `select` and each link section's, in screen order.
  package var targets: [(pointer: JSONPointer, select: SelectSpec)] {
    sections.enumerated().compactMap { index, section in
      section.select.map { (JSONPointer.root / "sections" / index / "select", $0) }
    }
  }

  /// The links of a screen showing `context`'s record, in the order they appear on it: each
  /// shown item of a list section that has a `select`, and each link section.
  package func links(in context: TemplateContext) -> [DetailLink] {
    var links: [DetailLink] = []
    for section in sections {
      switch section {
      case .list(_, let path, _, _, let limit, let select?, _, let children):
        for node in Section.items(of: context.record, path: path, children: children, limit: limit).nodes {
          var itemContext = context
          itemContext.record = node.record
          if children != nil { itemContext.depth = node.depth }
          links.append(DetailLink(select: select, context: itemContext))
        }
      case .link(_, let select):
        links.append(DetailLink(select: select, context: context))
      default:
        break
      }
    }
    return links
  }
}

/// A place a detail screen leads to: a `select`, and the record (or list item) its params read.
package struct DetailLink {
  package let select: SelectSpec
  package let context: TemplateContext

  /// The screen file the link opens, and its parameters.
  package func opening(from file: String) -> (screen: String, parameters: [String: String]) {
    var values: [String: String] = [:]
    for (name, template) in select.parameters { values[name] = template.render(in: context) }
    return (ScreenLoader.resolve(select.screen, relativeTo: file), values)
  }
}

/// A part of a detail screen.
package enum Section: Sendable {
  /// A paragraph, wrapped to the width; `empty` when the value is blank. A section whose value
  /// and `empty` both come out blank takes no space, its header included.
  case text(header: Template?, value: Template, empty: Template?)
  /// A picture, which plain text shows as a labelled URL.
  case image(label: Template, value: Template)
  /// Label and value pairs, aligned.
  case fields(header: Template?, fields: [(label: Template, value: Template)])
  /// A bulleted list of the elements of an array in the record; with a `select`, each item
  /// shown is a link to that screen, its params read from the item (and `{params.…}`). Past
  /// `limit`, a line "… and N more" counts from `total` (how many there are in all, when the
  /// array holds only some), else from the array. With `children` (the path of each item's
  /// member that holds its own items), the list is the tree, depth-first, each item indented by
  /// its depth, which templates read as `{depth}`; `limit` and the count of those not shown
  /// count every item of the tree.
  case list(
    header: Template?, items: [String], row: Template, empty: Template?, limit: Int?, select: SelectSpec?,
    total: Template?, children: [String]?)
  /// One link, labelled, to the screen its `select` names, its params read from the record.
  case link(label: Template, select: SelectSpec)

  /// Where the section leads, if anywhere.
  package var select: SelectSpec? {
    switch self {
    case .list(_, _, _, _, _, let select, _, _): select
    case .link(_, let select): select
    default: nil
    }
  }

  /// The section's templates, each with its path inside the section.
  package var namedTemplates: [(path: [String], template: Template)] {
    switch self {
    case .text(let header, let value, let empty):
      Self.named("header", header) + [(["value"], value)] + Self.named("empty", empty)
    case .image(let label, let value): [(["label"], label), (["value"], value)]
    case .fields(let header, let fields):
      Self.named("header", header)
        + fields.enumerated().flatMap { field in
          [
            (["fields", String(field.offset), "label"], field.element.label),
            (["fields", String(field.offset), "value"], field.element.value),
          ]
        }
    case .list(let header, _, let row, let empty, _, let select, let total, _):
      Self.named("header", header) + [(["row"], row)] + Self.named("empty", empty) + Self.named("total", total)
        + Self.selectTemplates(select)
    case .link(let label, let select): [(["label"], label)] + Self.selectTemplates(select)
    }
  }

  /// A list section's items in `record`: the array at `path`, with `children` the tree under it,
  /// depth-first, walked without recursion (`JSONTree`).
  package static func items(of record: JSON?, path: [String], children: [String]?, limit: Int?) -> JSONTree {
    JSONTree(record?[path: path]?.arrayValue ?? [], children: children, limit: limit)
  }

  private static func named(_ key: String, _ template: Template?) -> [(path: [String], template: Template)] {
    template.map { [([key], $0)] } ?? []
  }

  private static func selectTemplates(_ select: SelectSpec?) -> [(path: [String], template: Template)] {
    (select?.parameters ?? []).map { (["select", "params", $0.name], $0.value) }
  }
}

extension ScreenSpec {
  /// The detail part, when this is a detail screen.
  package var detail: DetailSpec? { body as? DetailSpec }
}
