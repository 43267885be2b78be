import Foundation

/// Loads screen files: reads the text, parses it with jansson, decodes the spec, and checks it
/// against the plugin registry and the screens it opens. Every problem is reported, located.
public struct ScreenLoader: Sendable {
  public let registry: PluginRegistry

  public init(registry: PluginRegistry) {
    self.registry = registry
  }

  /// Loads a screen, or throws every problem found in it and in the screens it opens.
  public func load(_ path: String) throws(ScreenLoadError) -> ScreenSpec {
    var session = Session()
    let spec = session.load(path, loader: self)
    guard let spec, session.diagnostics.isEmpty else {
      throw ScreenLoadError(session.diagnostics)
    }
    return spec
  }

  /// Checks screens and the screens they open; returns every problem (none when all are valid).
  public func check(_ paths: [String]) -> [Diagnostic] {
    var session = Session()
    for path in paths { _ = session.load(path, loader: self) }
    return session.diagnostics
  }

  /// Resolves a path written in `from`'s file against that file's folder.
  public static func resolve(_ path: String, relativeTo from: String) -> String {
    if path.hasPrefix("/") { return path }
    let folder = from.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    guard !folder.isEmpty else { return path }
    var components = folder.map(String.init)
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        if let last = components.last, last != "..", last != ".", !last.isEmpty {
          components.removeLast()
        } else {
          components.append("..")
        }
      default: components.append(String(part))
      }
    }
    let joined = components.joined(separator: "/")
    return joined.isEmpty ? "." : joined
  }

  /// One run of loading: remembers the files seen, so a screen opened from several places (or a
  /// cycle of screens) is read once and reported once.
  private struct Session {
    var diagnostics: [Diagnostic] = []
    var loaded: [String: ScreenSpec?] = [:]
    var inProgress: Set<String> = []

    mutating func load(_ path: String, loader: ScreenLoader) -> ScreenSpec? {
      let key = Self.canonical(path)
      if let seen = loaded[key] { return seen }
      inProgress.insert(key)
      defer { inProgress.remove(key) }

      let document: ScreenDocument
      do {
        document = try ScreenDocument(path: path)
      } catch {
        diagnostics.append(error)
        return nil
      }
      var decoder = SpecDecoder()
      let decoded = decoder.decode(document.root, file: path)
      var problems = decoder.problems
      if let binding = decoder.binding { problems += loader.checkSource(binding) }
      if let decoded {
        problems += loader.checkContexts(decoded)
        problems += checkSelect(decoded, loader: loader)
      }
      diagnostics += document.diagnostics(problems).sorted {
        ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0)
      }
      let spec = problems.isEmpty ? decoded : nil
      loaded[key] = .some(spec)
      return spec
    }

    private mutating func checkSelect(_ spec: ScreenSpec, loader: ScreenLoader) -> [SpecProblem] {
      guard let select = spec.list?.select else { return [] }
      let pointer = JSONPointer.root / "select" / "screen"
      let target = ScreenLoader.resolve(select.screen, relativeTo: spec.file)
      switch RegularFile.problem(at: target) {
      case nil, .unreadable:
        break  // read below, where an unreadable file gets its own message
      case .missing:
        let folder = ScreenLoader.resolve(".", relativeTo: spec.file)
        // The name itself is never "near": a file by that name that cannot be opened is another problem.
        let siblings =
          (try? FileManager.default.contentsOfDirectory(atPath: folder))?
          .filter { $0.hasSuffix(".json") && $0 != select.screen } ?? []
        let message = Diagnostic.Message.unknown(
          "select screen '\(select.screen)' does not exist", name: select.screen, among: siblings,
          notes: ["looked for \(target)"])
        return [SpecProblem(.navigation, pointer: pointer, anchor: .value(offset: 0), message: message)]
      case let problem?:
        let message = Diagnostic.Message(
          "select screen '\(select.screen)' \(problem.message(expecting: "a screen file (.json)"))",
          notes: ["looked for \(target)"])
        return [SpecProblem(.navigation, pointer: pointer, anchor: .value(offset: 0), message: message)]
      }
      if inProgress.contains(Self.canonical(target)) { return [] }  // a cycle, checked already
      guard let targetSpec = load(target, loader: loader) else {
        return [
          SpecProblem(
            .navigation, pointer: pointer, anchor: .value(offset: 0),
            message: Diagnostic.Message(
              "select screen '\(select.screen)' is invalid", notes: ["its own problems are listed under its name"]))
        ]
      }
      let given = Set(select.parameters.map(\.name))
      let missing = targetSpec.parameterNames.subtracting(given).sorted()
      guard missing.isEmpty else {
        let names = missing.map { "'\($0)'" }.joined(separator: ", ")
        return [
          SpecProblem(
            .navigation, pointer: .root / "select" / "params", anchor: .key,
            message:
              "'\(select.screen)' reads {params.\(missing[0])}, but select does not pass \(names); add it to select.params"
          )
        ]
      }
      return []
    }

    private static func canonical(_ path: String) -> String {
      URL(fileURLWithPath: path).standardizedFileURL.path
    }
  }

  /// Checks a screen's source, search and paging against the plugin registry.
  func checkSource(_ spec: SourceBinding) -> [SpecProblem] {
    var problems: [SpecProblem] = []
    let source = JSONPointer.root / "source"
    guard let plugin = registry.plugin(named: spec.source.plugin) else {
      let message = Diagnostic.Message.unknown(
        "unknown plugin '\(spec.source.plugin)'", name: spec.source.plugin, among: registry.names,
        notes: ["plugins: \(registry.names.joined(separator: ", "))"])
      return [SpecProblem(.registry, pointer: source / "plugin", anchor: .value(offset: 0), message: message)]
    }
    let names = plugin.resources.map(\.name)
    guard let resource = plugin.resource(named: spec.source.resource) else {
      let message = Diagnostic.Message.unknown(
        "plugin '\(plugin.name)' has no resource '\(spec.source.resource)'", name: spec.source.resource, among: names,
        notes: ["resources: \(names.joined(separator: ", "))"])
      return [SpecProblem(.registry, pointer: source / "resource", anchor: .value(offset: 0), message: message)]
    }
    let wanted: Resource.Kind? = spec.kind.map { $0 == .list ? .list : .record }
    if let kind = spec.kind, let wanted, resource.kind != wanted {
      let fitting = plugin.resources.filter { $0.kind == wanted }.map(\.name).joined(separator: ", ")
      problems.append(
        SpecProblem(
          .registry, pointer: source / "resource", anchor: .value(offset: 0),
          message:
            "'\(resource.name)' is a \(resource.kind.rawValue) resource, and a \(kind.rawValue) screen needs a \(wanted.rawValue) resource (\(plugin.name) has: \(fitting))"
        ))
    }
    let parameterNames = resource.parameters.map(\.name)
    for (name, _) in spec.source.parameters where resource.parameter(named: name) == nil {
      let message = Diagnostic.Message.unknown(
        "'\(resource.name)' has no parameter '\(name)'", name: name, among: parameterNames,
        notes: [parameterNames.isEmpty ? "it takes none" : "parameters: \(parameterNames.joined(separator: ", "))"])
      problems.append(SpecProblem(.registry, pointer: source / "params" / name, anchor: .key, message: message))
    }
    if let search = spec.search, resource.parameter(named: search.parameter) == nil {
      let message = Diagnostic.Message.unknown(
        "search param '\(search.parameter)' is not a parameter of '\(resource.name)'", name: search.parameter,
        among: parameterNames,
        notes: parameterNames.isEmpty ? [] : ["parameters: \(parameterNames.joined(separator: ", "))"])
      problems.append(
        SpecProblem(.registry, pointer: .root / "search" / "param", anchor: .value(offset: 0), message: message))
    }
    let given = Set(spec.source.parameters.map(\.name) + (spec.search.map { [$0.parameter] } ?? []))
    for parameter in resource.parameters where parameter.required && !given.contains(parameter.name) {
      problems.append(
        SpecProblem(
          .registry, pointer: source, anchor: .key,
          message:
            "'\(resource.name)' needs parameter '\(parameter.name)' (\(parameter.summary)); add it to source.params"))
    }
    if let paging = spec.paging, paging.pageSize > resource.maxPageSize {
      problems.append(
        SpecProblem(
          .registry, pointer: .root / "paging" / "pageSize", anchor: .value(offset: 0),
          message: "pageSize \(paging.pageSize) is more than '\(resource.name)' allows (\(resource.maxPageSize))"))
    }
    return problems
  }

  /// Templates outside a record cannot read record fields, and `meta` has a fixed set of keys.
  func checkContexts(_ spec: ScreenSpec) -> [SpecProblem] {
    var problems: [SpecProblem] = []
    func noRecord(_ template: Template?, _ pointer: JSONPointer, _ what: String) {
      guard let template, template.readsRecord else { return }
      problems.append(
        SpecProblem(
          .template, pointer: pointer, anchor: .value(offset: 0),
          message:
            "\(what) has no record to read fields from; use {params.…}, {query} or {meta.…} in \"\(template.source)\""))
    }
    for (name, template) in spec.source.parameters {
      noRecord(template, .root / "source" / "params" / name, "a source parameter")
    }
    if let list = spec.list {
      noRecord(spec.title, .root / "title", "a list screen's title")
      noRecord(spec.footer, .root / "footer", "a list screen's footer")
      noRecord(list.empty, .root / "empty", "the empty text")
    }
    for (pointer, template) in spec.namedTemplates {
      for key in template.metaKeys where !MetaKey.all.contains(key) {
        let message = Diagnostic.Message.unknown(
          "unknown metadata '{meta.\(key)}'", name: key, among: MetaKey.all, spelled: { "meta.\($0)" },
          notes: ["metadata: \(MetaKey.all.map { "meta.\($0)" }.joined(separator: ", "))"])
        problems.append(SpecProblem(.template, pointer: pointer, anchor: .value(offset: 0), message: message))
      }
    }
    return problems
  }
}

/// The metadata a template can read as `{meta.…}`.
public enum MetaKey {
  /// The data source's attribution text.
  public static let attribution = "attribution"
  /// How many records match in all, when known.
  public static let total = "total"
  /// How many records are loaded.
  public static let count = "count"

  public static let all = [attribution, total, count]
}
