/// `trim`: the text without white space at either end.
struct TrimFilter: Filter {
  static let name = "trim"
  static let argument = FilterArgument.none

  init(_ arguments: FilterArguments) throws(TemplateError) { try arguments.none() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    .text(value.text.trimmingWhitespace())
  }
}
