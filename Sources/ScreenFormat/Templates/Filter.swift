/// A template filter: what `{x|NAME}` or `{x|NAME:ARGUMENT}` does to a value.
///
/// A new filter is one type conforming to this, in its own file under `Filters/`, registered in
/// one line of `TemplateFilter.registry`:
///
///     struct UpperFilter: Filter {
///       static let name = "upper"
///       static let argument = FilterArgument.none
///       init(_ arguments: FilterArguments) throws(TemplateError) { try arguments.none() }
///       func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
///         .text(value.text.uppercased())
///       }
///     }
package protocol Filter: Sendable, Hashable {
  /// The name after the bar.
  static var name: String { get }
  /// What it takes after its colon: the parser reads its argument so, and the JSON Schema's
  /// template pattern says so.
  static var argument: FilterArgument { get }
  /// The filter of the arguments a template gives it; throws, located, for any it does not take.
  init(_ arguments: FilterArguments) throws(TemplateError)
  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue
  /// Its argument as a template writes it, after the colon (`"-"`, `40`); nil for none.
  var spelledArgument: String? { get }
  /// The fields of the record it reads besides the value it is given.
  var fieldPaths: [[String]] { get }
}

extension Filter {
  package var spelledArgument: String? { nil }
  package var fieldPaths: [[String]] { [] }
}

/// What a filter takes after its colon, as the parser reads it and the schema's pattern writes it.
package enum FilterArgument: Sendable {
  /// Nothing: `{x|upper}`.
  case none
  /// A whole number above 0, bare or quoted: `{x|truncate:40}`.
  case positiveNumber
  /// A text, quoted (with `\"` and `\\`) or bare up to the next `|` or `}`: `{x|default:"-"}`.
  case text
  /// Another field's path: `{x|or:commit.author.name}`.
  case fieldPath
  /// Nothing, or a number of decimals from 0 to 20: `{x|number}`, `{x|number:2}`.
  case optionalDecimals
  /// One or two texts, separated by a comma: `{n|plural:"star"}`, `{n|plural:"person","people"}`.
  case oneOrTwoTexts
}

/// The arguments a template gives a filter, as the parser read them, and where they are, so that
/// a filter's refusal points at them.
package struct FilterArguments: Sendable {
  /// The filter's name, as the template writes it.
  var name: String
  /// The texts after the colon: none without one, one for most filters, one or more for a filter
  /// of `.oneOrTwoTexts` (separated by commas).
  var texts: [String]
  /// The character offset where the argument starts (or would have).
  var offset: Int

  /// The one argument; nil when there is no colon.
  var text: String? { texts.first }

  /// An error at the argument.
  func error(_ message: String) -> TemplateError {
    TemplateError(offset: offset, message: message)
  }

  /// Refuses an argument, for a filter that takes none.
  func none() throws(TemplateError) {
    if text != nil { throw TemplateError(offset: offset - 1, message: "'\(name)' takes no argument") }
  }

  /// The argument as a whole number above 0.
  func positiveNumber() throws(TemplateError) -> Int {
    guard let text, let value = Int(text), value > 0 else {
      throw error("'\(name)' takes a positive whole number, as in {x|\(name):40}")
    }
    return value
  }
}
