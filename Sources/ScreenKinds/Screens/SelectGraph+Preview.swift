import ScreenJSON
import ScreenKit

extension SelectGraph {
  /// The key a target is declared under (`select`, or a list's `preview`), as messages name it.
  static func key(_ pointer: JSONPointer) -> String {
    let tokens = pointer.tokens
    // A tab of a tabs screen (`/tabs/0`) is opened as a select is.
    if tokens.count >= 2, tokens[tokens.count - 2] == "tabs" { return "tab" }
    return tokens.last ?? "select"
  }

  /// A `preview` shows one record beside a list: its screen must be of a kind that shows one
  /// record (a detail screen).
  func previewProblem(_ select: SelectSpec, at pointer: JSONPointer, target: ScreenSpec) -> SpecProblem? {
    guard Self.key(pointer) == "preview", target.kind.resource != .record else { return nil }
    return SpecProblem(
      .navigation, pointer: pointer / "screen", anchor: .value(offset: 0),
      message: Diagnostic.Message(
        "preview screen '\(select.screen)' is a \(target.kind.name) screen; a preview shows one record: name a detail screen"
      ))
  }
}
