import ScreenFormat
import ScreenKinds
import ScreenKit
import ScreenTerminal

/// The app's store: it holds the app's state (`AppState`: the stack of screens, the overlay, the
/// flash, the size), applies actions with `App.reduce`, does the effects on screens and files
/// (`AppEnvironment`), feeds their answers back as actions, and hands the terminal's effects
/// (draw, quit, suspend, watch) to the caller. `select` pushes the target screen with its
/// parameters, `back` pops.
///
/// It talks to every screen through `AnyViewModel` and never learns its kind. It needs no actor:
/// it lives where it was made (the interactive session's actor, or a script's task), while its
/// screens' requests run on any thread and their answers come back as actions: to the session's
/// inbox (`AppEnvironment.onAction`), or, with none set, to `settle()`, which applies them.
package final class Navigator {
  /// The app now.
  package private(set) var state = AppState()
  package let environment: AppEnvironment

  package init(
    loader: ScreenLoader, context: PluginContext, scheduler: any Scheduler, monitor: SourceMonitor = SourceMonitor()
  ) {
    environment = AppEnvironment(loader: loader, context: context, scheduler: scheduler, monitor: monitor)
  }

  /// Applies `action`, does the effects it asks for on screens and files, applies the actions
  /// that answer them, and so on; returns the terminal's effects, in order, for the caller to do.
  @discardableResult
  package func send(_ action: AppAction) -> [AppEffect] {
    var queue = [action]
    var terminal: [AppEffect] = []
    while !queue.isEmpty {
      state.now = TemplateClock.current.now
      for effect in App.reduce(&state, queue.removeFirst()) {
        if effect.isTerminal {
          terminal.append(effect)
        } else if let answer = environment.perform(effect, in: state) {
          queue.append(answer)
        }
      }
    }
    return terminal
  }

  // MARK: - What scripts, tests and the one-shot modes ask

  package var stack: [AppScreen] { state.stack }
  package var current: AppScreen? { state.current }
  /// Every screen file opened so far, and the files those screens open (what `--watch` watches).
  package var files: [String] { state.files }
  /// Why the last reload of the screen files failed; the last good screens keep running.
  package var reloadError: ScreenLoadError? { state.reloadError }
  /// Whether the key help is shown over the current screen (until the next key).
  package var showsHelp: Bool { state.showsHelp }
  /// What the screens' data sources were asked and answered, and what they report of themselves.
  package var monitor: SourceMonitor { environment.monitor }
  /// The kinds its screens may be, as its loader has them.
  package var kinds: KindRegistry { environment.loader.kinds }

  /// Whether frames end with the current screen's data-source status line (`SourceStatus`).
  package var showsStatus: Bool {
    get { state.showsStatus }
    set { state.showsStatus = newValue }
  }

  /// Whether the screen files are watched (`--watch`): the tick asks the watcher to look.
  package var watching: Bool {
    get { state.watching }
    set { state.watching = newValue }
  }

  /// What to draw: the current screen, with the problems of a failed reload.
  package var screenState: ScreenState? { state.screenState(status: status) }

  /// The frame to draw in a terminal of the app's size (`AppState.frame`).
  package func frame(glyphs: Glyphs) -> AppFrame? { state.frame(glyphs: glyphs, status: status) }

  /// A plugin's status line, as its data source last reported it.
  private func status(_ plugin: String) -> SourceStatus? { monitor.status(of: plugin) }

  /// Loads every open screen's file again (`--watch`). Where a screen still asks the same of its
  /// data source, it keeps its view model: query, pages, records and selection stay. Where it
  /// asks something else, it loads anew with the same query. If any file is broken now, nothing
  /// changes and `reloadError` says why.
  package func reloadScreens(restarting plugins: [String] = []) {
    send(.reload(restarted: plugins))
  }

  /// Opens a screen file on top of the stack, with the given parameters.
  package func open(_ path: String, parameters: [String: String] = [:]) throws(NavigationError) {
    send(.opened(try environment.makeScreen(path, parameters: parameters, id: state.nextID)))
  }

  /// Opens what the current screen's row `index` selects (a script's `open`), saying why it
  /// cannot; a key's Enter takes the reducer's way (`.select`), which flashes why.
  package func select(_ index: Int) throws(NavigationError) {
    guard let screen = current else { throw .cannotSelect("no screen is open") }
    let (opening, mark) = try screen.model.resolveOpening(row: index, screen: screen.screenState)
    if let mark { send(.screenInput(.stack(screen.id), mark)) }
    try open(opening.screen, parameters: opening.parameters)
  }

  /// Goes back to the screen before; false on the first screen.
  @discardableResult
  package func back() -> Bool {
    guard stack.count > 1 else { return false }
    send(.back)
    return true
  }

  /// Runs a script command that the current screen's kind declares (`search`, `next`, …): its
  /// inputs go to the screen, in order; or says why it cannot run.
  package func run(_ command: ScriptCommand, viewport: Viewport) -> CommandResolution {
    guard let screen = current else { return .failed("no screen is open") }
    let resolution = screen.model.resolve(command, screen: screen.screenState, viewport: viewport)
    if case .send(let inputs) = resolution {
      for input in inputs { send(.screenInput(.stack(screen.id), input)) }
    }
    return resolution
  }

  /// The search the next screen to open begins with instead of its first load (`--query`).
  package var startingQuery: String? {
    get { state.startingQuery }
    set { state.startingQuery = newValue }
  }

  /// Why the screen that took `startingQuery` could not search for it (it has no search).
  package var startingQueryProblem: String? { state.startingQueryProblem }

  /// Waits until no screen has a request in flight, applying their answers as they come (and the
  /// requests those start), then loads the preview of the current screen's highlighted row at
  /// once (where it has a pane and the app's width shows it) and waits for it.
  nonisolated(nonsending) package func settle() async {
    await applyAnswers()
    send(.previewNow)
    await applyAnswers()
  }

  /// Applies the screens' answers until no request is in flight and none waits.
  nonisolated(nonsending) private func applyAnswers() async {
    while true {
      await environment.settle()
      let answers = environment.takeAnswers()
      if answers.isEmpty { return }
      for answer in answers { send(answer) }
    }
  }
}
