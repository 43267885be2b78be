import ScreenKinds
import ScreenKit
import ScreenTerminal
import ScreenText

/// The preview pane of a list or table screen that declares a `preview`: the detail screen of
/// its highlighted row, drawn beside it where the frame is wide enough (`PreviewLayout`).
///
/// The app's ticks debounce it: a highlighted row is previewed once it has stayed highlighted for
/// `debounceTicks` ticks, so moving through the rows asks for no record on the way. Each load has
/// a generation; the answer of one that is not the pane's last is dropped. Scripts and one-shot
/// frames load it at once (`AppAction.previewNow`), at the width they draw.
package struct PreviewPane: Sendable, Equatable {
  /// Whether the pane is shown (Ctrl-T toggles it).
  package var isShown = true
  /// What the highlighted row asks the pane to show, and the tick it was first asked at.
  package var wanted: Opening?
  package var wantedSince = 0
  /// The last load asked for, and its generation.
  package var requested: Opening?
  package var generation = 0
  /// The last load's detail screen, from the moment it is made; the one before while the screen
  /// file is read.
  package var screen: AppScreen?
  /// The load `screen` was made for: its answers come addressed to it (`ScreenAddress.preview`).
  package var screenGeneration = 0
  /// What the pane draws while `screen` waits for its record: the last screen that had its answer
  /// (a record or an error), with a line above it naming what loads; nil after a failure, or
  /// when there is none (the pane then says "Loading…").
  package var previous: AppScreen?
  /// Why the last load's screen cannot be made.
  package var failure: PreviewFailure?

  package init() {}

  /// What the pane says it loads while it draws the screen before: the highlighted row's title,
  /// or else the detail screen's title as it shows before its record.
  var loadingName: String {
    if let label = requested?.label, !label.trimmingWhitespace().isEmpty { return label }
    guard let screen else { return "" }
    return TextRenderer.title(screen.screenState, TemplateContext(params: screen.parameters))
  }

  /// The ticks (tenths of a second) a row stays highlighted before its preview is asked for.
  package static let debounceTicks = 2
}

/// Why a preview's screen cannot be made (its file, or the parameters the row gives it).
package struct PreviewFailure: Error, Sendable, Equatable {
  package var message: String

  package init(message: String) { self.message = message }
}

/// How a frame of `width` columns is split between a list and its preview: none under 120
/// columns; else two fifths of the columns (rounded down) for the list, three for the divider
/// (" │ "), and the rest for the preview. At 120 columns: 48, 3 and 69; at 160: 64, 3 and 93.
package struct PreviewLayout: Sendable, Equatable {
  /// The narrowest frame that shows a preview beside its list.
  package static let minimumWidth = 120
  package static let dividerWidth = 3
  package var list: Int
  package var preview: Int

  package init?(width: Int) {
    guard width >= Self.minimumWidth else { return nil }
    list = width * 2 / 5
    preview = width - list - Self.dividerWidth
  }
}

extension App {
  /// A screen opened: a pane for it if it declares a preview.
  static func addPane(for screen: AppScreen, _ state: inout AppState) {
    if screen.spec.body.hasPreview, state.previews[screen.id] == nil { state.previews[screen.id] = PreviewPane() }
  }

  /// After the screen files were read again: a pane for each screen that declares a preview now,
  /// none for the others; and each pane loads its preview again (its detail screen's file may be
  /// the one that changed), on the next tick or at once (`previewNow`), showing the one it has
  /// until then.
  /// Returns the effect that stops the preview screens no pane shows any more.
  static func updatePanes(_ state: inout AppState) -> [AppEffect] {
    var removed = false
    for screen in state.stack {
      if !screen.spec.body.hasPreview {
        removed = removed || state.previews[screen.id] != nil
        state.previews[screen.id] = nil
      } else {
        addPane(for: screen, &state)
        state.previews[screen.id]?.requested = nil
      }
    }
    return removed ? [.stopPreviews] : []
  }

  /// The current screen's pane, on a tick (`debounced`) or at once: it notes the row the
  /// highlight is on, and asks for its preview once the row has stayed long enough, when the
  /// pane is shown and the terminal wide enough for it.
  static func updatePreview(_ state: inout AppState, debounced: Bool) -> [AppEffect] {
    guard let screen = state.current, var pane = state.previews[screen.id], pane.isShown,
      PreviewLayout(width: state.screenViewport.columns) != nil
    else { return [] }
    let wanted = screen.model.resolvePreview(screen: screen.screenState)
    if wanted != pane.wanted {
      pane.wanted = wanted
      pane.wantedSince = state.ticks
    }
    var effects: [AppEffect] = []
    if wanted == nil, pane.requested != nil {
      // No row to preview (an emptied search): the pane empties, and a load on its way is dropped
      // and stopped.
      pane.requested = nil
      pane.screen = nil
      pane.previous = nil
      pane.failure = nil
      pane.generation += 1
      effects += [.stopPreviews, .draw]
    }
    if let wanted, wanted != pane.requested, !debounced || state.ticks - pane.wantedSince >= PreviewPane.debounceTicks {
      pane.requested = wanted
      pane.generation += 1
      effects.append(
        .openPreview(wanted.screen, parameters: wanted.parameters, screen: screen.id, generation: pane.generation))
    }
    if state.previews[screen.id] != pane { state.previews[screen.id] = pane }
    return effects
  }

