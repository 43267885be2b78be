import ScreenJSON
import ScreenKit

/// An opened screen, its kind erased: what the navigator, the renderer, the script runner and the
/// interactive loop hold. None of them knows which kind it is; the one conforming type,
/// `KindModel`, answers for any `Kind` from the kind's own members.
package protocol ScreenModel: AnyObject, Sendable {
  /// The screen's kind.
  var kind: ScreenKind { get }
  /// The state to draw.
  var content: ScreenContent { get }
  /// Called after every action (the terminal redraws), on whatever task sent it.
  func onChange(_ action: (@Sendable () -> Void)?)
  /// Sends the first action (the first load).
  func start()
  /// Loads again (or retries what failed).
  func reload()
  /// Waits until no request is in flight.
  func settle() async
  /// Stops the screen for good (one no longer shown): its requests are cancelled, and it calls
  /// its `onChange` no more.
  func stop()
  /// Whether a request is on its way (the spinner turns).
  var isBusy: Bool { get }
  /// The data error the screen stands in, if any.
  var error: DataSourceError? { get }
  /// Whether the screen has its data source's answer to draw, or waits for it (`Kind.hasAnswer`).
  var hasAnswer: Bool { get }
  /// What a key does on `screen`, changing nothing: the input it sends, the row it opens, the
  /// help; `.unbound` when no binding takes it. The app's reducer asks, and sends the input as an
  /// effect (`send(_:)`).
  func resolve(_ key: Key, screen: ScreenState, viewport: Viewport) -> KeyResolution
  /// Applies an input that `resolve` or `resolveOpening` gave.
  func send(_ input: ScreenInput)
  /// The kind's keys that work on `screen` now and what they do, from its bindings (the `?`
  /// help): its own, and those every screen shares.
  func keyHelp(screen: ScreenState, viewport: Viewport) -> (own: [KeyHelpLine], shared: [KeyHelpLine])
  /// Runs a script command that the kind declares (`search`, `next`, …).
  func run(_ command: ScriptCommand, screen: ScreenState, viewport: Viewport) -> ScriptOutcome
  /// What row `row` opens on `screen`, and the input that marks it opened (highlights it),
  /// changing nothing.
  func resolveOpening(row: Int, screen: ScreenState) throws(NavigationError) -> (Opening, ScreenInput?)
  /// What `--explain` says of the screen's kind.
  func explanation(spec: ScreenSpec) -> KindExplanation?
  /// What the preview pane beside `screen` shows now (the highlighted row's detail screen), if any.
  func resolvePreview(screen: ScreenState) -> Opening?
  /// The record the screen's actions act on now (`Kind.actionRecord`).
  var actionRecord: JSON? { get }
  /// Whether a query typed on the screen waits for its debounce (`ListViewModel.isPending`).
  func searchWaits(spec: ScreenSpec) -> Bool
  /// What `--output` prints of `screen` now (`Kind.export`); nil for a kind with no records.
  func export(screen: ScreenState) -> ScreenExport?
}

/// A running screen of any kind: `any ScreenModel`.
package typealias AnyViewModel = any ScreenModel

extension ScreenModel {
  /// The screen's store, when its kind is `K` (for tests).
  package func store<K: Kind>(of kind: K.Type) -> Store<K>? { (self as? KindModel<K>)?.store }
}

/// A kind's action, its kind erased, as the app's reducer hands it to the screen's store. Two are
/// equal when they describe the same action (the test store compares the effects).
package struct ScreenInput: Sendable, Equatable, CustomStringConvertible {
  let value: any Sendable
  package let description: String

  package init(_ value: any Sendable) {
    self.value = value
    description = String(describing: value)
  }

  package static func == (lhs: ScreenInput, rhs: ScreenInput) -> Bool { lhs.description == rhs.description }
}

