/// `ago`: how long before the clock's now a time is, in words ("5 minutes ago", "in 3 days"),
/// of an ISO 8601 timestamp or Unix seconds as `date` reads them; blank for anything else.
struct AgoFilter: Filter {
  static let name = "ago"
  static let argument = FilterArgument.none

  init(_ arguments: FilterArguments) throws(TemplateError) { try arguments.none() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    guard let seconds = TemplateFilter.unixSeconds(of: value) else { return .missing }
    return .text(TemplateFilter.ago(context.clock.now - seconds))
  }
}
