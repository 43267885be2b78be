import FoundationEssentials
import ScreenFormat
import ScreenSystem

/// Where external plugins are found, in order of precedence (an earlier place overrides a later
/// one, so a development copy of a shipped plugin can be run):
///
/// 1. each `--plugin-path DIR`, in the order given;
/// 2. each folder of `SCREENRUN_PLUGIN_PATH` (separated by `:`);
/// 3. `$XDG_CONFIG_HOME/screenrun/plugins`, or `~/.config/screenrun/plugins`;
/// 4. the plugins that ship with screenrun: the Swift ones compiled in, then the external ones in
///    `PREFIX/share/screenrun/plugins` beside an installed binary, or in `Plugins/` of a clone.
///
/// `--no-user-plugins` (or `SCREENRUN_NO_USER_PLUGINS=1`) leaves out 2 and 3. A place is a
/// folder of plugin folders, or one plugin folder (holding `plugin.json`). Nothing is ever looked
/// for next to a screen file.
package struct PluginDiscovery: Sendable {
  package struct Place: Sendable, Hashable, CustomStringConvertible {
    /// What put the place on the list: "--plugin-path", "SCREENRUN_PLUGIN_PATH", "user", "shipped".
    package var origin: String
    package var folder: String

    package init(origin: String, folder: String) {
      self.origin = origin
      self.folder = folder
    }

    package var description: String { "\(origin) \(folder)" }
  }

  /// A plugin found, where, and the plugins of its name it overrides (as "origin file").
  package struct Found: Sendable {
    package var manifest: PluginManifest
    package var place: Place
    package var shadows: [String]
  }

  /// The places looked in, in order of precedence.
  package let places: [Place]
  /// The winning plugin of each name, in the order of precedence.
  package private(set) var found: [Found] = []
  /// Broken manifests, and names used twice in one place.
  package private(set) var problems: [Diagnostic] = []
  /// The winning plugin of each name, valid or broken, in the order of precedence.
  package private(set) var plugins: [ExternalPlugin] = []

  /// The places to look, in order of precedence.
  package static func places(
    pluginPaths: [String], environment: [String: String], noUserPlugins: Bool, executable: String?
  ) -> [Place] {
    var places = pluginPaths.map { Place(origin: "--plugin-path", folder: $0) }
    let noUser = noUserPlugins || ["1", "true", "yes"].contains(environment["SCREENRUN_NO_USER_PLUGINS"] ?? "")
    if !noUser {
      for folder in (environment["SCREENRUN_PLUGIN_PATH"] ?? "").split(separator: ":") {
        places.append(Place(origin: "SCREENRUN_PLUGIN_PATH", folder: String(folder)))
      }
      if let config = environment["XDG_CONFIG_HOME"].flatMap({ $0.isEmpty ? nil : $0 })
        ?? environment["HOME"].map({ $0 + "/.config" })
      {
        places.append(Place(origin: "user", folder: config + "/screenrun/plugins"))
      }
    }
    if let shipped = shippedFolder(executable: executable) { places.append(Place(origin: "shipped", folder: shipped)) }
    return places
  }

  /// The shipped external plugins: `../share/screenrun/plugins` from the binary's folder when
  /// installed, else `Plugins/` of the clone the binary was built in.
  package static func shippedFolder(executable: String?) -> String? {
    guard let executable else { return nil }
    let binary = FileSystem.resolvingLinks(FileSystem.standardized(executable)).deletingLastPathComponent
    let installed = binary.deletingLastPathComponent.appendingPath("share/screenrun/plugins")
    if isFolder(installed) { return installed }
    var folder = binary
    while folder != "/", !folder.isEmpty {
      let plugins = folder.appendingPath("Plugins")
      if FileSystem.exists(folder.appendingPath("Package.swift")), isFolder(plugins) { return plugins }
      folder = folder.deletingLastPathComponent
    }
    return nil
  }

  /// Reads every manifest of `places`; `compiled` are the names of the Swift plugins compiled
  /// in, which rank with the shipped place. A broken manifest takes its place in the order as a
  /// valid one does: a screen that uses its plugin is told its problems, and no plugin of a later
  /// place stands in for it.
  package init(places: [Place], compiled: [String] = []) {
    self.places = places
    // The index in `plugins` of each name's winner, and its index in `found` when it is valid.
    var winners: [String: (plugin: Int, found: Int?)] = [:]
    for place in places {
      var here: [String: String] = [:]
      var duplicated: Set<String> = []
      var candidates: [ExternalPlugin] = []
      for file in Self.manifestFiles(in: place.folder) {
        let plugin = ExternalPlugin(file: file)
        problems += plugin.problems
        if let first = here[plugin.name] {
          problems.append(
            Diagnostic(
              kind: .registry, file: file,
              message: "a second plugin named '\(plugin.name)' in \(place.folder); the first is \(first)"))
          duplicated.insert(plugin.name)
          continue
        }
        here[plugin.name] = file
        candidates.append(plugin)
      }
      for plugin in candidates where !duplicated.contains(plugin.name) {
        if let winner = winners[plugin.name] {
          if let index = winner.found { found[index].shadows.append("\(place.origin) \(plugin.file)") }
          continue
        }
        var shadows: [String] = []
        if place.origin != "shipped", compiled.contains(plugin.name) { shadows.append("shipped (compiled in)") }
        if place.origin == "shipped", compiled.contains(plugin.name) {
          problems.append(
            Diagnostic(
              kind: .registry, file: plugin.file,
              message: "a second plugin named '\(plugin.name)' among the shipped ones; the first is compiled in"))
          continue
        }
        var index: Int?
        if plugin.problems.isEmpty, let manifest = plugin.manifest {
          index = found.count
          found.append(Found(manifest: manifest, place: place, shadows: shadows))
        }
        winners[plugin.name] = (plugins.count, index)
        plugins.append(plugin)
      }
    }
  }

  /// `folder/plugin.json` when the folder is a plugin, else each `folder/*/plugin.json`, by name.
  static func manifestFiles(in folder: String) -> [String] {
    let own = folder + "/plugin.json"
    if FileSystem.exists(own) { return [own] }
    return RegularFile.names(inFolder: folder).sorted().map { folder + "/" + $0 + "/plugin.json" }.filter {
      FileSystem.exists($0)
    }
  }

  package static func isFolder(_ path: String) -> Bool { FileSystem.isFolder(path) }

  /// Registers the plugins found, each replacing a compiled-in one of its name (a broken one
  /// too: a screen that uses it is told its problems).
  package func register(in registry: PluginRegistry) {
    for plugin in plugins { registry.register(plugin) }
    registry.searchedPlaces = places.map(\.description)
  }
}
