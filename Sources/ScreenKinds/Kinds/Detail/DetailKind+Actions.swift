import ScreenJSON

extension DetailKind {
  /// A detail screen's actions act on its record, once it is loaded.
  package static func actionRecord(_ state: State) -> JSON? { state.record }
}
