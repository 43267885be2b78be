import FoundationEssentials
import ScreenKit

/// The `q` of a repository search, read the way GitHub reads it: words (or "quoted phrases"),
/// each of which must appear, any case, in the name, full name, description or topics; and
/// `key:value` qualifiers, applied as filters.
///
///     let query = try GitHubSearchQuery(#"github language:python stars:>100"#)
///     query.terms        // ["github"]
///     query.qualifiers   // language is "python", stars above 100
///
/// A qualifier GitHub knows but the recorded data cannot answer (`followers:`, `in:readme`) is
/// refused with a message, rather than silently ignored, so a result list never claims to be
/// filtered when it is not.
struct GitHubSearchQuery: Sendable, Equatable {
  /// Where a search word may appear (`in:name,description`).
  enum Field: String, Sendable, CaseIterable {
    case name, description, topics
  }

  /// Which forks a search lists. GitHub leaves forks out unless `fork:true` or `fork:only`.
  enum Forks: String, Sendable {
    case exclude, include, only
  }

  /// Lowercased words and phrases, in the order written.
  var terms: [String] = []
  var qualifiers: [GitHubQualifier] = []
  var fields: Set<Field> = Set(Field.allCases)
  var forks: Forks = .exclude

  /// The qualifiers of GitHub's repository search that the sample data can apply.
  static let supported = [
    "in", "user", "org", "repo", "language", "topic", "topics", "stars", "forks", "size", "created",
    "pushed", "license", "archived", "is", "mirror", "fork",
  ]
  /// The others GitHub knows: they need data no recorded response holds.
  static let unsupported = ["followers", "good-first-issues", "help-wanted-issues", "sponsorable", "has", "template"]

  init(_ text: String) throws(DataSourceError) {
    var sawIn = false
    for token in Self.tokens(text) {
      if !token.quoted, let colon = token.text.firstIndex(of: ":") {
        var key = token.text[..<colon].lowercased()
        let negated = key.hasPrefix("-")
        if negated { key.removeFirst() }
        if Self.supported.contains(key) || Self.unsupported.contains(key) {
          let value = String(token.text[token.text.index(after: colon)...])
          try apply(key: key, value: value, negated: negated, written: token.text, sawIn: &sawIn)
          continue
        }
      }
      if !token.quoted, token.text == "AND" { continue }
      if !token.quoted, token.text == "OR" || token.text == "NOT" {
        throw Self.refuse(
          "the sample search has no '\(token.text)'; every word must match, and a qualifier is excluded with a leading '-', as in -language:python"
        )
      }
      let term = token.text.lowercased()
      if !term.isEmpty { terms.append(term) }
    }
  }

  /// Whether a repository passes every qualifier and holds every word in the searched fields.
  func matches(_ repository: GitHubRepository) -> Bool {
    switch forks {
    case .exclude where repository.isFork: return false
    case .only where !repository.isFork: return false
    default: break
    }
    // Loops, not closures: a closure that captured the repository would copy it.
    for qualifier in qualifiers where !qualifier.matches(repository) { return false }
    for term in terms where !inName(term, repository) && !inDescriptionOrTopics(term, repository) { return false }
    return true
  }

  /// How well a repository answers the query, GitHub's "best match" made deterministic. In
  /// order: the whole query is the name; how each word meets the name (the name itself, the
  /// start of it, or inside the full name); how much of the name the words cover, so `github3.py`
  /// answers "github3" before `github3.py-webhooks`; words in the description or topics; the
  /// score GitHub gave the record when it was recorded; stars.
  struct Relevance: Comparable {
    var exactName: Bool
    /// Per word: 3 when it is the name, 2 when the name starts with it, 1 when the full name
    /// holds it.
    var nameMatch: Int
    /// The share of the name's characters the words found in it make up, from 0 to 1.
    var nameCoverage: Double
    var wordsInDescription: Int
    var recordedScore: Double
    var stars: Int

    static func < (left: Relevance, right: Relevance) -> Bool {
      (
        left.exactName ? 1 : 0, left.nameMatch, left.nameCoverage, left.wordsInDescription, left.recordedScore,
        left.stars
      )
        < (
          right.exactName ? 1 : 0, right.nameMatch, right.nameCoverage, right.wordsInDescription, right.recordedScore,
          right.stars
        )
    }
  }

