import ScreenText

/// `truncate:N`: cut to at most N terminal columns, ending in "…" when cut.
struct TruncateFilter: Filter {
  static let name = "truncate"
  static let argument = FilterArgument.positiveNumber
  var columns: Int

  init(_ arguments: FilterArguments) throws(TemplateError) { columns = try arguments.positiveNumber() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    .text(TextWidth.truncate(value.text, toColumns: columns))
  }

  var spelledArgument: String? { String(columns) }
}
