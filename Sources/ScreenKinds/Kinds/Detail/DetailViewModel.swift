import ScreenJSON
import ScreenKit

/// A detail screen's logic: loads one record, loads it again on reload, and remembers how far the
/// body is scrolled.
package struct DetailViewModel: ViewModel {
  package struct State: Sendable, Equatable {
    package typealias Status = LoadStatus

    package var status: Status = .idle
    package var record: JSON?
    package var attribution: String?
    /// Bumped for every load; an answer carrying an older one is stale.
    package var generation = 0
    /// The first line of the body shown, in the interactive mode.
    package var scroll = 0
    /// The focused link (Tab moves it, Enter opens it), counted in screen order; nil for none.
    package var focus: Int?
    /// Bumped when the record shown changes (`Kind.dataRevision`); a refresh that brings the
    /// same record leaves it.
    package var dataRevision = DataRevision()

    package init() {}
  }

  package enum Input: Sendable, Equatable {
    case appear
    case reload
    /// Ask the source again for the record (a screen's `refresh`), keeping it shown, and where
    /// the body is scrolled, until the answer comes; a record that failed reloads.
    case refresh
    /// Scrolls the body so that this line is the first shown.
    case scroll(to: Int)
    /// Focuses this link (nil: none), and scrolls the body to this line when one is given.
    case focus(Int?, scroll: Int?)
    /// The data source's answer to the load made in `generation`.
    case recordLoaded(generation: Int, RecordAnswer)
  }

  /// A record or why there is none.
  package enum RecordAnswer: Sendable, Equatable {
    case success(Record)
    case failure(DataSourceError)
  }

  package let source: any DataSource
  package let request: RecordRequest

  package init(source: any DataSource, request: RecordRequest) {
    self.source = source
    self.request = request
  }

  package func reduce(_ state: inout State, _ input: Input) -> [Effect<Input>] {
    switch input {
    case .appear:
      return state.status == .idle ? load(&state) : []
    case .reload:
      return load(&state)
    case .refresh:
      switch state.status {
      case .loaded:
        state.generation += 1
        return [.cancelRunning, request(state.generation)]
      case .error: return load(&state)
      default: return []
      }
    case .scroll(let line):
      state.scroll = max(0, line)
      return []
    case .focus(let link, let line):
      state.focus = link.map { max(0, $0) }
      if let line { state.scroll = max(0, line) }
      return []
    case .recordLoaded(let generation, let answer):
      guard generation == state.generation else { return [] }
      switch answer {
      case .success(let record):
        if state.record != record.value || state.status != .loaded { state.dataRevision.bump() }
        state.record = record.value
        state.attribution = record.attribution ?? state.attribution
        state.status = .loaded
      case .failure(let error):
        state.status = .error(error)
      }
      return []
    }
  }

  private func load(_ state: inout State) -> [Effect<Input>] {
    state.generation += 1
    state.status = .loading
    return [.cancelRunning, request(state.generation)]
  }

  /// The request for the record, whose answer is marked with `generation`.
  private func request(_ generation: Int) -> Effect<Input> {
    let (source, request) = (self.source, self.request)
    return .run {
      do throws(DataSourceError) {
        return .recordLoaded(generation: generation, .success(try await source.record(request)))
      } catch {
        return .recordLoaded(generation: generation, .failure(error))
      }
    }
  }
}
