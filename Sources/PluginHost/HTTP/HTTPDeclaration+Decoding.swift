import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

#if canImport(Glibc)
  import Glibc
#endif

extension HTTPDeclaration {
  package static let keys = [
    "$comment", "baseURL", "headers", "auth", "errors", "rateLimit", "attribution", "attributionPointer",
  ]
  package static let baseURLKeys = ["$comment", "variable", "default"]
  package static let authKeys = [
    "$comment", "type", "required", "token", "header", "param", "value", "user", "password", "variables", "secrets",
    "query", "headers",
  ]
  package static let errorKeys = [
    "$comment", "api", "messages", "credentialAdvice", "notFoundAdvice", "rateLimitAdvice",
  ]
  package static let rateLimitKeys = ["$comment", "remaining", "limit", "reset"]
  package static let sampleKeys = ["$comment", "file", "records", "search", "match", "id", "resources"]
  package static let sampleEntryKeys = ["$comment", "file", "records", "search", "match", "id", "children"]
  package static let requestKeys = [
    "$comment", "path", "query", "records", "record", "total", "paging", "emptySearch", "emptyStatuses", "notFound",
  ]
  package static let pagingKeys = [
    "$comment", "type", "size", "limit", "offset", "page", "first", "next", "param", "cap", "maxPages",
  ]
  package static let notFoundKeys = ["$comment", "resource", "parameter"]

