import ScreenKinds
import ScreenTerminal
import ScreenText

/// The screen's actions in the app's reducer: a key that a screen's `actions` declares becomes an
/// `AppEffect.perform` of exactly what it will do, or a confirmation first; the reducer does
/// nothing itself.
extension App {
  /// What the action on the current screen's record comes to: a flash that says why it cannot be
  /// done, the confirmation overlay, or the effect that does it.
  static func act(_ action: ScreenAction, on screen: AppScreen, _ state: inout AppState) -> [AppEffect] {
    // The highlighted row is about to be replaced by the typed query's: nothing is done on it.
    if screen.model.searchWaits(spec: screen.spec) {
      state.flash = "\(action.title): the search typed has not run yet; press Enter to run it, then the key again"
      return [.draw]
    }
    switch action.request(record: screen.model.actionRecord, parameters: screen.parameters) {
    case .failure(let refusal):
      state.flash = refusal.message
      return [.draw]
    case .success(let request) where request.confirm:
      state.overlay = .confirm(request)
      return [.draw]
    case .success(let request):
      return [.perform(request), .draw]
    }
  }

  /// A key while an action asks to be confirmed: `y` does it, Ctrl-C quits, any other key cancels.
  static func answer(_ key: Key, to request: ActionRequest, _ state: inout AppState) -> [AppEffect] {
    state.overlay = .none
    switch key {
    case .character("y"), .character("Y"):
      // Only what was seen is done: a confirmation cut short by the terminal's height waits.
      let hidden = ActionConfirmFrame.hiddenLines(request, width: state.size.columns, height: state.confirmHeight)
      guard hidden == 0 else {
        state.overlay = .confirm(request)
        state.flash =
          "\(request.title): \(hidden) more line\(hidden == 1 ? "" : "s") of it do not show; make the terminal taller, or any other key cancels"
        return [.draw]
      }
      return [.perform(request), .draw]
    case let key where SharedKeys.quit.contains(key):
      state.quitting = true
      return [.quit]
    default:
      state.flash = "\(request.title): cancelled; nothing was done"
      return [.draw]
    }
  }
}

extension AppState {
  /// The height an action's confirmation is drawn in: the screen's, less the status line and the
  /// problems of a failed reload (as `TextRenderer` takes them), so that the frame shows exactly
  /// what `y` checks was shown.
  package var confirmHeight: Int { screenViewport.rows }
}

extension App {
  /// What a script or a screen test shows in place of an action, which it never carries out:
  /// "would open …", or the flash that says why the action cannot be done.
  package static func note(_ effects: [AppEffect], flash: String?) -> String? {
    for case .perform(let request) in effects { return "action: would " + request.description }
    return flash.map { "action: " + $0 }
  }
}
