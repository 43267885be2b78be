/// The detail kind's registration: one record from a data source, in sections.
extension ScreenKind {
  public static let detail = ScreenKind(
    name: "detail", resource: .record, keys: ["sections"], scriptCommands: ["reload"],
    decode: { object, decoder in decoder.decodeDetail(object) },
    binding: { _ in "" }, makeModel: DetailKind.makeModel)
}

extension ScreenContent {
  /// A detail screen's state to draw.
  public static func detail(_ state: DetailViewModel.State) -> ScreenContent {
    ScreenContent(state: state) { screen, options in
      guard let detail = screen.spec.detail else {
        return ["error: a \(screen.spec.kind) screen cannot show this state"]
      }
      return DetailFrame(screen: screen, detail: detail, state: state, options: options).lines()
    }
  }
}

enum DetailKind {
  typealias Behavior = ScreenBehavior<DetailViewModel>

  static func makeModel(_ context: ModelContext) -> AnyViewModel {
    var state = DetailViewModel.State()
    // A reloaded screen file keeps where the body was scrolled to.
    state.scroll = context.previous?.store(of: DetailViewModel.self)?.state.scroll ?? 0
    let model = DetailViewModel(
      source: context.source,
      request: RecordRequest(resource: context.spec.source.resource, parameters: context.parameters))
    let behavior = Behavior(
      start: .appear, reload: .reload, content: { .detail($0) }, isBusy: { $0.status == .loading },
      error: {
        if case .error(let error) = $0.status { return error }
        return nil
      },
      keys: keys,
      script: { command, _, _ in command == .reload ? .send([.reload]) : .unsupported },
      opening: { _, _, _, _ in .failure(.cannotSelect("this screen is not a list")) })
    return AnyViewModel(
      kind: .detail, store: Store(model, state: state, scheduler: context.scheduler), behavior: behavior)
  }

  /// The detail screen's keys: scroll the body by a line or a page, reload.
  static func keys(_ key: Key, _ state: DetailViewModel.State, _ screen: ScreenState, _ viewport: Viewport)
    -> KeyAction<DetailViewModel.Input>
  {
    let page = viewport.rows - 5
    var line = state.scroll
    switch key {
    case .control("r"): return .send(.reload)
    case .up, .control("p"): line = max(0, line - 1)
    case .down, .control("n"), .enter: line += 1
    case .pageUp: line = max(0, line - page)
    case .pageDown, .character(" "): line += page
    case .home: line = 0
    default: return .none
    }
    return .send(.scroll(to: min(line, lastScroll(state, screen, viewport))))
  }

  /// How far the body can scroll: until its last line is at the bottom of the viewport.
  private static func lastScroll(_ state: DetailViewModel.State, _ screen: ScreenState, _ viewport: Viewport) -> Int {
    let whole = ScreenState(spec: screen.spec, parameters: screen.parameters, content: .detail(state))
    let text = TextRenderer.render(whole, options: RenderOptions(width: viewport.columns))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    return max(0, lines - viewport.rows + 1)
  }
}
