import ScreenJSON

/// `default:"text"`: the text used when the value is missing, null, blank or an empty array.
struct DefaultFilter: Filter {
  static let name = "default"
  static let argument = FilterArgument.text
  var fallback: String

  init(_ arguments: FilterArguments) throws(TemplateError) {
    guard let text = arguments.text else { throw arguments.error("'default' needs a text, as in {x|default:\"-\"}") }
    fallback = text
  }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    value.isBlank ? .text(fallback) : value
  }

  var spelledArgument: String? { JSON.string(fallback).lineText }
}
