import ScreenKit

/// A repository's recorded commits, newest first, and the questions the commits endpoints ask of
/// them: which commit a SHA names, which commits a SHA reaches, which commits touch a path. The
/// answers are places in the list, so the commits need hold only what a question reads: `sha`
/// for a lookup, `sha` and `parents` for a walk, `files` for a path.
struct GitHubCommitLog: Sendable {
  let commits: [JSON]
  /// The repository's default branch, which names its newest commit.
  let defaultBranch: String?

  /// What a SHA (or branch) names among the recorded commits.
  enum Lookup: Equatable {
    case found(Int)
    case none
    /// A short SHA that more than one recorded commit starts with.
    case ambiguous
  }

  /// The commit a full SHA, a SHA of at least 4 characters (as git abbreviates), or the default
  /// branch's name, names.
  func lookup(_ reference: String) -> Lookup {
    if let defaultBranch, reference == defaultBranch, !commits.isEmpty { return .found(0) }
    let text = reference.lowercased()
    guard text.count >= 4, text.allSatisfy(\.isHexDigit) else { return .none }
    let matches = commits.indices.filter { (commits[$0]["sha"]?.stringValue ?? "").lowercased().hasPrefix(text) }
    switch matches.count {
    case 0: return .none
    case 1: return .found(matches[0])
    default:
      // A full SHA is never ambiguous, even if the data held the same commit twice.
      return matches.first { commits[$0]["sha"]?.stringValue?.lowercased() == text }.map(Lookup.found) ?? .ambiguous
    }
  }

  /// The places of the commits reachable from the one at `start` through `parents`, newest
  /// first, as `GET /repos/{owner}/{repo}/commits?sha=…` lists them. The walk ends where the
  /// recording ends: a parent that was not recorded reaches nothing further.
  func reachable(from start: Int) -> [Int] {
    var indexBySHA: [String: Int] = [:]
    for (index, commit) in commits.enumerated() {
      if let sha = commit["sha"]?.stringValue { indexBySHA[sha] = indexBySHA[sha] ?? index }
    }
    var reached: Set<Int> = [start]
    var pending = [start]
    while let index = pending.popLast() {
      for parent in commits[index]["parents"]?.arrayValue ?? [] {
        guard let sha = parent["sha"]?.stringValue, let next = indexBySHA[sha], !reached.contains(next) else {
          continue
        }
        reached.insert(next)
        pending.append(next)
      }
    }
    return commits.indices.filter(reached.contains)
  }

  /// The places in `commits` of those whose `files` name `path` or a file under it; nil when a
  /// commit has no `files` (list responses never carry them), since then the answer would
  /// silently miss commits.
  static func touching(_ path: String, in commits: [JSON]) -> [Int]? {
    let path = path.hasPrefix("/") ? String(path.dropFirst()) : path
    let folder = path.hasSuffix("/") ? path : path + "/"
    var touching: [Int] = []
    for (place, commit) in commits.enumerated() {
      guard let files = commit["files"]?.arrayValue else { return nil }
      let names = files.flatMap {
        [$0["filename"]?.stringValue, $0["previous_filename"]?.stringValue].compactMap { $0 }
      }
      if names.contains(where: { $0 == path || $0.hasPrefix(folder) }) { touching.append(place) }
    }
    return touching
  }
}
