import PluginHost
import ScreenFormat
import ScreenKit

/// Loads screen files and reports every problem in them, located. Loading is four steps, each
/// its own type in this folder:
///
/// 1. **read**: `ScreenDocument` reads the file (a regular file only: `RegularFile`) and parses
///    its JSON with jansson;
/// 2. **decode**: `SpecDecoder` turns the JSON into a `ScreenSpec`;
/// 3. **check**: `RegistryCheck` holds the screen's source, search and paging to the plugin
///    registry, and `TemplateCheck` holds each template to what its place can read;
/// 4. **walk**: `SelectGraph` follows `select` to the screens it opens, each through 1 to 3.
///
/// Each step adds problems rather than stopping at the first, so an author fixes a file in one
/// pass; the document places them at their lines and columns last.
package struct ScreenLoader: Sendable {
  package let registry: PluginRegistry
  /// The kinds a screen may be.
  package let kinds: KindRegistry
  /// Screens loaded already, shared with other loaders on the same plugins; nil (the default)
  /// reads every screen afresh.
  package let cache: ScreenCache?
  /// Whether the screens loaded ask their sources for whole records (`ScreenSpec.readsWholeRecords`):
  /// the one switch for `--output json` and `--explain`.
  package var wholeRecords = false
  /// Whether the screens loaded keep only the page last printed (`ScreenSpec.streamsRecords`).
  package var streamsRecords = false

  package init(registry: PluginRegistry, kinds: KindRegistry, cache: ScreenCache? = nil) {
    self.registry = registry
    self.kinds = kinds
    self.cache = cache
  }

  /// Loads a screen, or throws every problem found in it and in the screens it opens; from the
  /// cache when there is one and it holds the screen.
  package func load(_ path: String) throws(ScreenLoadError) -> ScreenSpec {
    guard let cache else { return try loadAfresh(path) }
    return try cache.spec(at: path) { path throws(ScreenLoadError) in
      // The screens it opens are taken from the cache when it holds them, and kept there when
      // the whole graph loaded without a problem.
      var graph = SelectGraph(loader: self, cache: cache)
      guard let spec = graph.load(path), graph.diagnostics.isEmpty else { throw ScreenLoadError(graph.diagnostics) }
      for (reached, spec) in graph.loadedByPath where reached != path { cache.keep(spec, at: reached) }
      return spec
    }
  }

  /// Loads a screen from its file as it is now, whatever the cache holds.
  package func loadAfresh(_ path: String) throws(ScreenLoadError) -> ScreenSpec {
    var graph = SelectGraph(loader: self)
    let spec = graph.load(path)
    guard let spec, graph.diagnostics.isEmpty else {
      throw ScreenLoadError(graph.diagnostics)
    }
    return spec
  }

  /// Checks screens and the screens they open; returns every problem (none when all are valid).
  package func check(_ paths: [String]) -> [Diagnostic] {
    var graph = SelectGraph(loader: self)
    for path in paths { _ = graph.load(path) }
    return graph.diagnostics
  }

  // MARK: - Steps

  /// Step 1: the file's bytes and JSON, or why there are none (a file that cannot be read, or
  /// text that is not JSON).
  package func read(_ path: String) throws(Diagnostic) -> ScreenDocument {
    try ScreenDocument(path: path)
  }

  /// Step 2: the spec, when the JSON is a valid screen, and the problems that kept it from being one.
  package func decode(_ document: ScreenDocument) -> DecodedScreen {
    var decoder = SpecDecoder()
    var spec = decoder.decode(document.root, file: document.path, kinds: kinds)
    spec?.readsWholeRecords = wholeRecords
    spec?.streamsRecords = streamsRecords
    return DecodedScreen(spec: spec, binding: decoder.binding, problems: decoder.problems)
  }

  /// Step 3: what the spec asks that the registry or its templates' places cannot give. The
  /// binding is checked even when the rest of the screen is broken, so one run reports both.
  package func check(_ decoded: DecodedScreen) -> [SpecProblem] {
    var problems: [SpecProblem] = []
    if let binding = decoded.binding { problems += RegistryCheck(registry: registry).problems(binding) }
    if let spec = decoded.spec { problems += TemplateCheck.problems(spec) }
    return problems
  }

  /// Resolves a path written in `from`'s file against that file's folder.
  package static func resolve(_ path: String, relativeTo from: String) -> String {
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
}

/// A screen after step 2: its spec if it decoded, what it binds to (checked in step 3 even when
/// the rest is broken), and the problems found.
package struct DecodedScreen {
  package var spec: ScreenSpec?
  package var binding: SourceBinding?
  package var problems: [SpecProblem]
}
