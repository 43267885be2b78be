import ScreenFormat
import ScreenKinds
import ScreenKit
import Synchronization

/// What the app's effects on screens and files need, and the code that does them: the screen
/// loader, the plugins' settings and the data sources made so far, the clock screens run on, and
/// where a screen's answers go (`onAction`). The `Navigator` and the test store both run their
/// effects here, so a test does what a terminal does.
package final class AppEnvironment {
  let loader: ScreenLoader
  private let context: PluginContext
  private let scheduler: any Scheduler
  private var sources: [String: any DataSource] = [:]
  /// The preview screens started, by the screen whose pane they are in; each is stopped once its
  /// pane no longer has it as its last load (`stopReplacedPreviews`).
  private var previewsStarted: [Int: AnyViewModel] = [:]
  /// What the screens' data sources were asked and answered, and what they report of themselves.
  package let monitor: SourceMonitor
  private let relay = ActionRelay()
  /// The search the next screen to start begins with instead of its first load (`--query`), as
  /// if typed, with no debounce; taken by that screen.
  package var startingQuery: String?
  /// Why the screen that took `startingQuery` could not search for it (it has no search); it
  /// then started as it would have without.
  package private(set) var startingQueryProblem: String?

  package init(
    loader: ScreenLoader, context: PluginContext, scheduler: any Scheduler, monitor: SourceMonitor = SourceMonitor()
  ) {
    self.loader = loader
    self.context = context
    self.scheduler = scheduler
    self.monitor = monitor
  }

  /// Where an action that a screen sends on its own goes (`.response(screen:)`, when an answer of
  /// its data source changed it), on whatever task changed it.
  package var onAction: (@Sendable (AppAction) -> Void)? {
    get { relay.handler.withLock { $0 }?.call }
    set { relay.handler.withLock { $0 = newValue.map(ActionRelay.Handler.init) } }
  }

  /// Does an effect on screens or files, for the app in `state`; returns the action that
  /// answers it, if any. The terminal's effects (`isTerminal`) are not done here.
  package func perform(_ effect: AppEffect, in state: AppState) -> AppAction? {
    func screen(_ id: Int) -> AppScreen? { state.stack.first { $0.id == id } }
    switch effect {
    case .open(let path, let parameters, let id):
      do {
        return .opened(try makeScreen(path, parameters: parameters, id: id))
      } catch {
        return .failed(error.description)
      }
    case .start(let id):
      guard let entry = screen(id) else { return nil }
      entry.model.onChange { [relay] in relay.fire(.response(screen: id)) }
      if let query = startingQuery {
        startingQuery = nil
        startingQueryProblem = Self.startSearching(query, entry)
        if startingQueryProblem == nil { return nil }
      }
      entry.model.start()
    case .send(let id, let input):
      screen(id)?.model.send(input)
    case .reloadScreen(let id):
      screen(id)?.model.reload()
    case .reloadFiles(let files):
      var specs: [ScreenSpec] = []
      for file in files {
        do {
          specs.append(try loader.loadAfresh(file))
        } catch {
          return .reloaded(.failure(ReloadFailure(error)))
        }
      }
      return .reloaded(.success(specs))
    case .replace(let id):
      guard let screen = screen(id) else { return nil }
      do {
        return .replaced(screen: id, .success(try makeModel(screen.spec, screen.parameters, previous: screen.model)))
      } catch {
        let diagnostic = Diagnostic(file: screen.spec.file, message: error.description)
        return .replaced(screen: id, .failure(ReloadFailure(ScreenLoadError([diagnostic]))))
      }
    case .openPreview(let path, let parameters, let id, let generation):
      stopReplacedPreviews(state)
      return .previewOpened(screen: id, generation: generation, openPreview(path, parameters: parameters, screen: id))
    case .stopPreviews:
      stopReplacedPreviews(state)
    case .startPreview(let id):
      stopReplacedPreviews(state)
      guard let model = state.previews[id]?.screen?.model else { return nil }
      previewsStarted[id] = model
      // Its answers redraw the screen it previews.
      model.onChange { [relay] in relay.fire(.response(screen: id)) }
      model.start()
    case .draw, .redraw, .watch, .suspend, .quit, .perform:
      return nil
    }
    return nil
  }

  /// Stops the preview screens that no pane shows any more (replaced by the next row's, emptied,
  /// or their list closed): a slow request for a row the highlight passed is cancelled rather
  /// than run to its end, and its answer redraws nothing.
  private func stopReplacedPreviews(_ state: AppState) {
    for (id, model) in previewsStarted where state.previews[id]?.screen?.model !== model {
      model.stop()
      previewsStarted[id] = nil
    }
  }

  /// Loads a screen file and makes its view model (not started).
  package func makeScreen(_ path: String, parameters: [String: String], id: Int) throws(NavigationError) -> AppScreen {
    let spec: ScreenSpec
    do {
      spec = try loader.load(path)
    } catch {
      throw .invalidScreen(error)
    }
    let missing = spec.parameterNames.subtracting(parameters.keys).sorted()
    guard missing.isEmpty else { throw .missingParameters(spec.file, missing) }
    return AppScreen(id: id, spec: spec, parameters: parameters, model: try makeModel(spec, parameters))
  }

  /// Makes the preview of screen `id`: the detail screen, through the same data sources (their
  /// cache and rate limits) as opening it would.
  private func openPreview(_ path: String, parameters: [String: String], screen id: Int)
    -> Result<AppScreen, PreviewFailure>
  {
    do {
      return .success(try makeScreen(path, parameters: parameters, id: id))
    } catch {
      return .failure(PreviewFailure(message: error.description))
    }
  }

  /// Makes the view model of a screen, by its kind.
  private func makeModel(_ spec: ScreenSpec, _ parameters: [String: String], previous: AnyViewModel? = nil)
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

/// The environment's `onAction`, where a screen's task can reach it.
///
/// The closure is held in a box of its own type, the box in the `Mutex`: a closure kept in the
/// generic `Mutex` itself came back from each read (`withLock { $0 }`, which passes it `inout`)
/// wrapped in one more reabstraction thunk, so that each answer a screen sent (one a key typed)
/// walked a chain as long as the keys typed before it: 20,000 characters typed took 10 s.
private final class ActionRelay: Sendable {
  final class Handler: Sendable {
    let call: @Sendable (AppAction) -> Void
    init(_ call: @escaping @Sendable (AppAction) -> Void) { self.call = call }
  }

  let handler = Mutex<Handler?>(nil)

  func fire(_ action: AppAction) { handler.withLock { $0 }?.call(action) }
}
