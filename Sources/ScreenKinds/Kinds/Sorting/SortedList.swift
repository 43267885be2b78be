import ScreenFormat
import ScreenJSON
import ScreenKit

/// A paged list that its source sorts: a `PagedList` (search, paging, reload, the highlighted
/// row; its reducer runs the list part of the state) and the sort, which a kind composes (a
/// table sorts by its columns, a chart by its bars). A new sort asks the source again from the
/// first page, with the sort in its parameters: a sorted list never sorts only the rows it has
/// loaded.
package struct SortedList: ViewModel {
  package struct State: Sendable, Equatable {
    package var list = PagedList.State()
    /// The sort the rows were asked in; nil for the source's own order.
    package var sort: ListSort?

    package init() {}
  }

  package enum Input: Sendable, Equatable {
    /// An input of the list part.
    case list(PagedList.Input)
    /// Sort by a choice (nil: the source's own order), from the first page again.
    case sort(ListSort?)
  }

  package let source: any DataSource
  /// What the list part asks for, before a sort is added to its parameters.
  package let configuration: PagedList.Configuration
  /// The value each choice sorts by, by the choice's index; nil for one that does not sort.
  package let sortValues: [String?]
  package let sorting: SortSpec?

  package init(
    source: any DataSource, configuration: PagedList.Configuration, sortValues: [String?], sorting: SortSpec?
  ) {
    self.source = source
    self.configuration = configuration
    self.sortValues = sortValues
    self.sorting = sorting
  }

  package func reduce(_ state: inout State, _ input: Input) -> [Effect<Input>] {
    switch input {
    case .list(let input):
      return list(sortedBy: state.sort).reduce(&state.list, input).map { $0.map(Input.list) }
    case .sort(let sort):
      guard sort != state.sort else { return [] }
      state.sort = sort
      // A fresh start: not the retry of a failed page, and the highlight back at the top.
      state.list.failedCursor = nil
      state.list.selection = 0
      return list(sortedBy: sort).reduce(&state.list, .reload).map { $0.map(Input.list) }
    }
  }

  /// The list part's reducer, asking in `sort`.
  private func list(sortedBy sort: ListSort?) -> PagedList {
    var configuration = self.configuration
    if let sort, let sorting, sortValues.indices.contains(sort.column), let value = sortValues[sort.column] {
      configuration.parameters.merge(sorting.parameters(value, descending: sort.descending)) { $1 }
    }
    return PagedList(source: source, configuration: configuration)
  }

  /// Whether `sort` can stand in a list whose choices are `sortValues` (a reloaded screen file
  /// keeps its sort while the choice still sorts).
  package func allows(_ sort: ListSort) -> Bool {
    sortValues.indices.contains(sort.column) && sortValues[sort.column] != nil
  }
}

extension Effect {
  /// The same work, its answer wrapped as an input of a model that holds this one's.
  func map<Outer: Sendable>(_ transform: @escaping @Sendable (Input) -> Outer) -> Effect<Outer> {
    switch work {
    case .run(let operation): .run { transform(await operation()) }
    case .cancelRunning: .cancelRunning
    case .after(let delay, let input): .after(delay, send: transform(input))
    case .cancelTimer: .cancelTimer
    }
  }
}
