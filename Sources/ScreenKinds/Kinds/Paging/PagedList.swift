import ScreenFormat
import ScreenJSON
import ScreenKit

/// A paged, searched list of records, the logic a list screen runs and a kind built on one
/// composes (a table's, a chart's): search as you type (debounced, duplicates removed), paging,
/// reload, the highlighted row, and the idle, loading, loaded and error states. An answer that
/// belongs to an older query or page is dropped, never shown.
package struct PagedList: ViewModel {
  package struct State: Sendable, Equatable {
    package typealias Status = LoadStatus

    package var status: Status = .idle
    /// The text in the search field, as typed.
    package var query: String = ""
    /// How many characters of the query follow the cursor: 0 puts it at the end, where typing
    /// appends (`QueryEdit` moves it).
    package var afterCursor = 0
    /// The query the records answer, after trimming and `minLength`; nil before the first load.
    package var activeQuery: String?
    package var records: [JSON] = []
    /// In a tree (`Configuration.children`), each record's depth, from 0; empty in a flat list.
    package var depths: [Int] = []
    package var total: Int?
    package var reachable: Int?
    package var next: PageCursor?
    package var pagesLoaded = 0
    /// A next page is on its way (the rows so far stay shown).
    package var isLoadingNextPage = false
    package var attribution: String?
    /// Bumped for every new query or reload; an answer carrying an older one is stale.
    package var generation = 0
    /// The page whose request failed, which `reload` asks for again.
    package var failedCursor: PageCursor?
    /// The highlighted row (drawn in the interactive mode; the row `open` opened).
    package var selection = 0
    /// The pages loaded since the first, by digest: a page that repeats one is an error.
    package var history = PageHistory()

    package init() {}

    package var hasMore: Bool { next != nil }
  }

  package enum Input: Sendable, Equatable {
    /// The screen is shown: load the first page, once.
    case appear
    /// The search text changed (a keystroke): applied after the debounce. The cursor goes to
    /// its end.
    case queryChanged(String)
    /// A keystroke put in the search text at the cursor: like `queryChanged`, but the text grows
    /// in place (at its end, where the cursor usually is), so typing a long text costs time in
    /// proportion to its length.
    case typed(Character)
    /// An edit of the search text at the cursor, or a move of the cursor; an edit that changes
    /// the text is applied after the debounce, as a keystroke is.
    case edit(QueryEdit)
    /// Search for this text now, with no debounce.
    case search(String)
    /// The debounce after the last edit ran out: search for the text as it stands.
    case debounceElapsed
    /// Enter while the query waits for its debounce: search for it now, as a search box does.
    case submit
    /// The row at this index is shown: near the end, the next page is asked for.
    case rowAppeared(Int)
    case loadNextPage
    /// Start over (or retry the page that failed).
    case reload
    /// Moves the highlight to this row (kept within the rows), which then counts as shown.
    case moveSelection(to: Int)
    /// Highlights this row and asks for nothing (the row a script opened).
    case highlight(Int)
    /// The data source's answer to the request made in `generation` after `page` pages.
    case pageLoaded(generation: Int, page: Int, cursor: PageCursor?, PageAnswer)
  }

  /// A page or why there is none: `Result`'s generic type would cost its first instantiation on
  /// the first frame, this one nothing.
  package enum PageAnswer: Sendable, Equatable {
    case success(Page)
    case failure(DataSourceError)
  }

  /// What the list asks its data source for.
  package struct Configuration: Sendable {
    package var resource: String
    package var parameters: [String: String]
    package var search: SearchSpec?
    package var paging: PagingSpec
    /// The record members the screen reads (`PageRequest.members`); nil for all.
    package var members: RecordMembers?
    /// Whether the records are those of the last page loaded only, each page replacing the one
    /// before (`ScreenSpec.streamsRecords`: `--output` prints a page as it comes and lets it go).
    package var keepsLastPageOnly: Bool
    /// The member of each record that holds its own records: each page is shown as a tree,
    /// depth-first (a list screen's `children`); nil for a flat list.
    package var children: [String]?

    package init(
      resource: String, parameters: [String: String], search: SearchSpec?, paging: PagingSpec,
      members: RecordMembers? = nil, children: [String]? = nil, keepsLastPageOnly: Bool = false
    ) {
      self.resource = resource
      self.parameters = parameters
      self.search = search
      self.paging = paging
      self.members = members
      self.children = children
      self.keepsLastPageOnly = keepsLastPageOnly
    }

    /// The members asked of the source: those the screen reads, and a tree's children whole.
    var requestedMembers: RecordMembers? {
      guard var members, let children else { return members }
      members.insert(children[...])
      return members
    }
  }

  package let source: any DataSource
  package let configuration: Configuration

  package init(source: any DataSource, configuration: Configuration) {
    self.source = source
    self.configuration = configuration
  }

  package func reduce(_ state: inout State, _ input: Input) -> [Effect<Input>] {
    switch input {
    case .appear:
      guard state.activeQuery == nil, state.status == .idle else { return [] }
      return apply(&state, force: true)
    case .queryChanged(let text):
      state.query = text
      state.afterCursor = 0
      return queryEdited(&state)
    case .typed(let character):
      if state.afterCursor == 0 {
        state.query.append(character)
      } else {
        _ = QueryEdit.insert(String(character)).apply(to: &state.query, afterCursor: &state.afterCursor)
      }
      return queryEdited(&state)
    case .edit(let edit):
      return edit.apply(to: &state.query, afterCursor: &state.afterCursor) ? queryEdited(&state) : []
    case .search(let text):
      state.query = text
      state.afterCursor = 0
      return [.cancelTimer] + apply(&state, force: false)
    case .debounceElapsed:
      return apply(&state, force: false)
    case .submit:
      guard isPending(state) else { return [] }
      return [.cancelTimer] + apply(&state, force: false)
    case .rowAppeared(let index):
      guard index >= state.records.count - 1 - configuration.paging.prefetch else { return [] }
      return loadNextPage(&state)
    case .loadNextPage:
      return loadNextPage(&state)
    case .reload:
      if case .error = state.status, let cursor = state.failedCursor, !state.records.isEmpty {
        return [.cancelTimer] + fetch(&state, cursor: cursor)
      }
      return [.cancelTimer] + apply(&state, force: true)
    case .moveSelection(let row):
      guard !state.records.isEmpty else { return [] }
      state.selection = max(0, min(state.records.count - 1, row))
      return reduce(&state, .rowAppeared(state.selection))
    case .highlight(let row):
      state.selection = row
      return []
    case .pageLoaded(let generation, let page, let cursor, let answer):
      receive(&state, answer, generation: generation, page: page, cursor: cursor)
      return []
    }
  }

  /// After an edit of the query: a new search at once, or when the debounce runs out (every edit
  /// sets the timer again, and it reads the query when it fires, so it holds no copy of the text).
  private func queryEdited(_ state: inout State) -> [Effect<Input>] {
    state.selection = 0
    let delay = configuration.search?.debounceMilliseconds ?? 0
    if delay == 0 { return [.cancelTimer] + apply(&state, force: false) }
    return [.after(.milliseconds(delay), send: .debounceElapsed)]
  }

  /// The query as the data source gets it: trimmed, and empty when shorter than `minLength`.
  private func effective(_ text: String) -> String { Self.effective(text, search: configuration.search) }

  static func effective(_ text: String, search: SearchSpec?) -> String {
    let trimmed = text.trimmingWhitespace()
    return trimmed.count < (search?.minLength ?? 0) ? "" : trimmed
  }

  /// Whether the query typed waits for its debounce: the records answer another one (or none yet).
  private func isPending(_ state: State) -> Bool { Self.isPending(state, search: configuration.search) }

  static func isPending(_ state: State, search: SearchSpec?) -> Bool {
    guard search != nil, state.activeQuery != nil else { return false }
    return effective(state.query, search: search) != state.activeQuery
  }

  private func apply(_ state: inout State, force: Bool) -> [Effect<Input>] {
    let query = effective(state.query)
    if !force, query == state.activeQuery { return [] }  // the same search again: nothing to ask
    var next = State()
    next.query = state.query
    next.afterCursor = state.afterCursor
    next.attribution = state.attribution
    next.activeQuery = query
    next.generation = state.generation + 1
    next.selection = state.selection
    if query.isEmpty, configuration.search?.required == true {
      state = next  // idle: the rule of the search screens, no query and no request
      return [.cancelRunning]
    }
    next.status = .loading
    state = next
    return [.cancelRunning] + fetch(&state, cursor: nil)
  }

  private func loadNextPage(_ state: inout State) -> [Effect<Input>] {
    guard state.status == .loaded, let next = state.next, !state.isLoadingNextPage else { return [] }
    return fetch(&state, cursor: next)
  }

  private func fetch(_ state: inout State, cursor: PageCursor?) -> [Effect<Input>] {
    var parameters = configuration.parameters
    if let search = configuration.search, let query = state.activeQuery, !query.isEmpty {
      parameters[search.parameter] = query
    }
    let request = PageRequest(
      resource: configuration.resource, parameters: parameters, cursor: cursor,
      pageSize: configuration.paging.pageSize, members: configuration.requestedMembers)
    if cursor == nil {
      state.status = .loading
    } else {
      state.status = .loaded
      state.isLoadingNextPage = true
    }
    let (generation, page, source) = (state.generation, state.pagesLoaded, self.source)
    return [
      .run {
        do throws(DataSourceError) {
          return .pageLoaded(
            generation: generation, page: page, cursor: cursor, .success(try await source.page(request)))
        } catch {
          return .pageLoaded(generation: generation, page: page, cursor: cursor, .failure(error))
        }
      }
    ]
  }

  /// What a list keeps of a page's records: only the members its screen reads, whatever the
  /// source sent (an API's records are often far larger than a row shows), or every record whole
  /// when a template reads the record whole (`members` nil).
  package static func kept(_ records: [JSON], members: RecordMembers?) -> [JSON] {
    guard let members else { return records }
    return records.map { $0.keeping(members) }
  }

  private func receive(_ state: inout State, _ answer: PageAnswer, generation: Int, page: Int, cursor: PageCursor?) {
    // An answer to an older query, or to a page already replaced, is stale: drop it.
    guard generation == state.generation, page == state.pagesLoaded else { return }
    state.isLoadingNextPage = false
    switch answer {
    case .success(let answer):
      // A page that holds a page's records again is the source going round: not shown, and the
      // list stops (a reload asks for it again, and is told the same).
      if !answer.records.isEmpty,
        let error = state.history.note(answer.recordsDigest, page: page + 1, cursor: cursor)
      {
        state.failedCursor = cursor
        state.status = .error(error)
        return
      }
      state.failedCursor = nil
      var records = answer.records
      var depths: [Int] = []
      if let children = configuration.children {
        // A tree: its records depth-first; the total counts the source's records, not the tree's.
        let tree = JSONTree(records, children: children)
        records = tree.nodes.map(\.record)
        depths = tree.nodes.map(\.depth)
      }
      records = Self.kept(records, members: configuration.members)
      if page == 0 || configuration.keepsLastPageOnly {
        state.records = records
        state.depths = depths
      } else {
        state.records += records
        state.depths += depths
      }
      state.total = configuration.children == nil || depths.allSatisfy({ $0 == 0 }) ? answer.total : nil
      state.reachable = answer.reachable
      state.next = answer.records.isEmpty && page > 0 ? nil : answer.next
      state.attribution = answer.attribution ?? state.attribution
      state.pagesLoaded = page + 1
      state.status = .loaded
      if !state.records.isEmpty { state.selection = min(state.selection, state.records.count - 1) }
    case .failure(let error):
      state.failedCursor = cursor
      state.status = .error(error)
    }
  }
}
