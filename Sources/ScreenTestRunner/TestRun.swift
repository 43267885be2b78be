import FoundationEssentials
import PluginHost
import ScreenKinds
import ScreenKit
import ScreenSystem
import Synchronization

/// What the tests of one `screenrun test` run share, by plugin settings (the run's `--plugin-path`
/// folders and a test's own; user plugins are never looked for): the external plugins discovered, and the screens as
/// loaded against them (`ScreenCache`).
///
/// Only what is the same for every test with those settings is shared. Each test still makes a
/// registry of its own, in which an external plugin starts a process for that test alone, so no
/// test sees another's plugin state.
final class TestRun: Sendable {
  /// The tests' plugin settings as found once: the manifests of the valid external plugins, the
  /// problems of the broken ones, and the screens loaded so far against those plugins.
  struct Setup: Sendable {
    var manifests: [PluginManifest]
    var problems: [String]
    var screens: ScreenCache
  }

  /// The compiled-in plugins, with those `ScreenRun.main(plugins:)` adds in their place (the
  /// command line's registry: `ScreenRunCommand.registry(adding:)`).
  private let compiled: [Plugin]
  private let executable: String?
  /// The folders every test searches ahead of its own (`screenrun test --plugin-path`).
  private let pluginFolders: [String]
  /// By the plugin folders, resolved.
  private let setups = Mutex<[[String]: Setup]>([:])

  init(plugins: [Plugin], pluginFolders: [String] = [], executable: String? = SystemError.executablePath) {
    compiled = plugins
    self.pluginFolders = pluginFolders
    self.executable = executable
  }

  /// The setup of the tests whose plugin folders are `folders`: the run's folders, these folders
  /// and the shipped places are searched, in that order, by the first test that asks, and no other.
  func setup(pluginFolders own: [String]) -> Setup {
    let folders = pluginFolders + own
    return setups.withLock { setups in
      if let setup = setups[folders] { return setup }
      let places = PluginDiscovery.places(
        pluginPaths: folders, environment: [:], noUserPlugins: true, executable: executable)
      let discovery = PluginDiscovery(places: places, compiled: compiled.map(\.name))
      let setup = Setup(
        manifests: discovery.found.map(\.manifest), problems: discovery.problems.map(\.description),
        screens: ScreenCache())
      setups[folders] = setup
      return setup
    }
  }

  /// A test's own loader: the compiled-in plugins and the setup's external ones, whose sources
  /// are kept in `sources` to be stopped when the test ends, and the setup's screens.
  func loader(_ setup: Setup, sources: ExternalSources) -> ScreenLoader {
    let registry = PluginRegistry(compiled)
    for manifest in setup.manifests {
      registry.register(
        Plugin(
          name: manifest.name, summary: manifest.summary, resources: manifest.resources, environment: manifest.variables
        ) { context throws(DataSourceError) in
          if manifest.http != nil { return try DeclaredSources.make(manifest, context: context) }
          let source = ExternalSource(manifest: manifest, context: context)
          sources.add(source)
          return source
        })
    }
    return ScreenLoader(registry: registry, kinds: .standard, cache: setup.screens)
  }

  /// How many times a screen was loaded from its file in this run, over every setup.
  var screenLoads: Int {
    setups.withLock { $0.values.reduce(0) { $0 + $1.screens.loads } }
  }
}
