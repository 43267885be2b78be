/// `lower`: the text in lower case.
struct LowerFilter: Filter {
  static let name = "lower"
  static let argument = FilterArgument.none

  init(_ arguments: FilterArguments) throws(TemplateError) { try arguments.none() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    .text(value.text.lowercased())
  }
}
