import ScreenFormat
import ScreenJSON
import ScreenKit

/// A sort's part of a screen file (`sort`: the parameters a sort goes to), and what holds it to
/// its resource: for every kind that sorts by composition.
extension SpecDecoder {
  static let sortKeys = ["param", "order"]

  mutating func decodeSort(_ value: JSON, at pointer: JSONPointer) -> SortSpec? {
    guard let object = requireObject(value, at: pointer, name: "sort", example: #"{"param": "sort", "order": "order"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: Self.sortKeys)
    let parameter = requiredString(object, "param", at: pointer)
    let order = optionalString(object, "order", at: pointer)
    guard let parameter else { return nil }
    return SortSpec(parameter: parameter, order: order)
  }

  /// A sort held to its resource: the parameters exist, and each choice's sort value (with where
  /// it stands) is one the resource takes, in both directions.
  static func sortProblems(_ sort: SortSpec, _ values: [(JSONPointer, String)], _ resource: Resource)
    -> [SpecProblem]
  {
    let names = resource.parameters.map(\.name)
    let notes = names.isEmpty ? [] : ["parameters: \(names.joined(separator: ", "))"]
    func unknownParameter(_ key: String, _ name: String) -> SpecProblem {
      SpecProblem(
        .registry, pointer: .root / "sort" / key, anchor: .value(offset: 0),
        message: .unknown(
          "sort \(key) '\(name)' is not a parameter of '\(resource.name)'", name: name, among: names, notes: notes))
    }
    guard let parameter = resource.parameter(named: sort.parameter) else {
      return [unknownParameter("param", sort.parameter)]
    }
    var problems: [SpecProblem] = []
    if let order = sort.order {
      if let orderParameter = resource.parameter(named: order) {
        if let allowed = orderParameter.values, !allowed.contains("asc") || !allowed.contains("desc") {
          problems.append(
            SpecProblem(
              .registry, pointer: .root / "sort" / "order", anchor: .value(offset: 0),
              message:
                "'\(order)' of '\(resource.name)' does not take both asc and desc (it takes \(allowed.joined(separator: ", ")))"
            ))
        }
      } else {
        problems.append(unknownParameter("order", order))
      }
    }
    guard let allowed = parameter.values else { return problems }  // the resource takes any value
    let sortable = sort.order == nil ? allowed.filter { !$0.hasPrefix("-") } : allowed
    for (pointer, value) in values {
      let sent = sort.order == nil ? [value, "-" + value] : [value]
      guard let refused = sent.first(where: { !allowed.contains($0) }) else { continue }
      let notes = ["'\(sort.parameter)' takes: \(allowed.joined(separator: ", "))"]
      let message: Diagnostic.Message =
        refused == value
        ? .unknown("'\(resource.name)' cannot sort by '\(value)'", name: value, among: sortable, notes: notes)
        : Diagnostic.Message("'\(resource.name)' cannot sort by '\(value)' descending ('\(refused)')", notes: notes)
      problems.append(SpecProblem(.registry, pointer: pointer, anchor: .value(offset: 0), message: message))
    }
    return problems
  }
}
