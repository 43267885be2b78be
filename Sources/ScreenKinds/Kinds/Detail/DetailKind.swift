import ScreenFormat
import ScreenKit

/// The detail kind's registration: one record from a data source, in sections.
extension ScreenKind {
  public static let detail = ScreenKind(
    name: "detail", resource: .record, keys: ["sections"], scriptCommands: ["reload"],
    decode: { object, decoder in decoder.decodeDetail(object) },
    binding: { _ in "" }, makeModel: DetailKind.makeModel, schema: DetailKind.schema)
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
  package typealias Behavior = ScreenBehavior<DetailViewModel>

  package static func makeModel(_ context: ModelContext) -> AnyViewModel {
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
      bindings: bindings,
      script: { command, _, _ in command == .reload ? .send([.reload]) : .unsupported },
      opening: opening)
    return AnyViewModel(
      kind: .detail, store: Store(model, state: state, scheduler: context.scheduler), behavior: behavior)
  }

  /// The detail screen's keys: scroll the body by a line or a page, move between the links and
  /// open one, reload, `?` for the key help.
  package static let bindings: [KeyBinding<DetailViewModel>] = [
    KeyBinding([.control("r")], "reload, or retry after an error") { _, _, _, _ in .send(.reload) },
    KeyBinding([.character("?")], "these keys") { _, _, _, _ in .help },
    KeyBinding([.tab, .backTab], "focus the next or the previous link, in screen order") {
      key, state, screen, viewport in
      focus(key == .tab ? 1 : -1, state, screen, viewport)
    },
    KeyBinding(
      [.enter],
      "open the focused link; with none focused, open the only link, or focus the first of several (no link: scroll down a line)"
    ) { _, state, screen, viewport in
      if let focus = state.focus { return .open(row: focus) }
      return enterWithoutFocus(state, screen, viewport)
    },
    KeyBinding([.up, .control("p"), .down, .control("n"), .enter], "scroll by a line") { key, state, screen, viewport in
      scroll(to: [.up, .control("p")].contains(key) ? state.scroll - 1 : state.scroll + 1, state, screen, viewport)
    },
    KeyBinding([.pageUp, .pageDown, .character(" ")], "scroll by a screenful") { key, state, screen, viewport in
      let page = viewport.rows - 5
      return scroll(to: key == .pageUp ? state.scroll - page : state.scroll + page, state, screen, viewport)
    },
    KeyBinding([.home], "scroll to the top") { _, state, screen, viewport in scroll(to: 0, state, screen, viewport) },
  ]

  private static func scroll(
    to line: Int, _ state: DetailViewModel.State, _ screen: ScreenState, _ viewport: Viewport
  ) -> KeyAction<DetailViewModel.Input> {
    .send(.scroll(to: max(0, min(line, lastScroll(state, screen, viewport)))))
  }

  /// Enter with no link focused: the screen's only link opens, and the first of several is
  /// focused (the next Enter opens it, Tab moves on), so that Enter never seems to do nothing on a
  /// screen with links; nil (scroll) on a screen without any.
  private static func enterWithoutFocus(
    _ state: DetailViewModel.State, _ screen: ScreenState, _ viewport: Viewport
  ) -> KeyAction<DetailViewModel.Input>? {
    guard let detail = screen.spec.detail, !detail.targets.isEmpty, state.status == .loaded else { return nil }
    let links = DetailFrame.linkCount(screen: screen, detail: detail, state: state, viewport: viewport)
    switch links {
    case 0: return nil
    case 1: return .open(row: 0)
    default: return focus(1, state, screen, viewport)
    }
  }

  /// Moves the focus to the next link (`step` 1) or the one before (-1), round the screen as a
  /// browser does, and scrolls the body just enough to show it.
  private static func focus(_ step: Int, _ state: DetailViewModel.State, _ screen: ScreenState, _ viewport: Viewport)
    -> KeyAction<DetailViewModel.Input>
  {
    let page = viewport.rows - 5
    guard let detail = screen.spec.detail, state.status == .loaded else { return .none }
    let frame = DetailFrame(
      screen: screen, detail: detail, state: state,
      options: RenderOptions(width: viewport.columns, height: viewport.rows))
    let lines = frame.sections(frame.context).links
    guard !lines.isEmpty else { return .none }
    let link = state.focus.map { ($0 + step + lines.count) % lines.count } ?? (step > 0 ? 0 : lines.count - 1)
    let line = lines[link]
    var scroll = state.scroll
    if line < scroll { scroll = line } else if line >= scroll + max(1, page) { scroll = line - max(1, page) + 1 }
    return .send(.focus(link, scroll: scroll))
  }

  /// What link `index` (from 0, in screen order) opens; it becomes the focused link.
  package static func opening(
    _ index: Int, _ state: DetailViewModel.State, _ spec: ScreenSpec, _ parameters: [String: String]
  ) -> Result<Behavior.RowOpening, NavigationError> {
    guard let detail = spec.detail, !detail.targets.isEmpty else {
      return .failure(.cannotSelect("this screen leads nowhere (no section has a 'select')"))
    }
    guard let record = state.record else { return .failure(.cannotSelect("the record is not loaded")) }
    let links = detail.links(in: TemplateContext(record: record, params: parameters))
    guard links.indices.contains(index) else {
      return .failure(
        .cannotSelect(
          links.isEmpty ? "the screen shows no links" : "there is no link \(index + 1); the screen has \(links.count)"))
    }
    let opening = links[index].opening(from: spec.file)
    return .success(
      Behavior.RowOpening(screen: opening.screen, parameters: opening.parameters, input: .focus(index, scroll: nil)))
  }

  /// How far the body can scroll: until its last line is at the bottom of the viewport.
  private static func lastScroll(_ state: DetailViewModel.State, _ screen: ScreenState, _ viewport: Viewport) -> Int {
    let whole = ScreenState(spec: screen.spec, parameters: screen.parameters, content: .detail(state))
    let text = TextRenderer.render(whole, options: RenderOptions(width: viewport.columns))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    return max(0, lines - viewport.rows + 1)
  }
}
