import ScreenFormat
import ScreenKit

/// A value of a declared request (`plugin.json`'s `http`): literal text with `{…}` placeholders,
/// parsed when the manifest loads so that an unknown variable is found then, not at the first
/// request.
///
///     "/repos/{segments(repo)}/commits/{sha}"          a path: each value one escaped segment
///     "{md5(ts, env.MARVEL_PRIVATE_KEY, env.MARVEL_PUBLIC_KEY)}"   a computed credential
///
/// A placeholder holds a name (a request parameter, or a computed value declared before it),
/// `env.NAME` (an environment variable the manifest declares), `timestamp` or `timestampMs`
/// (now, in seconds or milliseconds since 1970), a `"string"`, or a function of those:
/// `md5(a, b, …)` (the MD5 of their text joined, in lowercase hex) and `segments(x)` (in a path,
/// `x` split at `/`, each part one escaped segment). After it, the filters of a screen's templates
/// (`{tags|default:"story"}`, `{q|trim|lower}`), but `or`, which reads a record. `{{` and `}}` are
/// literal braces.
package struct RequestTemplate: Sendable, Hashable, CustomStringConvertible {
  /// One piece of a template.
  package enum Part: Sendable, Hashable {
    case literal(String)
    case value(Expression)
  }

  /// What a placeholder computes.
  package indirect enum Expression: Sendable, Hashable {
    /// A request parameter, or a computed value.
    case name(String)
    /// An environment variable.
    case environment(String)
    /// Seconds since 1970.
    case timestamp
    /// Milliseconds since 1970.
    case timestampMilliseconds
    case string(String)
    case md5([Expression])
    case segments(Expression)
    /// A value and the filters after its bar, applied in order.
    case filtered(Expression, [TemplateFilter])
  }

  package static let functions = ["md5", "segments"]

  package var parts: [Part]
  /// The template as written.
  package var text: String

  package var description: String { text }

  /// A template of fixed text only.
  package init(literal text: String) {
    parts = text.isEmpty ? [] : [.literal(text)]
    self.text = text
  }

  /// Parses `text`; a problem is thrown with its offset in characters.
  package init(_ text: String) throws(TemplateProblem) {
    self.text = text
    parts = []
    var scanner = Scanner(Array(text))
    var literal = ""
    while let character = scanner.peek() {
      if character == "{", scanner.peek(1) == "{" {
        literal.append("{")
        scanner.index += 2
      } else if character == "}", scanner.peek(1) == "}" {
        literal.append("}")
        scanner.index += 2
      } else if character == "}" {
        throw TemplateProblem(offset: scanner.index, message: "a '}' with no '{' before it; write '}}' for a brace")
      } else if character == "{" {
        if !literal.isEmpty { parts.append(.literal(literal)) }
        literal = ""
        scanner.index += 1
        var expression = try scanner.expression()
        scanner.skipSpaces()
        if scanner.peek() == "|" { expression = .filtered(expression, try scanner.filters()) }
        guard scanner.peek() == "}" else {
          throw TemplateProblem(
            offset: scanner.index, message: "expected '}' to close the placeholder, or '|' and a filter")
        }
        scanner.index += 1
        parts.append(.value(expression))
      } else {
        literal.append(character)
        scanner.index += 1
      }
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
  }

  /// Whether the template is only fixed text.
  package var isLiteral: Bool { expressions.isEmpty }

  /// The placeholders' expressions, in order.
  package var expressions: [Expression] {
    parts.compactMap { part -> Expression? in
      switch part {
      case .literal: nil
      case .value(let expression): expression
      }
    }
  }

  /// The names (parameters or computed values) and environment variables it reads.
  package var names: [String] { expressions.flatMap(\.names) }
  package var environmentNames: [String] { expressions.flatMap(\.environmentNames) }
  /// Whether it calls `segments(…)`.
  package var usesSegments: Bool { expressions.contains(where: \.usesSegments) }
}

extension RequestTemplate.Expression {
  package var names: [String] {
    switch self {
    case .name(let name): [name]
    case .md5(let arguments): arguments.flatMap(\.names)
    case .segments(let argument), .filtered(let argument, _): argument.names
    default: []
    }
  }

  package var environmentNames: [String] {
    switch self {
    case .environment(let name): [name]
    case .md5(let arguments): arguments.flatMap(\.environmentNames)
    case .segments(let argument), .filtered(let argument, _): argument.environmentNames
    default: []
    }
  }

  var usesSegments: Bool {
    switch self {
    case .segments: true
    case .md5(let arguments): arguments.contains(where: \.usesSegments)
    case .filtered(let argument, _): argument.usesSegments
    default: false
    }
  }
}

/// Why a request template cannot be read, and where (an offset in characters).
package struct TemplateProblem: Error, Sendable {
  package var offset: Int
  package var message: String
}

private struct Scanner {
  let characters: [Character]
  var index = 0

  init(_ characters: [Character]) { self.characters = characters }

  func peek(_ ahead: Int = 0) -> Character? {
    index + ahead < characters.count ? characters[index + ahead] : nil
  }

  mutating func skipSpaces() {
    while peek() == " " { index += 1 }
  }

  /// The `|filter…` after a value, read as a screen's template reads them; `or`, which reads a
  /// field of a record, is refused, since a request has none.
  mutating func filters() throws(TemplateProblem) -> [TemplateFilter] {
    let start = index
    let read: (filters: [TemplateFilter], end: Int)
    do {
      read = try TemplateParser.filters(in: characters, from: index)
    } catch {
      throw TemplateProblem(offset: error.offset, message: error.message)
    }
    if let reader = read.filters.first(where: { !$0.fieldPaths.isEmpty }) {
      let offset = characters[start...].firstIndex(of: "|").map { $0 + 1 } ?? start
      throw TemplateProblem(
        offset: offset, message: "'\(reader.spelled)' reads a field of a record, and a request has none")
    }
    index = read.end
    return read.filters
  }

  static func isNameCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
  }

  mutating func expression() throws(TemplateProblem) -> RequestTemplate.Expression {
    skipSpaces()
    let start = index
    if peek() == "\"" {
      index += 1
      var text = ""
      while let character = peek(), character != "\"" {
        text.append(character)
        index += 1
      }
      guard peek() == "\"" else { throw TemplateProblem(offset: start, message: "a string with no closing '\"'") }
      index += 1
      return .string(text)
    }
    var name = ""
    while let character = peek(), Self.isNameCharacter(character) || character == "." {
      name.append(character)
      index += 1
    }
    guard !name.isEmpty else {
      let found = peek().map { "'\($0)'" } ?? "the end"
      throw TemplateProblem(
        offset: start, message: "expected a name, env.NAME, a \"string\" or a function such as md5(…), not \(found)")
    }
    skipSpaces()
    if peek() == "(" {
      index += 1
      var arguments: [RequestTemplate.Expression] = []
      skipSpaces()
      if peek() == ")" {
        index += 1
      } else {
        while true {
          arguments.append(try expression())
          skipSpaces()
          if peek() == "," {
            index += 1
            continue
          }
          guard peek() == ")" else { throw TemplateProblem(offset: index, message: "expected ',' or ')'") }
          index += 1
          break
        }
      }
      switch name {
      case "md5":
        guard !arguments.isEmpty else { throw TemplateProblem(offset: start, message: "md5() needs a value") }
        return .md5(arguments)
      case "segments":
        guard arguments.count == 1 else {
          throw TemplateProblem(offset: start, message: "segments() takes one value, as in segments(repo)")
        }
        return .segments(arguments[0])
      default:
        let message = Diagnostic.Message.unknown(
          "unknown function '\(name)'", name: name, among: RequestTemplate.functions,
          expected: "the functions are md5 and segments")
        throw TemplateProblem(offset: start, message: message.description)
      }
    }
    if name.hasPrefix("env.") {
      let variable = String(name.dropFirst(4))
      guard EnvironmentVariable.isName(variable) else {
        throw TemplateProblem(offset: start, message: "'\(variable)' is not an environment variable's name")
      }
      return .environment(variable)
    }
    switch name {
    case "timestamp": return .timestamp
    case "timestampMs": return .timestampMilliseconds
    default: return .name(name)
    }
  }
}
