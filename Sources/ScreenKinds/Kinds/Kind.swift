import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenTerminal

/// A kind of screen (`list`, `detail`, `table`, …): one type that says everything screenrun knows
/// about its screens. It decodes its part of a screen file (with that part's JSON Schema), reduces
/// its state, binds keys and script commands to its actions, draws its state and explains it.
///
/// A kind's static members describe its screen files; a value of it is one opened screen's
/// reducer, made with the screen's data source and parameters (the way a TCA `Reducer` holds its
/// dependencies). The runtime holds kinds behind one erasure (`ScreenKind` for the type,
/// `AnyViewModel` for an opened screen), so nothing outside a kind's folder learns its state.
///
///     struct CounterKind: Kind {
///       static let name = "counter"
///       static let resource = Resource.Kind.record
///       static let keys: [String] = []
///       static var schema: KindSchema { KindSchema() }
///       static func decode(_ object: JSONObject, _ decoder: inout SpecDecoder) -> CounterSpec? { CounterSpec() }
///       init(_ screen: KindScreen<CounterSpec>) {}
///       func start(after previous: Int?) -> (state: Int, action: Bool) { (previous ?? 0, true) }
///       static let reload = true
///       func reduce(_ state: inout Int, _ action: Bool) -> [Effect<Bool>] { … }
///       static let bindings = [KeyBinding<CounterKind>([.up], hint: "↑ more", help: "count up", send: true)]
///       …
///     }
///
/// A new kind is a folder in `Kinds/` and one line in `KindRegistry.standard`.
package protocol Kind<Spec, State, Action>: ViewModel where Input == Action {
  /// What a screen file of the kind declares beyond the common keys.
  associatedtype Spec: KindSpec
  // `State` (what an opened screen remembers: everything it draws is in it) comes from
  // `ViewModel`.
  /// What changes the state: a key's or a script command's action, or an effect's answer.
  associatedtype Action: Sendable

  // MARK: The screen file

  /// What a screen file's `kind` says.
  static var name: String { get }
  /// The kind of plugin resource the screen's source must be.
  static var resource: Resource.Kind { get }
  /// Whether a screen of the kind has a `source`: true but for a kind that holds other screens,
  /// each with its own (tabs).
  static var hasSource: Bool { get }
  /// The top-level keys of a screen file the kind adds to the common ones, in the order messages
  /// list them.
  static var keys: [String] { get }
  /// The kind's part of the screen file's JSON Schema (`screenrun schema`): the keys `decode`
  /// reads, with their definitions and rules.
  static var schema: KindSchema { get }
  /// Decodes the kind's part of a screen file, reporting every problem to the decoder.
  static func decode(_ object: JSONObject, _ decoder: inout SpecDecoder) -> Spec?
  /// What a screen asks of its data source beyond its plugin, resource and parameters: while it
  /// is the same, a reloaded screen file keeps its running screen.
  static func sourceBinding(_ spec: Spec, of screen: ScreenSpec) -> String

  // MARK: An opened screen

  /// The reducer of an opened screen.
  init(_ screen: KindScreen<Spec>)
  /// The first state and the action that starts the screen (its first load); `previous` is the
  /// state of the screen it replaces when its file was edited and reloaded.
  func start(after previous: State?) -> (state: State, action: Action)
  /// What reloads the screen, or retries what failed.
  static var reload: Action { get }
  /// What asks the source again for what the screen shows, keeping what it shows until the answer
  /// comes, and where it stands (its query, pages and highlighted record): a `refresh` on an
  /// interval sends it. The kind's `reload` by default.
  static var refresh: Action { get }
  /// Applies `action` to `state`; returns the work to start, whose answers come back as actions.
  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>]

  // MARK: Keys and commands

  /// The keys, tried in order: the same list answers a key press and describes the keys (the
  /// footer's hints and the `?` help), so a hint cannot name a key that does something else.
  static var bindings: [KeyBinding<Self>] { get }
  /// The script commands a screen of the kind runs itself (beyond `wait`, `open`, `back`, `key`).
  static var commands: [KindCommand<Self>] { get }
  /// What the preview pane beside the screen shows now (`ListPreview`): the detail screen and
  /// the parameters of the highlighted row; nil when the screen has no preview or no row.
  static func preview(_ state: State, _ spec: Spec, _ screen: ScreenState) -> RowOpening<Action>?
  /// What row `row` (from 0) of `screen` opens, and the action that marks it opened.
  static func opening(_ row: Int, _ state: State, _ spec: Spec, _ screen: ScreenState) -> Result<
    RowOpening<Action>, NavigationError
  >

  // MARK: Drawing and explaining

  /// The lines of the screen: `screen` is the screen being drawn (its title, parameters and
  /// selection), `spec` its kind's part.
  static func render(_ state: State, _ spec: Spec, _ screen: ScreenState, _ options: RenderOptions) -> Frame
  /// What `--explain` says of a screen of the kind, beyond what every screen has.
  static func explain(_ state: State, _ spec: Spec) -> KindExplanation
  /// A number that changes whenever the data the screen shows changes (a page, a record, a
  /// refresh whose answer differs), and only then: the status line's "updated" time follows it.
  static func dataRevision(_ state: State) -> Int
  /// How many records the screen has, for a tab's title (`Open (12)`): the source's total where
  /// it gives one; nil before an answer, and for a kind with none to count.
  static func count(_ state: State) -> Int?
  /// Whether a request is on its way (the spinner turns).
  static func isBusy(_ state: State) -> Bool
  /// The data error the screen stands in, if any.
  static func error(_ state: State) -> DataSourceError?
  /// Whether the screen has its data source's answer to draw (what it asked for, or an error),
  /// rather than "Loading…" before it: a preview pane draws the one before until then.
  static func hasAnswer(_ state: State) -> Bool
  /// The record the screen's actions act on: a detail's record, a list's selected row; nil when
  /// there is none (nothing loaded, or a kind with no record).
  static func actionRecord(_ state: State) -> JSON?
  /// Whether a query typed on the screen waits for its debounce: an action waits then (the rows
  /// shown are about to be replaced).
  static func searchWaits(_ state: State, _ spec: Spec) -> Bool
  /// What `--output` prints of the screen (its pages of records, or its record, with what CSV and
  /// TSV make of them); nil for a kind that has no records to print.
  static func export(_ state: State, _ spec: Spec, _ screen: ScreenState) -> ScreenExport?
}

