/// The parts of a screen file that several keys use (`$defs`): templates, search, paging, rows,
/// selects, a detail's sections and a table's columns, each built from the decoder's key list.
extension ScreenSchema {
  static var definitions: JSON {
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
    definitions["row"] = row
    definitions["select"] = select
    definitions["section"] = section
    definitions["field"] = field
    definitions["column"] = column
    definitions["sort"] = sort
    return .object(definitions)
  }

  private static var search: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.searchKeys {
      properties[key] =
        switch key {
        case "param": ["type": "string", "description": "The source parameter the search text is sent in."]
        case "placeholder": ["type": "string", "description": "Shown in the empty search field (default \"Search\")."]
        case "debounceMs":
          integer(SpecDecoder.debounceRange, "Milliseconds of no typing before the query is sent (default 500).")
        case "minLength":
          integer(SpecDecoder.minLengthRange, "A shorter query counts as none (default 0).")
        case "required":
          ["type": "boolean", "description": "With no query, show an empty list and ask no server (default false)."]
        default: [:]
        }
    }
    return object("Search as you type.", properties: properties, required: ["param"])
  }

  private static var paging: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.pagingKeys {
      properties[key] =
        switch key {
        case "pageSize":
          integer(SpecDecoder.pageSizeRange, "Records a page (default 20); at most what the resource allows.")
        case "prefetch":
          integer(
            SpecDecoder.prefetchRange,
            "The next page is asked for when the row this far from the end appears (default 5).")
        default: [:]
        }
    }
    return object("Paging.", properties: properties)
  }

  private static var row: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.rowKeys {
      properties[key] =
        switch key {
        case "title": template("The row's first line, as in \"{name}\".")
        case "subtitle": template("A second line under the title, as in \"{comics.available} comics\".")
        default: [:]
        }
    }
    return object("A list's row.", properties: properties, required: ["title"])
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
    return object("A screen to open.", properties: properties, required: ["screen"])
  }

  /// The keys every section type requires, beside `type`.
  static let requiredSectionKeys = [
    "text": ["value"], "image": ["value"], "fields": ["fields"], "list": ["items", "row"], "link": ["label", "select"],
  ]

  private static func sectionKey(_ key: String) -> JSON {
    switch key {
    case "header": ["type": "string", "description": "A heading over the section."]
    case "value": template("The text (a text section) or the image's URL (an image section).")
    case "empty": template("Shown when the value or the list is empty.")
    case "label":
      ["type": "string", "description": "The image's label (default \"Image\"), or a link's text (a template)."]
    case "fields":
      ["type": "array", "items": ["$ref": "#/$defs/field"], "description": "Label and value pairs, one a line."]
    case "items":
      [
        "type": "string", "pattern": #"^[^.]+(?:\.[^.]+)*$"#,
        "description": "The path of the record's array the list shows, as in \"comics.items\".",
      ]
    case "row": template("Each item's line, as in \"{name}\", or \"{.}\" for an array of texts.")
    case "limit": integer(SpecDecoder.limitRange, "At most this many items.")
    case "select": ref("select", "The screen an item (a list section) or the link opens.")
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
      if type == "link" { allowed["label"] = template("The link's text.") }
      then["properties"] = .object(allowed)
      then["required"] = .array((requiredSectionKeys[type] ?? []).map(JSON.string))
      return ["if": ["properties": ["type": ["const": .string(type)]], "required": ["type"]], "then": .object(then)]
    }
    guard case .object(var schema) = object("A detail screen's section.", properties: properties, required: ["type"])
    else { return [:] }
    schema["allOf"] = .array(rules)
    return .object(schema)
  }

  private static var field: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.fieldKeys {
      properties[key] =
        switch key {
        case "label": ["type": "string", "description": "The field's label, as in \"Modified\"."]
        case "value": template("The field's value, as in \"{modified|date}\".")
        default: [:]
        }
    }
    return object("A field: a label and a value.", properties: properties, required: SpecDecoder.fieldKeys)
  }

  private static var column: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.columnKeys {
      properties[key] =
        switch key {
        case "header": ["type": "string", "description": "The column's heading."]
        case "value": template("The cell's text, as in \"{stargazers_count|number}\".")
        case "width":
          [
            "description": "Columns: a number for a fixed width, or {\"min\": N} for a flexible one (the default).",
            "oneOf": [
              integer(SpecDecoder.widthRange, "A fixed width."),
              object(
                "A flexible width.",
                properties: JSONObject(["min": integer(SpecDecoder.widthRange, "The least width.")]),
                required: SpecDecoder.widthKeys),
            ],
          ]
        case "align":
          [
            "enum": .array(ColumnSpec.Alignment.allCases.map { .string($0.rawValue) }),
            "description": "How the cell's text stands in the column (default left).",
          ]
        case "sort":
          [
            "type": "string", "pattern": #"^(?!-?\s*$)"#,
            "description":
              "The value the source sorts this column by, as in \"stars\"; \"-stars\" sorts descending first.",
          ]
        default: [:]
        }
    }
    return object("A table's column.", properties: properties, required: ["header", "value"])
  }

  private static var sort: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.sortKeys {
      properties[key] =
        switch key {
        case "param": ["type": "string", "description": "The parameter a column's sort value is sent in."]
        case "order":
          ["type": "string", "description": "The parameter that gets asc or desc, when the source has one."]
        default: [:]
        }
    }
    return object("How a table's sort is sent.", properties: properties, required: ["param"])
  }
}
