/// What a detail screen declares: its sections, in order.
public struct DetailSpec: KindSpec {
  public var sections: [Section]

  public var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    var templates: [(JSONPointer, Template)] = []
    for (index, section) in sections.enumerated() {
      templates += section.namedTemplates.map {
        (JSONPointer((JSONPointer.root / "sections" / index).tokens + $0.path), $0.template)
      }
    }
    return templates
  }

  public var select: SelectSpec? { nil }
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

extension ScreenSpec {
  /// The detail part, when this is a detail screen.
  public var detail: DetailSpec? { body as? DetailSpec }
}
