import FoundationEssentials
import ScreenFormat
import ScreenKit
import Synchronization

/// An external plugin as one run knows it: its manifest file, the manifest last read from it
/// that was valid, and the file's problems while it is broken.
///
/// Discovery makes one for each plugin it finds and registers it (`PluginRegistry.register(_:)`):
/// a valid one as a `Plugin`, a broken one as the located problems a screen that uses it is told.
/// `--watch` calls `reload()` when the manifest or the program changes: the sources made from
/// the plugin then start a fresh process at their next request.
package final class ExternalPlugin: Sendable {
  /// The `plugin.json` file.
  package let file: String
  /// The name it is registered under: the manifest's, or, for a manifest too broken to say, its
  /// folder's.
  package let name: String
  private let state: Mutex<State>

  private struct State {
    var manifest: PluginManifest?
    var problems: [Diagnostic]
    /// Counts the changes that restart the program: a source whose process started under an
    /// older generation stops it and starts a fresh one.
    var generation = 0
  }

  /// A plugin of a manifest already read (tests, benchmarks).
  package init(manifest: PluginManifest) {
    file = manifest.file
    name = manifest.name
    state = Mutex(State(manifest: manifest, problems: []))
  }

  /// Reads the manifest at `file`; a broken one is kept with its problems.
  package init(file: String) {
    let reading = PluginManifest.read(file)
    self.file = file
    name = reading.name
    state = Mutex(State(manifest: reading.manifest, problems: reading.problems))
  }

  /// The manifest last read that was valid; nil when it has never been.
  package var manifest: PluginManifest? { state.withLock { $0.manifest } }

  /// The manifest's problems now; empty when it is valid.
  package var problems: [Diagnostic] { state.withLock { $0.problems } }

  package var current: (manifest: PluginManifest?, generation: Int) {
    state.withLock { ($0.manifest, $0.generation) }
  }

  /// The plugin the registry holds while the manifest is valid: its resources, and a source that
  /// runs its program.
  package var plugin: Plugin? {
    state.withLock { $0.problems.isEmpty ? $0.manifest : nil }.map { manifest in
      Plugin(
        name: manifest.name, summary: manifest.summary, resources: manifest.resources, environment: manifest.variables
      ) {
        context throws(DataSourceError) in
        if manifest.http != nil { return try DeclaredSources.make(manifest, context: context) }
        guard let source = ExternalSource(plugin: self, context: context) else {
          throw .transport("plugin '\(self.name)' has no valid manifest")
        }
        return source
      }
    }
  }

  /// Reads the manifest again, for `--watch`. A valid one replaces the manifest, and the
  /// program restarts at the next request; a broken one keeps the last valid manifest running and
  /// is reported. Returns the problems (empty when the manifest is valid).
  @discardableResult
  package func reload() -> [Diagnostic] {
    let reading = PluginManifest.read(file)
    var problems = reading.problems
    if let manifest = reading.manifest, manifest.name != name {
      problems.append(
        Diagnostic(
          kind: .registry, file: file, pointer: .root / "name",
          message:
            "the plugin is named '\(manifest.name)' now; it was found as '\(name)', and a new name is read when screenrun starts"
        ))
    }
    return state.withLock { state in
      state.problems = problems
      if problems.isEmpty, let manifest = reading.manifest {
        state.manifest = manifest
        state.generation += 1
      }
      return problems
    }
  }

  /// Restarts the program at the next request, with the same manifest (its program changed).
  package func restart() {
    state.withLock { $0.generation += 1 }
  }

  /// The files whose change restarts the plugin under `--watch`: the manifest, and each element
  /// of its command that is a path (starting with `./`, resolved, or with `/`), such as the script
  /// an interpreter runs.
  package var watchedFiles: [String] {
    guard let manifest else { return [file] }
    var files = [file]
    for element in manifest.command where element.hasPrefix("./") || element.hasPrefix("/") {
      let path = element.hasPrefix("./") ? manifest.folder + "/" + element.dropFirst(2) : element
      if !files.contains(path) { files.append(path) }
    }
    return files
  }
}
