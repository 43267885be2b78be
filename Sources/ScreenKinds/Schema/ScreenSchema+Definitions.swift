import ScreenFormat
import ScreenJSON
import ScreenKit

/// The parts of a screen file that several keys and kinds use (`$defs`): templates, search,
/// paging and select, each built from the decoder's key list. A kind adds its own (`KindSchema`).
extension ScreenSchema {
  static var commonDefinitions: JSONObject {
    var definitions = JSONObject()
    definitions["template"] = [
      "type": "string", "pattern": .string(templatePattern),
      "description": .string(
        "A template: text with {field.path}, {params.KEY}, {query} or {meta.KEY}, each with |filters ("
          + TemplateFilter.names.joined(separator: ", ") + "); {{ and }} are literal braces."),
    ]
    // The filters as the closed set they are; a template is a string, so its pattern (built from
    // the same list) is what holds a template to them.
    definitions["filter"] = [
      "enum": .array(TemplateFilter.names.map(JSON.string)),
      "description": "What may follow a bar in a template, as in {name|upper} or {x|default:\"-\"}.",
    ]
    definitions["recordlessTemplate"] = [
      "type": "string", "pattern": .string(recordlessTemplatePattern),
      "description": "A template with no record to read: {params.KEY}, {query} and {meta.KEY} only.",
    ]
    definitions["sourceParameter"] = [
      "type": ["string", "number", "boolean"], "pattern": .string(recordlessTemplatePattern),
      "description": "A parameter's value: a template with no record to read, or a number or flag sent as text.",
    ]
    definitions["selectParameter"] = [
      "type": ["string", "number", "boolean"], "pattern": .string(templatePattern),
      "description": "A parameter of the opened screen: a template over the selected record, or a number or flag.",
    ]
    definitions["search"] = search
    definitions["paging"] = paging
    definitions["select"] = select
    return definitions
  }

  private static var search: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.searchKeys {
      properties[key] =
        switch key {
        case "param": ["type": "string", "description": "The source parameter the search text is sent in."]
        case "placeholder":
          ScreenSchema.ref(
            "recordlessTemplate",
            "Shown in the empty search field (default \"Search\"), as in \"Search {params.shelf}\".")
        case "debounceMs":
          JSONSchema.integer(
            SpecDecoder.debounceRange, "Milliseconds of no typing before the query is sent (default 500).")
        case "minLength":
          JSONSchema.integer(SpecDecoder.minLengthRange, "A shorter query counts as none (default 0).")
        case "required":
          ["type": "boolean", "description": "With no query, show an empty list and ask no server (default false)."]
        default: [:]
        }
    }
    return JSONSchema.object("Search as you type.", properties: properties, required: ["param"])
  }

  private static var paging: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.pagingKeys {
      properties[key] =
        switch key {
        case "pageSize":
          JSONSchema.integer(
            SpecDecoder.pageSizeRange, "Records a page (default 20); at most what the resource allows.")
        case "prefetch":
          JSONSchema.integer(
            SpecDecoder.prefetchRange,
            "The next page is asked for when the row this far from the end appears (default 5).")
        default: [:]
        }
    }
    return JSONSchema.object("Paging.", properties: properties)
  }

  private static var select: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.selectKeys {
      properties[key] =
        switch key {
        case "screen":
          [
            "type": "string", "pattern": #"\S"#,
            "description": "The screen file to open, relative to this one, as in \"character.json\".",
          ]
        case "params":
          [
            "type": "object", "additionalProperties": ["$ref": "#/$defs/selectParameter"],
            "description": "The parameters the opened screen reads as {params.KEY}, as in {\"id\": \"{id}\"}.",
          ]
        default: [:]
        }
    }
    return JSONSchema.object("A screen to open.", properties: properties, required: ["screen"])
  }
}
