import ScreenFormat
import ScreenJSON
import ScreenKit

/// What a list screen declares: its search, paging, rows, empty text and the screen a row opens.
public struct ListSpec: KindSpec {
  public var search: SearchSpec?
  public var paging: PagingSpec
  public var row: RowSpec
  /// Shown when a query has no match (or there are no records at all).
  public var empty: Template?
  public var select: SelectSpec?

  public var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    let root = JSONPointer.root
    var templates: [(JSONPointer, Template)] = [(root / "row" / "title", row.title)]
    if let subtitle = row.subtitle { templates.append((root / "row" / "subtitle", subtitle)) }
    if let empty { templates.append((root / "empty", empty)) }
    if let search { templates.append((root / "search" / "placeholder", search.placeholder)) }
    templates += select?.parameters.map { (root / "select" / "params" / $0.name, $0.value) } ?? []
    return templates
  }

  /// A list's title and footer stand above and below many records, and read none.
  public var titleHasRecord: Bool { false }

  public var templatesWithoutRecord: [(pointer: JSONPointer, template: Template, what: String)] {
    (empty.map { [(JSONPointer.root / "empty", $0, "the empty text")] } ?? [])
      + (search.map { [(JSONPointer.root / "search" / "placeholder", $0.placeholder, "the search placeholder")] } ?? [])
  }
}

public struct RowSpec: Sendable {
  public var title: Template
  public var subtitle: Template?
}

/// A kind built on the list (a table): its screens search, page and open rows as a list's do.
public protocol ListBased: KindSpec {
  /// The list part of the screen.
  var list: ListSpec { get }
}

extension ScreenSpec {
  /// The list part, when this is a list screen or a screen of a kind built on the list.
  public var list: ListSpec? { body as? ListSpec ?? (body as? any ListBased)?.list }
}
