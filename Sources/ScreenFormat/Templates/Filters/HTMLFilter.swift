/// `html`: the text of an HTML fragment, tags dropped, block tags as line breaks and entities
/// decoded (`HTMLText`): `That&#x27;s <i>it</i>` becomes "That's it".
struct HTMLFilter: Filter {
  static let name = "html"
  static let argument = FilterArgument.none

  init(_ arguments: FilterArguments) throws(TemplateError) { try arguments.none() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    switch value {
    case .json(.string(let text)), .text(let text): .text(HTMLText.text(of: text))
    default: value
    }
  }
}
