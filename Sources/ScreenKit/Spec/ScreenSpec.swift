/// A screen, as declared in a screen file and checked when it loaded.
public struct ScreenSpec: Sendable {
  public enum Kind: String, Sendable, CaseIterable {
    case list, detail
  }

  public enum Body: Sendable {
    case list(ListSpec)
    case detail(DetailSpec)
  }

  /// The file it was loaded from, as given; `select` paths resolve against its folder.
  public var file: String
  public var version: Int
  public var title: Template
  public var source: SourceSpec
  public var body: Body
  /// A line under the screen, such as the data source's attribution.
  public var footer: Template?

  public var kind: Kind {
    switch body {
    case .list: .list
    case .detail: .detail
    }
  }

  public var list: ListSpec? {
    if case .list(let list) = body { return list }
    return nil
  }

  public var detail: DetailSpec? {
    if case .detail(let detail) = body { return detail }
    return nil
  }

  /// Every template of the screen, with where it stands in the file.
  var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    let root = JSONPointer.root
    var templates: [(JSONPointer, Template)] = [(root / "title", title)]
    templates += source.parameters.map { (root / "source" / "params" / $0.name, $0.value) }
    if let footer { templates.append((root / "footer", footer)) }
    switch body {
    case .list(let list):
      templates.append((root / "row" / "title", list.row.title))
      if let subtitle = list.row.subtitle { templates.append((root / "row" / "subtitle", subtitle)) }
      if let empty = list.empty { templates.append((root / "empty", empty)) }
      templates += list.select?.parameters.map { (root / "select" / "params" / $0.name, $0.value) } ?? []
    case .detail(let detail):
      for (index, section) in detail.sections.enumerated() {
        templates += section.namedTemplates.map {
          (JSONPointer((root / "sections" / index).tokens + $0.path), $0.template)
        }
      }
    }
    return templates
  }

  /// The top-level members of a record that the screen's templates read, which is all that a
  /// data source needs to return of each; nil when a template reads the record whole.
  public var recordMembers: Set<String>? {
    var members: Set<String> = []
    for (_, template) in namedTemplates {
      guard let read = template.recordMembers else { return nil }
      members.formUnion(read)
    }
    return members
  }

  /// The navigation parameters the screen reads (`{params.id}`), which whoever opens it must give.
  public var parameterNames: Set<String> {
    namedTemplates.reduce(into: Set<String>()) { $0.formUnion($1.template.parameterNames) }
  }
}

/// Where a screen's data comes from: a plugin's resource, with parameter templates.
public struct SourceSpec: Sendable {
  public var plugin: String
  public var resource: String
  public var parameters: [(name: String, value: Template)]
}

public struct ListSpec: Sendable {
  public var search: SearchSpec?
  public var paging: PagingSpec
  public var row: RowSpec
  /// Shown when a query has no match (or there are no records at all).
  public var empty: Template?
  public var select: SelectSpec?
}

public struct SearchSpec: Sendable, Equatable {
  /// The source parameter the search text goes to (`nameStartsWith`, `q`).
  public var parameter: String
  public var placeholder: String
  public var debounceMilliseconds: Int
  /// A query shorter than this asks for nothing (it counts as no query).
  public var minLength: Int
  /// With no query, show an empty list and ask no server.
  public var required: Bool
}

public struct PagingSpec: Sendable, Equatable {
  public var pageSize: Int
  /// The next page is asked for when the row this far from the end of what is loaded appears.
  public var prefetch: Int

  public static let `default` = PagingSpec(pageSize: 20, prefetch: 5)
}

public struct RowSpec: Sendable {
  public var title: Template
  public var subtitle: Template?
}

/// The screen a row opens, and the parameters it is opened with.
public struct SelectSpec: Sendable {
  /// The target's path, relative to this screen's file.
  public var screen: String
  public var parameters: [(name: String, value: Template)]
}

public struct DetailSpec: Sendable {
  public var sections: [Section]
}

/// A part of a detail screen.
public enum Section: Sendable {
  /// A paragraph, wrapped to the width; `empty` when the value is blank.
  case text(header: String?, value: Template, empty: Template?)
  /// A picture, which plain text shows as a labelled URL.
  case image(label: String, value: Template)
  /// Label and value pairs, aligned.
  case fields(header: String?, fields: [(label: String, value: Template)])
  /// A bulleted list of the elements of an array in the record.
  case list(header: String?, items: [String], row: Template, empty: Template?, limit: Int?)

  /// The section's templates, each with its path inside the section.
  var namedTemplates: [(path: [String], template: Template)] {
    switch self {
    case .text(_, let value, let empty): [(["value"], value)] + (empty.map { [(["empty"], $0)] } ?? [])
    case .image(_, let value): [(["value"], value)]
    case .fields(_, let fields): fields.enumerated().map { (["fields", String($0.offset), "value"], $0.element.value) }
    case .list(_, _, let row, let empty, _): [(["row"], row)] + (empty.map { [(["empty"], $0)] } ?? [])
    }
  }
}
