/// `indent:N`: N spaces for each level of a whole number, for a tree's `{depth|indent:2}`: 0 is no
/// space, 3 is 3×N. What is not a whole number from 0 comes out blank. The spaces stop at
/// `maximumColumns`, however deep the tree.
struct IndentFilter: Filter {
  static let name = "indent"
  static let argument = FilterArgument.positiveNumber
  var columns: Int

  /// The most spaces an indent makes.
  static let maximumColumns = 200

  init(_ arguments: FilterArguments) throws(TemplateError) { columns = try arguments.positiveNumber() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    let levels: Int?
    switch value {
    case .json(let json) where json.intValue != nil: levels = json.intValue
    case .json(.string(let text)), .text(let text):
      let digits = !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      levels = digits ? Int(text) ?? Int.max : nil
    default: levels = nil
    }
    guard let levels, levels > 0 else { return .text("") }
    let (product, overflow) = levels.multipliedReportingOverflow(by: columns)
    return .text(String(repeating: " ", count: overflow ? Self.maximumColumns : min(product, Self.maximumColumns)))
  }

  var spelledArgument: String? { String(columns) }
}