  func relevance(of repository: GitHubRepository) -> Relevance {
    let name = repository.name
    let whole = terms.joined(separator: " ")
    let exactName =
      fields.contains(.name) && !terms.isEmpty
      && (name == whole || name == terms.joined(separator: "-") || repository.lowercasedFullName == whole)
    let found = terms.filter { inName($0, repository) }
    let nameMatch = found.reduce(0) { sum, word in sum + (word == name ? 3 : name.hasPrefix(word) ? 2 : 1) }
    let covered = found.filter { Self.contains(name, $0) }.reduce(0) { $0 + $1.count }
    return Relevance(
      exactName: exactName,
      nameMatch: nameMatch,
      nameCoverage: name.isEmpty ? 0 : min(1, Double(covered) / Double(name.count)),
      wordsInDescription: terms.count { inDescriptionOrTopics($0, repository) },
      recordedScore: repository.recordedScore,
      stars: repository.stars)
  }

  private func inName(_ term: String, _ repository: GitHubRepository) -> Bool {
    fields.contains(.name) && Self.contains(repository.lowercasedFullName, term)
  }

  private func inDescriptionOrTopics(_ term: String, _ repository: GitHubRepository) -> Bool {
    (fields.contains(.description) && Self.contains(repository.description, term))
      || (fields.contains(.topics) && (repository.topics ?? []).contains { Self.contains($0, term) })
  }

  // MARK: - Reading

  private mutating func apply(
    key: String, value: String, negated: Bool, written: String, sawIn: inout Bool
  ) throws(DataSourceError) {
    guard !Self.unsupported.contains(key) else {
      throw Self.refuse(
        "the sample data cannot apply '\(key):'; it applies \(Self.supported.map { $0 + ":" }.joined(separator: " "))")
    }
    guard !value.isEmpty else {
      throw Self.refuse("'\(key):' needs a value, as in \(Self.examples[key] ?? "\(key):value")")
    }
    let text = value.lowercased()
    func add(_ test: GitHubQualifier.Test) { qualifiers.append(GitHubQualifier(test: test, negated: negated)) }
    func number() throws(DataSourceError) -> ValueRange<Int> {
      guard let range = ValueRange<Int>.parse(text, bound: { Int($0) }) else {
        throw Self.refuse("'\(written)' needs a whole number or a range, as in \(Self.examples[key] ?? "")")
      }
      return range
    }
    func day() throws(DataSourceError) -> ValueRange<String> {
      guard let range = ValueRange<String>.parse(text, bound: Self.day) else {
        throw Self.refuse("'\(written)' needs a date YYYY-MM-DD or a range of them, as in \(Self.examples[key] ?? "")")
      }
      return range
    }
    func flag() throws(DataSourceError) -> Bool {
      guard text == "true" || text == "false" else {
        throw Self.refuse("'\(written)' needs true or false, as in \(key):false")
      }
      return text == "true"
    }
    switch key {
    case "in":
      guard !negated else {
        throw Self.refuse("'in:' cannot be negated; name the fields to search, as in in:name,description")
      }
      var fields: Set<Field> = sawIn ? self.fields : []
      for name in text.split(separator: ",") {
        guard let field = Field(rawValue: String(name)) else {
          throw Self.refuse("the sample data cannot search in '\(name)'; it searches in name, description or topics")
        }
        fields.insert(field)
      }
      sawIn = true
      self.fields = fields
    case "user", "org": add(.owner(text))
    case "repo": add(.repository(text))
    case "language": add(.language(text))
    case "topic": add(.topic(text))
    case "topics": add(.topicCount(try number()))
    case "stars": add(.stars(try number()))
    case "forks": add(.forks(try number()))
    case "size": add(.size(try number()))
    case "created": add(.created(try day()))
    case "pushed": add(.pushed(try day()))
    case "license": add(.license(text))
    case "archived": add(.archived(try flag()))
    case "mirror": add(.mirror(try flag()))
    case "is":
      guard text == "public" || text == "private" else {
        throw Self.refuse("the sample data cannot apply 'is:\(value)'; it applies is:public and is:private")
      }
      add(.isPrivate(text == "private"))
    default:  // "fork"
      guard !negated, let forks = ["true": Forks.include, "only": .only, "false": .exclude][text] else {
        throw Self.refuse("'\(written)' needs true or only, as in fork:true")
      }
      self.forks = forks
    }
  }

