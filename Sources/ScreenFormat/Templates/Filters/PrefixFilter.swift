/// `prefix:N`: the first N characters, with no ellipsis (`{sha|prefix:7}`).
struct PrefixFilter: Filter {
  static let name = "prefix"
  static let argument = FilterArgument.positiveNumber
  var count: Int

  init(_ arguments: FilterArguments) throws(TemplateError) { count = try arguments.positiveNumber() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    .text(String(value.text.prefix(count)))
  }

  var spelledArgument: String? { String(count) }
}