  /// A preview's screen made: shown and started if it is the pane's last load; dropped if the
  /// highlight has moved on since (a later load was asked for) or the screen was closed.
  static func previewOpened(
    _ id: Int, generation: Int, _ result: Result<AppScreen, PreviewFailure>, _ state: inout AppState
  ) -> [AppEffect] {
    guard var pane = state.previews[id], pane.generation == generation else { return [] }
    switch result {
    case .success(let screen):
      // The screen drawn until the new one has its record: the one shown, if it had its own.
      if let shown = pane.screen, shown.model.hasAnswer { pane.previous = shown }
      pane.screen = screen
      pane.screenGeneration = generation
      pane.failure = nil
      state.previews[id] = pane
      return apply(screen.model.startInput, to: .preview(of: id, generation: generation), &state) + [.draw]
    case .failure(let failure):
      // The error shows; the screen before it, and a load on its way, are stopped now.
      pane.screen = nil
      pane.previous = nil
      pane.failure = failure
      state.previews[id] = pane
      return [.stopPreviews, .draw]
    }
  }

  /// Ctrl-T on a screen with a pane: shows or hides it; nil on a screen without one.
  static func togglePreview(_ key: Key, _ state: inout AppState) -> [AppEffect]? {
    guard key == SharedKeys.previewToggle, let id = state.current?.id, state.previews[id] != nil else { return nil }
    state.previews[id]?.isShown.toggle()
    return [.draw]
  }
}

extension AppState {
  /// `screen` (the current one) with its preview pane beside it, where the frame it is drawn in
  /// is wide enough (`PreviewLayout`); narrower, the list alone.
  func besidePreview(_ screen: ScreenState) -> ScreenState {
    guard let id = current?.id, let pane = previews[id] else { return screen }
    let list = screen.content
    var composed = screen
    guard pane.isShown else {
      // Hidden, the pane is still one key away where it fits: the footer says which.
      composed.content = ScreenContent(state: list.state) { drawn, options in
        var drawn = drawn
        drawn.previewFits = PreviewLayout(width: options.width) != nil
        return list.frame(drawn, options)
      }
      return composed
    }
    // Until the new screen has its record, the one before it stays, under a line that names
    // what loads.
    let waiting = pane.screen.map { !$0.model.hasAnswer } ?? false
    let previous = waiting ? pane.previous?.screenState : nil
    let preview = previous ?? pane.screen?.screenState
    let loading = previous == nil ? nil : pane.loadingName
    let failure = pane.failure
    composed.content = ScreenContent(state: list.state) { drawn, options in
      guard let layout = PreviewLayout(width: options.width) else { return list.frame(drawn, options) }
      var listOptions = options
      listOptions.width = layout.list
      listOptions.keepsWholeURLs = false
      var beside = drawn
      beside.previewFits = true
      beside.keyLineWidth = options.width
      var left = list.frame(beside, listOptions)
      // In a terminal the list's key line runs across the frame, under both panes.
      let keys = options.height == nil || left.lines.isEmpty ? nil : left.lines.removeLast()
      for index in left.lines.indices { left.lines[index] = TextRenderer.fit(left.lines[index], listOptions) }
      // The detail screen's own frame at the pane's width, every line cut to it (a URL too: its
      // span still opens it whole), with no key line (the keys are the list's), cut to the height.
      let paneOptions = RenderOptions(
        width: layout.preview, spinnerPhase: options.spinnerPhase, keepsWholeURLs: false, glyphs: options.glyphs)
      var right = Frame()
      if let preview {
        right = TextRenderer.frame(preview, options: paneOptions)
      } else if let failure {
        right.lines = TextWidth.wrap("error: " + TerminalSafe.sanitize(failure.message), toColumns: layout.preview)
          .map { Frame.Line($0, role: .error) }
      }
      if let loading {
        let line = TextRenderer.loadingLine(options, "Loading " + loading)
        right.insert([TextRenderer.fit(Frame.Line(line, role: .dim), paneOptions)], at: 0)
      }
      // In a terminal, the key line (and the status line, which goes in above it) runs across the
      // frame: the pane ends above them, so that its lines stay beside the list's.
      if let height = options.height { right.lines = Array(right.lines.prefix(max(0, height - 1))) }
      var frame = Frame.beside(left, width: layout.list, right, divider: options.glyphs.paneDivider)
      if let keys {
        var wide = options
        wide.keepsWholeURLs = false
        frame.lines.append(TextRenderer.fit(keys, wide))
      }
      return frame
    }
    return composed
  }
}

extension AppState {
  /// Whether the app's tick has work to do: a spinner to turn (the current screen is busy), the
  /// screen files to look at (`--watch`), or a preview pane whose highlighted row it has not
  /// asked for yet (its debounce counts ticks). Idle, nothing ticks: the process sleeps until a
  /// key, an answer or a refresh comes.
  package var needsTick: Bool {
    if watching { return true }
    guard let screen = current else { return false }
    if screen.model.isBusy { return true }
    guard let pane = previews[screen.id], pane.isShown, PreviewLayout(width: screenViewport.columns) != nil else {
      return false
    }
    return screen.model.resolvePreview(screen: screen.screenState) != pane.requested
  }
}
