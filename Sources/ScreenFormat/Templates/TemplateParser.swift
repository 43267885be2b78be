/// Reads a template's text into literal runs and expressions, reporting the first problem with
/// its character offset.
package struct TemplateParser {
  private let characters: [Character]
  private var index = 0

  init(_ text: String) { characters = Array(text) }

  /// The filters of a template of another syntax (a declared request's `{tags|default:"story"}`):
  /// each `|filter:argument` from `index` in `characters`, as a screen's template takes them, up
  /// to the first character after them that starts no filter. Returns them and that character's
  /// index; a problem is located in `characters`.
  package static func filters(in characters: [Character], from index: Int) throws(TemplateError)
    -> (filters: [TemplateFilter], end: Int)
  {
    var parser = TemplateParser(characters: characters, index: index)
    var filters: [TemplateFilter] = []
    parser.skipSpaces()
    while parser.index < characters.count, characters[parser.index] == "|" {
      parser.index += 1
      filters.append(try parser.filter())
      parser.skipSpaces()
    }
    return (filters, parser.index)
  }

  private init(characters: [Character], index: Int) {
    self.characters = characters
    self.index = index
  }

  package mutating func parse() throws(TemplateError) -> [Template.Segment] {
    var segments: [Template.Segment] = []
    var literal = ""
    while index < characters.count {
      let character = characters[index]
      if character == "{" {
        if peek(1) == "{" {
          literal.append("{")
          index += 2
          continue
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        literal = ""
        segments.append(.expression(try expression()))
      } else if character == "}" {
        guard peek(1) == "}" else {
          throw TemplateError(offset: index, message: "unmatched '}'; write '}}' for a literal brace")
        }
        literal.append("}")
        index += 2
      } else {
        literal.append(character)
        index += 1
      }
    }
    if !literal.isEmpty { segments.append(.literal(literal)) }
    return segments
  }

  private func peek(_ distance: Int) -> Character? {
    index + distance < characters.count ? characters[index + distance] : nil
  }

  /// Parses `{path|filter:arg|…}` starting at the opening brace.
  private mutating func expression() throws(TemplateError) -> TemplateExpression {
    let open = index
    index += 1
    skipSpaces()
    if index < characters.count, characters[index] == "." {
      // `{.}`: the value itself, for a list section over an array of strings or numbers.
      var after = index + 1
      while after < characters.count, characters[after] == " " { after += 1 }
      if after < characters.count, characters[after] == "|" || characters[after] == "}" {
        index = after
        return try filters(path: [], open: open)
      }
    }
    let pathStart = index
    var path: [String] = []
    var component = ""
    while index < characters.count, characters[index] != "|", characters[index] != "}",
      characters[index] != " "
    {
      let character = characters[index]
      if character == "." {
        guard !component.isEmpty else {
          throw TemplateError(offset: index, message: "empty field name in '{\(rest(from: pathStart))'")
        }
        path.append(component)
        component = ""
        guard path.count < Template.maximumPathParts else {
          throw TemplateError(
            offset: index,
            message: "a field path has at most \(Template.maximumPathParts) parts, and this one has more")
        }
      } else if character == "{" || character == "\"" || character == ":" {
        throw TemplateError(
          offset: index, message: "unexpected '\(character)' in a field path; paths look like {a.b.0.c}")
      } else {
        component.append(character)
      }
      index += 1
    }
    guard index < characters.count else {
      throw TemplateError(offset: open, message: "'{' is never closed; write '{{' for a literal brace")
    }
    guard !component.isEmpty else {
      if path.isEmpty {
        throw TemplateError(
          offset: pathStart,
          message: "empty expression '{}'; name a field, as in {name}, or write {.} for the value itself")
      }
      throw TemplateError(offset: index - 1, message: "a field path cannot end in '.'")
    }
    path.append(component)
    return try filters(path: path, open: open)
  }

  /// Parses the `|filter…}` after an expression's path, through the closing brace.
  private mutating func filters(path: [String], open: Int) throws(TemplateError) -> TemplateExpression {
    let (filters, end) = try Self.filters(in: characters, from: index)
    index = end
    guard index < characters.count, characters[index] == "}" else {
      if index >= characters.count {
        throw TemplateError(offset: open, message: "'{' is never closed; write '{{' for a literal brace")
      }
      throw TemplateError(offset: index, message: "unexpected '\(characters[index])'; expected '|' or '}'")
    }
    index += 1
    return Self.resolve(path, filters: filters)
  }

  private static func resolve(_ path: [String], filters: [TemplateFilter]) -> TemplateExpression {
    switch path.first {
    case "params" where path.count > 1:
      TemplateExpression(root: .params, path: Array(path.dropFirst()), filters: filters)
    case "meta" where path.count > 1:
      TemplateExpression(root: .meta, path: Array(path.dropFirst()), filters: filters)
    case "query" where path.count == 1:
      TemplateExpression(root: .query, path: [], filters: filters)
    default:
      TemplateExpression(root: .record, path: path, filters: filters)
    }
  }

  private mutating func filter() throws(TemplateError) -> TemplateFilter {
    skipSpaces()
    let start = index
    var name = ""
    while index < characters.count, characters[index].isLetter {
      name.append(characters[index])
      index += 1
    }
    guard !name.isEmpty else {
      throw TemplateError(offset: start, message: "expected a filter name after '|'")
    }
    let filter = TemplateFilter.named(name)
    var arguments = FilterArguments(name: name, texts: [], offset: index)  // where a missing one should have been
    if index < characters.count, characters[index] == ":" {
      index += 1
      arguments.offset = index
      if filter?.argument == .oneOrTwoTexts {
        // Texts separated by commas: `plural:"person","people"`.
        arguments.texts.append(try filterArgument(endingAtComma: true))
        while index < characters.count, characters[index] == "," {
          index += 1
          arguments.texts.append(try filterArgument(endingAtComma: true))
        }
      } else {
        arguments.texts.append(try filterArgument())
      }
    }
    guard let filter else {
      let message = Diagnostic.Message.unknown(
        "unknown filter '\(name)'", name: name, among: TemplateFilter.names,
        expected: "filters are " + TemplateFilter.names.joined(separator: ", "))
      throw TemplateError(offset: start, message: message.description)
    }
    return TemplateFilter(try filter.init(arguments))
  }

  /// A quoted text ("…", with \" and \\ escapes) or a bare word up to the next '|' or '}' (or
  /// ',', when `endingAtComma`: a filter that takes several).
  private mutating func filterArgument(endingAtComma: Bool = false) throws(TemplateError) -> String {
    if index < characters.count, characters[index] == "\"" {
      let open = index
      index += 1
      var text = ""
      while index < characters.count, characters[index] != "\"" {
        if characters[index] == "\\", index + 1 < characters.count {
          index += 1
        }
        text.append(characters[index])
        index += 1
      }
      guard index < characters.count else {
        throw TemplateError(offset: open, message: "unterminated quoted text")
      }
      index += 1
      return text
    }
    var word = ""
    while index < characters.count, characters[index] != "|", characters[index] != "}",
      !endingAtComma || characters[index] != ","
    {
      word.append(characters[index])
      index += 1
    }
    return word.trimmingWhitespace()
  }

  private mutating func skipSpaces() {
    while index < characters.count, characters[index] == " " { index += 1 }
  }

  private func rest(from start: Int) -> String {
    String(characters[start..<min(characters.count, start + 20)])
  }
}