  private static let examples = [
    "stars": "stars:>100 or stars:10..50", "forks": "forks:>=5", "size": "size:<1000",
    "topics": "topics:>2", "created": "created:>2020-01-01", "pushed": "pushed:2014-01-01..2015-01-01",
    "language": "language:python", "user": "user:octocat", "org": "org:github", "repo": "repo:facebook/react",
    "topic": "topic:react", "license": "license:mit", "in": "in:name,description", "is": "is:public",
  ]

  /// A calendar day as GitHub writes it in qualifiers, `YYYY-MM-DD`.
  private static func day(_ text: String) -> String? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    return text
  }

  private static func refuse(_ message: String) -> DataSourceError {
    .badRequest(message, parameter: "q")
  }

  /// A word of the query, with its quotes taken off; `quoted` when it began with one (a phrase,
  /// never a qualifier).
  private struct Token {
    var text: String
    var quoted: Bool
  }

  /// Splits at whitespace outside double quotes: `language:"Jupyter Notebook"` is one token.
  private static func tokens(_ text: String) -> [Token] {
    var tokens: [Token] = []
    var current = ""
    var quoted = false
    var inQuotes = false
    var started = false
    for character in text {
      if character == "\"" {
        if !started { quoted = true }
        inQuotes.toggle()
        started = true
      } else if character.isWhitespace, !inQuotes {
        if started { tokens.append(Token(text: current, quoted: quoted)) }
        (current, quoted, started) = ("", false, false)
      } else {
        current.append(character)
        started = true
      }
    }
    if started { tokens.append(Token(text: current, quoted: quoted)) }
    return tokens
  }
}

extension GitHubSearchQuery {
  /// Whether `term` occurs in `text`, exactly as Foundation's `String.contains` answers (search
  /// lowercases both first). ASCII text, nearly all the recorded data, is searched byte by byte,
  /// where the two agree; Foundation searches through NSString, whose cost a search paid for every
  /// word in every field of every repository. Other text, where Foundation's Unicode rules (one
  /// character written two ways) decide, and an empty word, follow those rules below.
  static func contains(_ text: String, _ term: String) -> Bool {
    let ascii: Bool?? = text.utf8.withContiguousStorageIfAvailable { text in
      term.utf8.withContiguousStorageIfAvailable { term in asciiContains(text, term) } ?? nil
    }
    if case .some(.some(let answer)) = ascii { return answer }
    // Foundation's rules, which the standard library's `contains` (character by character) does
    // not all share: an empty word is never found; a word matches a character written the other
    // way (`é` in `e` + U+0301), and a run of scalars matches where it does not end inside a
    // character (U+0301 in `e` + U+0301, `\n` in `\r\n`, but not `e` in `e` + U+0301).
    guard !term.isEmpty else { return false }
    return text.contains(term) || scalarsContain(Array(text.unicodeScalars), Array(term.unicodeScalars))
  }

  /// Whether `term`'s scalars occur in `text`'s where the next scalar does not extend the last
  /// one matched (a combining mark, a variation selector, a joiner).
  private static func scalarsContain(_ text: [Unicode.Scalar], _ term: [Unicode.Scalar]) -> Bool {
    guard !term.isEmpty, term.count <= text.count else { return false }
    for start in 0...(text.count - term.count) where text[start..<start + term.count].elementsEqual(term) {
      let end = start + term.count
      if end == text.count || !text[end].properties.isGraphemeExtend { return true }
    }
    return false
  }

  /// Whether `term` occurs in `text`, when both are ASCII and `term` is not empty; else nil.
  private static func asciiContains(_ text: UnsafeBufferPointer<UInt8>, _ term: UnsafeBufferPointer<UInt8>) -> Bool? {
    // "\r\n" is one character to Foundation (a term cannot match half of it): text with a CR
    // goes to Foundation too.
    guard let first = term.first, text.allSatisfy({ $0 < 0x80 && $0 != 0x0D }), term.allSatisfy({ $0 < 0x80 })
    else { return nil }
    guard term.count <= text.count else { return false }
    var start = 0
    let last = text.count - term.count
    while start <= last {
      if text[start] == first {
        var matched = 1
        while matched < term.count, text[start + matched] == term[matched] { matched += 1 }
        if matched == term.count { return true }
      }
      start += 1
    }
    return false
  }
}
