import ScreenFormat
import ScreenKinds
import ScreenKit
import ScreenTerminal

/// The interactive app as a value: the stack of open screens, the overlay, the flash message,
/// the terminal's size and whether a quit is under way. `App.reduce` is the only code that
/// changes it; the `Navigator` runs the effects that the reducer asks for, and the terminal
/// session draws the frame it describes (`frame(glyphs:)`).
package struct AppState: Sendable, Equatable {
  /// The open screens, the current one last. `select` pushes the target screen with its
  /// parameters, `back` pops.
  package var stack: [AppScreen] = []
  /// What is drawn over the current screen.
  package var overlay: Overlay = .none
  /// A short message on the frame's last lines until the next key (the first screen cannot go
  /// back, a row opens nothing).
  package var flash: String? {
    didSet { if let flash { lastFlash = flash } }
  }
  /// The last flash message, kept after the next key takes it away: the `?` help shows it whole
  /// (`helpLines`), where a terminal too short for it cut it.
  package private(set) var lastFlash: String?
  /// The terminal's size, in columns and rows.
  package var size = Viewport(columns: 80, rows: 24)
  /// Set once a quit is asked for (the effect `.quit` ends the session, which draws no more).
  package var quitting = false
  /// While the process is stopped (Ctrl-Z), until `fg` resumes it.
  package var suspended = false
  /// Which frame of the loading spinner is drawn; the tick turns it while the screen is busy.
  package var spinnerPhase = 0
  /// Ticks so far.
  package var ticks = 0
  /// Whether frames end with the current screen's data-source status line (`SourceStatus`).
  package var showsStatus = false
  /// Whether the screen files are watched (`--watch`): every other tick looks at them.
  package var watching = false
  /// Every screen file opened so far, and the files those screens open (what `--watch` watches).
  package var files: [String] = []
  /// Why the last reload of the screen files failed; the last good screens keep running.
  package var reloadError: ScreenLoadError?
  /// The id the next screen pushed gets.
  package var nextID = 1
  /// The preview panes of the open screens that declare one, by screen id (`PreviewPane`).
  package var previews: [Int: PreviewPane] = [:]
  /// The search the next screen to open begins with instead of its first load (`--query`), as if
  /// typed, with no debounce; taken by that screen.
  package var startingQuery: String?
  /// Why the screen that took `startingQuery` could not search for it (it has no search); it
  /// then started as it would have without.
  package var startingQueryProblem: String?
  /// The app's clock when the action being applied came (Unix seconds; the store sets it before
  /// each action, 0 where none does): what a screen's "updated" time reads.
  package var now: Double = 0

  package init() {}

  /// What is drawn over the current screen.
  package enum Overlay: Sendable, Equatable {
    case none
    /// The key help (`?`), shown from its line `top` (from 0), until a key other than those that
    /// scroll it (where it is taller than the terminal).
    case help(top: Int)
    /// An action with `confirm`: what it will do, until `y` does it or another key cancels it.
    case confirm(ActionRequest)
  }

  package var current: AppScreen? { stack.last }

  /// Whether the key help is shown.
  package var showsHelp: Bool { if case .help = overlay { true } else { false } }

  package static func == (lhs: AppState, rhs: AppState) -> Bool {
    lhs.stack == rhs.stack && lhs.overlay == rhs.overlay && lhs.flash == rhs.flash && lhs.lastFlash == rhs.lastFlash
      && lhs.size == rhs.size
      && lhs.quitting == rhs.quitting && lhs.suspended == rhs.suspended && lhs.spinnerPhase == rhs.spinnerPhase
      && lhs.ticks == rhs.ticks && lhs.showsStatus == rhs.showsStatus && lhs.watching == rhs.watching
      && lhs.files == rhs.files
      && lhs.reloadError?.description == rhs.reloadError?.description && lhs.nextID == rhs.nextID
      && lhs.previews == rhs.previews && lhs.startingQuery == rhs.startingQuery
      && lhs.startingQueryProblem == rhs.startingQueryProblem
  }
}

