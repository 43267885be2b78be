import FoundationEssentials
import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An external plugin's `plugin.json`: a program in any language that speaks the protocol of
/// PLUGINS.md over stdin and stdout, and the resources it declares, exactly as a Swift plugin
/// declares them. Everything `--check` and `--plugins` need is here; the program is not started.
///
///     {"name": "git", "summary": "…", "protocol": 1, "command": ["python3", "./git_plugin.py"],
///      "resources": [{"name": "commits", "kind": "list", "summary": "…", "search": "query",
///                     "maxPageSize": 50, "parameters": [{"name": "query", "summary": "…"}]}],
///      "environment": ["GIT_DIR", {"name": "GIT_TOKEN", "summary": "…", "secret": true}],
///      "timeout": 10}
package struct PluginManifest: Sendable, Hashable {
  /// The protocol version this screenrun speaks.
  package static let protocolVersion = 1
  /// The variables every plugin receives when set (and every `LC_*` one); others only when the
  /// manifest's `environment` names them.
  package static let baselineEnvironment = ["PATH", "HOME", "LANG", "TMPDIR"]
  package static let keys = [
    "$schema", "$comment", "name", "summary", "protocol", "command", "http", "sample", "resources", "environment",
    "timeout",
  ]
  package static let resourceKeys = [
    "$comment", "name", "kind", "summary", "parameters", "search", "maxPageSize", "request",
  ]
  package static let parameterKeys = ["$comment", "name", "summary", "required", "allowsBlank", "values", "default"]
  package static let maxPageSizeRange = 1...1000
  /// The longest `timeout`, in seconds.
  package static let longestTimeout = 3600

  /// The `plugin.json` file, and the folder it is in (where `./` in `command` resolves).
  package var file: String
  package var folder: String { file.deletingLastPathComponent }
  package var name: String
  package var summary: String
  package var command: [String]
  package var resources: [Resource]
  /// The variables beyond the baseline that the plugin may receive, as declared: a variable
  /// marked `secret` has its value registered for redaction when the plugin starts.
  package var variables: [EnvironmentVariable]
  /// The names of `variables`. Set, it replaces `variables` (keeping what was declared of a name
  /// kept).
  package var environment: [String] {
    get { variables.map(\.name) }
    set {
      let declared = variables
      variables = newValue.map { name in declared.first { $0.name == name } ?? EnvironmentVariable(name) }
    }
  }
  /// Seconds to wait for each answer; nil for the default (`ExternalSource.defaultTimeout`).
  package var timeout: Double?
  /// A REST API declared with no code (the `http` object, each resource's `request`, and the
  /// `sample`), instead of a program; nil for a program's manifest.
  package var http: HTTPDeclaration?

  package init(
    file: String, name: String, summary: String, command: [String], resources: [Resource],
    environment: [String] = [], timeout: Double? = nil, variables: [EnvironmentVariable] = []
  ) {
    self.file = file
    self.name = name
    self.summary = summary
    self.command = command
    self.resources = resources
    self.variables =
      variables
      + environment.filter { name in !variables.contains { $0.name == name } }.map {
        EnvironmentVariable($0)
      }
    self.timeout = timeout
  }

  /// Reads and checks a manifest; throws every problem, located (`file:line:col`, a JSON
  /// pointer, a near name), as a broken screen file's are.
  package static func load(_ file: String) throws(ScreenLoadError) -> PluginManifest {
    let reading = read(file)
    guard let manifest = reading.manifest else { throw ScreenLoadError(reading.problems) }
    return manifest
  }

  /// A manifest file as read: the manifest when it is valid, else its problems and the name the
  /// plugin goes by (its `name` when that can be read, else its folder's name), so that a screen
  /// that uses a broken plugin is told why rather than that there is no such plugin.
  package static func read(_ file: String) -> (manifest: PluginManifest?, name: String, problems: [Diagnostic]) {
    let folderName = file.deletingLastPathComponent.lastPathComponent
    let document: ScreenDocument
    do {
      document = try ScreenDocument(path: file, what: "a plugin manifest (plugin.json)")
    } catch {
      return (nil, folderName, [error])
    }
    var decoder = ManifestDecoder()
    let manifest = decode(document.root, file: file, &decoder)
    guard let manifest, decoder.problems.isEmpty else {
      let name = document.root["name"]?.stringValue.flatMap { isName($0) ? $0 : nil } ?? folderName
      return (nil, name, document.diagnostics(decoder.problems))
    }
    return (manifest, manifest.name, [])
  }

  static func isName(_ name: String) -> Bool {
    !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) }
  }

  package static func decode(_ root: JSON, file: String, _ decoder: inout ManifestDecoder) -> PluginManifest? {
    guard case .object(let object) = root else {
      decoder.fail(.root, .key, "a plugin manifest is a JSON object, not \(root.typeDescription)")
      return nil
    }
    decoder.checkKeys(object, at: .root, allowed: keys)
    let name = decoder.requiredString(object, "name", at: .root)
    if let name, !isName(name) {
      decoder.fail(.root / "name", .value(offset: 0), "'\(name)' is not a plugin name; use letters, digits, - and _")
    }
    let summary = decoder.requiredString(object, "summary", at: .root)
    let declared = object["http"] != nil
    if declared, object["command"] != nil {
      decoder.fail(
        .root / "command", .key, "a plugin has a 'command' (a program) or an 'http' API declared, not both")
    }
    if !declared, object["sample"] != nil {
      decoder.fail(.root / "sample", .key, "'sample' is for an 'http' plugin; a program serves its own sample data")
    }
    if declared, object["timeout"] != nil {
      decoder.fail(
        .root / "timeout", .key,
        "an 'http' plugin's timeouts are SCREENRUN_HTTP_TIMEOUT and SCREENRUN_HTTP_CONNECT_TIMEOUT, not 'timeout'")
    }
    if object["protocol"] == nil {
      if !declared { decoder.fail(.root, .key, "missing required key 'protocol'; expected \(protocolVersion)") }
    } else if object["protocol"]?.intValue != protocolVersion {
      decoder.fail(
        .root / "protocol", .value(offset: 0),
        "unsupported protocol \(object["protocol"]?.compactText ?? ""); this screenrun speaks protocol \(protocolVersion)"
      )
    }
    let command = declared ? [] : strings(object, "command", at: .root, &decoder, required: true)
    if !declared, let command, command.isEmpty || command[0].isEmpty {
      decoder.fail(
        .root / "command", .value(offset: 0), "'command' needs the program to run, as in [\"python3\", \"./plugin.py\"]"
      )
    }
    let variables = decodeEnvironment(object["environment"], &decoder)
    var timeout: Double?
    if let value = object["timeout"] {
      switch value {
      case .int(let number) where number > 0 && number <= longestTimeout: timeout = Double(number)
      case .double(let number) where number > 0 && number <= Double(longestTimeout): timeout = number
      default:
        decoder.fail(
          .root / "timeout", .value(offset: 0),
          "'timeout' is seconds, above 0 and at most \(longestTimeout), not \(value.compactText)")
      }
    }
    let resources = decodeResources(object["resources"], declared: declared, &decoder)
    var http: HTTPDeclaration?
    if let value = object["http"], let resources {
      let folder = file.deletingLastPathComponent
      http = HTTPDeclaration.decode(
        value, rawResources: object["resources"], resources: resources, sample: object["sample"],
        variables: variables, folder: folder.isEmpty ? "." : folder, &decoder)
    } else if !declared, let items = object["resources"]?.arrayValue {
      for (index, item) in items.enumerated() where item["request"] != nil {
        decoder.fail(
          .root / "resources" / index / "request", .key, "'request' is for an 'http' plugin's resources")
      }
    }
    guard let name, let summary, let command, let resources else { return nil }
    var manifest = PluginManifest(
      file: file, name: name, summary: summary, command: command, resources: resources, timeout: timeout,
      variables: variables)
    if let http {
      manifest.http = http
      manifest.variables = http.variables(adding: variables)
    }
    return manifest
  }

  /// `environment`: each element a variable's name, or an object with its `name` and optional
  /// `summary`, `secret` and `default`.
  private static func decodeEnvironment(_ value: JSON?, _ decoder: inout ManifestDecoder) -> [EnvironmentVariable] {
    guard let value else { return [] }
    let pointer = JSONPointer.root / "environment"
    guard case .array(let items) = value else {
      decoder.fail(
        pointer, .value(offset: 0),
        "'environment' must be an array of variable names or {\"name\": …, \"secret\": true} objects, not \(value.typeDescription)"
      )
      return []
    }
    var variables: [EnvironmentVariable] = []
    for (index, item) in items.enumerated() {
      let at = pointer / index
      var variable: EnvironmentVariable
      switch item {
      case .string(let name): variable = EnvironmentVariable(name)
      case .object(let object):
        decoder.checkKeys(object, at: at, allowed: EnvironmentVariable.keys)
        guard let name = decoder.requiredString(object, "name", at: at) else { continue }
        variable = EnvironmentVariable(
          name, summary: decoder.optionalString(object, "summary", at: at) ?? "",
          secret: decoder.optionalBool(object, "secret", at: at) ?? false,
          defaultValue: decoder.optionalString(object, "default", at: at))
        if variable.secret, variable.defaultValue != nil {
          decoder.fail(
            at / "default", .key,
            "a secret variable has no 'default': a secret written in plugin.json is no secret; set '\(name)' in the environment"
          )
        }
      default:
        decoder.fail(
          at, .value(offset: 0),
          "'environment' holds variable names or {\"name\": …} objects, not \(item.typeDescription)")
        continue
      }
      let nameAt = item.stringValue == nil ? at / "name" : at
      if !EnvironmentVariable.isName(variable.name) {
        decoder.fail(
          nameAt, .value(offset: 0),
          "'\(variable.name)' is not a variable name; use letters, digits and _, not starting with a digit")
      } else if variables.contains(where: { $0.name == variable.name }) {
        decoder.fail(nameAt, .value(offset: 0), "a second variable named '\(variable.name)'; each name is used once")
      }
      variables.append(variable)
    }
    return variables
  }

  private static func strings(
    _ object: JSONObject, _ key: String, at pointer: JSONPointer, _ decoder: inout ManifestDecoder, required: Bool
  ) -> [String]? {
    guard let value = object[key] else {
      if required { decoder.fail(pointer, .key, "missing required key '\(key)'") }
      return nil
    }
    guard case .array(let items) = value else {
      decoder.fail(
        pointer / key, .value(offset: 0), "'\(key)' must be an array of strings, not \(value.typeDescription)")
      return nil
    }
    var result: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let text) = item else {
        decoder.fail(pointer / key / index, .key, "'\(key)' holds strings only, not \(item.typeDescription)")
        return nil
      }
      result.append(text)
    }
    return result
  }

  private static func decodeResources(_ value: JSON?, declared: Bool, _ decoder: inout ManifestDecoder) -> [Resource]? {
    guard let value else {
      decoder.fail(.root, .key, "missing required key 'resources'")
      return nil
    }
    guard case .array(let items) = value, !items.isEmpty else {
      decoder.fail(.root / "resources", .value(offset: 0), "'resources' must be a non-empty array of resources")
      return nil
    }
    var resources: [Resource] = []
    var names: Set<String> = []
    for (index, item) in items.enumerated() {
      let pointer = JSONPointer.root / "resources" / index
      guard
        let object = decoder.requireObject(
          item, at: pointer, name: "a resource", example: #"{"name": "…", "kind": "list", "summary": "…"}"#)
      else { continue }
      decoder.checkKeys(object, at: pointer, allowed: resourceKeys)
      let name = decoder.requiredString(object, "name", at: pointer)
      let summary = decoder.requiredString(object, "summary", at: pointer)
      var kind: Resource.Kind?
      if let text = decoder.requiredString(object, "kind", at: pointer) {
        kind = Resource.Kind(rawValue: text)
        if kind == nil {
          decoder.fail(
            pointer / "kind", .value(offset: 0),
            Diagnostic.Message.unknown(
              "unknown resource kind '\(text)'", name: text, among: Resource.Kind.allCases.map(\.rawValue),
              expected: "expected \"list\" or \"record\""))
        }
      }
      let search = decoder.optionalString(object, "search", at: pointer)
      let maxPageSize = decoder.optionalInt(object, "maxPageSize", at: pointer, range: maxPageSizeRange) ?? 100
      let parameters = decodeParameters(object["parameters"], at: pointer / "parameters", declared: declared, &decoder)
      if let name, !names.insert(name).inserted {
        decoder.fail(pointer / "name", .value(offset: 0), "a second resource named '\(name)'; each name is used once")
      }
      if let search, let parameters, !parameters.contains(where: { $0.name == search }) {
        decoder.fail(
          pointer / "search", .value(offset: 0),
          Diagnostic.Message.unknown(
            "'search' names '\(search)', which is not a parameter of this resource", name: search,
            among: parameters.map(\.name)))
      }
      if kind == .record, object["search"] != nil || object["maxPageSize"] != nil {
        decoder.fail(pointer, .key, "a record resource has no 'search' or 'maxPageSize'")
      }
      guard let name, let summary, let kind, let parameters else { continue }
      resources.append(
        Resource(
          name: name, kind: kind, summary: summary, parameters: parameters, maxPageSize: maxPageSize, search: search))
    }
    return resources.count == items.count ? resources : nil
  }

  /// The parameters of a resource; `declared`: the plugin's requests are declared (`http`), and so
  /// a parameter may have a `default`, which its request templates read.
  private static func decodeParameters(
    _ value: JSON?, at pointer: JSONPointer, declared: Bool, _ decoder: inout ManifestDecoder
  ) -> [Parameter]? {
    guard let value else { return [] }
    guard case .array(let items) = value else {
      decoder.fail(
        pointer, .value(offset: 0), "'parameters' must be an array of parameters, not \(value.typeDescription)")
      return nil
    }
    var parameters: [Parameter] = []
    for (index, item) in items.enumerated() {
      let at = pointer / index
      guard
        let object = decoder.requireObject(
          item, at: at, name: "a parameter", example: #"{"name": "…", "summary": "…"}"#)
      else { continue }
      decoder.checkKeys(object, at: at, allowed: parameterKeys)
      let name = decoder.requiredString(object, "name", at: at)
      let summary = decoder.requiredString(object, "summary", at: at)
      let required = decoder.optionalBool(object, "required", at: at) ?? false
      let allowsBlank = decoder.optionalBool(object, "allowsBlank", at: at) ?? true
      let values = object["values"] == nil ? nil : strings(object, "values", at: at, &decoder, required: false)
      if let name, parameters.contains(where: { $0.name == name }) {
        decoder.fail(at / "name", .value(offset: 0), "a second parameter named '\(name)'; each name is used once")
      }
      let defaultValue = decoder.optionalString(object, "default", at: at)
      if let defaultValue {
        if !declared {
          decoder.fail(
            at / "default", .key,
            "'default' is for a parameter of a declared REST API ('http'), whose requests read it; a program "
              + "gets the parameters a screen gives")
        } else if required {
          decoder.fail(at / "default", .key, "a parameter with a 'default' is never missing; leave 'required' out")
        } else if let values, !values.contains(defaultValue) {
          decoder.fail(
            at / "default", .value(offset: 0),
            "the default '\(defaultValue)' is not one of the parameter's values (\(values.joined(separator: ", ")))")
        }
      }
      guard let name, let summary else { continue }
      var parameter = Parameter(name, required: required, allowsBlank: allowsBlank, values: values, summary: summary)
      parameter.defaultValue = defaultValue
      parameters.append(parameter)
    }
    return parameters.count == items.count ? parameters : nil
  }

  /// The argv to run: an element starting with `./` resolved against the manifest's folder, and
  /// the program looked up on `path` (a `PATH` value) by `ProgramSearch.program` unless it holds
  /// a slash. Nil, with why, when the program is not found.
  package func resolvedCommand(path: String?) -> Result<[String], DataSourceError> {
    var argv = command.map { $0.hasPrefix("./") ? folder + "/" + $0.dropFirst(2) : $0 }
    guard let program = argv.first else { return .failure(.transport("plugin '\(name)' has no command")) }
    if !program.contains("/") {
      guard let found = ProgramSearch.program(program, path: path) else {
        return .failure(.transport("plugin '\(name)': '\(program)' is not found on PATH"))
      }
      argv[0] = found
    } else if access(program, X_OK) != 0 {
      return .failure(.transport("plugin '\(name)': '\(program)' is not an executable file"))
    }
    return .success(argv)
  }

  /// The environment the plugin runs with: the baseline and the manifest's allow-list (a
  /// declared default standing in for a variable that is not set), nothing else. The values of
  /// the variables marked secret are registered for redaction.
  package func environment(from all: [String: String]) -> [String: String] {
    let names = Set(environment)
    var chosen = all.filter { key, _ in
      Self.baselineEnvironment.contains(key) || key.hasPrefix("LC_") || names.contains(key)
    }
    for variable in variables where chosen[variable.name] == nil {
      if let value = variable.defaultValue { chosen[variable.name] = value }
    }
    variables.registerSecrets(from: chosen)
    return chosen
  }

  /// The plugin the registry holds: its resources, and a source that runs the program.
  package var plugin: Plugin {
    Plugin(name: name, summary: summary, resources: resources, environment: variables) {
      context throws(DataSourceError) in
      if http != nil { return try DeclaredSources.make(self, context: context) }
      return ExternalSource(manifest: self, context: context)
    }
  }
}
