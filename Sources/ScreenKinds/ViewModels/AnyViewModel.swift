import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenTerminal

/// An opened screen's kind and state, as a value: the runtime's one erasure of `Kind`. It holds
/// the kind's reducer (made with the screen's data source and parameters) and its `State`; the
/// app keeps it in `AppState` and changes it only by `reduce(_:)`, whose work (`ScreenWork`) the
/// app's environment runs and whose answers come back as the app's actions, addressed to the
/// screen. Two are equal when they are of the same kind and their states are equal.
package struct AnyViewModel: Sendable, Equatable {
  private var box: any KindBox
  /// The input that starts the screen: its first load.
  package let startInput: ScreenInput

  /// Opens a screen of kind `K`; nil when the screen's spec is not the kind's.
  init?<K: Kind>(_ kind: K.Type, _ context: ModelContext) {
    guard let spec = context.spec.body as? K.Spec else { return nil }
    let reducer = K(
      KindScreen(spec: spec, screen: context.spec, parameters: context.parameters, source: context.source))
    let (state, action) = reducer.start(after: context.previous?.state(as: K.self))
    box = Box<K>(reducer: reducer, state: state)
    startInput = ScreenInput(action)
  }

  /// The screen's kind.
  package var kind: ScreenKind { box.kind }

  /// The kind's state, when the screen is of kind `K` (nil otherwise).
  package func state<K: Kind>(as kind: K.Type) -> K.State? { (box as? Box<K>)?.state }

  /// Changes the kind's state with `change`, when the screen is of kind `K`: for a test that
  /// names how a screen's state changes, as the app's test store asks.
  package mutating func update<K: Kind>(_ kind: K.Type, _ change: (inout K.State) -> Void) {
    guard var typed = box as? Box<K> else { return }
    change(&typed.state)
    box = typed
  }

  /// Applies an input (of the screen's kind; any other is dropped) and returns the work it asks for.
  package mutating func reduce(_ input: ScreenInput) -> [ScreenWork] { box.reduce(input) }

  /// The input that reloads the screen, or retries what failed.
  package var reloadInput: ScreenInput { box.reloadInput }
  /// The input that asks the source again for what the screen shows, keeping it (`Kind.refresh`).
  package var refreshInput: ScreenInput { box.refreshInput }
  /// How many records the screen has, for a tab's title (`Kind.count`).
  package var count: Int? { box.count }
  /// A number that changes when the data shown changes (`Kind.dataRevision`).
  package var dataRevision: Int { box.dataRevision }

  /// The state to draw.
  package var content: ScreenContent { box.content }
  /// Whether a request is on its way (the spinner turns).
  package var isBusy: Bool { box.isBusy }
  /// The data error the screen stands in, if any.
  package var error: DataSourceError? { box.error }
  /// Whether the screen has its data source's answer to draw, or waits for it (`Kind.hasAnswer`).
  package var hasAnswer: Bool { box.hasAnswer }
  /// The record the screen's actions act on now (`Kind.actionRecord`).
  package var actionRecord: JSON? { box.actionRecord }

  /// What a key does on `screen`, changing nothing: the input to reduce, the row it opens, the
  /// help; `.unbound` when no binding takes it.
  package func resolve(_ key: Key, screen: ScreenState, viewport: Viewport) -> KeyResolution {
    box.resolve(key, screen: screen, viewport: viewport)
  }

  /// The kind's keys that work on `screen` now and what they do, from its bindings (the `?`
  /// help): its own, and those every screen shares.
  package func keyHelp(screen: ScreenState, viewport: Viewport) -> (own: [KeyHelpLine], shared: [KeyHelpLine]) {
    box.keyHelp(screen: screen, viewport: viewport)
  }

  /// What a script command that the kind declares (`search`, `next`, …) comes to on `screen`,
  /// changing nothing: the inputs to reduce, in order, or why it cannot run.
  package func resolve(_ command: ScriptCommand, screen: ScreenState, viewport: Viewport) -> CommandResolution {
    box.resolve(command, screen: screen, viewport: viewport)
  }

  /// What row `row` opens on `screen`, and the input that marks it opened (highlights it),
  /// changing nothing.
  package func resolveOpening(row: Int, screen: ScreenState) throws(NavigationError) -> (Opening, ScreenInput?) {
    try box.resolveOpening(row: row, screen: screen)
  }

  /// What the preview pane beside `screen` shows now (the highlighted row's detail screen), if any.
  package func resolvePreview(screen: ScreenState) -> Opening? { box.resolvePreview(screen: screen) }
  /// Whether a query typed on the screen waits for its debounce (`Kind.searchWaits`).
  package func searchWaits(spec: ScreenSpec) -> Bool { box.searchWaits(spec: spec) }
  /// What `--output` prints of `screen` now (`Kind.export`); nil for a kind with no records.
  package func export(screen: ScreenState) -> ScreenExport? { box.export(screen: screen) }
  /// What `--explain` says of the screen's kind.
  package func explanation(spec: ScreenSpec) -> KindExplanation? { box.explanation(spec: spec) }

  package static func == (lhs: AnyViewModel, rhs: AnyViewModel) -> Bool { lhs.box.isEqual(to: rhs.box) }
}