  /// Decodes the `http` object, each resource's `request` (from `rawResources`, the manifest's
  /// `resources` array, beside the `resources` decoded from it) and the `sample`; every problem is
  /// located by its JSON pointer.
  package static func decode(
    _ value: JSON, rawResources: JSON?, resources: [Resource], sample: JSON?, variables: [EnvironmentVariable],
    folder: String, _ decoder: inout ManifestDecoder
  ) -> HTTPDeclaration? {
    let at = JSONPointer.root / "http"
    guard
      let object = decoder.requireObject(
        value, at: at, name: "http", example: #"{"baseURL": {"variable": "BOOKS_URL", "default": "https://…"}}"#)
    else { return nil }
    decoder.checkKeys(object, at: at, allowed: keys)
    var problems = decoder.problems.count

    // Base URL.
    var baseURLVariable = ""
    var defaultBaseURL = ""
    if object["baseURL"] == nil {
      decoder.fail(
        at, .key, "missing required key 'baseURL', as in {\"variable\": \"BOOKS_URL\", \"default\": \"https://…\"}")
    } else if let base = decoder.requireObject(
      object["baseURL"], at: at / "baseURL", name: "baseURL",
      example: #"{"variable": "BOOKS_URL", "default": "https://…"}"#)
    {
      decoder.checkKeys(base, at: at / "baseURL", allowed: baseURLKeys)
      baseURLVariable = decoder.requiredString(base, "variable", at: at / "baseURL") ?? ""
      defaultBaseURL = decoder.requiredString(base, "default", at: at / "baseURL") ?? ""
      if base["variable"]?.stringValue != nil, !EnvironmentVariable.isName(baseURLVariable) {
        decoder.fail(
          at / "baseURL" / "variable", .value(offset: 0),
          baseURLVariable.isEmpty
            ? "'variable' is empty; name the environment variable that sets the base URL, such as \"BOOKS_URL\""
            : "'\(baseURLVariable)' is not a variable name")
      }
      // The one check the live source makes of the address, made here: a default that cannot
      // work fails `--check`, not the first request.
      if base["default"]?.stringValue != nil, let problem = WebURL.baseProblem(defaultBaseURL) {
        decoder.fail(
          at / "baseURL" / "default", .value(offset: 0),
          "'\(defaultBaseURL)' \(problem); 'default' is an http or https address with a host and no query or fragment, such as https://api.example.com"
        )
      }
    }

    let plain = Set(variables.filter { !$0.secret }.map(\.name))
    let headers = fields(object["headers"], at: at / "headers", &decoder) { template, pointer, decoder in
      check(template, at: pointer, names: [], environment: plain, where: "a header", &decoder)
    }

    var auth: Auth?
    if let value = object["auth"] { auth = decodeAuth(value, at: at / "auth", &decoder) }

    var errors = Errors(api: nil, messagePointers: [.root / "message"])
    if let value = object["errors"],
      let errorObject = decoder.requireObject(
        value, at: at / "errors", name: "errors", example: #"{"api": "Books", "messages": ["/message"]}"#)
    {
      decoder.checkKeys(errorObject, at: at / "errors", allowed: errorKeys)
      errors.api = decoder.optionalString(errorObject, "api", at: at / "errors")
      if let messages = errorObject["messages"] {
        errors.messagePointers = pointers(messages, at: at / "errors" / "messages", &decoder)
      }
      errors.credentialAdvice = decoder.optionalString(errorObject, "credentialAdvice", at: at / "errors")
      errors.notFoundAdvice = decoder.optionalString(errorObject, "notFoundAdvice", at: at / "errors")
      errors.rateLimitAdvice = decoder.optionalString(errorObject, "rateLimitAdvice", at: at / "errors")
    }

    var rateLimit = RateLimitNames()
    if let value = object["rateLimit"],
      let names = decoder.requireObject(
        value, at: at / "rateLimit", name: "rateLimit", example: #"{"remaining": "X-RateLimit-Remaining"}"#)
    {
      decoder.checkKeys(names, at: at / "rateLimit", allowed: rateLimitKeys)
      rateLimit.remaining = decoder.optionalString(names, "remaining", at: at / "rateLimit") ?? rateLimit.remaining
      rateLimit.limit = decoder.optionalString(names, "limit", at: at / "rateLimit") ?? rateLimit.limit
      rateLimit.reset = decoder.optionalString(names, "reset", at: at / "rateLimit") ?? rateLimit.reset
    }

    let attribution = decoder.optionalString(object, "attribution", at: at)
    let attributionPointer = decoder.optionalString(object, "attributionPointer", at: at).flatMap {
      pointer($0, at: at / "attributionPointer", &decoder)
    }

    // Each resource's request.
    var requests: [String: ResourceRequest] = [:]
    let items = rawResources?.arrayValue ?? []
    for (index, resource) in resources.enumerated() where index < items.count {
      let pointer = JSONPointer.root / "resources" / index
      guard let request = items[index]["request"] else {
        decoder.fail(
          pointer, .key,
          "missing required key 'request' in \(pointer): an http plugin's resource says what it asks, as in {\"path\": \"/books\"}"
        )
        continue
      }
      if let decoded = decodeRequest(request, for: resource, at: pointer / "request", environment: plain, &decoder) {
        requests[resource.name] = decoded
      }
    }

    var decodedSample: Sample?
    if let sample {
      decodedSample = decodeSample(sample, resources: resources, folder: folder, &decoder)
    }

    problems = decoder.problems.count - problems
    guard problems == 0 else { return nil }
    return HTTPDeclaration(
      baseURLVariable: baseURLVariable, defaultBaseURL: defaultBaseURL, headers: headers, auth: auth, errors: errors,
      rateLimit: rateLimit, attribution: attribution, attributionPointer: attributionPointer, requests: requests,
      sample: decodedSample)
  }

  /// A resource's `request`.
  private static func decodeRequest(
    _ value: JSON, for resource: Resource, at: JSONPointer, environment: Set<String>, _ decoder: inout ManifestDecoder
  ) -> ResourceRequest? {
    guard let object = decoder.requireObject(value, at: at, name: "request", example: #"{"path": "/books/{id}"}"#)
    else { return nil }
    let start = decoder.problems.count
    decoder.checkKeys(object, at: at, allowed: requestKeys) { key in
      switch (key, resource.kind) {
      case ("records", .record): "a record resource names its object with 'record', not 'records'"
      case ("record", .list): "a list resource names its array with 'records', not 'record'"
      case ("total", .record), ("paging", .record), ("emptySearch", .record), ("emptyStatuses", .record):
        "a record resource has no '\(key)'"
      default: nil
      }
    }
    let names = Set(resource.parameters.map(\.name))
    var path = RequestTemplate(literal: "/")
    if let text = decoder.requiredString(object, "path", at: at),
      let template = template(text, at: at / "path", &decoder)
    {
      path = template
      if !text.hasPrefix("/") {
        decoder.fail(at / "path", .value(offset: 0), "'path' starts with '/', as in \"/books/{id}\"")
      }
      check(template, at: at / "path", names: names, environment: environment, where: "a path", &decoder)
    }
    let query = fields(object["query"], at: at / "query", &decoder) { template, pointer, decoder in
      check(template, at: pointer, names: names, environment: environment, where: "a query parameter", &decoder)
      if template.usesSegments {
        decoder.fail(pointer, .value(offset: 0), "segments() is for a path, not a query parameter")
      }
    }
    let key = resource.kind == .list ? "records" : "record"
    let records = decoder.optionalString(object, key, at: at).flatMap { pointer($0, at: at / key, &decoder) } ?? .root
    let total = decoder.optionalString(object, "total", at: at).flatMap { pointer($0, at: at / "total", &decoder) }
    var paging: Paging?
    if let value = object["paging"] { paging = decodePaging(value, at: at / "paging", &decoder) }
    var emptySearch = ResourceRequest.EmptySearch.all
    if let text = decoder.optionalString(object, "emptySearch", at: at) {
      if let chosen = ResourceRequest.EmptySearch(rawValue: text) {
        emptySearch = chosen
      } else {
        decoder.fail(
          at / "emptySearch", .value(offset: 0),
          Diagnostic.Message.unknown(
            "unknown emptySearch '\(text)'", name: text, among: ResourceRequest.EmptySearch.allCases.map(\.rawValue),
            expected: "expected \"all\" (list everything) or \"nothing\" (ask nothing)"))
      }
      if resource.search == nil {
        decoder.fail(at / "emptySearch", .key, "'emptySearch' needs the resource to name its 'search' parameter")
      }
    }
    var emptyStatuses: [Int] = []
    if let value = object["emptyStatuses"] {
      if let statuses = value.arrayValue,
        statuses.allSatisfy({ ($0.intValue ?? 0) >= 400 && ($0.intValue ?? 0) <= 599 })
      {
        emptyStatuses = statuses.compactMap(\.intValue)
      } else {
        decoder.fail(at / "emptyStatuses", .value(offset: 0), "'emptyStatuses' is an array of statuses from 400 to 599")
      }
    }
    var notFound: RequestTemplate?
    var notFoundParameter: String?
    if let value = object["notFound"],
      let what = decoder.requireObject(
        value, at: at / "notFound", name: "notFound", example: #"{"resource": "book {id}", "parameter": "id"}"#)
    {
      decoder.checkKeys(what, at: at / "notFound", allowed: notFoundKeys)
      if let text = decoder.optionalString(what, "resource", at: at / "notFound"),
        let template = template(text, at: at / "notFound" / "resource", &decoder)
      {
        check(template, at: at / "notFound" / "resource", names: names, environment: [], where: "a message", &decoder)
        notFound = template
      }
      notFoundParameter = decoder.optionalString(what, "parameter", at: at / "notFound")
      if let name = notFoundParameter, !names.contains(name) {
        decoder.fail(
          at / "notFound" / "parameter", .value(offset: 0),
          Diagnostic.Message.unknown("'\(name)' is not a parameter of this resource", name: name, among: names))
      }
    }
    guard decoder.problems.count == start else { return nil }
    return ResourceRequest(
      path: path, query: query, records: records, total: total, paging: paging, emptySearch: emptySearch,
      emptyStatuses: emptyStatuses, notFound: notFound, notFoundParameter: notFoundParameter)
  }

  /// An object whose `type` names one of `Kind`'s cases (`paging`, `auth`), its keys checked
  /// against `allowed`; nil, with the problem reported, when it is not one, has no `type` or an
  /// unknown one (with a did-you-mean and the types there are).
  private static func typed<Kind: RawRepresentable & CaseIterable>(
    _ kindType: Kind.Type, _ value: JSON, at: JSONPointer, name: String, example: String, allowed: [String],
    _ decoder: inout ManifestDecoder
  ) -> (JSONObject, Kind)? where Kind.RawValue == String {
    guard let object = decoder.requireObject(value, at: at, name: name, example: example) else { return nil }
    decoder.checkKeys(object, at: at, allowed: allowed)
    guard let text = decoder.requiredString(object, "type", at: at) else { return nil }
    guard let kind = Kind(rawValue: text) else {
      let names = Kind.allCases.map(\.rawValue)
      decoder.fail(
        at / "type", .value(offset: 0),
        Diagnostic.Message.unknown(
          "unknown \(name) type '\(text)'", name: text, among: names,
          expected: "expected " + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")))
      return nil
    }
    return (object, kind)
  }

  /// Reports each key of `object` that its type does not take: neither one of the type's `own`
  /// keys nor one that every type takes (`common`, `type`, `$comment`).
  private static func refuseOthers(
    _ object: JSONObject, at: JSONPointer, _ name: String, of type: String, own: [String], common: [String],
    _ decoder: inout ManifestDecoder
  ) {
    for key in object.keys where !own.contains(key) && !(["$comment", "type"] + common).contains(key) {
      decoder.fail(
        at / key, .key,
        "\(name) of type '\(type)' has no '\(key)'; it takes \(own.map { "'\($0)'" }.joined(separator: ", "))")
    }
  }

  private static func decodePaging(_ value: JSON, at: JSONPointer, _ decoder: inout ManifestDecoder) -> Paging? {
    let start = decoder.problems.count
    guard
      let (object, kind) = typed(
        Paging.Kind.self, value, at: at, name: "paging", example: #"{"type": "link"}"#, allowed: pagingKeys,
        &decoder)
    else { return nil }
    var paging = Paging(
      kind: kind, size: nil, parameter: nil, first: 1, next: nil, cap: nil, maxPages: Paging.defaultMaxPages)
    /// The keys each type takes besides `type`, `cap` and `maxPages`.
    let own: [String]
    switch kind {
    case .offset:
      own = ["limit", "offset"]
      paging.size = decoder.requiredString(object, "limit", at: at)
      paging.parameter = decoder.requiredString(object, "offset", at: at)
    case .page:
      own = ["page", "size", "first"]
      paging.parameter = decoder.requiredString(object, "page", at: at)
      paging.size = decoder.optionalString(object, "size", at: at)
      paging.first = decoder.optionalInt(object, "first", at: at, range: 0...1) ?? 1
    case .link:
      own = ["size"]
      paging.size = decoder.optionalString(object, "size", at: at)
    case .nextURL:
      own = ["next", "size"]
      paging.size = decoder.optionalString(object, "size", at: at)
      paging.next = decoder.requiredString(object, "next", at: at).flatMap { pointer($0, at: at / "next", &decoder) }
    case .cursor:
      own = ["next", "param", "size"]
      paging.size = decoder.optionalString(object, "size", at: at)
      paging.parameter = decoder.requiredString(object, "param", at: at)
      paging.next = decoder.requiredString(object, "next", at: at).flatMap { pointer($0, at: at / "next", &decoder) }
    }
    refuseOthers(object, at: at, "paging", of: kind.rawValue, own: own, common: ["cap", "maxPages"], &decoder)
    paging.cap = decoder.optionalInt(object, "cap", at: at, range: 1...PageCursor.largestPlace)
    paging.maxPages = decoder.optionalInt(object, "maxPages", at: at, range: 1...100_000) ?? Paging.defaultMaxPages
    return decoder.problems.count == start ? paging : nil
  }

  private static func decodeAuth(_ value: JSON, at: JSONPointer, _ decoder: inout ManifestDecoder) -> Auth? {
    let start = decoder.problems.count
    guard
      let (object, kind) = typed(
        Auth.Kind.self, value, at: at, name: "auth", example: #"{"type": "bearer", "token": "BOOKS_TOKEN"}"#,
        allowed: authKeys, &decoder)
    else { return nil }
    var auth = Auth(
      kind: kind, required: decoder.optionalBool(object, "required", at: at) ?? true, variables: [], secrets: [],
      name: nil, query: [], headers: [])
    func variable(_ key: String) -> String? {
      guard let name = decoder.requiredString(object, key, at: at) else { return nil }
      if !EnvironmentVariable.isName(name) {
        decoder.fail(at / key, .value(offset: 0), "'\(name)' is not an environment variable's name")
      }
      return name
    }
    let own: [String]
    switch kind {
    case .bearer:
      own = ["token"]
      auth.variables = [variable("token")].compactMap { $0 }
      auth.secrets = auth.variables
    case .header, .query:
      let key = kind == .header ? "header" : "param"
      own = [key, "value"]
      auth.name = decoder.requiredString(object, key, at: at)
      auth.variables = [variable("value")].compactMap { $0 }
      auth.secrets = auth.variables
    case .basic:
      own = ["user", "password"]
      auth.variables = [variable("user"), variable("password")].compactMap { $0 }
      auth.secrets = Array(auth.variables.dropFirst())
    case .computed:
      own = ["variables", "secrets", "query", "headers"]
      auth.variables = names(object["variables"], at: at / "variables", &decoder)
      auth.secrets = names(object["secrets"], at: at / "secrets", &decoder)
      for (index, name) in auth.secrets.enumerated() where !auth.variables.contains(name) {
        decoder.fail(
          at / "secrets" / index, .value(offset: 0),
          Diagnostic.Message.unknown("'\(name)' is not one of 'variables'", name: name, among: auth.variables))
      }
      var computed: [String] = []
      let environment = Set(auth.variables)
      for key in ["query", "headers"] {
        let declared = fields(object[key], at: at / key, &decoder) { _, _, _ in }
        for field in declared {
          // Each value may use those computed before it.
          check(
            field.value, at: at / key / field.name, names: Set(computed), environment: environment,
            where: "a credential", &decoder)
          computed.append(field.name)
        }
        if key == "query" { auth.query = declared } else { auth.headers = declared }
      }
      if auth.query.isEmpty, auth.headers.isEmpty {
        decoder.fail(at, .key, "a computed auth sends something: give it 'query' or 'headers'")
      }
    }
    refuseOthers(object, at: at, "auth", of: kind.rawValue, own: own, common: ["required"], &decoder)
    return decoder.problems.count == start ? auth : nil
  }

  private static func decodeSample(
    _ value: JSON, resources: [Resource], folder: String, _ decoder: inout ManifestDecoder
  ) -> Sample? {
    let at = JSONPointer.root / "sample"
    guard
      let object = decoder.requireObject(
        value, at: at, name: "sample", example: #"{"file": "sample.json", "id": "id"}"#)
    else { return nil }
    let start = decoder.problems.count
    decoder.checkKeys(object, at: at, allowed: sampleKeys)
    let top = sampleEntry(object, at: at, inheriting: nil, folder: folder, &decoder)
    var entries: [String: Sample.Entry] = [:]
    var named: Set<String> = []
    if let value = object["resources"],
      let each = decoder.requireObject(
        value, at: at / "resources", name: "resources",
        example: #"{"item": {"file": "items.json", "id": "id"}}"#)
    {
      let names = resources.map(\.name)
      for (name, value) in each.members {
        let pointer = at / "resources" / name
        guard let resource = resources.first(where: { $0.name == name }) else {
          decoder.fail(
            pointer, .key,
            Diagnostic.Message.unknown(
              "the plugin has no resource '\(name)'", name: name, among: names,
              expected: "expected one of \(names.joined(separator: ", "))"))
          continue
        }
        named.insert(name)
        guard
          let entry = decoder.requireObject(
            value, at: pointer, name: "a resource's sample", example: #"{"file": "items.json", "id": "id"}"#)
        else { continue }
        decoder.checkKeys(entry, at: pointer, allowed: sampleEntryKeys)
        if entry["children"] != nil, resource.kind != .record {
          decoder.fail(
            pointer / "children", .key,
            "'children' is for a record resource's sample, which looks for its record in them too; '\(name)' is a list")
        }
        if let decoded = sampleEntry(entry, at: pointer, inheriting: top, folder: folder, &decoder) {
          entries[name] = decoded
        }
      }
    }
    for resource in resources where !named.contains(resource.name) {
      guard let top, !top.file.isEmpty else {
        if object["file"] == nil {
          decoder.fail(
            at, .key,
            "resource '\(resource.name)' has no sample: give 'file' here, for every resource, or its own in 'resources', as in {\"resources\": {\"\(resource.name)\": {\"file\": \"\(resource.name).json\"}}}"
          )
        }
        continue
      }
      entries[resource.name] = top
    }
    guard decoder.problems.count == start else { return nil }
    return Sample(resources: entries)
  }

  /// A sample's `file`, `records`, `search`, `match`, `id` and `children`, those left out taken
  /// from `inherited` (the top level's); the top level's own with `inherited` nil, whose `file`
  /// may be left out when every resource names its own.
  private static func sampleEntry(
    _ object: JSONObject, at: JSONPointer, inheriting inherited: Sample.Entry?, folder: String,
    _ decoder: inout ManifestDecoder
  ) -> Sample.Entry? {
    let start = decoder.problems.count
    var file = inherited?.file ?? ""
    if let given = decoder.optionalString(object, "file", at: at) {
      if given.isEmpty || given.hasPrefix("/") || given.split(separator: "/").contains("..") {
        decoder.fail(at / "file", .value(offset: 0), "'file' is a file in the plugin's folder, such as \"sample.json\"")
      } else if access(folder + "/" + given, R_OK) != 0 {
        decoder.fail(at / "file", .value(offset: 0), "there is no file '\(given)' in \(folder)")
      }
      file = folder + "/" + given
    }
    let records =
      decoder.optionalString(object, "records", at: at).flatMap { pointer($0, at: at / "records", &decoder) }
      ?? inherited?.records ?? .root
    let searched =
      object["search"] == nil
      ? inherited?.searched ?? [] : names(object["search"], at: at / "search", &decoder, variables: false)
    var match = inherited?.match ?? .substring
    if let text = decoder.optionalString(object, "match", at: at) {
      if let given = Sample.Match(rawValue: text) {
        match = given
      } else {
        let all = Sample.Match.allCases.map(\.rawValue)
        decoder.fail(
          at / "match", .value(offset: 0),
          Diagnostic.Message.unknown(
            "unknown match '\(text)'", name: text, among: all,
            expected: "expected one of \(all.joined(separator: ", "))"))
      }
    }
    let id = decoder.optionalString(object, "id", at: at) ?? inherited?.id ?? "id"
    var children: [String]?
    if let text = decoder.optionalString(object, "children", at: at) {
      if text.isEmpty || text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
        decoder.fail(
          at / "children", .value(offset: 0),
          "'children' must be a field path, the member of each record that holds more records, such as \"children\"")
      } else {
        children = text.split(separator: ".").map(String.init)
      }
    }
    guard decoder.problems.count == start else { return nil }
    return Sample.Entry(file: file, records: records, searched: searched, match: match, id: id, children: children)
  }

  // MARK: - Pieces

  /// An object of names to templates, in order.
  private static func fields(
    _ value: JSON?, at: JSONPointer, _ decoder: inout ManifestDecoder,
    check: (RequestTemplate, JSONPointer, inout ManifestDecoder) -> Void
  ) -> [Field] {
    guard let value else { return [] }
    guard case .object(let object) = value else {
      decoder.fail(
        at, .value(offset: 0), "must be an object of names and template strings, not \(value.typeDescription)")
      return []
    }
    var result: [Field] = []
    for (name, item) in object.members {
      guard case .string(let text) = item else {
        decoder.fail(at / name, .value(offset: 0), "'\(name)' must be a template string, not \(item.typeDescription)")
        continue
      }
      guard let template = template(text, at: at / name, &decoder) else { continue }
      check(template, at / name, &decoder)
      result.append(Field(name: name, value: template))
    }
    return result
  }

  private static func template(_ text: String, at pointer: JSONPointer, _ decoder: inout ManifestDecoder)
    -> RequestTemplate?
  {
    do {
      return try RequestTemplate(text)
    } catch {
      decoder.fail(
        pointer, .value(offset: error.offset), "in template \(ManifestDecoder.quoted(template: text)): \(error.message)"
      )
      return nil
    }
  }

  /// Reports each name the template reads that is not among `names`, and each variable not
  /// among `environment`: found when the manifest loads, not at the first request.
  private static func check(
    _ template: RequestTemplate, at pointer: JSONPointer, names: Set<String>, environment: Set<String>,
    where place: String,
    _ decoder: inout ManifestDecoder
  ) {
    for name in template.names where !names.contains(name) {
      let among = names.sorted()
      decoder.fail(
        pointer, .value(offset: 0),
        Diagnostic.Message.unknown(
          "unknown template variable '\(name)' in \(place)", name: name, among: among,
          expected: among.isEmpty
            ? "there are no names to use here" : "expected one of " + among.map { "'\($0)'" }.joined(separator: ", ")))
    }
    for name in template.environmentNames where !environment.contains(name) {
      decoder.fail(
        pointer, .value(offset: 0),
        Diagnostic.Message.unknown(
          "unknown variable 'env.\(name)' in \(place); declare it (not secret) in 'environment', or in the auth's 'variables'",
          name: name, among: environment))
    }
  }

  /// An array of names.
  private static func names(
    _ value: JSON?, at: JSONPointer, _ decoder: inout ManifestDecoder, variables: Bool = true
  ) -> [String] {
    guard let value else { return [] }
    guard let items = value.arrayValue else {
      decoder.fail(at, .value(offset: 0), "must be an array of names, not \(value.typeDescription)")
      return []
    }
    var result: [String] = []
    for (index, item) in items.enumerated() {
      guard let name = item.stringValue, variables ? EnvironmentVariable.isName(name) : !name.isEmpty else {
        decoder.fail(
          at / index, .value(offset: 0),
          variables ? "expected an environment variable's name" : "expected a member's name")
        continue
      }
      result.append(name)
    }
    return result
  }

  private static func pointers(_ value: JSON, at: JSONPointer, _ decoder: inout ManifestDecoder) -> [JSONPointer] {
    guard let items = value.arrayValue, !items.isEmpty else {
      decoder.fail(at, .value(offset: 0), "must be a non-empty array of JSON pointers, as in [\"/message\"]")
      return []
    }
    var result: [JSONPointer] = []
    for (index, item) in items.enumerated() {
      guard let text = item.stringValue else {
        decoder.fail(at / index, .value(offset: 0), "expected a JSON pointer such as \"/message\"")
        continue
      }
      if let pointer = pointer(text, at: at / index, &decoder) { result.append(pointer) }
    }
    return result
  }

  /// An RFC 6901 pointer: "" or "/" alone is the root, "/data/results/0" a member of members.
  package static func pointer(_ text: String, at: JSONPointer, _ decoder: inout ManifestDecoder) -> JSONPointer? {
    guard let pointer = JSONPointer(parsing: text) else {
      decoder.fail(
        at, .value(offset: 0),
        "'\(text)' is not a JSON pointer; write it as \"/data/results\", with ~0 for a '~' and ~1 for a '/' in a name")
      return nil
    }
    return pointer
  }
}

extension JSONPointer {
  /// The pointer `text` spells (RFC 6901: `~1` is `/`, `~0` is `~`); `/` alone is the root, as
  /// people write it. Nil when it does not start with `/`, or holds a `~` that neither `0` nor `1`
  /// follows (RFC 6901 has no other escape).
  package init?(parsing text: String) {
    if text.isEmpty || text == "/" {
      self.init()
      return
    }
    guard text.hasPrefix("/") else { return nil }
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "~" else { continue }
      guard let next = scalars.next(), next == "0" || next == "1" else { return nil }
    }
    let tokens = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
      String($0).replacingOccurrences("~1", with: "/").replacingOccurrences("~0", with: "~")
    }
    self.init(tokens)
  }
}
