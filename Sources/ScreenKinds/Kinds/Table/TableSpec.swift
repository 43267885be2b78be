import ScreenFormat
import ScreenJSON
import ScreenKit

/// What a table screen declares: a list (search, paging, empty text, the screen a row opens)
/// whose rows are drawn in columns, and how its source sorts.
public struct TableSpec: ListBased {
  /// The list part; its `row` is not drawn (the columns are).
  public var list: ListSpec
  public var columns: [ColumnSpec]
  /// The source parameters a sort goes to; nil when no column sorts.
  public var sort: SortSpec?

  public var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    list.namedTemplates
      + columns.enumerated().flatMap { column in
        [
          (JSONPointer.root / "columns" / column.offset / "header", column.element.header),
          (JSONPointer.root / "columns" / column.offset / "value", column.element.value),
        ]
      }
  }

  public var select: SelectSpec? { list.select }
  public var titleHasRecord: Bool { false }
  public var templatesWithoutRecord: [(pointer: JSONPointer, template: Template, what: String)] {
    list.templatesWithoutRecord
      + columns.enumerated().map {
        (JSONPointer.root / "columns" / $0.offset / "header", $0.element.header, "a column's header")
      }
  }

  /// The columns a sort can name, with their places.
  var sortable: [(index: Int, column: ColumnSpec, sort: ColumnSpec.Sort)] {
    columns.enumerated().compactMap { item in item.element.sort.map { (item.offset, item.element, $0) } }
  }

  /// The sortable column that `name` names: its header or its sort value, in any case.
  package func column(named name: String) -> Int? {
    let wanted = name.lowercased()
    return sortable.first { $0.column.name.lowercased() == wanted || $0.sort.value.lowercased() == wanted }?.index
  }
}

/// A column: its header, the template of its cells, its width and alignment, and the value its
/// source sorts it by, if any.
public struct ColumnSpec: Sendable {
  public enum Width: Sendable, Equatable {
    /// Exactly this many terminal columns.
    case fixed(Int)
    /// At least this many, sharing what is left of the line with the other flexible columns.
    case flexible(minimum: Int)

    package var minimum: Int {
      switch self {
      case .fixed(let width): width
      case .flexible(let minimum): minimum
      }
    }
  }

  public enum Alignment: String, Sendable, CaseIterable {
    case left, right, center
  }

  /// What the source sorts a column by: the value sent (`stars`), and the direction the sort key
  /// takes first (a value written `-stars` in the screen file sorts descending first).
  public struct Sort: Sendable, Equatable {
    public var value: String
    public var descendingFirst: Bool
  }

  /// The column's heading: a template with no record to read.
  public var header: Template
  public var value: Template
  public var width: Width
  public var alignment: Alignment
  public var sort: Sort?

  /// The heading as a script's `sort` names the column, and as its width is measured: the
  /// header's text outside any screen (its `{params.…}` and `{meta.…}` read as blank).
  package var name: String { Self.name(of: header) }

  package static func name(of header: Template) -> String { header.render(in: TemplateContext()) }
}

/// The parameters a table's sort goes to: `param` gets the column's sort value, and `order`, when
/// the resource has one, `asc` or `desc` (GitHub's `sort` and `order`); without `order` a
/// descending sort is the value with a `-` before it (Marvel's `orderBy=-modified`).
public struct SortSpec: Sendable, Equatable {
  public var parameter: String
  public var order: String?

  /// The source parameters that sort by `value`.
  package func parameters(_ value: String, descending: Bool) -> [String: String] {
    guard let order else { return [parameter: descending ? "-" + value : value] }
    return [parameter: value, order: descending ? "desc" : "asc"]
  }
}

/// The sort a table stands in: a column, and which way.
public struct TableSort: Sendable, Equatable, CustomStringConvertible {
  /// The column's index in `TableSpec.columns`.
  public var column: Int
  public var descending: Bool

  public init(column: Int, descending: Bool) {
    self.column = column
    self.descending = descending
  }

  public var description: String { (descending ? "-" : "") + String(column) }
}

extension ScreenSpec {
  /// The table part, when this is a table screen.
  public var table: TableSpec? { body as? TableSpec }
}