extension Kind {
  package static func sourceBinding(_ spec: Spec, of screen: ScreenSpec) -> String { "" }
  package static var commands: [KindCommand<Self>] { [.reload] }
  package static func explain(_ state: State, _ spec: Spec) -> KindExplanation { KindExplanation() }
  package static func actionRecord(_ state: State) -> JSON? { nil }
  package static func searchWaits(_ state: State, _ spec: Spec) -> Bool { false }
  package static func export(_ state: State, _ spec: Spec, _ screen: ScreenState) -> ScreenExport? { nil }
  package static func hasAnswer(_ state: State) -> Bool { !isBusy(state) }
  package static var refresh: Action { reload }
  package static var hasSource: Bool { true }
  package static func count(_ state: State) -> Int? { nil }
  package static func dataRevision(_ state: State) -> Int { 0 }
}

/// What a kind's reducer is made with when a screen opens.
package struct KindScreen<Spec: KindSpec>: Sendable {
  /// The kind's part of the screen file.
  package var spec: Spec
  /// The whole screen file.
  package var screen: ScreenSpec
  /// The screen's source parameters, rendered with its navigation parameters.
  package var parameters: [String: String]
  package var source: any DataSource
}

/// What a key binding, a script command or an opening sees of a screen: its state, the kind's
/// part of its file, the screen drawn, and the room it has.
package struct KindContext<K: Kind>: Sendable {
  package var state: K.State
  package var spec: K.Spec
  package var screen: ScreenState
  package var viewport: Viewport

  package init(state: K.State, spec: K.Spec, screen: ScreenState, viewport: Viewport) {
    self.state = state
    self.spec = spec
    self.screen = screen
    self.viewport = viewport
  }

  /// The same screen as a kind built on this one sees it (a table's list part).
  func map<Inner: Kind>(state: (K.State) -> Inner.State, spec: (K.Spec) -> Inner.Spec) -> KindContext<Inner> {
    KindContext<Inner>(state: state(self.state), spec: spec(self.spec), screen: screen, viewport: viewport)
  }
}

/// The screen a row opens, with its parameters, and the action that marks the row opened.
package struct RowOpening<Action: Sendable>: Sendable {
  package var screen: String
  package var parameters: [String: String]
  package var action: Action?
  /// How the row names itself (its title), for a preview pane to say what it loads.
  package var label: String?

  package init(screen: String, parameters: [String: String], action: Action?, label: String? = nil) {
    self.screen = screen
    self.parameters = parameters
    self.action = action
    self.label = label
  }

  /// The same opening, its action wrapped for a kind built on this one.
  package func map<Outer: Sendable>(_ transform: (Action) -> Outer) -> RowOpening<Outer> {
    RowOpening<Outer>(screen: screen, parameters: parameters, action: action.map(transform), label: label)
  }
}

/// What `--explain` says of a screen's kind: lines about how it asks its source, the query its
/// templates read, why it sent no request, and which templates read an item of a record's array
/// rather than the record.
package struct KindExplanation: Sendable {
  /// Lines after the screen's parameters (`search …`, `paging …`), each "name  text".
  package var settings: [String] = []
  /// The query the templates read (`{query}`).
  package var query = ""
  /// Why the screen asked its source nothing, when it did not.
  package var noRequest: String?
  /// What the record shown is called: "the first record" of a list, "the record" of a detail.
  package var record = "the record"
  /// Templates that read an item of an array of the record: those at or under a pointer, with the
  /// array's path.
  package var itemTemplates: [(under: JSONPointer, items: [String])] = []

  package init(
    settings: [String] = [], query: String = "", noRequest: String? = nil, record: String = "the record",
    itemTemplates: [(under: JSONPointer, items: [String])] = []
  ) {
    self.settings = settings
    self.query = query
    self.noRequest = noRequest
    self.record = record
    self.itemTemplates = itemTemplates
  }
}
