import ScreenJSON

/// `or:path`: another field of the same record, read when the value is missing or blank:
/// `{author.login|or:commit.author.name}`.
struct OrFilter: Filter {
  static let name = "or"
  static let argument = FilterArgument.fieldPath
  var path: [String]

  init(_ arguments: FilterArguments) throws(TemplateError) {
    let path = (arguments.text ?? "").split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard !path.isEmpty, !path.contains(where: \.isEmpty) else {
      throw arguments.error("'or' takes another field's path, as in {author.login|or:commit.author.name}")
    }
    guard path.count <= Template.maximumPathParts else {
      throw arguments.error("a field path has at most \(Template.maximumPathParts) parts, and this one has more")
    }
    self.path = path
  }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    value.isBlank ? FilterValue(context.record?[path: path]) : value
  }

  var spelledArgument: String? { path.joined(separator: ".") }
  var fieldPaths: [[String]] { [path] }
}
