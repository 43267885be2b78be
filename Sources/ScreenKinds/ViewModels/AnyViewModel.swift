import ScreenKit

/// A screen's running view model with its kind erased: what the navigator, the renderer, the
/// script runner and the interactive loop hold. None of them knows which kind it is; the kind's
/// `ScreenBehavior` answers for it.
public final class AnyViewModel: Sendable {
  public let kind: ScreenKind
  /// The kind's own store (a `Store` of its view model), for the kind and for tests.
  private let base: any Sendable
  private let operations: Operations

  private struct Operations: Sendable {
    var content: @Sendable () -> ScreenContent
    var settle: @Sendable () async -> Void
    var setOnChange: @Sendable ((@Sendable () -> Void)?) -> Void
    var start: @Sendable () -> Void
    var reload: @Sendable () -> Void
    var isBusy: @Sendable () -> Bool
    var error: @Sendable () -> DataSourceError?
    var press: @Sendable (Key, ScreenState, Viewport) -> KeyPress
    var run: @Sendable (ScriptCommand, ScreenSpec) -> ScriptOutcome
    var opening: @Sendable (Int, ScreenSpec, [String: String]) throws(NavigationError) -> Opening
    var keyHelp: [KeyHelpLine]
  }

  public init<Model: ViewModel>(kind: ScreenKind, store: Store<Model>, behavior: ScreenBehavior<Model>) {
    self.kind = kind
    base = store
    operations = Operations(
      content: { behavior.content(store.state) },
      settle: { await store.settle() },
      setOnChange: { store.onChange = $0 },
      start: { store.send(behavior.start) },
      reload: { store.send(behavior.reload) },
      isBusy: { behavior.isBusy(store.state) },
      error: { behavior.error(store.state) },
      press: { key, screen, viewport in
        switch behavior.keys(key, store.state, screen, viewport) {
        case .send(let input):
          store.send(input)
          return .handled
        case .open(let row): return .open(row)
        case .help: return .help
        case .none: return .handled
        case .unbound: return .unbound
        }
      },
      run: { command, spec in
        switch behavior.script(command, store.state, spec) {
        case .send(let inputs):
          for input in inputs { store.send(input) }
          return .done
        case .failed(let message): return .failed(message)
        case .unsupported: return .unsupported
        }
      },
      opening: { row, spec, parameters throws(NavigationError) in
        let opening = try behavior.opening(row, store.state, spec, parameters).get()
        if let input = opening.input { store.send(input) }
        return Opening(screen: opening.screen, parameters: opening.parameters)
      }, keyHelp: behavior.bindings.help())
  }

  /// The kind's store, when it is a `Store<Model>`.
  public func store<Model: ViewModel>(of model: Model.Type) -> Store<Model>? { base as? Store<Model> }

  /// The state to draw.
  public var content: ScreenContent { operations.content() }

  /// Called after every input (the terminal redraws), on whatever task sent it.
  public func onChange(_ action: (@Sendable () -> Void)?) { operations.setOnChange(action) }

  /// Sends the first input (the first load).
  public func start() { operations.start() }

  /// Loads again (or retries what failed).
  public func reload() { operations.reload() }

  /// Waits until no request is in flight.
  public func settle() async { await operations.settle() }

  /// Whether a request is on its way (the spinner turns).
  public var isBusy: Bool { operations.isBusy() }

  /// The data error the screen stands in, if any.
  public var error: DataSourceError? { operations.error() }

  /// Applies a key; says whether it opens a row or asks for the key help.
  public func press(_ key: Key, screen: ScreenState, viewport: Viewport) -> KeyPress {
    operations.press(key, screen, viewport)
  }

  /// The kind's keys and what they do, from its bindings.
  public var keyHelp: [KeyHelpLine] { operations.keyHelp }

  /// Runs a script command of the kind's own (`search`, `next`, …).
  public func run(_ command: ScriptCommand, spec: ScreenSpec) -> ScriptOutcome { operations.run(command, spec) }

