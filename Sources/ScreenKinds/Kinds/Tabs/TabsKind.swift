import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// The tabs kind: several screens in one view, each a screen file of its own, live at once. The
/// app opens every tab as a screen with its own state (its search, page, sort, selection and
/// errors), shows one at a time under a tab bar, and keeps the others while another is shown;
/// Tab and Shift-Tab switch (`SharedKeys.nextTab`), as a script's `tab N`, `tab next` and `tab
/// previous` do.
///
/// A tabs screen has no source and no state of its own: what a screen file of this kind declares
/// is its tabs (`TabsSpec`), which `--check` walks as it walks a `select`. Opened on its own,
/// outside the app, it draws what it holds.
package struct TabsKind: Kind {
  package typealias Spec = TabsSpec
  package typealias State = Int
  package typealias Action = Int

  package static let name = "tabs"
  /// Unused: a tabs screen has no source (`hasSource`).
  package static let resource = Resource.Kind.list
  package static let hasSource = false
  package static let keys = ["tabs"]

  package static func decode(_ object: JSONObject, _ decoder: inout SpecDecoder) -> TabsSpec? {
    decoder.decodeTabs(object)
  }

  package init(_ screen: KindScreen<TabsSpec>) {}

  /// The state is the tab shown, from 0; the first at the start.
  package func start(after previous: State?) -> (state: State, action: Action) { (previous ?? 0, previous ?? 0) }

  package static let reload = 0

  /// The action shows tab N (from 0), within the tabs.
  package func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    state = max(0, action)
    return []
  }

  package static let bindings: [KeyBinding<TabsKind>] = [.back, .quit, .pagerBack(), .suspend, .redraw]
  package static let commands: [KindCommand<TabsKind>] = []

  package static func opening(_ row: Int, _ state: State, _ spec: TabsSpec, _ screen: ScreenState)
    -> Result<RowOpening<Action>, NavigationError>
  {
    .failure(.cannotSelect("a tabs screen opens its tabs; switch with Tab"))
  }

  /// Its title, then a line a tab: the tab's title and the screen file it shows.
  package static func render(_ state: State, _ spec: TabsSpec, _ screen: ScreenState, _ options: RenderOptions)
    -> Frame
  {
    let context = TemplateContext(params: screen.parameters)
    var lines = [Frame.Line(screen.spec.title.render(in: context), role: .title)]
    for (index, tab) in spec.tabs.enumerated() {
      let marker = index == state ? ">" : " "
      lines.append(Frame.Line("\(marker) \(index + 1). \(tab.title.render(in: context))  \(tab.select.screen)"))
    }
    return Frame(lines: lines)
  }

  package static func isBusy(_ state: State) -> Bool { false }
  package static func error(_ state: State) -> DataSourceError? { nil }
}
