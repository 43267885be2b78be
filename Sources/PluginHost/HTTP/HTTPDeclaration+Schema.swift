import ScreenJSON
import ScreenKit

/// The JSON Schema of a REST API declared in `plugin.json` (`http`, `sample`, a resource's
/// `request`), built from the key lists the decoder checks (`HTTPDeclaration.keys`, …). What it
/// cannot say (a template's names are the resource's parameters, a pointer finds something) the
/// decoder does when the manifest loads.
extension HTTPDeclaration {
  private static func text(_ description: String) -> JSON { ["type": "string", "description": .string(description)] }
  private static let comment = text("A note for people; screenrun ignores it.")
  private static func props(_ pairs: KeyValuePairs<String, JSON>) -> JSONObject {
    var object = JSONObject()
    for (key, value) in pairs { object[key] = value }
    return object
  }
  private static func names(_ description: String) -> JSON {
    [
      "type": "object", "additionalProperties": ["type": "string"],
      "description": .string(description),
    ]
  }
  private static func pointer(_ description: String) -> JSON {
    ["type": "string", "pattern": "^(/.*)?$", "description": .string(description)]
  }

  package static var schema: JSON {
    var properties = JSONObject()
    for key in keys {
      properties[key] =
        switch key {
        case "$comment": comment
        case "baseURL":
          JSONSchema.object(
            "The base URL: the environment variable that sets it, and its default.",
            properties: props([
              "$comment": comment, "variable": text("The variable, such as BOOKS_API_URL."),
              "default": ["type": "string", "pattern": "^https?://", "description": "The URL when it is not set."],
            ]), required: ["variable", "default"])
        case "headers":
          names("Header fields sent with every request: templates of declared, non-secret env.NAME variables.")
        case "auth": authSchema
        case "errors":
          JSONSchema.object(
            "How error answers are worded.",
            properties: props([
              "$comment": comment, "api": text("The API as messages name it (the plugin's name by default)."),
              "messages": [
                "type": "array", "minItems": 1, "items": pointer("A JSON pointer."),
                "description": "Where a JSON error body holds the API's message (default [\"/message\"]).",
              ],
              "credentialAdvice": text("What to do about a 401."),
              "notFoundAdvice": text("What to add to a 404."),
              "rateLimitAdvice": text("What to add to a used-up rate limit."),
            ]))
        case "rateLimit":
          JSONSchema.object(
            "The names of the rate-limit header fields (X-RateLimit-* by default); Retry-After is always read.",
            properties: props([
              "$comment": comment, "remaining": text("Requests left."), "limit": text("Requests allowed."),
              "reset": text("When the window resets, in seconds since 1970."),
            ]))
        case "attribution": text("The attribution every page and record carries.")
        case "attributionPointer": pointer("Where each answer holds its attribution.")
        default: [:]
        }
    }
    return JSONSchema.object(
      "A REST API declared with no code, in place of a command.", properties: properties, required: ["baseURL"])
  }

  private static var authSchema: JSON {
    var properties = JSONObject()
    for key in authKeys {
      properties[key] =
        switch key {
        case "$comment": comment
        case "type":
          [
            "enum": .array(Auth.Kind.allCases.map { .string($0.rawValue) }),
            "description": "bearer, header, query, basic or computed.",
          ]
        case "required": ["type": "boolean", "description": "Whether live data needs it (default true)."]
        case "token": text("bearer: the variable of the token.")
        case "header": text("header: the header field's name.")
        case "param": text("query: the query parameter's name.")
        case "value": text("header, query: the variable of the value.")
        case "user": text("basic: the variable of the user.")
        case "password": text("basic: the variable of the password.")
        case "variables":
          ["type": "array", "items": ["type": "string"], "description": "computed: the variables it reads."]
        case "secrets":
          ["type": "array", "items": ["type": "string"], "description": "computed: those of them that are secret."]
        case "query": names("computed: query parameters, in order; each may use those before it.")
        case "headers": names("computed: header fields, after the query parameters.")
        default: [:]
        }
    }
    return JSONSchema.object("How credentials go with each request.", properties: properties, required: ["type"])
  }

