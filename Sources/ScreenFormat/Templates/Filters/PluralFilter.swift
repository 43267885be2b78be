import ScreenJSON

/// `plural:"word"`: the number, grouped as `number` groups it, and the word for that many:
/// `plural:"star"` gives "1 star" and "2,664 stars"; `plural:"person","people"` names an
/// irregular plural.
struct PluralFilter: Filter {
  static let name = "plural"
  static let argument = FilterArgument.oneOrTwoTexts
  var singular: String
  var plural: String

  init(_ arguments: FilterArguments) throws(TemplateError) {
    let example = #"as in {n|plural:"star"} or {n|plural:"person","people"}"#
    let words = arguments.texts
    guard let singular = words.first, !singular.trimmingWhitespace().isEmpty else {
      throw arguments.error("'plural' needs the word for one, \(example)")
    }
    guard words.count <= 2 else {
      throw arguments.error("'plural' takes the word for one and, if need be, for many, \(example)")
    }
    if words.count == 2, words[1].trimmingWhitespace().isEmpty {
      throw arguments.error("'plural' has an empty word for many, \(example)")
    }
    self.singular = singular
    plural = words.count == 2 ? words[1] : singular + "s"
  }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    TemplateFilter.counted(value, singular: singular, plural: plural)
  }

  var spelledArgument: String? {
    JSON.string(singular).lineText + (plural == singular + "s" ? "" : "," + JSON.string(plural).lineText)
  }
}
