/// The links of `Link` header fields (RFC 8288), the way GitHub pages its lists:
///
///     <https://api.github.com/repositories/3710711/commits?per_page=25&page=2>; rel="next",
///     <https://api.github.com/repositories/3710711/commits?per_page=25&page=111>; rel="last"
///
/// Targets are kept exactly as given: a next link may point at another path, or carry a cursor
/// instead of a page number, and the client must follow it as is.
package struct LinkHeader: Sendable, Equatable {
  package struct Link: Sendable, Equatable {
    package var target: String
    /// The relation types, lowercased (`rel="next last"` is both).
    package var relations: [String]
  }

  package private(set) var links: [Link] = []

  /// The links of every `Link` field given; text that is not a link is skipped.
  package init(_ fields: [String]) {
    for field in fields { parse(Array(field.unicodeScalars)) }
  }

  /// The target of the first link with relation `relation` (`"next"`).
  package func target(_ relation: String) -> String? {
    let relation = relation.lowercased()
    return links.first { $0.relations.contains(relation) }?.target
  }

  private mutating func parse(_ text: [Unicode.Scalar]) {
    var index = 0
    while index < text.count {
      guard let open = text[index...].firstIndex(of: "<"), let close = text[open...].firstIndex(of: ">") else { return }
      let target = String(String.UnicodeScalarView(text[(open + 1)..<close]))
      index = close + 1
      var relations: [String] = []
      // Parameters run to the next comma outside quotes.
      while index < text.count, text[index] != "," {
        guard text[index] == ";" else {
          index += 1
          continue
        }
        index += 1
        let (name, value, next) = Self.parameter(text, from: index)
        index = next
        if name == "rel" { relations += value.split(separator: " ").map { $0.lowercased() } }
      }
      index += 1
      links.append(Link(target: target, relations: relations))
    }
  }

  /// A `name=value` or `name="value"` parameter starting at `start`, and where it ends.
  private static func parameter(_ text: [Unicode.Scalar], from start: Int) -> (String, String, Int) {
    var index = start
    var name = ""
    while index < text.count, text[index] != "=", text[index] != ";", text[index] != "," {
      name.unicodeScalars.append(text[index])
      index += 1
    }
    guard index < text.count, text[index] == "=" else {
      return (name.trimmed.lowercased(), "", index)
    }
    index += 1
    while index < text.count, text[index] == " " { index += 1 }
    var value = ""
    if index < text.count, text[index] == "\"" {
      index += 1
      while index < text.count, text[index] != "\"" {
        if text[index] == "\\", index + 1 < text.count { index += 1 }
        value.unicodeScalars.append(text[index])
        index += 1
      }
      index += 1
    } else {
      while index < text.count, text[index] != ";", text[index] != "," {
        value.unicodeScalars.append(text[index])
        index += 1
      }
    }
    return (name.trimmed.lowercased(), value.trimmed, index)
  }
}

extension String {
  fileprivate var trimmed: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
