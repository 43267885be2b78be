import ScreenJSON

/// The building blocks of the JSON Schemas (draft 2020-12) screenrun writes: a screen file's
/// (`ScreenSchema`, in ScreenKinds) and a plugin manifest's (`PluginManifest.schema`, in
/// PluginHost), each beside the decoder it describes.
package enum JSONSchema {
  package static let draft = "https://json-schema.org/draft/2020-12/schema"

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