/// What a key does on a screen, resolved and not yet done.
package enum KeyResolution: Sendable, Equatable {
  /// Send this input to the screen's store.
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

/// The one generic box of the runtime: a kind's store, answering `ScreenModel` through `K`.
final class KindModel<K: Kind>: ScreenModel {
  let store: Store<K>
  private let startAction: K.Action

  var kind: ScreenKind { ScreenKind(K.self) }

  /// Opens a screen of the kind; nil when the screen's spec is not the kind's.
  init?(_ context: ModelContext) {
    guard let spec = context.spec.body as? K.Spec else { return nil }
    let reducer = K(
      KindScreen(spec: spec, screen: context.spec, parameters: context.parameters, source: context.source))
    let previous = context.previous?.store(of: K.self)?.state
    let (state, action) = reducer.start(after: previous)
    store = Store(reducer, state: state, scheduler: context.scheduler)
    startAction = action
  }

  private func context(_ screen: ScreenState, _ viewport: Viewport) -> KindContext<K>? {
    guard let spec = screen.spec.body as? K.Spec else { return nil }
    return KindContext(state: store.state, spec: spec, screen: screen, viewport: viewport)
  }

  var content: ScreenContent {
    let state = store.state
    return ScreenContent(state: state) { screen, options -> Frame in
      guard let spec = screen.spec.body as? K.Spec else {
        return Frame(lines: [Frame.Line("error: a \(screen.spec.kind) screen cannot show this state", role: .error)])
      }
      return K.render(state, spec, screen, options)
    }
  }

  func onChange(_ action: (@Sendable () -> Void)?) { store.onChange = action }
  func start() { store.send(startAction) }
  func reload() { store.send(K.reload) }
  func settle() async { await store.settle() }
  func stop() { store.stop() }
  var isBusy: Bool { K.isBusy(store.state) }
  var error: DataSourceError? { K.error(store.state) }
  var hasAnswer: Bool { K.hasAnswer(store.state) }
  func keyHelp(screen: ScreenState, viewport: Viewport) -> (own: [KeyHelpLine], shared: [KeyHelpLine]) {
    K.bindings.help(on: context(screen, viewport))
  }
  var actionRecord: JSON? { K.actionRecord(store.state) }
  func searchWaits(spec: ScreenSpec) -> Bool {
    K.listState(store.state).map { ListViewModel.isPending($0, search: spec.list?.search) } ?? false
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

  func send(_ input: ScreenInput) {
    guard let action = input.value as? K.Action else { return }
    store.send(action)
  }

  func run(_ command: ScriptCommand, screen: ScreenState, viewport: Viewport) -> ScriptOutcome {
    guard case .kind(let name, let argument) = command, let declared = K.commands.first(where: { $0.name == name }),
      let context = context(screen, viewport)
    else { return .unsupported }
    switch declared.run(argument, context) {
    case .send(let actions):
      for action in actions { store.send(action) }
      return .done
    case .failed(let message): return .failed(message)
    }
  }

  func resolveOpening(row: Int, screen: ScreenState) throws(NavigationError) -> (Opening, ScreenInput?) {
    guard let spec = screen.spec.body as? K.Spec else { throw .cannotSelect("this screen opens nothing") }
    let opening = try K.opening(row, store.state, spec, screen).get()
    return (Opening(screen: opening.screen, parameters: opening.parameters), opening.action.map(ScreenInput.init))
  }

  func resolvePreview(screen: ScreenState) -> Opening? {
    guard let spec = screen.spec.body as? K.Spec else { return nil }
    return K.preview(store.state, spec, screen).map {
      Opening(screen: $0.screen, parameters: $0.parameters, label: $0.label)
    }
  }

  func export(screen: ScreenState) -> ScreenExport? {
    guard let spec = screen.spec.body as? K.Spec else { return nil }
    return K.export(store.state, spec, screen)
  }

  func explanation(spec: ScreenSpec) -> KindExplanation? {
    guard let body = spec.body as? K.Spec else { return nil }
    return K.explain(store.state, body)
  }
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

/// How a script command went on a screen.
package enum ScriptOutcome: Sendable, Equatable {
  case done
  case failed(String)
  /// The screen's kind has no such command.
  case unsupported
}
