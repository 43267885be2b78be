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
    /// A refresh on its way (`Input.refresh`): the pages asked for again so far, shown once all
    /// have come; the rows before stay shown until then.
    package var refreshing: Refreshing?
    /// Bumped when the records shown change (`Kind.dataRevision`): a page, or a refresh whose
    /// answer differs; a refresh that brings the same records leaves it.
    package var dataRevision = DataRevision()

    package init() {}

    package var hasMore: Bool { next != nil }
  }

  /// A refresh of the pages shown, as it comes in: they replace the rows shown only once all
  /// have come, so that an unchanged answer leaves the rows, and the frame, as they were.
  package struct Refreshing: Sendable, Equatable {
    /// How many pages to ask for again: as many as were shown.
    package var pages: Int
    /// The highlighted record's id (`Configuration.identity`), which the highlight follows to
    /// its new row; nil keeps the highlight's row.
    package var selected: String?
    package var records: [JSON] = []
    package var depths: [Int] = []
    package var loaded = 0
    /// The loop check of paging, afresh for the pages asked for again.
    package var history = PageHistory()
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
    /// Ask the source again for the pages shown (a screen's `refresh`), keeping the query, the
    /// pages and the highlighted record; a list that failed reloads, one still loading is left be.
    case refresh
    /// The source's answer to page `page` of the refresh made in `generation`.
    case refreshLoaded(generation: Int, page: Int, cursor: PageCursor?, PageAnswer)
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
    /// What names a record across refreshes (a list's `id`, `{id}` by default), which the
    /// highlight follows; nil keeps the highlight's row.
    package var identity: Template?

    package init(
      resource: String, parameters: [String: String], search: SearchSpec?, paging: PagingSpec,
      members: RecordMembers? = nil, children: [String]? = nil, keepsLastPageOnly: Bool = false,
      identity: Template? = nil
    ) {
      self.identity = identity
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
    case .refresh:
      if case .error = state.status { return reduce(&state, .reload) }
      guard state.status == .loaded, !state.isLoadingNextPage, state.refreshing == nil, state.pagesLoaded > 0 else {
        return []
      }
      state.generation += 1
      let selected =
        state.records.indices.contains(state.selection) ? identity(of: state.records[state.selection]) : nil
      state.refreshing = Refreshing(pages: state.pagesLoaded, selected: selected)
      return [.cancelRunning] + refetch(state, cursor: nil)
    case .refreshLoaded(let generation, let page, let cursor, let answer):
      guard generation == state.generation, state.refreshing?.loaded == page else { return [] }
      return refreshed(&state, answer, cursor: cursor)
    }
  }

  /// The rendered id of `record` (`Configuration.identity`); nil when it has none.
  private func identity(of record: JSON) -> String? {
    guard let template = configuration.identity else { return nil }
    let id = template.render(in: TemplateContext(record: record))
    return id.isEmpty ? nil : id
  }

  /// Asks for page `refreshing.loaded` of a refresh, from `cursor`.
  private func refetch(_ state: State, cursor: PageCursor?) -> [Effect<Input>] {
    let request = pageRequest(state, cursor: cursor)
    let (generation, page, source) = (state.generation, state.refreshing?.loaded ?? 0, self.source)
    return [
      .run {
        do throws(DataSourceError) {
          return .refreshLoaded(
            generation: generation, page: page, cursor: cursor, .success(try await source.page(request)))
        } catch {
          return .refreshLoaded(generation: generation, page: page, cursor: cursor, .failure(error))
        }
      }
    ]
  }

  /// A page of a refresh: kept until the last, then shown in place of the rows before, the
  /// highlight on the record it was on (or its row, when the record is gone or has no id).
  private func refreshed(_ state: inout State, _ answer: PageAnswer, cursor: PageCursor?) -> [Effect<Input>] {
    guard var refreshing = state.refreshing else { return [] }
    switch answer {
    case .failure(let error):
      state.refreshing = nil
      state.failedCursor = cursor
      state.status = .error(error)
      return []
    case .success(let page):
      if !page.records.isEmpty,
        let error = refreshing.history.note(page.recordsDigest, page: refreshing.loaded + 1, cursor: cursor)
      {
        state.refreshing = nil
        state.failedCursor = cursor
        state.status = .error(error)
        return []
      }
      let (records, depths) = shaped(page)
      if configuration.keepsLastPageOnly {
        (refreshing.records, refreshing.depths) = (records, depths)
      } else {
        refreshing.records += records
        refreshing.depths += depths
      }
      refreshing.loaded += 1
      if refreshing.loaded < refreshing.pages, let next = page.next, !page.records.isEmpty {
        state.refreshing = refreshing
        return refetch(state, cursor: next)
      }
      state.refreshing = nil
      if refreshing.records != state.records || total(of: page, depths: refreshing.depths) != state.total {
        state.dataRevision.bump()
      }
      state.records = refreshing.records
      state.depths = refreshing.depths
      state.history = refreshing.history
      state.total = total(of: page, depths: refreshing.depths)
      state.reachable = page.reachable
      state.next = page.records.isEmpty && refreshing.loaded > 1 ? nil : page.next
      state.attribution = page.attribution ?? state.attribution
      state.pagesLoaded = refreshing.loaded
      state.failedCursor = nil
      state.status = .loaded
      if let selected = refreshing.selected,
        let row = state.records.firstIndex(where: { identity(of: $0) == selected })
      {
        state.selection = row
      } else if !state.records.isEmpty {
        state.selection = min(state.selection, state.records.count - 1)
      } else {
        state.selection = 0
      }
      return []
    }
  }

  /// A page's records as the list keeps them: a tree's depth-first, each with its depth, and
  /// only the members the screen reads.
  private func shaped(_ page: Page) -> (records: [JSON], depths: [Int]) {
    var records = page.records
    var depths: [Int] = []
    if let children = configuration.children {
      // A tree: its records depth-first; the total counts the source's records, not the tree's.
      let tree = JSONTree(records, children: children)
      records = tree.nodes.map(\.record)
      depths = tree.nodes.map(\.depth)
    }
    return (Self.kept(records, members: configuration.members), depths)
  }

  /// The list's total: the source's, but in a tree that has nested records (which it does not count).
  private func total(of page: Page, depths: [Int]) -> Int? {
    configuration.children == nil || depths.allSatisfy({ $0 == 0 }) ? page.total : nil
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
    guard state.status == .loaded, let next = state.next, !state.isLoadingNextPage, state.refreshing == nil else {
      return []
    }
    return fetch(&state, cursor: next)
  }

  /// The request for the page at `cursor` of the query the records answer.
  private func pageRequest(_ state: State, cursor: PageCursor?) -> PageRequest {
    var parameters = configuration.parameters
    if let search = configuration.search, let query = state.activeQuery, !query.isEmpty {
      parameters[search.parameter] = query
    }
    return PageRequest(
      resource: configuration.resource, parameters: parameters, cursor: cursor,
      pageSize: configuration.paging.pageSize, members: configuration.requestedMembers)
  }

  private func fetch(_ state: inout State, cursor: PageCursor?) -> [Effect<Input>] {
    let request = pageRequest(state, cursor: cursor)
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
      state.dataRevision.bump()
      let (records, depths) = shaped(answer)
      if page == 0 || configuration.keepsLastPageOnly {
        state.records = records
        state.depths = depths
      } else {
        state.records += records
        state.depths += depths
      }
      state.total = total(of: answer, depths: depths)
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
