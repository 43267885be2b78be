import ScreenFormat
import ScreenJSON
import ScreenKit

/// A list's `preview`: a detail screen, named with the parameters it is opened with (the shape of
/// `select`), that the app draws beside the list showing the highlighted row's record, where the
/// terminal is wide enough (`PreviewLayout`). A table, built on the list, has it too; a chart has
/// none (it has no highlighted row).
extension ListSpec {
  /// The preview's screen, with where it stands in the file: `--check` and the loader walk it as
  /// they walk `select`, and check that it is a detail screen given every parameter it reads.
  var previewTarget: [(pointer: JSONPointer, select: SelectSpec)] {
    preview.map { [(JSONPointer.root / "preview", $0)] } ?? []
  }
}

extension Kind {
  package static func preview(_ state: State, _ spec: Spec, _ screen: ScreenState) -> RowOpening<Action>? { nil }
}

extension ListKind {
  /// The detail screen of the highlighted row, with its parameters; nil before a row is loaded.
  package static func preview(_ state: State, _ list: ListSpec, _ screen: ScreenState) -> RowOpening<Action>? {
    guard let preview = list.preview, !state.records.isEmpty else { return nil }
    let row = max(0, min(screen.selection ?? state.selection, state.records.count - 1))
    var opening = target(preview, row: row, state, screen, action: nil)
    let context = TemplateContext(record: state.records[row], params: screen.parameters, query: state.query)
    // Asked on every tick: a title of megabytes is rendered no further than a line can show.
    opening.label = list.row.title.line(in: context, showing: 1_000)
    return opening
  }

  /// The screen `select` names, resolved against the list's file, with its parameters rendered
  /// for row `row`'s record.
  static func target(_ select: SelectSpec, row: Int, _ state: State, _ screen: ScreenState, action: Action?)
    -> RowOpening<Action>
  {
    let context = TemplateContext(record: state.records[row], params: screen.parameters, query: state.query)
    var values: [String: String] = [:]
    for (name, template) in select.parameters { values[name] = template.render(in: context) }
    return RowOpening(
      screen: ScreenLoader.resolve(select.screen, relativeTo: screen.spec.file), parameters: values, action: action)
  }
}

extension KeyBinding where K == ListKind {
  /// Ctrl-T shows or hides the preview pane, on a list that declares one. The app answers it (the
  /// pane is the app's, beside the screen), so it is passed on; it is a control key, so it never
  /// takes a character typed into the search.
  static var previewToggle: KeyBinding {
    KeyBinding(
      [SharedKeys.previewToggle], hint: KeyHint("Ctrl-T preview", need: .action),
      hintWhen: Condition { $0.screen.previewFits },
      help: "show or hide the preview of the highlighted row, beside the list",
      when: Condition { $0.spec.preview != nil }, action: .passOn)
  }
}
