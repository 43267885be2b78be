import ScreenKit

/// A repository's recorded commits, newest first, read one at a time: the bundled data parses a
/// commit, or only the members of it asked for, when it is asked for (each commit has its own
/// span in the index); a dataset held in memory gives its commits whole.
///
///     let log = try list.commits(at: 0..<list.count, members: ["sha"])  // finds a SHA, parses no more
struct GitHubCommitList: Sendable {
  /// How many commits the repository has.
  let count: Int
  private let store: Store

  private enum Store: Sendable {
    /// The commits at `first..<first + count` of the index's commit spans.
    case index(GitHubSampleIndex, first: Int)
    case memory([JSON])
  }

  init(_ index: GitHubSampleIndex, first: Int, count: Int) {
    self.count = count
    store = .index(index, first: first)
  }

  init(_ commits: [JSON]) {
    count = commits.count
    store = .memory(commits)
  }

  /// The commit at `position` (0 is the newest), with only `members` (nil: all).
  func commit(at position: Int, members: RecordMembers?) throws(DataSourceError) -> JSON {
    guard position >= 0, position < count else {
      throw .decoding("commit \(position) of a list of \(count) was asked for")
    }
    switch store {
    case .index(let index, let first): return try index.commit(at: first + position, members: members)
    case .memory(let commits): return commits[position]
    }
  }

  /// The commits at `positions`, in that order, each with only `members`.
  func commits(at positions: some Sequence<Int>, members: RecordMembers?) throws(DataSourceError) -> [JSON] {
    var commits: [JSON] = []
    for position in positions { commits.append(try commit(at: position, members: members)) }
    return commits
  }
}
