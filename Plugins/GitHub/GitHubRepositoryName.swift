import PluginHTTP
import ScreenKit

/// A repository as `owner/name`, checked, so nothing else can slip into a request path; the one
/// validator of the sample and live sources.
struct GitHubRepositoryName: Sendable {
  let owner: String
  let name: String

  init(_ value: String?) throws(DataSourceError) {
    let text = Parameter.trimmed(value) ?? ""
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    let allowed = { (character: Character) in
      character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
    }
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.allSatisfy(allowed) })
    else {
      throw .badRequest("'repo' must be owner/name, as in sigmavirus24/github3.py, not '\(text)'", parameter: "repo")
    }
    owner = String(parts[0])
    name = String(parts[1])
  }

  var text: String { "\(owner)/\(name)" }
  /// `/repos/{owner}/{repo}`, each part encoded as one segment (checked already, and encoded all
  /// the same, so the path stays safe if the check is ever loosened).
  var path: HTTPPath { "/repos/\(owner, parameter: "repo")/\(name, parameter: "repo")" }
}