/// One open screen: its spec, its parameters, and its kind's state as a value, behind the kinds'
/// one erasure (`AnyViewModel`). Two are equal when all of these are.
package struct AppScreen: Sendable, Equatable {
  /// Which screen of the stack it is, for the answers that come back to it.
  package var id: Int
  package var spec: ScreenSpec
  package var parameters: [String: String]
  package var model: AnyViewModel
  /// How many times its file has been reloaded into it.
  package var revision = 0
  /// The tabs screen it is the shown tab of, with the tabs not shown; nil for a screen of its own.
  package var group: TabGroup?
  /// The refresh interval its tab declares, over its screen file's (`TabSpec.refresh`).
  package var tabRefresh: Duration?
  /// When it last asked its source for what it shows, in Unix seconds on the app's clock: its
  /// status line says "updated 14:02". Set at its first load and at each refresh.
  package var fetchedAt: Double?
  /// A refresh came due while it was not shown (under another screen, a tab not shown, the
  /// process stopped): it refreshes when next shown.
  package var refreshDue = false
  /// Until when its refresh waits for the source's rate limit (Unix seconds), which its status
  /// line says; nil when it does not wait.
  package var refreshWaitsUntil: Double?

  package init(id: Int, spec: ScreenSpec, parameters: [String: String], model: AnyViewModel) {
    self.id = id
    self.spec = spec
    self.parameters = parameters
    self.model = model
  }

  /// How often it asks its source again for what it shows: its tab's interval, else its file's.
  package var refresh: Duration? { tabRefresh ?? spec.refresh }

  /// The keys that work on the screen now, in `viewport`, for the `?` help: its kind's own
  /// (moving, opening), then the screen's actions, then the keys every screen shares (back,
  /// quit, the help), as less, k9s and lazygit order theirs.
  package func keyHelp(in viewport: Viewport, canGoBack: Bool) -> [KeyHelpLine] {
    var screen = screenState
    screen.canGoBack = canGoBack
    let kind = model.keyHelp(screen: screen, viewport: viewport)
    // An action acts on a record: with none, its key would only say so.
    let actions = model.actionRecord == nil ? [] : spec.actions.map(\.help)
    return kind.own + actions + kind.shared
  }

  /// The state to draw, with its tab bar when it is a tab.
  package var screenState: ScreenState {
    var state = ScreenState(spec: spec, parameters: parameters, content: model.content)
    state.tabBar = group.map { $0.bar(shown: self) }
    return state
  }

  /// The data error the screen stands in, if any.
  package var error: DataSourceError? { model.error }

  package static func == (lhs: AppScreen, rhs: AppScreen) -> Bool {
    lhs.id == rhs.id && lhs.spec.file == rhs.spec.file && lhs.parameters == rhs.parameters
      && lhs.model == rhs.model && lhs.revision == rhs.revision && lhs.group == rhs.group
      && lhs.tabRefresh == rhs.tabRefresh && lhs.fetchedAt == rhs.fetchedAt && lhs.refreshDue == rhs.refreshDue
      && lhs.refreshWaitsUntil == rhs.refreshWaitsUntil
  }
}

/// The tabs of a tabs screen, held by the tab shown (the stack's entry): the screen file, each
/// tab's title, which tab is shown, and every other tab's screen, live (its requests run, its
/// answers apply) while another is shown.
package struct TabGroup: Sendable, Equatable {
  /// The tabs screen's file.
  package var file: String
  /// Its title, rendered.
  package var title: String
  /// Each tab's title, rendered, in the bar's order.
  package var titles: [String]
  /// The tab shown, from 0.
  package var current: Int
  /// The tabs not shown, by their place in the bar.
  package var others: [Int: AppScreen]

  package init(file: String, title: String, titles: [String], current: Int = 0, others: [Int: AppScreen] = [:]) {
    self.file = file
    self.title = title
    self.titles = titles
    self.current = current
    self.others = others
  }

  /// The tab bar, with `shown` as the current tab: each title with its count of records, where
  /// its screen has one.
  func bar(shown: AppScreen) -> TabBar {
    let tabs = titles.indices.map { index -> String in
      let screen = index == current ? shown : others[index]
      guard let count = screen?.model.count else { return titles[index] }
      return "\(titles[index]) (\(TemplateFilter.grouped(count)))"
    }
    return TabBar(title: title, tabs: tabs, current: current)
  }

  /// The tab `move` reaches from the one shown; nil when there is no such tab.
  package func index(_ move: TabMove) -> Int? {
    switch move {
    case .next: (current + 1) % titles.count
    case .previous: (current + titles.count - 1) % titles.count
    case .number(let number): titles.indices.contains(number - 1) ? number - 1 : nil
    }
  }
}
