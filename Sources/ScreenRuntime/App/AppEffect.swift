import ScreenKinds

/// Work the app's reducer asks for. The reducer does none of it: the `Navigator` does the ones on
/// screens and files (and sends their answers back as actions), the terminal session the ones on
/// the terminal (`isTerminal`), and the test store lets a test see each of them.
package enum AppEffect: Sendable, Equatable {
  /// Load a screen file and open it with `parameters` as screen `id`; answers `.opened` or
  /// `.failed`.
  case open(String, parameters: [String: String], screen: Int)
  /// Run work that the screen at `address` asked for (a request, a timer, or the cancelling of
  /// either); its answers come back as `.screenInput`.
  case work(ScreenAddress, ScreenWork)
  /// Stop the work of the screen at `address` for good (a screen closed or replaced): its
  /// requests are cancelled and their answers dropped, its timer cancelled.
  case stopWork(ScreenAddress)
  /// Read every open screen's file again; answers `.reloaded`.
  case reloadFiles([String])
  /// Make screen `id` a new view model for its edited spec, keeping what it can of the old one;
  /// answers `.replaced`.
  case replace(screen: Int)
  /// Load screen file `path` with `parameters` as the preview of screen `screen`'s highlighted
  /// row, for load `generation`; answers `.previewOpened`.
  case openPreview(String, parameters: [String: String], screen: Int, generation: Int)
  /// Stop the preview screens that no pane shows any more (replaced, emptied, failed, or their
  /// list closed): a load on its way is cancelled, and they redraw nothing more.
  case stopPreviews
  /// Ask screen `screen`'s source again for what it shows after `after` (its `refresh`),
  /// replacing the refresh set before; nil cancels it. Answers `.refreshDue` when it comes due.
  case refresh(screen: Int, after: Duration?)
  /// Screen `screen`'s refresh, due now (a screen shown again after its refresh came due);
  /// answers `.refreshDue` at once.
  case refreshNow(screen: Int)
  /// Write the frame of the state now (`AppState.frame`).
  case draw
  /// Write the frame of the state now whole, whatever the terminal shows (Ctrl-L).
  case redraw
  /// Look whether a watched file changed (`--watch`); the watcher sends `.reload` if one did.
  case watch
  /// Stop the process (Ctrl-Z); the session sends `.resume` when it runs again.
  case suspend
  /// End the session.
  case quit
  /// Carry out an action (open a URL, copy, run a command); the session sends `.performed` with
  /// how it went. A script or a screen test does none, and shows what it would have done.
  case perform(ActionRequest)

  /// Whether the terminal session does it (the rest are the navigator's).
  package var isTerminal: Bool {
    switch self {
    case .draw, .redraw, .watch, .suspend, .quit, .perform: true
    default: false
    }
  }
}
