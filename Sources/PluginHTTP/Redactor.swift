/// Removes secrets from text before it can reach a person, a log or a file name: the values of
/// secret query parameters (`hash=…`), the user and password of a URL, and known secret values
/// (a private key, a token) wherever they stand.
///
///     let redactor = Redactor(secrets: [token], queryNames: ["hash", "apikey"])
///     redactor("GET /v1/public/characters?ts=1&hash=ffd2…")  // "GET /v1/public/characters?ts=1&hash=REDACTED"
///
/// Servers echo request URLs in their error messages (Marvel's 404 does), so the plugins pass
/// every server-provided text through here too, not only the URLs they build.
package struct Redactor: Sendable {
  /// What a removed secret is replaced with.
  package static let mask = "REDACTED"

  /// Query parameters that carry credentials in the APIs screenrun speaks, and in common others.
  package static let defaultQueryNames: Set<String> = [
    "hash", "apikey", "api_key", "access_token", "token", "client_secret", "password", "signature", "sig",
  ]

  /// Literal values shorter than this are not searched for in text: a one-letter key would mangle
  /// every word. They still never enter a URL, because the sources send keys only hashed or in
  /// headers.
  package static let minimumSecretLength = 4

  private let secrets: [String]
  private let queryNames: Set<String>

  package init(secrets: [String] = [], queryNames: Set<String> = Redactor.defaultQueryNames) {
    // Longest first, so a secret that contains another is removed whole.
    self.secrets = Set(secrets.filter { $0.count >= Self.minimumSecretLength }).sorted { $0.count > $1.count }
    self.queryNames = Set(queryNames.map { $0.lowercased() })
  }

  /// A redactor that also removes `more` secret values.
  package func adding(secrets more: [String]) -> Redactor {
    Redactor(secrets: secrets + more, queryNames: queryNames)
  }

  /// `text` with every secret replaced by `REDACTED`.
  package func callAsFunction(_ text: String) -> String {
    var result = removingQueryValues(from: text)
    result = removingUserInfo(from: result)
    for secret in secrets where result.contains(secret) {
      result = result.replacing(secret, with: Self.mask)
    }
    return result
  }

  /// Replaces the value of each `name=value` pair whose name is secret. A pair starts after `?`,
  /// `&`, `;`, a space or a quote, so `hash=` inside a longer name such as `sha_hash=` is spared.
  private func removingQueryValues(from text: String) -> String {
    guard text.contains("=") else { return text }
    let characters = Array(text)
    var output = ""
    output.reserveCapacity(characters.count)
    var index = 0
    while index < characters.count {
      let startsPair = index == 0 || Self.pairStarts.contains(characters[index - 1])
      if startsPair, let equals = nameEnd(in: characters, from: index) {
        output.append(contentsOf: characters[index...equals])
        var end = equals + 1
        while end < characters.count, !Self.valueEnds.contains(characters[end]) { end += 1 }
        if end > equals + 1 { output += Self.mask }
        index = end
        continue
      }
      output.append(characters[index])
      index += 1
    }
    return output
  }

  /// The index of the `=` after a secret parameter name starting at `start`, if one starts there.
  private func nameEnd(in characters: [Character], from start: Int) -> Int? {
    var end = start
    while end < characters.count, end - start <= 32, characters[end].isLetter || characters[end] == "_" { end += 1 }
    guard end > start, end < characters.count, characters[end] == "=" else { return nil }
    return queryNames.contains(String(characters[start..<end]).lowercased()) ? end : nil
  }

  /// `scheme://user:password@host` becomes `scheme://REDACTED@host`.
  private func removingUserInfo(from text: String) -> String {
    guard text.contains("://"), text.contains("@") else { return text }
    var output = ""
    var rest = Substring(text)
    while let scheme = rest.firstRange(of: "://") {
      output += rest[..<scheme.upperBound]
      rest = rest[scheme.upperBound...]
      let authorityEnd =
        rest.firstIndex { "/?#".contains($0) || $0.isWhitespace || $0 == "\"" || $0 == ">" } ?? rest.endIndex
      if let at = rest[..<authorityEnd].lastIndex(of: "@") {
        output += Self.mask
        rest = rest[at...]
      }
    }
    return output + rest
  }

  private static let pairStarts: Set<Character> = ["?", "&", ";", " ", "\"", "'", "\n", "\t", "(", "<", ","]
  private static let valueEnds: Set<Character> = ["&", ";", " ", "\"", "'", "\n", "\t", "#", ")", ">", "<", ","]
}
