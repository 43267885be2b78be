import ScreenJSON
import ScreenKit

/// The JSON Schema (draft 2020-12) of an external plugin's `plugin.json`, built from the key
/// lists and limits the manifest decoder checks (`PluginManifest.keys`, …). What it cannot say
/// (each resource and parameter name used once, `search` naming a parameter of its resource)
/// `screenrun --check plugin.json` does.
extension PluginManifest {
  package static var schema: JSON {
    var properties = JSONObject()
    for key in keys {
      properties[key] =
        switch key {
        case "$schema":
          ["type": "string", "description": "The JSON Schema an editor checks this file with; screenrun ignores it."]
        case "$comment": ["type": "string", "description": "A note for people; screenrun ignores it."]
        case "name":
          [
            "type": "string", "pattern": "^[A-Za-z0-9_-]+$",
            "description": "The plugin's name, as screens write it in source.plugin: letters, digits, - and _.",
          ]
        case "summary": ["type": "string", "description": "One line on what the data source is (screenrun --plugins)."]
        case "protocol":
          ["const": .int(protocolVersion), "description": "The version of the protocol of PLUGINS.md it speaks."]
        case "command":
          [
            "type": "array", "minItems": 1, "items": ["type": "string"], "prefixItems": [["minLength": 1]],
            "description":
              "The program and its arguments; an element starting with ./ is relative to this file's folder.",
          ]
        case "resources":
          ["type": "array", "minItems": 1, "items": ["$ref": "#/$defs/resource"], "description": "What it offers."]
        case "environment":
          [
            "type": "array", "items": ["$ref": "#/$defs/variable"],
            "description": .string(
              "Variables it may read, beyond " + baselineEnvironment.joined(separator: ", ")
                + " and LC_*, which it always gets: a name, or an object that says more."),
          ]
        case "http": HTTPDeclaration.schema
        case "sample": HTTPDeclaration.sampleSchema
        case "timeout":
          [
            "type": "number", "exclusiveMinimum": 0, "maximum": .int(longestTimeout),
            "description": "Seconds to wait for each answer.",
          ]
        default: [:]
        }
    }
    var schema = JSONObject([
      "$schema": .string(JSONSchema.draft),
      "title": "screenrun plugin manifest (plugin.json)",
      "description":
        "An external plugin: a program that speaks PLUGINS.md's protocol, or a REST API declared with no code (http), and the resources it offers.",
      "type": "object",
      "required": ["name", "summary", "resources"],
      // A program speaks the protocol; a REST API declared with no code (`http`) does not.
      "oneOf": [["required": ["protocol", "command"]], ["required": ["http"]]],
    ])
    schema["properties"] = .object(properties)
    schema["additionalProperties"] = false
    schema["$defs"] = ["resource": resourceSchema, "parameter": parameterSchema, "variable": variableSchema]
    return .object(schema)
  }

  private static var resourceSchema: JSON {
    var properties = JSONObject()
    for key in resourceKeys {
      properties[key] =
        switch key {
        case "$comment": ["type": "string", "description": "A note for people; screenrun ignores it."]
        case "name": ["type": "string", "description": "The resource's name, as screens write it in source.resource."]
        case "kind":
          [
            "enum": .array(Resource.Kind.allCases.map { .string($0.rawValue) }),
            "description": "A list of records (list, table and chart screens) or one record (detail screens).",
          ]
        case "summary": ["type": "string", "description": "One line on what it is."]
        case "parameters":
          ["type": "array", "items": ["$ref": "#/$defs/parameter"], "description": "The parameters a request carries."]
        case "search": ["type": "string", "description": "The parameter a list screen's search text goes to."]
        case "maxPageSize":
          JSONSchema.integer(maxPageSizeRange, "The largest page it serves (default 100).")
        case "request": HTTPDeclaration.requestSchema
        default: [:]
        }
    }
    guard
      case .object(var schema) = JSONSchema.object(
        "A resource.", properties: properties, required: ["name", "kind", "summary"])
    else { return [:] }
    schema["if"] = ["properties": ["kind": ["const": "record"]], "required": ["kind"]]
    schema["then"] = ["properties": ["search": false, "maxPageSize": false]]
    return .object(schema)
  }

  private static var variableSchema: JSON {
    let pattern: JSON = "^[A-Za-z_][A-Za-z0-9_]*$"
    var properties = JSONObject()
    for key in EnvironmentVariable.keys {
      properties[key] =
        switch key {
        case "$comment": ["type": "string", "description": "A note for people; screenrun ignores it."]
        case "name": ["type": "string", "pattern": pattern, "description": "The variable's name."]
        case "summary": ["type": "string", "description": "One line on what it is for."]
        case "secret":
          [
            "type": "boolean",
            "description":
              "Whether its value is a secret (default false): it is then masked in every output, error, log and trace.",
          ]
        case "default":
          ["type": "string", "description": "The value it has when not set; not for a secret."]
        default: [:]
        }
    }
    guard case .object(var object) = JSONSchema.object("A variable.", properties: properties, required: ["name"])
    else { return [:] }
    object["if"] = ["properties": ["secret": ["const": true]], "required": ["secret"]]
    object["then"] = ["properties": ["default": false]]
    return [
      "oneOf": [["type": "string", "pattern": pattern, "description": "The variable's name."], .object(object)]
    ]
  }

  private static var parameterSchema: JSON {
    var properties = JSONObject()
    for key in parameterKeys {
      properties[key] =
        switch key {
        case "$comment": ["type": "string", "description": "A note for people; screenrun ignores it."]
        case "name": ["type": "string", "description": "The parameter's name, as screens write it in source.params."]
        case "summary": ["type": "string", "description": "One line on what it is (shown by screenrun --plugins)."]
        case "required": ["type": "boolean", "description": "Whether every request must carry it (default false)."]
        case "allowsBlank":
          ["type": "boolean", "description": "Whether a value of only white space is accepted (default true)."]
        case "values":
          ["type": "array", "items": ["type": "string"], "description": "The only values it accepts, if a fixed set."]
        case "default":
          [
            "type": "string",
            "description":
              "A declared REST API's value for it when a request leaves it out or blank, which its request templates read.",
          ]
        default: [:]
        }
    }
    return JSONSchema.object("A parameter.", properties: properties, required: ["name", "summary"])
  }
}
