/// `number`: digits grouped by thousands, 2664 becomes "2,664". With a number of decimals
/// (`number:2`), rounded half away from zero to that many and padded: 32 becomes "32.00".
struct NumberFilter: Filter {
  static let name = "number"
  static let argument = FilterArgument.optionalDecimals
  /// The most decimals `number:N` takes.
  static let decimalsRange = 0...20
  var decimals: Int?

  init(_ arguments: FilterArguments) throws(TemplateError) {
    guard let text = arguments.text else { return }
    let range = Self.decimalsRange
    guard !text.hasPrefix("-"), let decimals = Int(text), range.contains(decimals) else {
      throw arguments.error(
        "'number' takes a number of decimals from \(range.lowerBound) to \(range.upperBound), as in {x|number:2}")
    }
    self.decimals = decimals
  }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    guard let decimals else { return TemplateFilter.grouped(value) }
    return TemplateFilter.fixed(value, decimals: decimals)
  }

  var spelledArgument: String? { decimals.map(String.init) }
}
