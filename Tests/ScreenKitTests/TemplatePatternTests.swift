import Foundation
import Testing

@testable import ScreenFormat
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime

/// The JSON Schema's template patterns agree with the template parser: a template the parser
/// reads matches, and one it refuses does not.
@Suite("Template patterns of the JSON Schema")
struct TemplatePatternTests {
  static let templates = [
    "", "plain text", "{name}", "{ name }", "{a.b.0.c}", "{.}", "{ . | upper }", "{{literal}}", "a }} b {{ c",
    "{comics.available|number|default:\"?\"} comics", "{x|default:\"a \\\" quote\"}", "{x|default:-}", "{x|default:}",
    "{x|truncate:40}", "{x|truncate: 40 }", "{x|truncate:\"40\"}", "{x|prefix:7}",
    "{author.login|or:commit.author.name}",
    "{x|or:\"a.b\"}", "{params.id}", "{query}", "{meta.attribution}", "{meta.total|number}", "{meta}", "{metadata.x}",
    "{x|number:2}", "{x|number:0}", "{x|number:20}", "{x|number: 2 }", "{x|number:\"3\"}", "{x|plural:\"star\"}",
    "{x|plural:star}", "{x|plural:\"person\",\"people\"}", "{x|plural:person,people|upper}", "{x|plural: a b }",
    "{params}", "{query.x}", "{x|upper|lower|trim|firstline|date}", "Source: {meta.attribution} ({meta.count})",
    // Refused by the parser:
    "{", "}", "{name", "name}", "{}", "{ }", "{a..b}", "{a.}", "{.a}", "{x|uper}", "{x|truncate}", "{x|truncate:0}",
    "{x|truncate:-3}", "{x|truncate:abc}", "{x|upper:1}", "{x|default}", "{x|or:}", "{x|or:a..b}", "{x|}",
    "{meta.attributon}", "{a\"b}", "{a:b}", "{a{b}", "{x|default:\"open}", "{x|upper x}", "{x}}",
    "{x|number:21}", "{x|number:-1}", "{x|number:x}", "{x|number:}", "{x|plural}", "{x|plural:}", "{x|plural:\"\"}",
    "{x|plural: }", "{x|plural:a,b,c}", "{x|plural:a,}", "{x|plural:\"a\" ,\"b\"}",
  ]

  @Test("the template pattern matches what the parser reads", arguments: templates)
  func template(_ text: String) throws {
    let parsed = try? Template(text)
    let known = parsed.map { $0.metaKeys.allSatisfy(MetaKey.all.contains) } ?? false
    #expect(Self.matches(ScreenSchema.templatePattern, text) == known, "\(text)")
  }

  @Test("the recordless pattern matches what a list's title may read", arguments: templates)
  func recordless(_ text: String) throws {
    let parsed = try? Template(text)
    let ok = parsed.map { !$0.readsRecord && $0.metaKeys.allSatisfy(MetaKey.all.contains) } ?? false
    #expect(Self.matches(ScreenSchema.recordlessTemplatePattern, text) == ok, "\(text)")
  }

  /// A filter as a template may write it, with an argument of the kind it declares.
  static func example(_ filter: any Filter.Type) -> String {
    let argument =
      switch filter.argument {
      case .none: ""
      case .positiveNumber: ":4"
      case .text: #":"-""#
      case .fieldPath: ":a.b"
      case .optionalDecimals: ":2"
      case .oneOrTwoTexts: #":"person","people""#
      }
    return filter.name + argument
  }

  @Test("every registered filter: one name, listed by the schema in the registry's order, matched by its pattern")
  func filters() throws {
    #expect(Set(TemplateFilter.names).count == TemplateFilter.registry.count)
    let listed = ScreenSchema.commonDefinitions["filter"]?["enum"]?.arrayValue?.compactMap(\.stringValue)
    #expect(listed == TemplateFilter.names)
    for filter in TemplateFilter.registry {
      let text = "{x|\(Self.example(filter))}"
      #expect(Self.matches(ScreenSchema.templatePattern, text), "\(text)")
      // The parser reads it as that filter, and `--explain` spells it back as written.
      let parsed = try Template(text).expressions.first?.filters.first
      #expect(parsed?.spelled == Self.example(filter), "\(text)")
    }
  }

  static func matches(_ pattern: String, _ text: String) -> Bool {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
    let range = NSRange(text.startIndex..., in: text)
    return expression.firstMatch(in: text, range: range) != nil
  }
}
