import Foundation
import ScreenKit
import Testing

@testable import GitHubPlugin

/// Search looks its words up without NSString, yet finds exactly what Foundation's
/// `String.contains` found, in ASCII text and in any other.
@Suite("GitHub sample: search finds words as Foundation did")
struct GitHubSearchContainsTests {
  @Test func everyWordOfTheDataIsFoundWhereFoundationFindsIt() throws {
    let repositories = try GitHubDataset.bundled.get().repositories()
    var texts = repositories.flatMap { [$0.lowercasedFullName, $0.name, $0.description] + ($0.topics ?? []) }
    texts += ["cafe\u{301}", "café", "naïve", "e\u{301}", "aé", "", "a", "😀 emoji", "ﬁle", "a\r\nb", "\u{0}x"]
    var terms: Set<String> = [
      "", "a", "react", "中文", "京东", "e", "e\u{301}", "é", "\u{301}", "cafe", "café", "ï", "fi", "😀", "\n", "\r\n",
      "zzz", " ", "-", "react native", "github3.py", "\u{0}",
    ]
    for text in texts.prefix(200) {
      for word in text.split(separator: " ") {
        terms.formUnion([String(word), String(word.prefix(3)), String(word.suffix(3))])
      }
    }
    var differences: [String] = []
    for text in texts {
      for term in terms where GitHubSearchQuery.contains(text, term) != text.contains(term) {
        differences.append("'\(term)' in '\(text)'")
      }
    }
    #expect(differences.isEmpty, "\(differences.prefix(10))")
    #expect(terms.count > 200 && texts.count > 400)
  }
}
