import ScreenFormat
import ScreenKinds
import ScreenKit
import Synchronization

/// What the app's effects on screens and files need, and the code that does them: the screen
/// loader, the plugins' settings and the data sources made so far, the work the screens asked
/// for (`ScreenWorkRunner`: their requests and timers, on the clock screens run on), and where the
/// answers go (`onAction`). The `Navigator` and the test store both run their effects here, so a
/// test does what a terminal does.
package final class AppEnvironment {
  let loader: ScreenLoader
  private let context: PluginContext
  private var sources: [String: any DataSource] = [:]
  /// What the screens' data sources were asked and answered, and what they report of themselves.
  package let monitor: SourceMonitor
  private let runner: ScreenWorkRunner

  package init(
    loader: ScreenLoader, context: PluginContext, scheduler: any Scheduler, monitor: SourceMonitor = SourceMonitor()
  ) {
    self.loader = loader
    self.context = context
    self.monitor = monitor
    runner = ScreenWorkRunner(scheduler: scheduler)
  }

  /// Where the answers of the screens' work go (`.screenInput`), on whatever task they come on.
  /// Until one is set, they wait to be taken (`takeAnswers`); setting one hands it those first.
  package var onAction: (@Sendable (AppAction) -> Void)? {
    get { runner.handler }
    set { runner.handler = newValue }
  }

  /// How many requests the screens have started so far.
  package private(set) var requestsStarted = 0

  /// The answers of the screens' work that no `onAction` took, in the order they came; taken.
  package func takeAnswers() -> [AppAction] { runner.takeAnswers() }

  /// Waits until no screen's request is in flight (answers arriving meanwhile wait in
  /// `takeAnswers`); timers are not waited for.
  nonisolated(nonsending) package func settle() async {
    while let task = runner.anyRunning() { await task.value }
  }

  /// Does an effect on screens or files, for the app in `state`; returns the action that
  /// answers it, if any. The terminal's effects (`isTerminal`) are not done here.
  package func perform(_ effect: AppEffect, in state: AppState) -> AppAction? {
    switch effect {
    case .open(let path, let parameters, let id):
      do {
        return .opened(try makeScreen(path, parameters: parameters, id: id))
      } catch {
        return .failed(error.description)
      }
    case .work(let address, let work):
      if case .run = work.work { requestsStarted += 1 }
      runner.run(work, for: address)
    case .stopWork(let address):
      runner.stop { $0 == address }
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
      guard let screen = state.screen(id) else { return nil }
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
    case .refresh(let id, let interval):
      let plugin = state.screen(id)?.spec.source.plugin ?? ""
      runner.refresh(.stack(id), after: interval) { [monitor] in
        let now = TemplateClock.current.now
        return .refreshDue(screen: id, now: now, waitUntil: monitor.status(of: plugin)?.rateLimitWait(now: now))
      }
    case .refreshNow(let id):
      let now = TemplateClock.current.now
      let plugin = state.screen(id)?.spec.source.plugin ?? ""
      return .refreshDue(screen: id, now: now, waitUntil: monitor.status(of: plugin)?.rateLimitWait(now: now))
    case .draw, .redraw, .watch, .suspend, .quit, .perform:
      return nil
    }
    return nil
  }

  /// Stops the work of the preview screens that no pane shows any more (replaced by the next
  /// row's, emptied, or their list closed): a slow request for a row the highlight passed is
  /// cancelled rather than run to its end, and its answer is dropped.
  private func stopReplacedPreviews(_ state: AppState) {
    runner.stop { address in
      guard case .preview(let id, let generation) = address else { return false }
      guard let pane = state.previews[id], pane.screen != nil else { return true }
      return pane.screenGeneration != generation
    }
  }

  /// Loads a screen file and makes its view model (not started); a tabs screen's, every tab's,
  /// with ids from `id` on, the first tab shown.
  package func makeScreen(_ path: String, parameters: [String: String], id: Int) throws(NavigationError) -> AppScreen {
    try makeScreen(path, parameters: parameters, id: id, tab: nil)
  }

  /// A screen, or the tab `tab` of a tabs screen (which may not hold tabs itself).
  private func makeScreen(_ path: String, parameters: [String: String], id: Int, tab: TabSpec?)
    throws(NavigationError) -> AppScreen
  {
    var spec: ScreenSpec
    do {
      spec = try loader.load(path)
    } catch {
      throw .invalidScreen(error)
    }
    let missing = spec.parameterNames.subtracting(parameters.keys).sorted()
    guard missing.isEmpty else { throw .missingParameters(spec.file, missing) }
    if !spec.body.tabs.isEmpty {
      guard tab == nil else { throw .cannotSelect("\(spec.file) is a tabs screen, which a tab cannot show") }
      return try makeTabs(spec, parameters: parameters, id: id)
    }
    // A tab's refresh is the screen's: its records keep the ids its highlight follows.
    if let refresh = tab?.refresh { spec.refresh = refresh }
    var screen = AppScreen(id: id, spec: spec, parameters: parameters, model: try makeModel(spec, parameters))
    screen.tabRefresh = tab?.refresh
    return screen
  }

  /// A tabs screen: every tab's screen, made with its parameters, the first holding the others.
  private func makeTabs(_ spec: ScreenSpec, parameters: [String: String], id: Int) throws(NavigationError)
    -> AppScreen
  {
    let context = TemplateContext(params: parameters)
    var tabs: [AppScreen] = []
    for (index, tab) in spec.body.tabs.enumerated() {
      var values: [String: String] = [:]
      for (name, template) in tab.select.parameters { values[name] = template.render(in: context) }
      let path = ScreenLoader.resolve(tab.select.screen, relativeTo: spec.file)
      tabs.append(try makeScreen(path, parameters: values, id: id + index, tab: tab))
    }
    var first = tabs.removeFirst()
    first.group = TabGroup(
      file: spec.file, title: spec.title.render(in: context),
      titles: spec.body.tabs.map { $0.title.render(in: context) },
      others: Dictionary(uniqueKeysWithValues: tabs.enumerated().map { ($0.offset + 1, $0.element) }))
    return first
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
    let context = ModelContext(spec: spec, parameters: values, source: source, previous: previous)
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

/// Runs the work screens ask for (`ScreenWork`), by the screen's address: each request as a task
/// whose answer it hands on as `.screenInput`, and one timer per screen. It is `Sendable`, so a
/// screen's task can reach it from any thread.
///
/// The handler is held in a box of its own type, the box in the `Mutex`: a closure kept in the
/// generic `Mutex` itself came back from each read (`withLock { $0 }`, which passes it `inout`)
/// wrapped in one more reabstraction thunk, so that each answer a screen sent (one a key typed)
/// walked a chain as long as the keys typed before it: 20,000 characters typed took 10 s.
private final class ScreenWorkRunner: Sendable {
  final class Handler: Sendable {
    let call: @Sendable (AppAction) -> Void
    init(_ call: @escaping @Sendable (AppAction) -> Void) { self.call = call }
  }

  private struct Running {
    // A few at a time, so a list.
    var tasks: [(id: Int, task: Task<Void, Never>)] = []
    var timer: ScheduledAction?
    /// The screen's next refresh (`AppEffect.refresh`).
    var refresh: ScheduledAction?

    var isIdle: Bool { tasks.isEmpty && timer == nil && refresh == nil }
  }

  private struct Inner {
    var screens: [ScreenAddress: Running] = [:]
    var nextID = 0
    var handler: Handler?
    var answers: [AppAction] = []
  }

  private let scheduler: any Scheduler
  private let inner = Mutex(Inner())

  init(scheduler: any Scheduler) { self.scheduler = scheduler }

  var handler: (@Sendable (AppAction) -> Void)? {
    get { inner.withLock { $0.handler }?.call }
    set {
      let handler = newValue.map(Handler.init)
      let waiting = inner.withLock { inner -> [AppAction] in
        inner.handler = handler
        guard handler != nil else { return [] }
        defer { inner.answers = [] }
        return inner.answers
      }
      for answer in waiting { handler?.call(answer) }
    }
  }

  func takeAnswers() -> [AppAction] {
    inner.withLock { inner in
      defer { inner.answers = [] }
      return inner.answers
    }
  }

  /// A request still running, of any screen.
  func anyRunning() -> Task<Void, Never>? {
    inner.withLock { inner in inner.screens.values.lazy.compactMap { $0.tasks.first?.task }.first }
  }

  func run(_ work: ScreenWork, for address: ScreenAddress) {
    inner.withLock { inner in
      switch work.work {
      case .run(let operation):
        let id = inner.nextID
        inner.nextID += 1
        // Started under the lock, so the task cannot end (and remove itself) before it is listed.
        let task = Task { [weak self] in
          let input = await operation()
          if !Task.isCancelled { self?.deliver(.screenInput(address, input)) }
          self?.inner.withLock { inner in
            inner.screens[address]?.tasks.removeAll { $0.id == id }
            if inner.screens[address]?.isIdle == true { inner.screens[address] = nil }
          }
        }
        inner.screens[address, default: Running()].tasks.append((id, task))
      case .cancelRunning:
        for (_, task) in inner.screens[address]?.tasks ?? [] { task.cancel() }
      case .after(let delay, let input):
        inner.screens[address]?.timer?.cancel()
        inner.screens[address, default: Running()].timer = scheduler.schedule(after: delay) { [weak self] in
          self?.deliver(.screenInput(address, input))
        }
      case .cancelTimer:
        inner.screens[address]?.timer?.cancel()
        inner.screens[address]?.timer = nil
      }
    }
  }

  /// Stops the work of every screen `matches` picks: requests cancelled (their answers dropped),
  /// timers and refreshes cancelled.
  func stop(where matches: (ScreenAddress) -> Bool) {
    inner.withLock { inner in
      for address in inner.screens.keys where matches(address) {
        for (_, task) in inner.screens[address]?.tasks ?? [] { task.cancel() }
        inner.screens[address]?.timer?.cancel()
        inner.screens[address]?.refresh?.cancel()
        inner.screens[address] = nil
      }
    }
  }

  /// Sets the screen's next refresh, replacing the one before: `due` makes the action it sends
  /// when it comes due (reading the clock then). Nil cancels it.
  func refresh(_ address: ScreenAddress, after interval: Duration?, _ due: @escaping @Sendable () -> AppAction) {
    inner.withLock { inner in
      inner.screens[address]?.refresh?.cancel()
      inner.screens[address]?.refresh = nil
      guard let interval else {
        if inner.screens[address]?.isIdle == true { inner.screens[address] = nil }
        return
      }
      inner.screens[address, default: Running()].refresh = scheduler.schedule(after: interval) { [weak self] in
        self?.deliver(due())
      }
    }
  }

  private func deliver(_ action: AppAction) {
    let handler = inner.withLock { inner -> Handler? in
      if let handler = inner.handler { return handler }
      inner.answers.append(action)
      return nil
    }
    handler?.call(action)
  }
}
