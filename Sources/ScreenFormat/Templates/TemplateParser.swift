/// Reads a template's text into literal runs and expressions, reporting the first problem with
/// its character offset.
struct TemplateParser {
  private let characters: [Character]
  private var index = 0

  init(_ text: String) { characters = Array(text) }

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
    skipSpaces()
    var filters: [TemplateFilter] = []
    while index < characters.count, characters[index] == "|" {
      index += 1
      filters.append(try filter())
      skipSpaces()
    }
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
    var argument: String?
    var arguments: [String] = []
    var argumentStart = index  // where a missing argument should have been
    if index < characters.count, characters[index] == ":" {
      argumentStart = index + 1
      index += 1
      if name == "plural" {
        // One word, or two separated by a comma: `plural:"person","people"`.
        arguments.append(try filterArgument(endingAtComma: true))
        while index < characters.count, characters[index] == "," {
          index += 1
          arguments.append(try filterArgument(endingAtComma: true))
        }
      } else {
        argument = try filterArgument()
      }
    }
    func integer() throws(TemplateError) -> Int {
      guard let argument, let value = Int(argument), value > 0 else {
        throw TemplateError(
          offset: argumentStart, message: "'\(name)' takes a positive whole number, as in {x|\(name):40}")
      }
      return value
    }
    func none() throws(TemplateError) {
      if argument != nil {
        throw TemplateError(offset: argumentStart - 1, message: "'\(name)' takes no argument")
      }
    }
    switch name {
    case "default":
      guard let argument else {
        throw TemplateError(offset: index, message: "'default' needs a text, as in {x|default:\"-\"}")
      }
      return .default(argument)
    case "or":
      let path = (argument ?? "").split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      guard !path.isEmpty, !path.contains(where: \.isEmpty) else {
        throw TemplateError(
          offset: argumentStart, message: "'or' takes another field's path, as in {author.login|or:commit.author.name}")
      }
      guard path.count <= Template.maximumPathParts else {
        throw TemplateError(
          offset: argumentStart,
          message: "a field path has at most \(Template.maximumPathParts) parts, and this one has more")
      }
      return .or(path)
    case "truncate": return .truncate(try integer())
    case "prefix": return .prefix(try integer())
    case "upper":
      try none()
      return .upper
    case "lower":
      try none()
      return .lower
    case "number":
      guard let argument else { return .number(decimals: nil) }
      let range = TemplateFilter.decimalsRange
      guard !argument.hasPrefix("-"), let decimals = Int(argument), range.contains(decimals) else {
        throw TemplateError(
          offset: argumentStart,
          message:
            "'number' takes a number of decimals from \(range.lowerBound) to \(range.upperBound), as in {x|number:2}")
      }
      return .number(decimals: decimals)
    case "plural":
      let example = #"as in {n|plural:"star"} or {n|plural:"person","people"}"#
      guard let singular = arguments.first, !singular.trimmingWhitespace().isEmpty else {
        throw TemplateError(offset: argumentStart, message: "'plural' needs the word for one, \(example)")
      }
      guard arguments.count <= 2 else {
        throw TemplateError(
          offset: argumentStart, message: "'plural' takes the word for one and, if need be, for many, \(example)")
      }
      if arguments.count == 2, arguments[1].trimmingWhitespace().isEmpty {
        throw TemplateError(offset: argumentStart, message: "'plural' has an empty word for many, \(example)")
      }
      return .plural(singular: singular, plural: arguments.count == 2 ? arguments[1] : singular + "s")
    case "date":
      try none()
      return .date
    case "firstline":
      try none()
      return .firstline
    case "trim":
      try none()
      return .trim
    default:
      let message = Diagnostic.Message.unknown(
        "unknown filter '\(name)'", name: name, among: TemplateFilter.names,
        expected: "filters are " + TemplateFilter.names.joined(separator: ", "))
      throw TemplateError(offset: start, message: message.description)
    }
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
