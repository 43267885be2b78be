import ScreenFormat

/// The template syntax as a regular expression, so that an editor flags an unclosed brace, an
/// unknown filter or a filter's missing argument as the author types. Built from the filters'
/// registry (`TemplateFilter.registry`, each with its `FilterArgument`) and the metadata keys
/// (`MetaKey.all`); the agreement test holds it to `TemplateParser` over every screen file of the
/// repository.
///
/// The expression is written for both Python's `re` and ECMAScript with the `u` flag (what
/// editors run): only syntax characters are escaped outside a class, none inside one.
extension ScreenSchema {
  /// A field name in a path: anything but the characters that end or break one.
  private static let component = #"[^.|} {":]+"#

  /// `{meta.KEY…}`: only the metadata there is.
  private static var metaPath: String {
    #"meta\.(?:"# + MetaKey.all.joined(separator: "|") + #")(?:\.\#(component))*"#
  }

  /// A filter after its bar, with its argument.
  private static var filter: String {
    // A whole number that fits: at most 18 digits after any leading zeros.
    let number = #"0*[1-9][0-9]{0,17}"#
    let path = #"[^.|}"\s]+(?:\.[^.|}"\s]+)*"#
    var alternatives: [String] = []
    for filter in TemplateFilter.registry {
      let name = filter.name
      switch filter.argument {
      case .none: alternatives.append(name)
      case .positiveNumber: alternatives.append(name + #":(?:\s*\+?\#(number)\s*|"\+?\#(number)")"#)
      case .text: alternatives.append(name + #":(?:"(?:[^"\\]|\\[\s\S])*"|(?:[^|}"][^|}]*)?)"#)
      case .fieldPath: alternatives.append(name + #":(?:\s*\#(path)\s*|"\#(path)")"#)
      case .optionalDecimals:
        let decimals = #"\+?0*(?:1?[0-9]|20)"#
        alternatives.append(name + #"(?::(?:\s*\#(decimals)\s*|"\#(decimals)"))?"#)
      case .oneOrTwoTexts:
        // A quoted text, or a bare one up to a ',', '|' or '}' that is not only white space.
        let text = #"(?:"\s*(?:[^"\\\s]|\\[\s\S])(?:[^"\\]|\\[\s\S])*"|(?=[^|},]*[^\s|},])[^|},"][^|},]*)"#
        alternatives.append(name + #":\#(text)(?:,\#(text))?"#)
      }
    }
    return "(?:" + alternatives.joined(separator: "|") + ")"
  }

  /// A template whose expressions read `paths` (alternatives of a regular expression).
  private static func template(reading paths: String) -> String {
    let expression = #"\{ *(?:\#(paths)) *(?:\| *\#(filter) *)*\}"#
    return #"^(?:[^{}]|\{\{|\}\}|\#(expression))*$"#
  }

  /// Any template: record fields (`{name}`, `{.}`), `{params.…}`, `{query}` and `{meta.…}`.
  package static var templatePattern: String {
    template(reading: #"\.|\#(metaPath)|(?!meta\.)\#(component)(?:\.\#(component))*"#)
  }

  /// A template with no record to read: only `{params.…}`, `{query}` and `{meta.…}`.
  package static var recordlessTemplatePattern: String {
    template(reading: #"params\.\#(component)(?:\.\#(component))*|query|\#(metaPath)"#)
  }
}
