/// A stack of open screens. `select` pushes the target screen with its parameters, `back` pops.
@MainActor
public final class Navigator {
  /// One open screen: its spec, parameters and view model, and where the user stands in it.
  @MainActor
  public final class Entry {
    public enum Model {
      case list(ListViewModel)
      case detail(DetailViewModel)
    }

    public let spec: ScreenSpec
    public let parameters: [String: String]
    public let model: Model
    public var selection = 0
    public var scroll = 0

    init(spec: ScreenSpec, parameters: [String: String], model: Model) {
      self.spec = spec
      self.parameters = parameters
      self.model = model
    }

    /// The state to draw.
    public var screenState: ScreenState {
      switch model {
      case .list(let model):
        ScreenState(spec: spec, parameters: parameters, content: .list(model.state), selection: selection)
      case .detail(let model):
        ScreenState(spec: spec, parameters: parameters, content: .detail(model.state))
      }
    }

    public func settle() async {
      switch model {
      case .list(let model): await model.settle()
      case .detail(let model): await model.settle()
      }
    }
  }

  public private(set) var stack: [Entry] = []
  /// Called when the current screen's state changes or another screen comes up.
  public var onChange: (@MainActor () -> Void)?

  private let loader: ScreenLoader
  private let context: PluginContext
  private let scheduler: any Scheduler
  private var sources: [String: any DataSource] = [:]

  public init(loader: ScreenLoader, context: PluginContext, scheduler: any Scheduler) {
    self.loader = loader
    self.context = context
    self.scheduler = scheduler
  }

  public var current: Entry? { stack.last }

  /// Opens a screen file on top of the stack, with the given parameters.
  public func open(_ path: String, parameters: [String: String] = [:]) throws(NavigationError) {
    let spec: ScreenSpec
    do {
      spec = try loader.load(path)
    } catch {
      throw .invalidScreen(error)
    }
    try push(spec, parameters: parameters)
  }

  /// Opens what the current list's row `index` selects.
  public func select(_ index: Int) throws(NavigationError) {
    guard let entry = current, case .list(let model) = entry.model else {
      throw .cannotSelect("this screen is not a list")
    }
    guard let select = entry.spec.list?.select else {
      throw .cannotSelect("this list opens nothing (it has no 'select')")
    }
    let records = model.state.records
    guard records.indices.contains(index) else {
      throw .cannotSelect(
        records.isEmpty ? "the list is empty" : "there is no row \(index + 1); the list has \(records.count)")
    }
    let context = TemplateContext(
      record: records[index], params: entry.parameters, query: model.state.query)
    var parameters: [String: String] = [:]
    for (name, template) in select.parameters { parameters[name] = template.render(in: context) }
    entry.selection = index
    try open(ScreenLoader.resolve(select.screen, relativeTo: entry.spec.file), parameters: parameters)
  }

  /// Goes back to the screen before; false on the first screen.
  @discardableResult
  public func back() -> Bool {
    guard stack.count > 1 else { return false }
    stack.removeLast()
    onChange?()
    return true
  }

  /// Waits until the current screen has no request in flight.
  public func settle() async {
    await current?.settle()
  }

  private func push(_ spec: ScreenSpec, parameters: [String: String]) throws(NavigationError) {
    let missing = spec.parameterNames.subtracting(parameters.keys).sorted()
    guard missing.isEmpty else { throw .missingParameters(spec.file, missing) }
    let source = try dataSource(spec.source.plugin)
    let context = TemplateContext(params: parameters)
    var values: [String: String] = [:]
    for (name, template) in spec.source.parameters { values[name] = template.render(in: context) }

    let model: Entry.Model
    switch spec.body {
    case .list(let list):
      let configuration = ListViewModel.Configuration(
        resource: spec.source.resource, parameters: values, search: list.search, paging: list.paging)
      model = .list(ListViewModel(source: source, configuration: configuration, scheduler: scheduler))
    case .detail:
      model = .detail(DetailViewModel(source: source, request: RecordRequest(resource: spec.source.resource, parameters: values)))
    }
    let entry = Entry(spec: spec, parameters: parameters, model: model)
    stack.append(entry)
    switch model {
    case .list(let list):
      list.onChange = { [weak self, weak entry] in self?.changed(entry) }
      list.trigger(.appear)
    case .detail(let detail):
      detail.onChange = { [weak self, weak entry] in self?.changed(entry) }
      detail.trigger(.appear)
    }
    onChange?()
  }

  private func changed(_ entry: Entry?) {
    if let entry, entry === current { onChange?() }
  }

  private func dataSource(_ plugin: String) throws(NavigationError) -> any DataSource {
    if let source = sources[plugin] { return source }
    do {
      let source = try loader.registry.makeSource(named: plugin, context: context)
      sources[plugin] = source
      return source
    } catch {
      throw .dataSource(error)
    }
  }
}

/// Why a screen could not be opened.
public enum NavigationError: Error, Sendable, CustomStringConvertible {
  case invalidScreen(ScreenLoadError)
  case missingParameters(String, [String])
  case cannotSelect(String)
  case dataSource(DataSourceError)

  public var description: String {
    switch self {
    case .invalidScreen(let error): error.description
    case .missingParameters(let file, let names):
      "\(file): error: this screen reads " + names.map { "{params.\($0)}" }.joined(separator: ", ")
        + "; pass " + names.map { "--param \($0)=VALUE" }.joined(separator: " ")
    case .cannotSelect(let reason): "cannot open: \(reason)"
    case .dataSource(let error): error.description
    }
  }
}
