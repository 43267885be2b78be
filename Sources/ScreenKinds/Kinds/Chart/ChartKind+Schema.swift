import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// The chart kind's part of the screen file's JSON Schema: the list's keys, `bars` as
/// `ChartDecoding` reads it, and `sort` as the table's.
extension ChartKind {
  package static var schema: KindSchema {
    let table = TableKind.schema
    var keys = ListKind.sharedSchemaKeys
    keys["preview"] = nil  // a chart has no highlighted row to preview
    keys["bars"] = ScreenSchema.ref("bars", "What the bars show: each record's label and the field of its length.")
    keys["sort"] = table.keys["sort"]
    // A bar's sort is sent in the parameter that the screen's `sort` names.
    let noSort: JSON = [
      "if": ["not": ["required": ["sort"]]],
      "then": ["properties": ["bars": ["properties": ["labelSort": false, "valueSort": false]]]],
    ]
    return KindSchema(
      keys: keys, definitions: [("bars", bars)] + table.definitions.filter { $0.name == "sort" }, required: ["bars"],
      rules: [noSort],
      // The table's rules for `sort` (its parameters are the resource's); those for columns
      // hold no key of a chart.
      resourceRules: TableKind.resourceRules)
  }

  private static var bars: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.barsKeys {
      properties[key] =
        switch key {
        case "label": ScreenSchema.template("The bar's label, as in \"{full_name}\"; cut with an ellipsis to its room.")
        case "value":
          [
            "type": "string", "pattern": #"^[^.{}|:" ]+(\.[^.{}|:" ]+)*$"#,
            "description":
              "The field whose number is the bar's length, as in \"stargazers_count\" or \"comics.available\"; shown as the number filter writes it.",
          ]
        case "labelHeader": ScreenSchema.ref("recordlessTemplate", "The heading over the labels, as in \"Repository\".")
        case "valueHeader": ScreenSchema.ref("recordlessTemplate", "The heading over the values, as in \"Stars\".")
        case "labelSort": sort("labels", "name")
        case "valueSort": sort("values", "stars")
        default: [:]
        }
    }
    return JSONSchema.object("A chart's bars.", properties: properties, required: ["label", "value"])
  }

  private static func sort(_ what: String, _ example: String) -> JSON {
    [
      "type": "string", "pattern": #"^(?!-?\s*$)"#,
      "description": .string(
        "The value the source sorts the \(what) by, as in \"\(example)\"; \"-\(example)\" sorts descending first."),
    ]
  }
}
