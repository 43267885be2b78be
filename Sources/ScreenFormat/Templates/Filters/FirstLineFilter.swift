/// `firstline`: the first line of a multi-line text (a commit message's subject).
struct FirstLineFilter: Filter {
  static let name = "firstline"
  static let argument = FilterArgument.none

  init(_ arguments: FilterArguments) throws(TemplateError) { try arguments.none() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    let line = value.text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first
    return .text(String(line ?? ""))
  }
}
