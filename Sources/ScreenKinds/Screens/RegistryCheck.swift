import PluginHost
import ScreenFormat
import ScreenJSON
import ScreenKit

/// The third step of loading a screen, against the plugins: its plugin and resource exist, the
/// resource is of the kind the screen needs, its parameters are the resource's and the required
/// ones are given, its search parameter is one, and its page size is one the resource allows.
struct RegistryCheck: Sendable {
  package let registry: PluginRegistry

  /// The plugins there are, where external ones were looked for, and how to add a place: one
  /// note for an unknown plugin's error.
  package static func known(_ registry: PluginRegistry) -> String {
    let names = "plugins: \(registry.names.joined(separator: ", "))"
    // A registry made without discovery (a test's, a program's own) has looked nowhere.
    let places = registry.searchedPlaces
    guard !places.isEmpty else { return names }
    return "\(names); searched, in order: \(places.joined(separator: ", ")); "
      + "--plugin-path DIR or SCREENRUN_PLUGIN_PATH adds a folder"
  }

  /// The problems of a screen's source, search and paging, held to the registry.
  package func problems(_ spec: SourceBinding) -> [SpecProblem] {
    var problems: [SpecProblem] = []
    let source = JSONPointer.root / "source"
    guard let plugin = registry.plugin(named: spec.source.plugin) else {
      if let broken = registry.external(named: spec.source.plugin), let first = broken.problems.first {
        // The plugin is there, but its manifest is broken: say where, not that there is none.
        let more = broken.problems.count - 1
        let message = Diagnostic.Message(
          "plugin '\(broken.name)' cannot be used: its manifest is broken: \(first.description)",
          notes: more > 0 ? ["\(more) more problem\(more == 1 ? "" : "s") in \(broken.file)"] : [])
        return [SpecProblem(.registry, pointer: source / "plugin", anchor: .value(offset: 0), message: message)]
      }
      let message = Diagnostic.Message.unknown(
        "unknown plugin '\(spec.source.plugin)'", name: spec.source.plugin, among: registry.names,
        notes: [Self.known(registry)])
      return [SpecProblem(.registry, pointer: source / "plugin", anchor: .value(offset: 0), message: message)]
    }
    let names = plugin.resources.map(\.name)
    guard let resource = plugin.resource(named: spec.source.resource) else {
      let message = Diagnostic.Message.unknown(
        "plugin '\(plugin.name)' has no resource '\(spec.source.resource)'", name: spec.source.resource, among: names,
        notes: ["resources: \(names.joined(separator: ", "))"])
      return [SpecProblem(.registry, pointer: source / "resource", anchor: .value(offset: 0), message: message)]
    }
    let wanted: Resource.Kind? = spec.kind?.resource
    if let kind = spec.kind, let wanted, resource.kind != wanted {
      let fitting = plugin.resources.filter { $0.kind == wanted }.map(\.name).joined(separator: ", ")
      problems.append(
        SpecProblem(
          .registry, pointer: source / "resource", anchor: .value(offset: 0),
          message:
            "'\(resource.name)' is a \(resource.kind.rawValue) resource, and a \(kind.rawValue) screen needs a \(wanted.rawValue) resource (\(plugin.name) has: \(fitting))"
        ))
    }
    let parameterNames = resource.parameters.map(\.name)
    for (name, _) in spec.source.parameters where resource.parameter(named: name) == nil {
      let message = Diagnostic.Message.unknown(
        "'\(resource.name)' has no parameter '\(name)'", name: name, among: parameterNames,
        notes: [parameterNames.isEmpty ? "it takes none" : "parameters: \(parameterNames.joined(separator: ", "))"])
      problems.append(SpecProblem(.registry, pointer: source / "params" / name, anchor: .key, message: message))
    }
    if let search = spec.search, resource.parameter(named: search.parameter) == nil {
      let message = Diagnostic.Message.unknown(
        "search param '\(search.parameter)' is not a parameter of '\(resource.name)'", name: search.parameter,
        among: parameterNames,
        notes: parameterNames.isEmpty ? [] : ["parameters: \(parameterNames.joined(separator: ", "))"])
      problems.append(
        SpecProblem(.registry, pointer: .root / "search" / "param", anchor: .value(offset: 0), message: message))
    } else if let search = spec.search, let declared = resource.search, search.parameter != declared {
      problems.append(
        SpecProblem(
          .registry, pointer: .root / "search" / "param", anchor: .value(offset: 0),
          message:
            "search param '\(search.parameter)' is not what '\(resource.name)' is searched by; did you mean '\(declared)'?"
        ))
    }
    let given = Set(spec.source.parameters.map(\.name) + (spec.search.map { [$0.parameter] } ?? []))
    for parameter in resource.parameters where parameter.required && !given.contains(parameter.name) {
      problems.append(
        SpecProblem(
          .registry, pointer: source, anchor: .key,
          message:
            "'\(resource.name)' needs parameter '\(parameter.name)' (\(parameter.summary)); add it to source.params"))
    }
    if let paging = spec.paging, paging.pageSize > resource.maxPageSize {
      problems.append(
        SpecProblem(
          .registry, pointer: .root / "paging" / "pageSize", anchor: .value(offset: 0),
          message: "pageSize \(paging.pageSize) is more than '\(resource.name)' allows (\(resource.maxPageSize))"))
    }
    for check in spec.resourceChecks { problems += check(resource) }
    return problems
  }
}
