import ScreenJSON

/// `before:"text"`: the text, then the value, where there is a value; a missing, null, blank or
/// empty value stays blank, so that a separator goes with what it separates:
/// `{format}{pageCount|plural:"page"|before:" · "}` reads "Comic · 32 pages", "Comic" without a
/// page count, and nothing without either.
struct BeforeFilter: Filter {
  static let name = "before"
  static let argument = FilterArgument.text
  var lead: String

  init(_ arguments: FilterArguments) throws(TemplateError) {
    guard let text = arguments.text else {
      throw arguments.error("'before' needs a text, as in {x|before:\" · \"}")
    }
    lead = text
  }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    value.isBlank ? .text("") : .text(lead + value.text)
  }

  var spelledArgument: String? { JSON.string(lead).lineText }
}
