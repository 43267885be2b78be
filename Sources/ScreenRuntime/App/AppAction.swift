import ScreenFormat
import ScreenKinds
import ScreenTerminal

/// What happens to the app: a key or a paste from the terminal, a resize, the spinner's tick, a
/// screen's answer, an edited file, a suspend and a resume; and the answers of the app's own
/// effects (a screen opened, the files reloaded). `App.reduce` applies them, one at a time.
package enum AppAction: Sendable, Equatable {
  /// A key press (a paste is `paste`).
  case key(Key)
  /// A bracketed paste, whole: one edit of the search, never keys such as Enter.
  case paste(String)
  /// The terminal's new size.
  case resize(Viewport)
  /// The spinner's tick, ten times a second.
  case tick
  /// An input for the screen at `address`: the answer of its work (a page loaded, a debounce run
  /// out), or a script's command. Dropped when the screen is no longer open.
  case screenInput(ScreenAddress, ScreenInput)
  /// Open row `row` of the current screen (a script's `open`; a key's Enter resolves to it).
  case select(row: Int)
  /// Back to the screen before (a script's `back`; Esc and ← are keys).
  case back
  /// A watched file changed (`--watch`): load every open screen's file again, and the screens
  /// of the plugins named load anew (their program was restarted).
  case reload(restarted: [String])
  /// Stop the process (Ctrl-Z), giving the terminal back.
  case suspend
  /// The process runs again (`fg`): draw the whole frame anew.
  case resume
  /// The terminal's input ended (stdin closed).
  case endOfInput
  /// The answer of `AppEffect.open`: the screen to push.
  case opened(AppScreen)
  /// The answer of `AppEffect.reloadFiles`: each open screen's spec, read again (in stack order),
  /// or why the files cannot load.
  case reloaded(Result<[ScreenSpec], ReloadFailure>)
  /// The answer of `AppEffect.replace`: the screen's new view model, or why it cannot be made.
  case replaced(screen: Int, Result<AnyViewModel, ReloadFailure>)
  /// An effect could not do what it was asked: the message to flash.
  case failed(String)
  /// Load the preview of the highlighted row now, with no debounce (a script's frame, `--once`).
  case previewNow
  /// The answer of `AppEffect.openPreview`: the detail screen for screen `screen`'s pane, made for
  /// load `generation`, or why it cannot be made.
  case previewOpened(screen: Int, generation: Int, Result<AppScreen, PreviewFailure>)
  /// The answer of `AppEffect.perform`: how the action went, to flash.
  case performed(String)
  /// Show another tab of the current tabs screen (Tab, Shift-Tab, a script's `tab`).
  case showTab(TabMove)
  /// Screen `screen`'s refresh came due, at `now` (Unix seconds on the app's clock); its source's
  /// rate limit asks it to wait until `waitUntil`, when it does.
  case refreshDue(screen: Int, now: Double, waitUntil: Double?)

  package static func == (lhs: AppAction, rhs: AppAction) -> Bool {
    switch (lhs, rhs) {
    case (.key(let a), .key(let b)): a == b
    case (.paste(let a), .paste(let b)): a == b
    case (.resize(let a), .resize(let b)): a == b
    case (.tick, .tick), (.back, .back), (.suspend, .suspend), (.resume, .resume), (.endOfInput, .endOfInput): true
    case (.screenInput(let a, let x), .screenInput(let b, let y)): a == b && x == y
    case (.select(let a), .select(let b)): a == b
    case (.reload(let a), .reload(let b)): a == b
    case (.opened(let a), .opened(let b)): a == b
    case (.reloaded(.success(let a)), .reloaded(.success(let b))): a.map(\.file) == b.map(\.file)
    case (.reloaded(.failure(let a)), .reloaded(.failure(let b))): a == b
    case (.replaced(let a, .success(let x)), .replaced(let b, .success(let y))): a == b && x == y
    case (.replaced(let a, .failure(let x)), .replaced(let b, .failure(let y))): a == b && x == y
    case (.failed(let a), .failed(let b)), (.performed(let a), .performed(let b)): a == b
    case (.previewNow, .previewNow): true
    case (.showTab(let a), .showTab(let b)): a == b
    case (.refreshDue(let a, let x, let r), .refreshDue(let b, let y, let q)): a == b && x == y && r == q
    case (.previewOpened(let a, let x, .success(let r)), .previewOpened(let b, let y, .success(let q))):
      a == b && x == y && r == q
    case (.previewOpened(let a, let x, .failure(let r)), .previewOpened(let b, let y, .failure(let q))):
      a == b && x == y && r == q
    default: false
    }
  }
}

/// Which screen an input or a piece of work is for: one of the stack, by its id, or the screen in
/// the preview pane of stack screen `of`, made for the pane's load `generation` (an answer for a
/// load the highlight has passed is dropped).
package enum ScreenAddress: Sendable, Hashable, CustomStringConvertible {
  case stack(Int)
  case preview(of: Int, generation: Int)

  package var description: String {
    switch self {
    case .stack(let id): "screen \(id)"
    case .preview(let id, let generation): "preview \(generation) of screen \(id)"
    }
  }
}

/// Why a reload failed: the screen files' problems, shown above the last good screen.
package struct ReloadFailure: Error, Sendable, Equatable, CustomStringConvertible {
  package var error: ScreenLoadError

  package init(_ error: ScreenLoadError) { self.error = error }

  package var description: String { error.description }

  package static func == (lhs: ReloadFailure, rhs: ReloadFailure) -> Bool { lhs.description == rhs.description }
}
