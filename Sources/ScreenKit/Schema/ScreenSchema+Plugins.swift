/// The registry's part of the screen schema: each plugin's resources, each resource's parameters
/// (with their help, for completion), the kinds of screen a resource can feed, its search
/// parameter, its largest page and its required parameters; what `RegistryCheck` holds a screen to.
extension ScreenSchema {
  static func pluginRule(_ plugin: Plugin, kinds: KindRegistry) -> JSON {
    let resources: JSON = [
      "enum": .array(plugin.resources.map { .string($0.name) }),
      "description": .string("A resource of \(plugin.name): \(plugin.summary)."),
    ]
    return [
      "if": sourceIs(["plugin": .string(plugin.name)]),
      "then": [
        "properties": ["source": ["properties": ["resource": resources]]],
        "allOf": .array(plugin.resources.map { resourceRule($0, of: plugin, kinds: kinds) }),
      ],
    ]
  }

  /// A condition on `source`'s members, as an `if` tests it.
  private static func sourceIs(_ members: KeyValuePairs<String, JSON>) -> JSON {
    var properties = JSONObject()
    for (key, value) in members { properties[key] = ["const": value] }
    return [
      "properties": [
        "source": ["properties": .object(properties), "required": .array(members.map { .string($0.key) })]
      ],
      "required": ["source"],
    ]
  }

  private static func resourceRule(_ resource: Resource, of plugin: Plugin, kinds: KindRegistry) -> JSON {
    let names = resource.parameters.map(\.name)
    var parameters = JSONObject()
    for parameter in resource.parameters {
      var schema = JSONObject(["description": .string(parameter.summary)])
      if let values = parameter.values { schema["examples"] = .array(values.map(JSON.string)) }
      parameters[parameter.name] = .object(schema)
    }
    let fitting = kinds.kinds.filter { $0.resource == resource.kind }.map { JSON.string($0.name) }
    var properties = JSONObject()
    properties["kind"] = fitting.isEmpty ? false : ["enum": .array(fitting)]
    properties["source"] = [
      "properties": [
        "params": [
          "propertyNames": names.isEmpty ? false : ["enum": .array(names.map(JSON.string))],
          "properties": .object(parameters),
        ]
      ]
    ]
    let searchParameter: JSON =
      if let search = resource.search { ["const": .string(search)] } else if names.isEmpty { false } else {
        ["enum": .array(names.map(JSON.string))]
      }
    properties["search"] = ["properties": ["param": searchParameter]]
    if resource.kind == .list {
      properties["paging"] = ["properties": ["pageSize": ["maximum": .int(resource.maxPageSize)]]]
    }
    // A required parameter is given in source.params, or is the one the search text goes to.
    let required: [JSON] = resource.parameters.filter(\.required).map { parameter in
      [
        "anyOf": [
          [
            "properties": [
              "source": ["properties": ["params": ["required": [.string(parameter.name)]]], "required": ["params"]]
            ]
          ],
          [
            "properties": [
              "search": ["properties": ["param": ["const": .string(parameter.name)]], "required": ["param"]]
            ],
            "required": ["search"],
          ],
        ]
      ]
    }
    if resource.kind == .list {
      let orders = resource.parameters.filter { $0.values.map { $0.contains("asc") && $0.contains("desc") } ?? true }
      properties["sort"] = [
        "properties": [
          "param": names.isEmpty ? false : ["enum": .array(names.map(JSON.string))],
          "order": orders.isEmpty ? false : ["enum": .array(orders.map { .string($0.name) })],
        ]
      ]
    }
    var then = JSONObject(["properties": .object(properties)])
    let rules = required + (resource.kind == .list ? resource.parameters.compactMap(sortRule) : [])
    if !rules.isEmpty { then["allOf"] = .array(rules) }
    return [
      "if": sourceIs(["plugin": .string(plugin.name), "resource": .string(resource.name)]),
      "then": .object(then),
    ]
  }

  /// The values a column may sort by when `sort.param` names `parameter`, which takes a fixed set
  /// (`SpecDecoder.sortProblems`): with `sort.order`, a value of the set (or `-` and one, which
  /// only says the first direction); without it, a value sent as itself and with `-` for
  /// descending, so both must be in the set.
  private static func sortRule(_ parameter: Parameter) -> JSON? {
    guard let allowed = parameter.values else { return nil }
    let ordered = allowed + allowed.map { "-" + $0 }
    let unordered = allowed.filter { allowed.contains("-" + $0) }.flatMap { [$0, "-" + $0] }
    func columns(_ values: [String]) -> JSON {
      let sort: JSON = values.isEmpty ? false : ["enum": .array(values.map(JSON.string))]
      return ["properties": ["columns": ["items": ["properties": ["sort": sort]]]]]
    }
    return [
      "if": [
        "properties": ["sort": ["properties": ["param": ["const": .string(parameter.name)]], "required": ["param"]]],
        "required": ["sort"],
      ],
      "then": [
        "if": ["properties": ["sort": ["required": ["order"]]]],
        "then": columns(ordered),
        "else": columns(unordered),
      ],
    ]
  }
}
