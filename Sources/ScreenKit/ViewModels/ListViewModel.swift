/// Drives a list screen: search as you type (debounced, duplicates removed), paging, reload, and
/// the idle, loading, loaded and error states. A response that belongs to an older query or page
/// is dropped, never shown.
@MainActor
public final class ListViewModel: ViewModel {
  public struct State: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
      case idle, loading, loaded
      case error(DataSourceError)
    }

    public var status: Status = .idle
    /// The text in the search field, as typed.
    public var query: String = ""
    /// The query the records answer, after trimming and `minLength`; nil before the first load.
    public var activeQuery: String?
    public var records: [JSON] = []
    public var total: Int?
    public var reachable: Int?
    public var next: PageCursor?
    public var pagesLoaded = 0
    /// A next page is on its way (the rows so far stay shown).
    public var isLoadingNextPage = false
    public var attribution: String?

    public init() {}

    public var hasMore: Bool { next != nil }
  }

  public enum Input: Sendable, Equatable {
    /// The screen is shown: load the first page, once.
    case appear
    /// The search text changed (a keystroke): applied after the debounce.
    case queryChanged(String)
    /// A keystroke added to the end of the search text: like `queryChanged`, but the text grows
    /// in place, so typing a long text costs time in proportion to its length.
    case typed(Character)
    /// Search for this text now, with no debounce.
    case search(String)
    /// The row at this index is shown: near the end, the next page is asked for.
    case rowAppeared(Int)
    case loadNextPage
    /// Start over (or retry the page that failed).
    case reload
  }

  /// What the list asks its data source for.
  public struct Configuration: Sendable {
    public var resource: String
    public var parameters: [String: String]
    public var search: SearchSpec?
    public var paging: PagingSpec

    public init(resource: String, parameters: [String: String], search: SearchSpec?, paging: PagingSpec) {
      self.resource = resource
      self.parameters = parameters
      self.search = search
      self.paging = paging
    }
  }

  public private(set) var state: State {
    get { storage }
    set {
      let changed = newValue != storage
      storage = newValue
      if changed { onChange?() }
    }
  }

  /// The state itself: a keystroke appends to its query in place, with no copy of the text.
  private var storage = State()

  /// Called after every change of state (the terminal redraws).
  public var onChange: (@MainActor () -> Void)?

  /// Every request sent, in order (what a test or benchmark counts).
  public private(set) var requests: [PageRequest] = []

  private let source: any DataSource
  private let configuration: Configuration
  private let scheduler: any Scheduler
  private let effects = Effects()
  private var debounce: ScheduledAction?
  /// Bumped for every new query or reload; a response carrying an older one is stale.
  private var generation = 0
  private var failedCursor: PageCursor?

  public init(source: any DataSource, configuration: Configuration, scheduler: any Scheduler) {
    self.source = source
    self.configuration = configuration
    self.scheduler = scheduler
  }

  public func trigger(_ input: Input) {
    switch input {
    case .appear:
      if state.activeQuery == nil, state.status == .idle { apply(state.query, force: true) }
    case .queryChanged(let text):
      state.query = text
      queryEdited()
    case .typed(let character):
      storage.query.append(character)
      onChange?()
      queryEdited()
    case .search(let text):
      state.query = text
      debounce?.cancel()
      apply(text, force: false)
    case .rowAppeared(let index):
      if index >= state.records.count - 1 - configuration.paging.prefetch { loadNextPage() }
    case .loadNextPage:
      loadNextPage()
    case .reload:
      debounce?.cancel()
      if case .error = state.status, let cursor = failedCursor, !state.records.isEmpty {
        fetch(cursor: cursor)
      } else {
        apply(state.query, force: true)
      }
    }
  }

  /// Restarts the debounce after an edit of the query. The debounced action reads the query when
  /// it fires (every edit cancels the one before), so it holds no copy of the text.
  private func queryEdited() {
    debounce?.cancel()
    let delay = configuration.search?.debounceMilliseconds ?? 0
    if delay == 0 {
      apply(state.query, force: false)
    } else {
      debounce = scheduler.schedule(after: .milliseconds(delay)) { [weak self] in
        guard let self else { return }
        self.apply(self.state.query, force: false)
      }
    }
  }

  /// Waits until every request in flight has answered and been applied.
  public func settle() async {
    await effects.settle()
  }

  /// Whether a debounced query is still waiting for its time.
  public var hasPendingDebounce: Bool {
    guard let debounce else { return false }
    return !debounce.isCancelled
  }

  /// The query as the data source gets it: trimmed, and empty when shorter than `minLength`.
  private func effective(_ text: String) -> String {
    let trimmed = text.trimmingWhitespace()
    return trimmed.count < (configuration.search?.minLength ?? 0) ? "" : trimmed
  }

  private func apply(_ text: String, force: Bool) {
    debounce = nil
    let query = effective(text)
    if !force, query == state.activeQuery { return }  // the same search again: nothing to ask
    generation += 1
    effects.cancelAll()
    failedCursor = nil
    // One assignment, so an observer never sees the new query with the old rows.
    var next = State()
    next.query = state.query
    next.attribution = state.attribution
    next.activeQuery = query
    if query.isEmpty, configuration.search?.required == true {
      state = next  // idle: the rule of the search screens, no query and no request
      return
    }
    next.status = .loading
    state = next
    fetch(cursor: nil)
  }

  private func loadNextPage() {
    guard state.status == .loaded, let next = state.next, !state.isLoadingNextPage else { return }
    fetch(cursor: next)
  }

  private func fetch(cursor: PageCursor?) {
    var parameters = configuration.parameters
    if let search = configuration.search, let query = state.activeQuery, !query.isEmpty {
      parameters[search.parameter] = query
    }
    let request = PageRequest(
      resource: configuration.resource, parameters: parameters, cursor: cursor,
      pageSize: configuration.paging.pageSize)
    requests.append(request)
    var next = state
    if cursor == nil {
      next.status = .loading
    } else {
      next.status = .loaded
      next.isLoadingNextPage = true
    }
    state = next
    let generation = self.generation
    let page = state.pagesLoaded
    let source = self.source
    effects.run { [weak self] in
      let result: Result<Page, DataSourceError>
      do throws(DataSourceError) {
        result = .success(try await source.page(request))
      } catch {
        result = .failure(error)
      }
      self?.receive(result, generation: generation, page: page, cursor: cursor)
    }
  }

  private func receive(_ result: Result<Page, DataSourceError>, generation: Int, page: Int, cursor: PageCursor?) {
    // An answer to an older query, or to a page already replaced, is stale: drop it.
    guard generation == self.generation, page == state.pagesLoaded else { return }
    var next = state
    next.isLoadingNextPage = false
    switch result {
    case .success(let answer):
      failedCursor = nil
      next.records = page == 0 ? answer.records : next.records + answer.records
      next.total = answer.total
      next.reachable = answer.reachable
      next.next = answer.records.isEmpty && page > 0 ? nil : answer.next
      next.attribution = answer.attribution ?? next.attribution
      next.pagesLoaded = page + 1
      next.status = .loaded
    case .failure(let error):
      failedCursor = cursor
      next.status = .error(error)
    }
    state = next
  }

}
