import ScreenJSON

/// The JSON Schema of a screen file (`screenrun schema`): declared here, with the building blocks
/// each kind's fragment is made of (with `JSONSchema`'s, in ScreenFormat); the schema is assembled
/// from every kind in `ScreenSchema.screen`.
package enum ScreenSchema {
  package static func ref(_ name: String, _ description: String) -> JSON {
    ["$ref": .string("#/$defs/" + name), "description": .string(description)]
  }

  package static func template(_ description: String) -> JSON { ref("template", description) }

  /// A tree's `children`: the field path (`a.b`) of each item's member that holds its own items.
  package static func treeChildren(_ description: String) -> JSON {
    ["type": "string", "pattern": #"^[^.]+(?:\.[^.]+)*$"#, "description": .string(description)]
  }
}
