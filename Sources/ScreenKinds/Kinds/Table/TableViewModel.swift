import ScreenKit

/// A table screen's logic: a list's (search, paging, reload, the highlighted row; its reducer
/// runs the list part of the state) and the sort. A new sort asks the source again from the first
/// page, with the sort in its parameters: a table never sorts only the rows it has loaded.
public struct TableViewModel: ViewModel {
  public struct State: Sendable, Equatable {
    public var list = ListViewModel.State()
    /// The sort the rows were asked in; nil for the source's own order.
    public var sort: TableSort?

    public init() {}
  }

  public enum Input: Sendable, Equatable {
    /// An input of the list part.
    case list(ListViewModel.Input)
    /// Sort by a column (nil: the source's own order), from the first page again.
    case sort(TableSort?)
  }

  public let source: any DataSource
  /// What the list part asks for, before a sort is added to its parameters.
  public let configuration: ListViewModel.Configuration
  public let columns: [ColumnSpec]
  public let sorting: SortSpec?

  public init(
    source: any DataSource, configuration: ListViewModel.Configuration, columns: [ColumnSpec], sorting: SortSpec?
  ) {
    self.source = source
    self.configuration = configuration
    self.columns = columns
    self.sorting = sorting
  }

  public func reduce(_ state: inout State, _ input: Input) -> [Effect<Input>] {
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
  private func list(sortedBy sort: TableSort?) -> ListViewModel {
    var configuration = self.configuration
    if let sort, let sorting, columns.indices.contains(sort.column), let value = columns[sort.column].sort?.value {
      configuration.parameters.merge(sorting.parameters(value, descending: sort.descending)) { $1 }
    }
    return ListViewModel(source: source, configuration: configuration)
  }
}

extension Effect {
  /// The same work, its answer wrapped as an input of a model that holds this one's.
  package func map<Outer: Sendable>(_ transform: @escaping @Sendable (Input) -> Outer) -> Effect<Outer> {
    switch work {
    case .run(let operation): .run { transform(await operation()) }
    case .cancelRunning: .cancelRunning
    case .after(let delay, let input): .after(delay, send: transform(input))
    case .cancelTimer: .cancelTimer
    }
  }
}
