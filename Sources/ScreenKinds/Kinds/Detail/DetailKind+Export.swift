import ScreenFormat
import ScreenJSON

extension DetailKind {
  /// A detail screen prints its record: whole as JSON, or as `name,value` rows, one for each field
  /// of its `fields` sections (label, value), each `text` section (header, value) and each
  /// `image` (label, URL).
  package static func export(_ state: State, _ detail: DetailSpec, _ screen: ScreenState) -> ScreenExport? {
    guard let record = state.record else { return .record(nil, rows: []) }
    let context = TemplateContext(record: record, params: screen.parameters)
    var rows: [[String]] = []
    for section in detail.sections {
      switch section {
      case .fields(_, let fields):
        rows += fields.map { [$0.label.render(in: context), $0.value.render(in: context)] }
      case .text(let header, let value, _):
        rows.append([header?.render(in: context) ?? "", value.render(in: context)])
      case .image(let label, let value):
        rows.append([label.render(in: context), value.render(in: context)])
      case .list, .link:
        continue
      }
    }
    return .record(record, rows: rows)
  }
}
