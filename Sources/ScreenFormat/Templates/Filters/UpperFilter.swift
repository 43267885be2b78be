/// `upper`: the text in upper case.
struct UpperFilter: Filter {
  static let name = "upper"
  static let argument = FilterArgument.none

  init(_ arguments: FilterArguments) throws(TemplateError) { try arguments.none() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    .text(value.text.uppercased())
  }
}
