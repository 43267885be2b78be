import ScreenFormat
import ScreenJSON
import ScreenKit

/// The tabs kind's part of the screen file's JSON Schema: `tabs`, as `TabsDecoding` reads it.
extension TabsKind {
  package static var schema: KindSchema {
    var properties = JSONObject()
    for key in SpecDecoder.tabKeys {
      properties[key] =
        switch key {
        case "title":
          ScreenSchema.ref(
            "recordlessTemplate",
            "The tab's title in the tab bar, as in \"Open\"; the bar adds its count, as in \"Open (12)\".")
        case "screen":
          ["type": "string", "minLength": 1, "description": "The screen file the tab shows, relative to this file."]
        case "params":
          [
            "type": "object", "additionalProperties": ["$ref": "#/$defs/recordlessTemplate"],
            "description": "The parameters the tab's screen is opened with, as a select passes them.",
          ]
        case "refresh":
          ScreenSchema.refresh("How often the tab asks its source again, over its screen file's own refresh.")
        default: [:]
        }
    }
    let tab = JSONSchema.object(
      "A tab: a screen file shown in the tab bar.", properties: properties, required: ["title", "screen"])
    return KindSchema(
      keys: [
        "tabs": [
          "type": "array", "items": ["$ref": "#/$defs/tab"],
          "minItems": .int(SpecDecoder.tabCount.lowerBound),
          "maxItems": .int(SpecDecoder.tabCount.upperBound),
          "description": "The tabs, in the tab bar's order: each a live screen of its own; Tab and Shift-Tab switch.",
        ]
      ],
      definitions: [("tab", tab)], required: ["tabs"])
  }
}

extension ScreenSchema {
  /// A `refresh` interval, described.
  package static func refresh(_ description: String) -> JSON {
    [
      "type": "string", "pattern": "^[0-9]+[smh]$",
      "description": .string(description + " As in \"30s\", \"5m\" or \"1h\"; at least 5s, at most 24h."),
    ]
  }
}
