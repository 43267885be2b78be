import ScreenFormat
import ScreenKinds
import ScreenKit
import Synchronization

/// A stack of open screens. `select` pushes the target screen with its parameters, `back` pops.
///
/// It talks to every screen through `AnyViewModel` and never learns its kind. It needs no actor:
/// it lives where it was made (the interactive loop's actor, or a script's task), while its
/// screens' requests run on any thread.
package final class Navigator {
  /// One open screen: its spec, parameters and view model.
  package final class Entry {
    package internal(set) var spec: ScreenSpec
    package let parameters: [String: String]
    package internal(set) var model: AnyViewModel

    package init(spec: ScreenSpec, parameters: [String: String], model: AnyViewModel) {
      self.spec = spec
      self.parameters = parameters
      self.model = model
    }

    /// The state to draw.
    package var screenState: ScreenState {
      ScreenState(spec: spec, parameters: parameters, content: model.content)
    }

    /// The data error the screen stands in, if any.
    package var error: DataSourceError? { model.error }

    nonisolated(nonsending) package func settle() async {
      await model.settle()
    }
  }

  package private(set) var stack: [Entry] = []
  /// Every screen file opened so far, and the files those screens open (what `--watch` watches).
  package private(set) var files: [String] = []
  /// Why the last reload of the screen files failed; the last good screens keep running.
  package private(set) var reloadError: ScreenLoadError?

  /// Called when a screen's state changes or another screen comes up, on whatever task changed
  /// it (a screen's answer arrives on its own).
  package var onChange: (@Sendable () -> Void)? {
    get { relay.handler.withLock { $0 } }
    set { relay.handler.withLock { $0 = newValue } }
  }

  private let relay = ChangeRelay()

  private let loader: ScreenLoader
  private let context: PluginContext
  private let scheduler: any Scheduler
  private var sources: [String: any DataSource] = [:]
  /// What the screens' data sources were asked and answered, and what they report of themselves.
  package let monitor: SourceMonitor

  package init(
    loader: ScreenLoader, context: PluginContext, scheduler: any Scheduler, monitor: SourceMonitor = SourceMonitor()
  ) {
    self.loader = loader
    self.context = context
    self.scheduler = scheduler
    self.monitor = monitor
  }

  /// Whether frames end with the current screen's data-source status line (`SourceStatus`).
  package var showsStatus = false

  package var current: Entry? { stack.last }

  /// The kinds its screens may be, as its loader has them.
  package var kinds: KindRegistry { loader.kinds }

  /// Whether the key help is shown over the current screen (until the next key).
  package internal(set) var showsHelp = false {
    didSet { if showsHelp != oldValue { changed() } }
  }

  /// What to draw: the current screen, with the problems of a failed reload.
  package var screenState: ScreenState? {
    guard var state = current?.screenState else { return nil }
    if showsHelp, let model = current?.model {
      let help = model.keyHelp  // the keys every screen shares come first, from the kind's bindings
      state.content = ScreenContent(state: help) { _, options in
        KeyHelpFrame.lines(kind: model.kind, help: help, options: options)
      }
    }
    state.problems = reloadError?.diagnostics.map(\.description) ?? []
    if showsStatus, let plugin = current?.spec.source.plugin { state.status = monitor.status(of: plugin)?.line() }
    return state
  }

  /// Loads every open screen's file again. Where a screen still asks the same of its data
  /// source, it keeps its view model: query, pages, records and selection stay. Where it asks
  /// something else, it loads anew with the same query. If any file is broken now, nothing
  /// changes and `reloadError` says why.
  package func reloadScreens() {
    var specs: [ScreenSpec] = []
    for entry in stack {
      do {
        specs.append(try loader.loadAfresh(entry.spec.file))
      } catch {
        reloadError = error
        changed()
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
        entry.model = try makeModel(spec, parameters: entry.parameters, previous: entry.model)
        start(entry.model)
      } catch {
        reloadError = ScreenLoadError([Diagnostic(file: spec.file, message: error.description)])
      }
    }
    changed()
  }

  /// What a screen asks of its data source; when it is unchanged, the loaded data still fits.
  private static func binding(of spec: ScreenSpec) -> String {
    let parameters = spec.source.parameters.map { "\($0.name)=\($0.value.source)" }.sorted()
    return [spec.kind.name, spec.source.plugin, spec.source.resource, spec.kind.sourceBinding(spec)].joined(
      separator: "|")
      + parameters.joined(separator: "&")
  }

  private func remember(_ spec: ScreenSpec) {
    var paths = [spec.file]
    paths += spec.body.targets.map { ScreenLoader.resolve($0.select.screen, relativeTo: spec.file) }
    for path in paths where !files.contains(path) { files.append(path) }
  }

  /// Opens a screen file on top of the stack, with the given parameters.
  package func open(_ path: String, parameters: [String: String] = [:]) throws(NavigationError) {
    let spec: ScreenSpec
    do {
      spec = try loader.load(path)
    } catch {
      throw .invalidScreen(error)
    }
    try push(spec, parameters: parameters)
  }

  /// Opens what the current screen's row `index` selects.
  package func select(_ index: Int) throws(NavigationError) {
    guard let entry = current else { throw .cannotSelect("no screen is open") }
    let opening = try entry.model.opening(row: index, screen: entry.screenState)
    try open(opening.screen, parameters: opening.parameters)
  }

  /// Goes back to the screen before; false on the first screen.
  @discardableResult
  package func back() -> Bool {
    guard stack.count > 1 else { return false }
    stack.removeLast()
    showsHelp = false
    changed()
    return true
  }

  /// Waits until the current screen has no request in flight.
  nonisolated(nonsending) package func settle() async {
    await current?.settle()
  }

  private func push(_ spec: ScreenSpec, parameters: [String: String]) throws(NavigationError) {
    let missing = spec.parameterNames.subtracting(parameters.keys).sorted()
    guard missing.isEmpty else { throw .missingParameters(spec.file, missing) }
    let entry = Entry(spec: spec, parameters: parameters, model: try makeModel(spec, parameters: parameters))
    stack.append(entry)
    showsHelp = false
    remember(spec)
    start(entry.model)
    changed()
  }

  /// Makes the view model of a screen, by its kind.
  private func makeModel(_ spec: ScreenSpec, parameters: [String: String], previous: AnyViewModel? = nil)
    throws(NavigationError) -> AnyViewModel
  {
    let source = try dataSource(spec.source.plugin)
    let parameterContext = TemplateContext(params: parameters)
    var values: [String: String] = [:]
    for (name, template) in spec.source.parameters { values[name] = template.render(in: parameterContext) }
    let context = ModelContext(spec: spec, parameters: values, source: source, scheduler: scheduler, previous: previous)
    guard let model = spec.kind.open(context) else {
      throw .invalidScreen(ScreenLoadError([Diagnostic(file: spec.file, message: "not a \(spec.kind) screen")]))
    }
    return model
  }

  /// Wires a model to redraw, and starts its first load.
  private func start(_ model: AnyViewModel) {
    model.onChange { [relay] in relay.fire() }
    model.start()
  }

  package func changed() {
    relay.fire()
  }

  private func dataSource(_ plugin: String) throws(NavigationError) -> any DataSource {
    if let source = sources[plugin] { return source }
    do {
      let made = try loader.registry.makeSource(named: plugin, context: context)
      let source = ObservedSource(made, plugin: plugin, mode: context.mode, monitor: monitor)
      sources[plugin] = source
      return source
    } catch {
      throw .dataSource(error)
    }
  }
}

/// The navigator's `onChange`, where a screen's task can reach it.
private final class ChangeRelay: Sendable {
  let handler = Mutex<(@Sendable () -> Void)?>(nil)

  func fire() { handler.withLock { $0 }?() }
}