  package static var sampleSchema: JSON {
    var properties = sampleEntryProperties(top: true)
    properties["resources"] = [
      "type": "object", "additionalProperties": sampleEntry,
      "description":
        "A resource's own sample, by resource name: what it leaves out is taken from the keys beside 'resources'. A resource not named here uses those keys, so 'file' is needed there unless every resource is named.",
    ]
    return JSONSchema.object("The records served without --live.", properties: properties, required: [])
  }

  /// One resource's sample (`sample.resources.NAME`).
  private static var sampleEntry: JSON {
    JSONSchema.object(
      "A resource's sample records.", properties: sampleEntryProperties(top: false), required: [])
  }

  private static func sampleEntryProperties(top: Bool) -> JSONObject {
    var properties = props([
      "$comment": comment, "file": text("A JSON file in the plugin's folder."),
      "records": pointer("Where the array of records is in it (the root by default)."),
      "search": [
        "type": "array", "items": ["type": "string"],
        "description": "The members a search looks in (dotted paths), in any case.",
      ],
      "match": [
        "enum": .array(HTTPDeclaration.Sample.Match.allCases.map { .string($0.rawValue) }),
        "description":
          "How a search matches: substring (the default: the query anywhere in a member) or words (every word of the query starts a word of the members, in any order, as the Hacker News search does).",
      ],
      "id": text("The member a record resource's first parameter is matched against (default id)."),
    ])
    if !top {
      properties["children"] = text(
        "A record resource's: the member of each record that holds more records (a field path, as in children), where its record is looked for too, depth-first: a comment inside a story."
      )
    }
    return properties
  }

  package static var requestSchema: JSON {
    var properties = JSONObject()
    for key in requestKeys {
      properties[key] =
        switch key {
        case "$comment": comment
        case "path":
          [
            "type": "string", "pattern": "^/",
            "description":
              "The path under the base URL, with {parameter} placeholders: each value one escaped segment.",
          ]
        case "query": names("Query parameters: templates; one whose value is blank is left out.")
        case "records": pointer("A list's array of records (the root by default).")
        case "record": pointer("A record's object (the root by default).")
        case "total": pointer("A list's total count.")
        case "paging": pagingSchema
        case "emptySearch":
          [
            "enum": ["all", "nothing"], "description": "What an empty search does: list all (default), or ask nothing.",
          ]
        case "emptyStatuses":
          [
            "type": "array", "items": ["type": "integer", "minimum": 400, "maximum": 599],
            "description": "Statuses that mean an empty list rather than an error.",
          ]
        case "notFound":
          JSONSchema.object(
            "What a 404 did not find.",
            properties: props([
              "$comment": comment, "resource": text("A template, such as \"book {id}\"."),
              "parameter": text("The parameter to check."),
            ]))
        default: [:]
        }
    }
    return JSONSchema.object(
      "What an http plugin's resource asks, and where its answer holds the records.", properties: properties,
      required: ["path"])
  }

  private static var pagingSchema: JSON {
    var properties = JSONObject()
    for key in pagingKeys {
      properties[key] =
        switch key {
        case "$comment": comment
        case "type":
          [
            "enum": .array(Paging.Kind.allCases.map { .string($0.rawValue) }),
            "description": "offset, page, link (the Link header's rel=\"next\"), next-url or cursor.",
          ]
        case "size": text("page, link, next-url, cursor: the page size's parameter.")
        case "limit": text("offset: the page size's parameter.")
        case "offset": text("offset: the offset's parameter.")
        case "page": text("page: the page number's parameter.")
        case "first":
          ["type": "integer", "minimum": 0, "maximum": 1, "description": "page: the first page (default 1)."]
        case "next": pointer("next-url: where the next page's URL is; cursor: where the next cursor is.")
        case "param": text("cursor: the parameter the cursor goes back in.")
        case "cap": ["type": "integer", "minimum": 1, "description": "How many results can be reached at most."]
        case "maxPages":
          JSONSchema.integer(
            1...100_000, "The most requests for pages of one list, whatever the paging (default 1000).")
        default: [:]
        }
    }
    return JSONSchema.object("How pages are asked for.", properties: properties, required: ["type"])
  }
}
