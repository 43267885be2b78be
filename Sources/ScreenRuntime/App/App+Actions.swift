import ScreenKinds

/// The screen's actions in the app's reducer: a key that a screen's `actions` declares becomes an
/// `AppEffect.perform` of exactly what it will do, or a confirmation first; the reducer does
/// nothing itself.
extension App {
  /// What the action on the current screen's record comes to: a flash that says why it cannot be
  /// done, the confirmation overlay, or the effect that does it.
  static func act(_ action: ScreenAction, on screen: AppScreen, _ state: inout AppState) -> [AppEffect] {
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

extension App {
  /// What a script or a screen test shows in place of an action, which it never carries out:
  /// "would open …", or the flash that says why the action cannot be done.
  package static func note(_ effects: [AppEffect], flash: String?) -> String? {
    for case .perform(let request) in effects { return "action: would " + request.description }
    return flash.map { "action: " + $0 }
  }
}