extension ScreenContent {
  /// A kind's state to draw, drawn by the kind (`Kind.render`): the one way a screen's state
  /// becomes a frame, for an opened screen and for a test or a benchmark that made the state.
  package static func of<K: Kind>(_ kind: K.Type, _ state: K.State) -> ScreenContent {
    ScreenContent(state: state) { screen, options -> Frame in
      guard let spec = screen.spec.body as? K.Spec else {
        return Frame(lines: [Frame.Line("error: a \(screen.spec.kind) screen cannot show this state", role: .error)])
      }
      return K.render(state, spec, screen, options)
    }
  }
}

/// A kind's action, its kind erased, as the app hands it to a screen's state. Two are equal when
/// they describe the same action (the test store compares them); the description is made only
/// then, never for an answer on its way (a page of records).
package struct ScreenInput: Sendable, Equatable, CustomStringConvertible {
  let value: any Sendable

  package init(_ value: any Sendable) { self.value = value }

  package var description: String { String(describing: value) }

  package static func == (lhs: ScreenInput, rhs: ScreenInput) -> Bool { lhs.description == rhs.description }
}

/// Work a screen's reducer asked for (its kind's `Effect`, the kind erased): a request whose
/// answer comes back as an input, a timer, or the cancelling of either. The app's environment
/// runs it for the screen that asked.
package struct ScreenWork: Sendable, Equatable, CustomStringConvertible {
  package enum Work: Sendable {
    case run(@Sendable () async -> ScreenInput)
    case cancelRunning
    case after(Duration, ScreenInput)
    case cancelTimer
  }

  package let work: Work

  package init(_ work: Work) { self.work = work }

  init<Input: Sendable>(_ effect: Effect<Input>) {
    switch effect.work {
    case .run(let operation): work = .run { ScreenInput(await operation()) }
    case .cancelRunning: work = .cancelRunning
    case .after(let delay, let input): work = .after(delay, ScreenInput(input))
    case .cancelTimer: work = .cancelTimer
    }
  }

  /// A request, whatever it asks: for a test's expected effects (two requests compare equal,
  /// since what they run cannot be compared).
  package static let request = ScreenWork(.run { ScreenInput(()) })

  package var description: String {
    switch work {
    case .run: "request"
    case .cancelRunning: "cancel requests"
    case .after(let delay, let input): "after \(delay): \(input)"
    case .cancelTimer: "cancel timer"
    }
  }

  package static func == (lhs: ScreenWork, rhs: ScreenWork) -> Bool { lhs.description == rhs.description }
}

/// What a key does on a screen, resolved and not yet done.
package enum KeyResolution: Sendable, Equatable {
  /// Reduce this input on the screen.
  case send(ScreenInput)
  /// Open this row (or link).
  case open(Int)
  /// Show the key help.
  case help
  /// Taken, and nothing to do.
  case none
  /// No binding of the screen takes the key (the app may give it its shared meaning).
  case unbound
}

/// What a kind's script command comes to on a screen, resolved and not yet done.
package enum CommandResolution: Sendable, Equatable {
  /// Reduce these inputs on the screen, in order.
  case send([ScreenInput])
  /// It cannot run, and why.
  case failed(String)
  /// The screen's kind has no such command.
  case unsupported
}

/// What `AnyViewModel` asks of its box, in no associated type.
private protocol KindBox: Sendable {
  var kind: ScreenKind { get }
  mutating func reduce(_ input: ScreenInput) -> [ScreenWork]
  var reloadInput: ScreenInput { get }
  var refreshInput: ScreenInput { get }
  var count: Int? { get }
  var dataRevision: Int { get }
  var content: ScreenContent { get }
  var isBusy: Bool { get }
  var error: DataSourceError? { get }
  var hasAnswer: Bool { get }
  var actionRecord: JSON? { get }
  func resolve(_ key: Key, screen: ScreenState, viewport: Viewport) -> KeyResolution
  func keyHelp(screen: ScreenState, viewport: Viewport) -> (own: [KeyHelpLine], shared: [KeyHelpLine])
  func resolve(_ command: ScriptCommand, screen: ScreenState, viewport: Viewport) -> CommandResolution
  func resolveOpening(row: Int, screen: ScreenState) throws(NavigationError) -> (Opening, ScreenInput?)
  func resolvePreview(screen: ScreenState) -> Opening?
  func searchWaits(spec: ScreenSpec) -> Bool
  func export(screen: ScreenState) -> ScreenExport?
  func explanation(spec: ScreenSpec) -> KindExplanation?
  func isEqual(to other: any KindBox) -> Bool
}

