import ScreenFormat
import ScreenKinds
import ScreenKit
import ScreenTerminal

/// The interactive app's reducer: `reduce(&state, action) -> [effects]`, pure. A key goes to the
/// keys every screen shares (back, quit), then to the current screen's kind, whose bindings
/// resolve it to an input for the kind's reducer (sent as an effect), a row to open, or the help.
/// What it asks of the world (open a screen file, start a screen's load, read the files again,
/// draw, quit, suspend) comes back as `AppEffect`s; their answers come back as actions.
package enum App {
  /// What the keys every screen shares do, before the kind's own bindings (which name them in
  /// the footer and the help: `KeyBinding.back`, `KeyBinding.quit`, `KeyBinding.pagerBack`,
  /// `KeyBinding.suspend`, `KeyBinding.redraw`).
  enum SharedKey { case quit, back, backOrQuit, suspend, redraw }

  static let sharedKeys: [(keys: [Key], what: SharedKey)] = [
    (SharedKeys.back, .back), (SharedKeys.quit, .quit), (SharedKeys.backOrQuit, .backOrQuit),
    (SharedKeys.suspend, .suspend), (SharedKeys.redraw, .redraw),
  ]

  /// Shared keys that the screen may take first: ← moves the cursor in a list's search that has
  /// text, Esc clears it, and `q` types into it; everywhere else they go back (`q` quits from the
  /// first screen).
  static let screenFirst: [Key] = [.left, .escape] + SharedKeys.backOrQuit

  /// What `back` says on the first screen.
  package static let firstScreen = "This is the first screen. Ctrl-C quits."

  package static func reduce(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
    switch action {
    case .key(let key):
      return press(key, &state)
    case .paste(let text):
      return press(.paste(text), &state)
    case .resize(let size):
      state.size = size
      // What a confirmation's flash said of the lines that did not show is stale at a new size.
      if case .confirm = state.overlay { state.flash = nil }
      return [.draw]
    case .tick:
      var effects: [AppEffect] = []
      state.ticks += 1
      // The files are looked at five times a second, the spinner turns ten times.
      if state.watching, state.ticks % 2 == 0 { effects.append(.watch) }
      effects += updatePreview(&state, debounced: true)
      if let screen = state.current, screen.model.isBusy {
        state.spinnerPhase += 1
        effects.append(.draw)
      }
      return effects
    case .screenInput(let address, let input):
      guard state.isOpen(address) else { return [] }
      let effects = apply(input, to: address, &state)
      // Only the screen on top, its preview and its tabs' counts in the tab bar are drawn.
      let shown: Bool
      switch address {
      case .stack(let id):
        shown = state.current?.id == id || state.current?.group?.others.values.contains { $0.id == id } == true
      case .preview(let id, _): shown = state.current?.id == id
      }
      return shown ? effects + [.draw] : effects
    case .select(let row):
      return open(row, &state)
    case .back:
      return back(&state)
    case .reload(let restarted):
      var restarts: [AppEffect] = []
      for screen in state.screens where restarted.contains(screen.spec.source.plugin) {
        restarts += apply(screen.model.reloadInput, to: .stack(screen.id), &state)
      }
      return [.reloadFiles(state.screens.map(\.spec.file))] + restarts
    case .reloaded(.failure(let failure)):
      state.reloadError = failure.error
      return [.draw]
    case .reloaded(.success(let specs)):
      // Where a screen still asks the same of its data source, it keeps its view model: query,
      // pages, records and selection stay. Where it asks something else, it loads anew.
      state.reloadError = nil
      var effects: [AppEffect] = []
      for (screen, reread) in zip(state.screens, specs) {
        var spec = reread
        // A tab's refresh stays its tab's.
        if let refresh = screen.tabRefresh { spec.refresh = refresh }
        state.update(screen.id) {
          $0.spec = spec
          $0.revision += 1
        }
        remember(spec, &state)
        if binding(of: screen.spec) != binding(of: spec) { effects.append(.replace(screen: screen.id)) }
        if screen.refresh != screen.tabRefresh ?? spec.refresh {
          effects.append(.refresh(screen: screen.id, after: screen.tabRefresh ?? spec.refresh))
        }
      }
      return effects + updatePanes(&state) + [.draw]
    case .replaced(let id, .success(let model)):
      guard
        let refresh = state.update(
          id,
          {
            $0.model = model
            return $0.refresh
          })
      else { return [] }
      // The old state's requests and timers stop: their answers are not the new state's.
      let refreshes = refresh.map { [AppEffect.refresh(screen: id, after: $0)] } ?? []
      return [.stopWork(.stack(id))] + apply(model.startInput, to: .stack(id), &state) + refreshes + [.draw]
    case .replaced(_, .failure(let failure)):
      state.reloadError = failure.error
      return [.draw]
    case .suspend:
      state.suspended = true
      return [.suspend]
    case .resume:
      state.suspended = false
      return refreshIfDue(&state) + [.draw]
    case .endOfInput:
      state.quitting = true
      return [.quit]
    case .opened(let screen):
      state.stack.append(screen)
      state.overlay = .none
      // A tabs screen opens every tab, each live: its first load starts now.
      let tabs = [screen] + (screen.group?.others.sorted { $0.key < $1.key }.map(\.value) ?? [])
      for tab in tabs {
        addPane(for: tab, &state)
        state.nextID = max(state.nextID, tab.id + 1)
        remember(tab.spec, &state)
      }
      if let file = screen.group?.file, !state.files.contains(file) { state.files.append(file) }
      var effects = start(screen.id, &state)
      for tab in tabs.dropFirst() { effects += apply(tab.model.startInput, to: .stack(tab.id), &state) }
      return effects + startRefreshes(tabs) + [.draw]
    case .failed(let message), .performed(let message):
      state.flash = message
      return [.draw]
    case .previewNow:
      return updatePreview(&state, debounced: false)
    case .previewOpened(let id, let generation, let result):
      return previewOpened(id, generation: generation, result, &state)
    case .showTab(let move):
      return showTab(move, &state)
    case .refreshDue(let id, let now, let waitUntil):
      return refreshDue(id, now: now, waitUntil: waitUntil, &state)
    }
  }

  /// A key: the help scrolls on its keys (when taller than the terminal) and closes on any other;
  /// then the shared keys, then the screen's bindings.
  private static func press(_ key: Key, _ state: inout AppState) -> [AppEffect] {
    state.flash = nil
    let shared = sharedKeys.first { $0.keys.contains(key) }?.what
    // Ctrl-Z suspends and Ctrl-L redraws whatever is shown, the help or a confirmation too,
    // which stay.
    if let shared, shared == .suspend || shared == .redraw { return perform(shared, &state) }
    if case .help(let top) = state.overlay {
      // While the key help is shown, the keys that scroll it do (where it is taller than the
      // terminal); any other closes it and does nothing else (but Ctrl-C quits).
      if shared != .quit, let help = state.helpLines,
        let moved = KeyHelpFrame.scroll(key, from: top, help: help, options: state.contentOptions)
      {
        state.overlay = .help(top: moved)
        return [.draw]
      }
      state.overlay = .none
      return shared == .quit ? perform(.quit, &state) : [.draw]
    }
    if case .confirm(let request) = state.overlay { return answer(key, to: request, &state) }
    if let move = tabMove(key, state) { return showTab(move, &state) }
    if let shared, !screenFirst.contains(key) { return perform(shared, &state) }
    guard let screen = state.current else { return shared.map { perform($0, &state) } ?? [.draw] }
    if let action = screen.spec.actions.first(where: { $0.key == key }) { return act(action, on: screen, &state) }
    switch screen.model.resolve(key, screen: screen.screenState, viewport: state.screenViewport) {
    case .unbound:
      if let toggled = togglePreview(key, &state) { return toggled }
      return shared.map { perform($0, &state) } ?? [.draw]
    case .send(let input): return apply(input, to: .stack(screen.id), &state) + [.draw]
    case .none: return [.draw]
    case .help:
      state.overlay = .help(top: 0)
      return [.draw]
    case .open(let row): return open(row, &state)
    }
  }

  private static func perform(_ shared: SharedKey, _ state: inout AppState) -> [AppEffect] {
    switch shared {
    case .quit:
      state.quitting = true
      return [.quit]
    case .back:
      return back(&state)
    case .backOrQuit:
      return state.stack.count > 1 ? back(&state) : perform(.quit, &state)
    case .suspend:
      return reduce(&state, .suspend)
    case .redraw:
      return [.redraw]
    }
  }

  private static func back(_ state: inout AppState) -> [AppEffect] {
    guard state.stack.count > 1 else {
      state.flash = firstScreen
      return [.draw]
    }
    let entry = state.stack.removeLast()
    state.overlay = .none
    // The closed screen's requests and refreshes stop now (a tabs screen's, every tab's), and so
    // does a preview of it: a load on its way is cancelled.
    let closed = [entry.id] + (entry.group?.others.values.map(\.id) ?? [])
    var stops = closed.map { AppEffect.stopWork(.stack($0)) }
    let panes = closed.filter { state.previews.removeValue(forKey: $0) != nil }
    if !panes.isEmpty { stops.append(.stopPreviews) }
    return stops + refreshIfDue(&state) + [.draw]
  }

  /// Opens what row `row` of the current screen selects: marks it opened, and loads the target.
  private static func open(_ row: Int, _ state: inout AppState) -> [AppEffect] {
    guard let screen = state.current else { return [] }
    do {
      let (opening, mark) = try screen.model.resolveOpening(row: row, screen: screen.screenState)
      let id = state.nextID
      state.nextID += 1
      let marked = mark.map { apply($0, to: .stack(screen.id), &state) } ?? []
      return marked + [.open(opening.screen, parameters: opening.parameters, screen: id)]
    } catch {
      state.flash = error.description
      return [.draw]
    }
  }

  /// Applies `input` to the state of the screen at `address` with its kind's reducer; returns the
  /// work it asks for, to run for that screen. An input for a screen no longer open (closed, or a
  /// preview the highlight has passed) is dropped.
  package static func apply(_ input: ScreenInput, to address: ScreenAddress, _ state: inout AppState) -> [AppEffect] {
    let work: [ScreenWork]
    guard state.isOpen(address) else { return [] }
    switch address {
    case .stack(let id):
      let now = state.now
      work =
        state.update(id) { screen in
          let revision = screen.model.dataRevision
          let work = screen.model.reduce(input)
          // New data shown: its time is what the status line's "updated" says.
          if screen.model.dataRevision != revision { screen.fetchedAt = now }
          return work
        } ?? []
    case .preview(let id, _):
      work = state.previews[id]?.screen?.model.reduce(input) ?? []
    }
    return work.map { .work(address, $0) }
  }

  /// Starts stack screen `id`: its first load, or the search `--query` gave (`startingQuery`),
  /// which the first screen to start takes.
  private static func start(_ id: Int, _ state: inout AppState) -> [AppEffect] {
    guard let screen = state.stack.first(where: { $0.id == id }) else { return [] }
    if let query = state.startingQuery {
      state.startingQuery = nil
      let command = ScriptCommand.kind(name: "search", argument: query)
      switch screen.model.resolve(command, screen: screen.screenState, viewport: Viewport(columns: 80, rows: 24)) {
      case .send(let inputs):
        return inputs.flatMap { apply($0, to: .stack(id), &state) }
      case .failed(let message):
        state.startingQueryProblem = message
      case .unsupported:
        state.startingQueryProblem = "\(screen.spec.file) is a \(screen.model.kind) screen, which has no search"
      }
    }
    return apply(screen.model.startInput, to: .stack(id), &state)
  }

  /// Notes a screen's file, and the files it opens (what `--watch` watches).
  private static func remember(_ spec: ScreenSpec, _ state: inout AppState) {
    var paths = [spec.file]
    paths += spec.body.targets.map { ScreenLoader.resolve($0.select.screen, relativeTo: spec.file) }
    for path in paths where !state.files.contains(path) { state.files.append(path) }
  }

  /// What a screen asks of its data source; when it is unchanged, the loaded data still fits.
  static func binding(of spec: ScreenSpec) -> String {
    let parameters = spec.source.parameters.map { "\($0.name)=\($0.value.source)" }.sorted()
    return [spec.kind.name, spec.source.plugin, spec.source.resource, spec.kind.sourceBinding(spec)].joined(
      separator: "|")
      + parameters.joined(separator: "&")
  }
}

extension AppState {
  /// Whether the screen at `address` is open: on the stack, or the screen its preview pane shows
  /// for that load.
  package func isOpen(_ address: ScreenAddress) -> Bool {
    switch address {
    case .stack(let id): screen(id) != nil
    case .preview(let id, let generation): previews[id]?.screen != nil && previews[id]?.screenGeneration == generation
    }
  }

  /// The room the current screen's own frame has: the terminal, less the problems of a failed
  /// reload above it and the status line's row where there is room for it, as `TextRenderer`
  /// draws them; the keys page and scroll by it, so the last line of a detail is in reach and a
  /// scroll never passes it.
  package var screenViewport: Viewport {
    let problems = TextRenderer.problemLines(
      reloadError?.diagnostics.map(\.description) ?? [], width: size.columns, glyphs: .ascii)
    var viewport = size
    let tabBar = current?.group == nil ? 0 : 1
    viewport.rows =
      TextRenderer.contentRoom(height: size.rows - tabBar, problems: problems.count, status: showsStatus).rows
    return viewport
  }

  /// How the current screen's own frame is laid out in the terminal (`screenViewport`).
  var contentOptions: RenderOptions {
    RenderOptions(width: screenViewport.columns, height: screenViewport.rows)
  }
}
