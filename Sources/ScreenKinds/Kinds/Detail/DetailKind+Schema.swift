import ScreenJSON
import ScreenKit

/// The detail kind's part of the screen file's JSON Schema: its sections, as `DetailDecoding`
/// reads them.
extension DetailKind {
  package static var schema: KindSchema {
    KindSchema(
      keys: [
        "sections": [
          "type": "array", "items": ["$ref": "#/$defs/section"],
          "description": .string(
            "The sections, top to bottom: " + SpecDecoder.sectionTypes.joined(separator: ", ") + "."),
        ]
      ],
      definitions: [("section", section), ("field", field)], required: ["sections"])
  }

  /// The keys every section type requires, beside `type`.
  static let requiredSectionKeys = [
    "text": ["value"], "image": ["value"], "fields": ["fields"], "list": ["items", "row"], "link": ["label", "select"],
  ]

  private static func sectionKey(_ key: String) -> JSON {
    switch key {
    case "header": ScreenSchema.template("A heading over the section, as in \"Comics ({comics.available|number})\".")
    case "value": ScreenSchema.template("The text (a text section) or the image's URL (an image section).")
    case "empty":
      ScreenSchema.template(
        "Shown when the value or the list is empty; a text section whose value and empty text are both blank takes no space."
      )
    case "label": ScreenSchema.template("The image's label (default \"Image\"), or a link's text.")
    case "fields":
      ["type": "array", "items": ["$ref": "#/$defs/field"], "description": "Label and value pairs, one a line."]
    case "items":
      [
        "type": "string", "pattern": #"^[^.]+(?:\.[^.]+)*$"#,
        "description": "The path of the record's array the list shows, as in \"comics.items\".",
      ]
    case "children":
      ScreenSchema.treeChildren(
        "The member of each item that holds its own items, as in \"children\" (threaded comments, a file tree): the list shows the tree depth-first, each item indented two columns a level (up to a quarter of the width's levels), and its templates read the item's depth, from 0, as {depth}; limit counts every item of the tree."
      )
    case "row": ScreenSchema.template("Each item's line, as in \"{name}\", or \"{.}\" for an array of texts.")
    case "limit":
      JSONSchema.integer(SpecDecoder.limitRange, "At most this many items; a line \"… and N more\" counts the rest.")
    case "total":
      ScreenSchema.template(
        "How many items there are in all, when the record's array holds only some, as in \"{comics.available}\": the \"… and N more\" line counts from it."
      )
    case "select": ScreenSchema.ref("select", "The screen an item (a list section) or the link opens.")
    default: [:]
    }
  }

  private static var section: JSON {
    let types = SpecDecoder.sectionTypes
    var properties = JSONObject()
    properties["type"] = ["enum": .array(types.map(JSON.string)), "description": "The section's type."]
    let keys = types.flatMap { SpecDecoder.sectionKeys[$0] ?? [] }
    for key in keys where properties[key] == nil { properties[key] = sectionKey(key) }
    let rules: [JSON] = types.map { type in
      let own = SpecDecoder.sectionKeys[type] ?? []
      var then = JSONObject()
      var allowed = JSONObject()
      for key in keys where !own.contains(key) { allowed[key] = false }
      if type == "link" { allowed["label"] = ScreenSchema.template("The link's text.") }
      then["properties"] = .object(allowed)
      then["required"] = .array((requiredSectionKeys[type] ?? []).map(JSON.string))
      return ["if": ["properties": ["type": ["const": .string(type)]], "required": ["type"]], "then": .object(then)]
    }
    guard
      case .object(var schema) = JSONSchema.object(
        "A detail screen's section.", properties: properties, required: ["type"])
    else { return [:] }
    schema["allOf"] = .array(rules)
    return .object(schema)
  }

  private static var field: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.fieldKeys {
      properties[key] =
        switch key {
        case "label": ScreenSchema.template("The field's label, as in \"Modified\".")
        case "value": ScreenSchema.template("The field's value, as in \"{modified|date}\".")
        default: [:]
        }
    }
    return JSONSchema.object("A field: a label and a value.", properties: properties, required: SpecDecoder.fieldKeys)
  }
}