/// The one generic box of the runtime: a kind's reducer and state, answering `KindBox` through `K`.
private struct Box<K: Kind>: KindBox {
  let reducer: K
  var state: K.State

  var kind: ScreenKind { ScreenKind(K.self) }

  mutating func reduce(_ input: ScreenInput) -> [ScreenWork] {
    guard let action = input.value as? K.Action else { return [] }
    return reducer.reduce(&state, action).map(ScreenWork.init)
  }

  var reloadInput: ScreenInput { ScreenInput(K.reload) }
  var refreshInput: ScreenInput { ScreenInput(K.refresh) }
  var count: Int? { K.count(state) }
  var dataRevision: Int { K.dataRevision(state) }

  private func context(_ screen: ScreenState, _ viewport: Viewport) -> KindContext<K>? {
    guard let spec = screen.spec.body as? K.Spec else { return nil }
    return KindContext(state: state, spec: spec, screen: screen, viewport: viewport)
  }

  var content: ScreenContent { .of(K.self, state) }

  var isBusy: Bool { K.isBusy(state) }
  var error: DataSourceError? { K.error(state) }
  var hasAnswer: Bool { K.hasAnswer(state) }
  var actionRecord: JSON? { K.actionRecord(state) }

  func keyHelp(screen: ScreenState, viewport: Viewport) -> (own: [KeyHelpLine], shared: [KeyHelpLine]) {
    K.bindings.help(on: context(screen, viewport))
  }

  func searchWaits(spec: ScreenSpec) -> Bool {
    guard let body = spec.body as? K.Spec else { return false }
    return K.searchWaits(state, body)
  }

  func resolve(_ key: Key, screen: ScreenState, viewport: Viewport) -> KeyResolution {
    guard let context = context(screen, viewport), let action = K.bindings.press(key, context) else {
      return .unbound
    }
    switch action {
    case .send(let action): return .send(ScreenInput(action))
    case .open(let row): return .open(row)
    case .help: return .help
    case .none: return .none
    }
  }

  func resolve(_ command: ScriptCommand, screen: ScreenState, viewport: Viewport) -> CommandResolution {
    guard case .kind(let name, let argument) = command, let declared = K.commands.first(where: { $0.name == name }),
      let context = context(screen, viewport)
    else { return .unsupported }
    switch declared.run(argument, context) {
    case .send(let actions): return .send(actions.map(ScreenInput.init))
    case .failed(let message): return .failed(message)
    }
  }

  func resolveOpening(row: Int, screen: ScreenState) throws(NavigationError) -> (Opening, ScreenInput?) {
    guard let spec = screen.spec.body as? K.Spec else { throw .cannotSelect("this screen opens nothing") }
    let opening = try K.opening(row, state, spec, screen).get()
    return (Opening(screen: opening.screen, parameters: opening.parameters), opening.action.map(ScreenInput.init))
  }

  func resolvePreview(screen: ScreenState) -> Opening? {
    guard let spec = screen.spec.body as? K.Spec else { return nil }
    return K.preview(state, spec, screen).map {
      Opening(screen: $0.screen, parameters: $0.parameters, label: $0.label)
    }
  }

  func export(screen: ScreenState) -> ScreenExport? {
    guard let spec = screen.spec.body as? K.Spec else { return nil }
    return K.export(state, spec, screen)
  }

  func explanation(spec: ScreenSpec) -> KindExplanation? {
    guard let body = spec.body as? K.Spec else { return nil }
    return K.explain(state, body)
  }

  func isEqual(to other: any KindBox) -> Bool { (other as? Box<K>)?.state == state }
}

/// The screen a row opens, with the parameters it is opened with.
package struct Opening: Sendable, Equatable {
  package var screen: String
  package var parameters: [String: String]
  /// How the row names itself (its title), for a preview pane to say what it loads; not part of
  /// what is opened, so two openings of the same screen and parameters are equal whatever it is.
  package var label: String?

  package init(screen: String, parameters: [String: String], label: String? = nil) {
    self.screen = screen
    self.parameters = parameters
    self.label = label
  }

  package static func == (lhs: Opening, rhs: Opening) -> Bool {
    lhs.screen == rhs.screen && lhs.parameters == rhs.parameters
  }
}
