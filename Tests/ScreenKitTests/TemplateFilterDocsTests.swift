import Foundation
import Testing

@testable import ScreenKit

/// The table of filters (docs/reference/screen-format.md) is the registry's list: a filter registered and not documented,
/// or documented and not registered, fails here.
@Suite("Template filters in the reference")
struct TemplateFilterDocsTests {
  static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // ScreenKitTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()
    .appendingPathComponent("docs/reference/screen-format.md")

  /// The filters the README's table names, in its order: the first cell of each row after
  /// "Filters follow a bar", each backticked name up to its colon (`upper`, `lower` is two).
  static func documented(in text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let heading = lines.firstIndex(where: { $0.hasPrefix("Filters follow a bar") }) else { return [] }
    let rows = lines[(heading + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
    var names: [String] = []
    for row in rows {
      let cell = row.dropFirst().prefix { $0 != "|" }
      for (index, part) in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      where index % 2 == 1 {
        let name = String(part.prefix { $0 != ":" })
        if !names.contains(name) { names.append(name) }
      }
    }
    return names
  }

  @Test("the reference lists every registered filter, and no other, in the registry's order")
  func readmeListsTheRegistry() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    #expect(
      Self.documented(in: text) == TemplateFilter.names,
      "README.md's filter table differs from TemplateFilter.registry: add or remove the rows of the filters that differ"
    )
  }

  @Test("the table reader finds a row missing and a row too many")
  func readerSeesDifferences() {
    let table = """
      Filters follow a bar and run left to right:

      | filter | does | example |
      |---|---|---|
      | `default:"text"` | uses the text | `{x|default:"-"}` |
      | `upper`, `lower` | changes case | `{name|upper}` |
      | `shout` | not a filter | `{x|shout}` |

      After.
      """
    #expect(Self.documented(in: table) == ["default", "upper", "lower", "shout"])
    #expect(Self.documented(in: "no table") == [])
  }
}
