import ScreenKit
import Synchronization

/// The order of a repository search's results, as places in the dataset's list of repositories
/// (`GitHubDataset.repositories()`): best match first, or by `sort` with best match breaking ties,
/// then the id, then the place (the order the list holds them in).
///
/// A search sorts small keys taken out of the repositories once, never the repositories. A query
/// with no words (only qualifiers, as a sorted table asks) gives every repository the same
/// relevance whatever its qualifiers, so its order is the dataset's whole order for that sort,
/// computed once a dataset and filtered by the query's matches.
final class GitHubSearchOrder: Sendable {
  private struct Key: Hashable {
    var sort: GitHubSampleSource.Sort?
    var ascending: Bool
  }

  /// The whole list's order for a query with no words, by sort and direction: at most 8 arrays
  /// of one `Int` per repository.
  private let wholeOrders = Mutex<[Key: [Int]]>([:])

  /// The places in `repositories` of those that match `query`, in the order of the results.
  /// `repositories` must be the same list at every call (the dataset's).
  func places(
    in repositories: [GitHubRepository], matching query: GitHubSearchQuery, sort: GitHubSampleSource.Sort?,
    ascending: Bool
  ) -> [Int] {
    guard query.terms.isEmpty else {
      let matches = Self.matches(of: query, among: repositories, at: repositories.indices)
      return Self.sorted(matches, in: repositories, query: query, sort: sort, ascending: ascending)
    }
    let key = Key(sort: sort, ascending: ascending)
    let whole: [Int]
    if let found = wholeOrders.withLock({ $0[key] }) {
      whole = found
    } else {
      let computed = Self.sorted(
        Array(repositories.indices), in: repositories, query: query, sort: sort, ascending: ascending)
      whole = wholeOrders.withLock { orders in
        if let found = orders[key] { return found }
        orders[key] = computed
        return computed
      }
    }
    return Self.matches(of: query, among: repositories, at: whole)
  }

  /// The places of `places` whose repositories match `query`, in the same order; reads the
  /// repositories in place (a copy of one costs a retain of each of its strings).
  private static func matches(
    of query: GitHubSearchQuery, among repositories: [GitHubRepository], at places: some Sequence<Int>
  ) -> [Int] {
    repositories.withUnsafeBufferPointer { repositories in places.filter { query.matches(repositories[$0]) } }
  }

  /// `places` in the order of the results of `query`.
  static func sorted(
    _ places: [Int], in repositories: [GitHubRepository], query: GitHubSearchQuery, sort: GitHubSampleSource.Sort?,
    ascending: Bool
  ) -> [Int] {
    let entries = places.map { place in
      let repository = repositories[place]
      return Entry(
        place: place, number: sort == .forks ? repository.forks : repository.stars,
        text: sort == .updated ? repository.updatedAt ?? "" : "", relevance: query.relevance(of: repository),
        id: repository.id)
    }
    var order = Array(entries.indices)
    entries.withUnsafeBufferPointer { entries in
      order.sort { left, right in
        let (left, right) = (entries[left], entries[right])
        switch sort {
        case .updated?:
          // GitHub's timestamps share one format, so their text orders as their time does.
          if left.text != right.text { return (left.text < right.text) == ascending }
        case .stars?, .forks?:
          if left.number != right.number { return (left.number < right.number) == ascending }
        case nil:
          break
        }
        if left.relevance != right.relevance { return left.relevance > right.relevance }
        if left.id != right.id { return left.id < right.id }
        return left.place < right.place
      }
    }
    return order.map { entries[$0].place }
  }

  /// What the order reads of one repository.
  private struct Entry {
    var place: Int
    /// Stars or forks, as `sort` asks.
    var number: Int
    /// `updated_at` when `sort` is updated.
    var text: String
    var relevance: GitHubSearchQuery.Relevance
    var id: Int
  }
}
