import ScreenJSON
import ScreenKit

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
    var then = JSONObject(["properties": .object(properties)])
    var rules = required
    for kind in kinds.kinds where kind.resource == resource.kind {
      let own = kind.schema.resourceRules(resource)
      if !own.isEmpty { rules.append(["if": kindIs(kind), "then": ["allOf": .array(own)]]) }
    }
    if !rules.isEmpty { then["allOf"] = .array(rules) }
    return [
      "if": sourceIs(["plugin": .string(plugin.name), "resource": .string(resource.name)]),
      "then": .object(then),
    ]
  }
}
