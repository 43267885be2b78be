/// `date`: the calendar date of an ISO 8601 timestamp, "2014-04-29T14:18:17-0400" becomes
/// "2014-04-29"; a number, or a text of one, is Unix seconds, read in UTC: 1398795497 becomes
/// "2014-04-29".
struct DateFilter: Filter {
  static let name = "date"
  static let argument = FilterArgument.none

  init(_ arguments: FilterArguments) throws(TemplateError) { try arguments.none() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    TemplateFilter.date(value)
  }
}
