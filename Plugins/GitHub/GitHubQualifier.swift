import ScreenKit

/// A `key:value` filter of a repository search (`language:python`, `stars:>100`, `-topic:react`),
/// tested against what a record holds. A record that lacks the field (a 2014 record has no
/// `topics`, no `license`, no `archived`) does not pass a filter on it.
struct GitHubQualifier: Sendable, Equatable {
  enum Test: Sendable, Equatable {
    case language(String)
    /// `user:` and `org:`: the owner's login.
    case owner(String)
    /// `repo:owner/name`.
    case repository(String)
    case topic(String)
    /// `topics:N`: how many topics.
    case topicCount(ValueRange<Int>)
    case stars(ValueRange<Int>)
    case forks(ValueRange<Int>)
    /// `size:` in kilobytes, as the API's `size` field.
    case size(ValueRange<Int>)
    /// Calendar days, `YYYY-MM-DD`, which compare as text.
    case created(ValueRange<String>)
    case pushed(ValueRange<String>)
    /// A license's key or SPDX id (`mit`, `apache-2.0`).
    case license(String)
    case archived(Bool)
    case isPrivate(Bool)
    case mirror(Bool)
  }

  var test: Test
  /// Written with a leading `-`: the records that do not pass.
  var negated: Bool

  func matches(_ repository: GitHubRepository) -> Bool {
    passes(repository) != negated
  }

  private func passes(_ repository: GitHubRepository) -> Bool {
    switch test {
    case .language(let language): repository.language == language
    case .owner(let login): repository.owner == login
    case .repository(let fullName): repository.lowercasedFullName == fullName
    case .topic(let topic): repository.topics?.contains(topic) ?? false
    case .topicCount(let range): repository.topics.map { range.contains($0.count) } ?? false
    case .stars(let range): range.contains(repository.stars)
    case .forks(let range): range.contains(repository.forks)
    case .size(let range): repository.size.map(range.contains) ?? false
    case .created(let range): repository.createdAt.map { range.contains(String($0.prefix(10))) } ?? false
    case .pushed(let range): repository.pushedAt.map { range.contains(String($0.prefix(10))) } ?? false
    case .license(let license): repository.licenses.contains(license)
    case .archived(let archived): repository.isArchived == archived
    case .isPrivate(let isPrivate): repository.isPrivate == isPrivate
    case .mirror(let mirror): repository.isMirror == mirror
    }
  }
}

/// The values a numeric or date qualifier admits, in GitHub's syntax: `10`, `>10`, `>=10`, `<10`,
/// `<=10`, `10..50`, `10..*`, `*..50`.
struct ValueRange<Bound: Comparable & Sendable>: Sendable, Equatable {
  struct Limit: Sendable, Equatable {
    var value: Bound
    var inclusive: Bool
  }

  var lower: Limit?
  var upper: Limit?

  func contains(_ value: Bound) -> Bool {
    if let lower, lower.inclusive ? value < lower.value : value <= lower.value { return false }
    if let upper, upper.inclusive ? value > upper.value : value >= upper.value { return false }
    return true
  }

  /// Reads the range syntax, with `bound` reading one value; nil when the text is not a range.
  static func parse(_ text: String, bound: (String) -> Bound?) -> ValueRange? {
    func limit(_ text: Substring, inclusive: Bool) -> Limit?? {
      if text == "*" { return .some(nil) }
      guard let value = bound(String(text)) else { return nil }
      return .some(Limit(value: value, inclusive: inclusive))
    }
    if let dots = text.firstRange(of: "..") {
      guard let lower = limit(text[..<dots.lowerBound], inclusive: true),
        let upper = limit(text[dots.upperBound...], inclusive: true)
      else { return nil }
      return ValueRange(lower: lower, upper: upper)
    }
    for (prefix, isLower, inclusive) in [
      (">=", true, true), ("<=", false, true), (">", true, false), ("<", false, false),
    ]
    where text.hasPrefix(prefix) {
      guard let value = bound(String(text.dropFirst(prefix.count))) else { return nil }
      let limit = Limit(value: value, inclusive: inclusive)
      return isLower ? ValueRange(lower: limit) : ValueRange(upper: limit)
    }
    guard let value = bound(text) else { return nil }
    return ValueRange(lower: Limit(value: value, inclusive: true), upper: Limit(value: value, inclusive: true))
  }
}