  /// What row `row` opens (and highlights it).
  public func opening(row: Int, spec: ScreenSpec, parameters: [String: String]) throws(NavigationError) -> Opening {
    try operations.opening(row, spec, parameters)
  }
}

/// How a kind's screens answer the runtime, in the kind's own state and inputs.
public struct ScreenBehavior<Model: ViewModel>: Sendable {
  /// What a script command does to a screen of the kind.
  public enum ScriptAction: Sendable {
    case send([Model.Input])
    case failed(String)
    case unsupported
  }

  /// The screen a row opens, with its parameters, and the input that marks the row opened.
  public struct RowOpening: Sendable {
    public var screen: String
    public var parameters: [String: String]
    public var input: Model.Input?

    public init(screen: String, parameters: [String: String], input: Model.Input?) {
      self.screen = screen
      self.parameters = parameters
      self.input = input
    }
  }

  public var start: Model.Input
  public var reload: Model.Input
  public var content: @Sendable (Model.State) -> ScreenContent
  public var isBusy: @Sendable (Model.State) -> Bool
  public var error: @Sendable (Model.State) -> DataSourceError?
  public var keys: @Sendable (Key, Model.State, ScreenState, Viewport) -> KeyAction<Model.Input>
  /// The keys as a list of bindings, which `keys` answers from and the key help draws; a kind
  /// made with a `keys` function alone has no help beyond the shared keys.
  public var bindings: [KeyBinding<Model>]
  public var script: @Sendable (ScriptCommand, Model.State, ScreenSpec) -> ScriptAction
  public var opening: @Sendable (Int, Model.State, ScreenSpec, [String: String]) -> Result<RowOpening, NavigationError>

  public init(
    start: Model.Input, reload: Model.Input, content: @escaping @Sendable (Model.State) -> ScreenContent,
    isBusy: @escaping @Sendable (Model.State) -> Bool, error: @escaping @Sendable (Model.State) -> DataSourceError?,
    keys: @escaping @Sendable (Key, Model.State, ScreenState, Viewport) -> KeyAction<Model.Input>,
    script: @escaping @Sendable (ScriptCommand, Model.State, ScreenSpec) -> ScriptAction,
    opening: @escaping @Sendable (Int, Model.State, ScreenSpec, [String: String]) -> Result<RowOpening, NavigationError>
  ) {
    self.start = start
    self.reload = reload
    self.content = content
    self.isBusy = isBusy
    self.error = error
    self.keys = keys
    self.bindings = [KeyBinding([], "") { key, state, screen, viewport in keys(key, state, screen, viewport) }]
    self.script = script
    self.opening = opening
  }

  /// A behavior whose keys are `bindings`, tried in order: what they do is what the help says.
  public init(
    start: Model.Input, reload: Model.Input, content: @escaping @Sendable (Model.State) -> ScreenContent,
    isBusy: @escaping @Sendable (Model.State) -> Bool, error: @escaping @Sendable (Model.State) -> DataSourceError?,
    bindings: [KeyBinding<Model>],
    script: @escaping @Sendable (ScriptCommand, Model.State, ScreenSpec) -> ScriptAction,
    opening: @escaping @Sendable (Int, Model.State, ScreenSpec, [String: String]) -> Result<RowOpening, NavigationError>
  ) {
    self.init(
      start: start, reload: reload, content: content, isBusy: isBusy, error: error,
      keys: { key, state, screen, viewport in bindings.press(key, state, screen, viewport) }, script: script,
      opening: opening)
    self.bindings = bindings
  }
}

/// What a key press on a screen came to.
public enum KeyPress: Sendable, Equatable {
  case handled
  /// Open this row (or link).
  case open(Int)
  /// Show the key help.
  case help
  /// No binding of the screen takes the key (the navigator may give it its shared meaning).
  case unbound
}

/// The screen a row opens, with the parameters it is opened with.
public struct Opening: Sendable, Equatable {
  public var screen: String
  public var parameters: [String: String]
}

/// How a script command went on a screen.
public enum ScriptOutcome: Sendable, Equatable {
  case done
  case failed(String)
  /// The screen's kind has no such command.
  case unsupported
}
