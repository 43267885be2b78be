import ScreenJSON

/// The JSON Schema of a screen file (`screenrun schema`): declared here, with the building blocks
/// each kind's fragment is made of; the schema is assembled from every kind in ScreenRuntime.
package enum ScreenSchema {
  package static func ref(_ name: String, _ description: String) -> JSON {
    ["$ref": .string("#/$defs/" + name), "description": .string(description)]
  }

  package static func template(_ description: String) -> JSON { ref("template", description) }

  /// A tree's `children`: the field path (`a.b`) of each item's member that holds its own items.
  package static func treeChildren(_ description: String) -> JSON {
    ["type": "string", "pattern": #"^[^.]+(?:\.[^.]+)*$"#, "description": .string(description)]
  }

  package static func object(_ description: String, properties: JSONObject, required: [String] = []) -> JSON {
    var schema = JSONObject(["type": "object", "description": .string(description)])
    if !required.isEmpty { schema["required"] = .array(required.map(JSON.string)) }
    schema["properties"] = .object(properties)
    schema["additionalProperties"] = false
    return .object(schema)
  }

  package static func integer(_ range: ClosedRange<Int>, _ description: String) -> JSON {
    [
      "type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound),
      "description": .string(description),
    ]
  }
}
