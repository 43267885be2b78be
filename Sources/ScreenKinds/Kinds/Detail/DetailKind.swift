import ScreenFormat
import ScreenKit
import ScreenTerminal

/// The detail kind: one record from a data source, in sections, whose links open other screens.
package struct DetailKind: Kind {
  package typealias Spec = DetailSpec
  package typealias State = DetailViewModel.State
  package typealias Action = DetailViewModel.Input

  package static let name = "detail"
  package static let resource = Resource.Kind.record
  package static let keys = ["sections"]

  package static func decode(_ object: JSONObject, _ decoder: inout SpecDecoder) -> DetailSpec? {
    decoder.decodeDetail(object)
  }

  /// The detail's reducer, with the record it asks its data source for.
  package let model: DetailViewModel

  package init(_ screen: KindScreen<DetailSpec>) {
    model = DetailViewModel(
      source: screen.source,
      request: RecordRequest(resource: screen.screen.source.resource, parameters: screen.parameters))
  }

  package func start(after previous: State?) -> (state: State, action: Action) {
    var state = State()
    // A reloaded screen file keeps where the body was scrolled to.
    state.scroll = previous?.scroll ?? 0
    return (state, .appear)
  }

  package static let reload = Action.reload
  package static let refresh = Action.refresh

  package func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] { model.reduce(&state, action) }

  package static func render(_ state: State, _ detail: DetailSpec, _ screen: ScreenState, _ options: RenderOptions)
    -> Frame
  {
    DetailFrame(screen: screen, detail: detail, state: state, options: options).frame()
  }

  package static func isBusy(_ state: State) -> Bool { state.status == .loading }
  package static func hasAnswer(_ state: State) -> Bool { state.status != .idle && state.status != .loading }
  package static func error(_ state: State) -> DataSourceError? { state.status.error }
  package static func dataRevision(_ state: State) -> Int { state.dataRevision.value }

  /// A list section's row and select read each item of its array.
  package static func explain(_ state: State, _ detail: DetailSpec) -> KindExplanation {
    var items: [(under: JSONPointer, items: [String])] = []
    for (index, section) in detail.sections.enumerated() {
      guard case .list(_, let path, _, _, _, _, _, _) = section else { continue }
      let pointer = JSONPointer.root / "sections" / index
      items += [(pointer / "row", path), (pointer / "select", path)]
    }
    return KindExplanation(itemTemplates: items)
  }

  /// The detail screen's keys: scroll the body by a line or a page, move between the links and
  /// open one, reload, `?` for the key help; those the footer names in its order.
  package static let bindings: [KeyBinding<DetailKind>] = [
    KeyBinding([.up, .control("p"), .down, .control("n")], hint: .upDown("scroll"), help: "scroll by a line") {
      key, screen in
      scroll(to: [.up, .control("p")].contains(key) ? shown(screen) - 1 : shown(screen) + 1, screen)
    },
    // A pager's letters (less, tig, lazygit): a detail screen has no search to type into.
    KeyBinding([.character("j"), .character("k")], help: "scroll down or up a line") { key, screen in
      scroll(to: key == .character("k") ? shown(screen) - 1 : shown(screen) + 1, screen)
    },
    KeyBinding([.character("?")], help: "these keys", action: .help),
    // On a tab of a tabs screen, Tab switches tabs: the links are Enter's (and a script's `open`).
    .tabs,
    KeyBinding(
      [.tab, .backTab], hint: KeyHint("Tab link", need: .main),
      help: "focus the next or the previous link, in screen order",
      when: KeyBinding.Condition { links($0) > 1 }
    ) { key, screen in focus(key == .tab ? 1 : -1, screen) },
    // The same keys on a screen with one link or none, which the footer does not name.
    KeyBinding([.tab, .backTab], help: "") { key, screen in focus(key == .tab ? 1 : -1, screen) },
    // Enter with no link focused: the screen's only link opens, and the first of several is
    // focused (the next Enter opens it, Tab moves on), so that Enter never seems to do nothing on
    // a screen with links; on a screen without any, Enter scrolls.
    KeyBinding(
      [.enter], hint: KeyHint("Enter open link", need: .main), help: "open the screen's link",
      when: KeyBinding.Condition { links($0) == 1 }
    ) {
      _, screen in .open(row: screen.state.focus ?? 0)
    },
    KeyBinding(
      [.enter], hint: KeyHint("Enter open", need: .main),
      help:
        "open the focused link; with none focused, open the only link, or focus the first of several (no link: scroll down a line)",
      when: KeyBinding.Condition { screen in
        let links = links(screen)
        return links > 1 || (screen.state.focus != nil && links != 1)
      }
    ) { _, screen in
      if let focus = screen.state.focus { return .open(row: focus) }
      return focus(1, screen)
    },
    // Enter on a screen without links scrolls down a line (the help of Enter above says so).
    KeyBinding([.enter], help: "") { _, screen in scroll(to: shown(screen) + 1, screen) },
    .back, .quit, .pagerBack(), .suspend, .redraw,
    KeyBinding([.control("r")], hint: "Ctrl-R reload", help: "reload, or retry after an error", send: .reload),
    KeyBinding([.pageUp, .pageDown, .character(" ")], help: "scroll by a screenful") { key, screen in
      let page = max(1, frame(screen).bodyRows)
      return scroll(to: key == .pageUp ? shown(screen) - page : shown(screen) + page, screen)
    },
    KeyBinding([.character("b")], help: "scroll up a screenful") { _, screen in
      scroll(to: shown(screen) - max(1, frame(screen).bodyRows), screen)
    },
    KeyBinding([.home, .end], help: "scroll to the top or the end") { key, screen in
      scroll(to: key == .home ? 0 : frame(screen).lastScroll, screen)
    },
    KeyBinding([.character("g"), .character("G")], help: "scroll to the top or the end") { key, screen in
      scroll(to: key == .character("g") ? 0 : frame(screen).lastScroll, screen)
    },
  ]

  /// How many links the screen shows now; 0 before its record is loaded.
  private static func links(_ screen: KindContext<DetailKind>) -> Int {
    guard !screen.spec.targets.isEmpty, screen.state.status == .loaded else { return 0 }
    return DetailFrame.linkCount(
      screen: screen.screen, detail: screen.spec, state: screen.state, viewport: screen.viewport)
  }

  private static func scroll(to line: Int, _ screen: KindContext<DetailKind>) -> KeyAction<Action> {
    .send(.scroll(to: max(0, min(line, frame(screen).lastScroll))))
  }

  /// The body's first line as the screen shows it: a scroll kept from a smaller terminal (or a
  /// shorter title) counts as far as the body can scroll now, so ↑ moves at the first press.
  private static func shown(_ screen: KindContext<DetailKind>) -> Int {
    min(screen.state.scroll, frame(screen).lastScroll)
  }

  /// Moves the focus to the next link (`step` 1) or the one before (-1), round the screen as a
  /// browser does, and scrolls the body just enough to show it.
  private static func focus(_ step: Int, _ screen: KindContext<DetailKind>) -> KeyAction<Action> {
    let state = screen.state
    guard state.status == .loaded else { return .none }
    let frame = frame(screen)
    let page = frame.bodyRows
    let lines = frame.sections(frame.context).links
    guard !lines.isEmpty else { return .none }
    let link = state.focus.map { ($0 + step + lines.count) % lines.count } ?? (step > 0 ? 0 : lines.count - 1)
    let line = lines[link]
    var scroll = min(state.scroll, frame.lastScroll)
    if line < scroll { scroll = line } else if line >= scroll + max(1, page) { scroll = line - max(1, page) + 1 }
    return .send(.focus(link, scroll: scroll))
  }

  /// What link `index` (from 0, in screen order) opens; it becomes the focused link.
  package static func opening(_ index: Int, _ state: State, _ detail: DetailSpec, _ screen: ScreenState)
    -> Result<RowOpening<Action>, NavigationError>
  {
    guard !detail.targets.isEmpty else {
      return .failure(.cannotSelect("this screen leads nowhere (no section has a 'select')"))
    }
    guard let record = state.record else { return .failure(.cannotSelect("the record is not loaded")) }
    let links = detail.links(in: TemplateContext(record: record, params: screen.parameters))
    guard links.indices.contains(index) else {
      return .failure(
        .cannotSelect(
          links.isEmpty ? "the screen shows no links" : "there is no link \(index + 1); the screen has \(links.count)"))
    }
    let opening = links[index].opening(from: screen.spec.file)
    return .success(
      RowOpening(screen: opening.screen, parameters: opening.parameters, action: .focus(index, scroll: nil)))
  }

  /// The screen's frame in its viewport, for what it lays out: the body's rows, the links' lines.
  private static func frame(_ screen: KindContext<DetailKind>) -> DetailFrame {
    DetailFrame(
      screen: screen.screen, detail: screen.spec, state: screen.state,
      options: RenderOptions(width: screen.viewport.columns, height: screen.viewport.rows))
  }
}
