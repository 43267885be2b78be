import ScreenFormat
import ScreenJSON
import ScreenKit

/// What a list screen declares: its search, paging, rows, empty text and the screen a row opens.
package struct ListSpec: KindSpec {
  package var search: SearchSpec?
  package var paging: PagingSpec
  package var row: RowSpec
  /// Shown when a query has no match (or there are no records at all).
  package var empty: Template?
  package var select: SelectSpec?
  /// The detail screen drawn beside the list, showing the highlighted row (`ListPreview`).
  package var preview: SelectSpec?
  /// The path of each record's member that holds its own records: the list shows each page's
  /// records as a tree, depth-first, with `{depth}` for its rows (`JSONTree`); nil for a flat list.
  package var children: [String]? = nil
  /// What names a record across refreshes (`id`): the highlight stays on the record it names.
  package var id: Template? = nil

  /// The id the highlight follows across a refresh: the declared one, or `{id}`.
  package var identity: Template { id ?? Self.defaultID }

  /// A record's id where a list declares none.
  static let defaultID = (try? Template("{id}")) ?? Template(literal: "")

  package var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    let root = JSONPointer.root
    var templates: [(pointer: JSONPointer, template: Template)] = [(root / "row" / "title", row.title)]
    if let subtitle = row.subtitle { templates.append((root / "row" / "subtitle", subtitle)) }
    if let empty { templates.append((root / "empty", empty)) }
    if let id { templates.append((root / "id", id)) }
    if let search { templates.append((root / "search" / "placeholder", search.placeholder)) }
    for parameter in select?.parameters ?? [] {
      templates.append((root / "select" / "params" / parameter.name, parameter.value))
    }
    for parameter in preview?.parameters ?? [] {
      templates.append((root / "preview" / "params" / parameter.name, parameter.value))
    }
    return templates
  }

  /// The screens its rows open, and the one its preview pane shows.
  package var targets: [(pointer: JSONPointer, select: SelectSpec)] {
    (select.map { [(JSONPointer.root / "select", $0)] } ?? []) + previewTarget
  }

  /// A list's title and footer stand above and below many records, and read none.
  package var titleHasRecord: Bool { false }

  package var recordID: Template? { identity }
  package var hasSearch: Bool { search != nil }
  package var hasPreview: Bool { preview != nil }

  package var templatesWithoutRecord: [(pointer: JSONPointer, template: Template, what: String)] {
    (empty.map { [(JSONPointer.root / "empty", $0, "the empty text")] } ?? [])
      + (search.map { [(JSONPointer.root / "search" / "placeholder", $0.placeholder, "the search placeholder")] } ?? [])
  }
}

package struct RowSpec: Sendable {
  package var title: Template
  package var subtitle: Template?
}

/// A kind built on the list (a table): its screens search, page and open rows as a list's do.
package protocol ListBased: KindSpec {
  /// The list part of the screen.
  var list: ListSpec { get }
}

extension ListBased {
  package func part<Part: KindSpec>(_ type: Part.Type) -> Part? { self as? Part ?? list as? Part }
  package var hasSearch: Bool { list.hasSearch }
  package var hasPreview: Bool { list.hasPreview }
  package var recordID: Template? { list.recordID }
}

extension ScreenSpec {
  /// The list part, when this is a list screen or a screen of a kind built on the list.
  package var list: ListSpec? { body.part(ListSpec.self) }
}
