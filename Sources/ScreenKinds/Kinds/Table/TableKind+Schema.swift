import ScreenJSON
import ScreenKit

/// The table kind's part of the screen file's JSON Schema: the list's keys, and `columns` and
/// `sort` as `TableDecoding` reads them, with the sort values held to the resource.
extension TableKind {
  package static var schema: KindSchema {
    var keys = ListKind.sharedSchemaKeys
    keys["columns"] = [
      "type": "array", "minItems": 1, "items": ["$ref": "#/$defs/column"], "description": "The columns, left to right.",
    ]
    keys["sort"] = ScreenSchema.ref("sort", "The parameters a column's sort is sent in (needed for a column's sort).")
    // A column's sort is sent in the parameter that the screen's `sort` names.
    let noSort: JSON = [
      "if": ["not": ["required": ["sort"]]],
      "then": ["properties": ["columns": ["items": ["properties": ["sort": false]]]]],
    ]
    return KindSchema(
      keys: keys, definitions: [("column", column), ("sort", sort)], required: ["columns"], rules: [noSort],
      resourceRules: resourceRules)
  }

  private static var column: JSON {
    var properties = JSONObject()
    for key in SpecDecoder.columnKeys {
      properties[key] =
        switch key {
        case "header": ScreenSchema.ref("recordlessTemplate", "The column's heading, as in \"Stars\".")
        case "value": ScreenSchema.template("The cell's text, as in \"{stargazers_count|number}\".")
        case "width":
          [
            "description": "Columns: a number for a fixed width, or {\"min\": N} for a flexible one (the default).",
            "oneOf": [
              JSONSchema.integer(SpecDecoder.widthRange, "A fixed width."),
              JSONSchema.object(
                "A flexible width.",
                properties: JSONObject(["min": JSONSchema.integer(SpecDecoder.widthRange, "The least width.")]),
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
    return JSONSchema.object("A table's column.", properties: properties, required: ["header", "value"])
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
    return JSONSchema.object("How a table's sort is sent.", properties: properties, required: ["param"])
  }

  /// A table's sort held to its resource (`SpecDecoder.sortProblems`): `sort.param` and
  /// `sort.order` are parameters of it (the order one taking asc and desc), and each column's sort
  /// value is one the sort parameter takes.
  @Sendable static func resourceRules(_ resource: Resource) -> [JSON] {
    let names = resource.parameters.map { JSON.string($0.name) }
    let orders = resource.parameters.filter { $0.values.map { $0.contains("asc") && $0.contains("desc") } ?? true }
    let sort: JSON = [
      "properties": [
        "sort": [
          "properties": [
            "param": names.isEmpty ? false : ["enum": .array(names)],
            "order": orders.isEmpty ? false : ["enum": .array(orders.map { .string($0.name) })],
          ]
        ]
      ]
    ]
    return [sort] + resource.parameters.compactMap(sortValues)
  }

  /// The values a column may sort by when `sort.param` names `parameter`, which takes a fixed
  /// set: with `sort.order`, a value of the set (or `-` and one, which only says the first
  /// direction); without it, a value sent as itself and with `-` for descending, so both must be
  /// in the set.
  private static func sortValues(_ parameter: Parameter) -> JSON? {
    guard let allowed = parameter.values else { return nil }
    let ordered = allowed + allowed.map { "-" + $0 }
    let unordered = allowed.filter { allowed.contains("-" + $0) }.flatMap { [$0, "-" + $0] }
    func columns(_ values: [String]) -> JSON {
      let sort: JSON = values.isEmpty ? false : ["enum": .array(values.map(JSON.string))]
      return ["properties": ["columns": ["items": ["properties": ["sort": sort]]]]]
    }
    return [
      "if": [
        "properties": ["sort": ["properties": ["param": ["const": .string(parameter.name)]], "required": ["param"]]],
        "required": ["sort"],
      ],
      "then": [
        "if": ["properties": ["sort": ["required": ["order"]]]],
        "then": columns(ordered),
        "else": columns(unordered),
      ],
    ]
  }
}
