import ScreenFormat
import ScreenJSON
import ScreenKit

/// What a table screen declares: a list (search, paging, empty text, the screen a row opens)
/// whose rows are drawn in columns, and how its source sorts.
package struct TableSpec: ListBased {
  /// The list part; its `row` is not drawn (the columns are).
  package var list: ListSpec
  package var columns: [ColumnSpec]
  /// The source parameters a sort goes to; nil when no column sorts.
  package var sort: SortSpec?

  package var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    list.namedTemplates
      + columns.enumerated().flatMap { column in
        [
          (JSONPointer.root / "columns" / column.offset / "header", column.element.header),
          (JSONPointer.root / "columns" / column.offset / "value", column.element.value),
        ]
      }
  }

  package var select: SelectSpec? { list.select }
  package var targets: [(pointer: JSONPointer, select: SelectSpec)] { list.targets }
  package var titleHasRecord: Bool { false }
  package var templatesWithoutRecord: [(pointer: JSONPointer, template: Template, what: String)] {
    list.templatesWithoutRecord
      + columns.enumerated().map {
        (JSONPointer.root / "columns" / $0.offset / "header", $0.element.header, "a column's header")
      }
  }

  /// The columns a sort can name, with their places.
  var sortable: [(index: Int, column: ColumnSpec, sort: ColumnSpec.Sort)] {
    columns.enumerated().compactMap { item in item.element.sort.map { (item.offset, item.element, $0) } }
  }

  /// The ways the table sorts, one a sortable column, named by its header.
  var sortChoices: [SortChoice] { sortable.map { SortChoice(index: $0.index, name: $0.column.name, key: $0.sort) } }
}

/// A column: its header, the template of its cells, its width and alignment, and the value its
/// source sorts it by, if any.
package struct ColumnSpec: Sendable {
  package enum Width: Sendable, Equatable {
    /// Exactly this many terminal columns.
    case fixed(Int)
    /// At least this many, sharing what is left of the line with the other flexible columns.
    case flexible(minimum: Int)

    var minimum: Int {
      switch self {
      case .fixed(let width): width
      case .flexible(let minimum): minimum
      }
    }
  }

  package enum Alignment: String, Sendable, CaseIterable {
    case left, right, center
  }

  /// What the source sorts a column by.
  package typealias Sort = SortKey

  /// The column's heading: a template with no record to read.
  package var header: Template
  package var value: Template
  package var width: Width
  package var alignment: Alignment
  package var sort: Sort?

  /// The heading as a script's `sort` names the column, and as its width is measured: the
  /// header's text outside any screen (its `{params.…}` and `{meta.…}` read as blank).
  var name: String { Self.name(of: header) }

  static func name(of header: Template) -> String { header.render(in: TemplateContext()) }
}

/// The sort a table stands in: a column (its index in `TableSpec.columns`), and which way.
package typealias TableSort = ListSort

extension ScreenSpec {
  /// The table part, when this is a table screen.
  package var table: TableSpec? { body as? TableSpec }
}
