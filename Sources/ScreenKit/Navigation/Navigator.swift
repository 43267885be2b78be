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

    public internal(set) var spec: ScreenSpec
    public let parameters: [String: String]
    public internal(set) var model: Model
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
  /// Every screen file opened so far, and the files those screens open (what `--watch` watches).
  public private(set) var files: [String] = []
  /// Why the last reload of the screen files failed; the last good screens keep running.
  public private(set) var reloadError: ScreenLoadError?
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

  /// What to draw: the current screen, with the problems of a failed reload.
  public var screenState: ScreenState? {
    guard var state = current?.screenState else { return nil }
    state.problems = reloadError?.diagnostics.map(\.description) ?? []
    return state
  }

  /// Loads every open screen's file again. Where a screen still asks the same of its data
  /// source, it keeps its view model: query, pages, records and selection stay. Where it asks
  /// something else, it loads anew with the same query. If any file is broken now, nothing
  /// changes and `reloadError` says why.
  public func reloadScreens() {
    var specs: [ScreenSpec] = []
    for entry in stack {
      do {
        specs.append(try loader.load(entry.spec.file))
      } catch {
        reloadError = error
        onChange?()
        return
      }
    }
    reloadError = nil
    for (entry, spec) in zip(stack, specs) {
      let before = entry.spec
      entry.spec = spec
      remember(spec)
      guard Self.binding(of: before) != Self.binding(of: spec) else { continue }
      do {
        var query = ""
        if case .list(let model) = entry.model, spec.list?.search != nil { query = model.state.query }
        entry.model = try makeModel(spec, parameters: entry.parameters)
        start(entry, query: query)
      } catch {
        reloadError = ScreenLoadError([Diagnostic(file: spec.file, message: error.description)])
      }
    }
    onChange?()
  }

  /// What a screen asks of its data source; when it is unchanged, the loaded data still fits.
  private static func binding(of spec: ScreenSpec) -> String {
    let parameters = spec.source.parameters.map { "\($0.name)=\($0.value.source)" }.sorted()
    let list = spec.list.map {
      "\($0.search?.parameter ?? "")|\($0.search?.minLength ?? 0)|\($0.search?.required ?? false)|\($0.paging.pageSize)"
    }
    // The records hold only the members the screen read when they were loaded.
    let members = spec.list == nil ? "" : spec.recordMembers.map { $0.sorted().joined(separator: ",") } ?? "*"
    return [spec.kind.rawValue, spec.source.plugin, spec.source.resource, list ?? "", members].joined(separator: "|")
      + parameters.joined(separator: "&")
  }

  private func remember(_ spec: ScreenSpec) {
    var paths = [spec.file]
    if let select = spec.list?.select { paths.append(ScreenLoader.resolve(select.screen, relativeTo: spec.file)) }
    for path in paths where !files.contains(path) { files.append(path) }
  }

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
    let entry = Entry(spec: spec, parameters: parameters, model: try makeModel(spec, parameters: parameters))
    stack.append(entry)
    remember(spec)
    start(entry)
    onChange?()
  }

  /// Makes the view model of a screen.
  private func makeModel(_ spec: ScreenSpec, parameters: [String: String]) throws(NavigationError) -> Entry.Model {
    let source = try dataSource(spec.source.plugin)
    let context = TemplateContext(params: parameters)
    var values: [String: String] = [:]
    for (name, template) in spec.source.parameters { values[name] = template.render(in: context) }

    switch spec.body {
    case .list(let list):
      let configuration = ListViewModel.Configuration(
        resource: spec.source.resource, parameters: values, search: list.search, paging: list.paging,
        members: spec.recordMembers)
      return .list(ListViewModel(source: source, configuration: configuration, scheduler: scheduler))
    case .detail:
      return .detail(
        DetailViewModel(source: source, request: RecordRequest(resource: spec.source.resource, parameters: values)))
    }
  }

  /// Wires an entry's model to redraw, and starts its first load.
  private func start(_ entry: Entry, query: String = "") {
    switch entry.model {
    case .list(let model):
      model.onChange = { [weak self, weak entry] in self?.changed(entry) }
      if query.isEmpty { model.trigger(.appear) } else { model.trigger(.search(query)) }
    case .detail(let model):
      model.onChange = { [weak self, weak entry] in self?.changed(entry) }
      model.trigger(.appear)
    }
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
