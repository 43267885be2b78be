import ScreenJSON
import ScreenKit

/// What `screenrun plugin check` sends a record resource, for an external plugin and a declared
/// REST API alike: the parameters given with `--param` that the resource declares, and each
/// required one not given taken from a record that a list answered. A value is taken from the
/// first record with a member of the parameter's name, or of `id` when it is the resource's only
/// required parameter (a member named in `preferring` is looked at first: a declared sample's
/// `id`), as text: a string that is not empty, or a whole number.
package struct TakenParameters: Sendable, Equatable {
  /// The parameters to send.
  package var parameters: [String: String]
  /// The names of those taken from a record, in the resource's order.
  package var taken: [String] = []
  /// The first required parameter that was neither given nor found in a record; nil when none.
  package var missing: String?

  /// `resource`'s parameters from `given`, and its required ones not given taken from `records`;
  /// `preferring` names, by parameter, a member to look at before the others.
  package init(
    for resource: Resource, given: [String: String], records: [JSONObject], preferring: [String: String] = [:]
  ) {
    parameters = given.filter { name, _ in resource.parameter(named: name) != nil }
    for parameter in resource.parameters where parameter.required && parameters[parameter.name] == nil {
      let names = Self.members(for: parameter.name, of: resource, preferring: preferring)
      let value = names.lazy.compactMap { name in records.lazy.compactMap { Self.text($0[name]) }.first }.first
      guard let value else {
        missing = parameter.name
        return
      }
      parameters[parameter.name] = value
      taken.append(parameter.name)
    }
  }

  /// The members a value of parameter `name` is looked for in, in order: the one `preferring`
  /// names, the parameter's name, and `id` when it is the resource's only required parameter.
  package static func members(for name: String, of resource: Resource, preferring: [String: String] = [:])
    -> [String]
  {
    var names = [name]
    if resource.parameters.filter(\.required).count == 1, name != "id" { names.append("id") }
    if let member = preferring[name], !names.contains(member) { names.insert(member, at: 0) }
    return names
  }

  /// Whether every required parameter has a value.
  package var isComplete: Bool { missing == nil }

  /// The taken parameters as a message names them, each value cut to `limit` characters:
  /// `id '4d1e640…'`, `owner 'a', repo 'b'`.
  package func takenText(limit: Int = 80) -> String {
    taken.map { name in
      let value = parameters[name] ?? ""
      return "\(name) '\(value.count > limit ? String(value.prefix(limit)) + "…" : value)'"
    }.joined(separator: ", ")
  }

  /// A member's value as a parameter: a string that is not empty, or a whole number.
  private static func text(_ value: JSON?) -> String? {
    switch value {
    case .string(let text)?: text.isEmpty ? nil : text
    case .int(let number)?: String(number)
    default: nil
    }
  }
}
