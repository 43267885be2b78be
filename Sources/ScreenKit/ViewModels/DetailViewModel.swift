/// Drives a detail screen: loads one record, and loads it again on reload.
@MainActor
public final class DetailViewModel: ViewModel {
  public struct State: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
      case idle, loading, loaded
      case error(DataSourceError)
    }

    public var status: Status = .idle
    public var record: JSON?
    public var attribution: String?

    public init() {}
  }

  public enum Input: Sendable, Equatable {
    case appear
    case reload
  }

  public private(set) var state = State() {
    didSet { if state != oldValue { onChange?() } }
  }

  public var onChange: (@MainActor () -> Void)?
  public private(set) var requests: [RecordRequest] = []

  private let source: any DataSource
  private let request: RecordRequest
  private let effects = Effects()
  private var generation = 0

  public init(source: any DataSource, request: RecordRequest) {
    self.source = source
    self.request = request
  }

  public func trigger(_ input: Input) {
    switch input {
    case .appear:
      if state.status == .idle { load() }
    case .reload:
      load()
    }
  }

  public func settle() async {
    await effects.settle()
  }

  private func load() {
    generation += 1
    effects.cancelAll()
    state.status = .loading
    requests.append(request)
    let generation = self.generation
    let (source, request) = (self.source, self.request)
    effects.run { [weak self] in
      let result: Result<Record, DataSourceError>
      do throws(DataSourceError) {
        result = .success(try await source.record(request))
      } catch {
        result = .failure(error)
      }
      guard let self, generation == self.generation else { return }
      switch result {
      case .success(let record):
        state.record = record.value
        state.attribution = record.attribution ?? state.attribution
        state.status = .loaded
      case .failure(let error):
        state.status = .error(error)
      }
    }
  }
}
