import ScreenKit
import Synchronization

/// The plugins a runtime can use, by name, in the spirit of swift-log's `LoggingSystem`.
///
/// Tests make their own registry; the command-line tool bootstraps one with the plugins it ships.
package final class PluginRegistry: Sendable {
  private let plugins = Mutex<[String: Plugin]>([:])

  package init(_ plugins: [Plugin] = []) {
    for plugin in plugins { register(plugin) }
  }

  private let external = Mutex<[String: ExternalPlugin]>([:])
  private let places = Mutex<[String]>([])

  /// Where external plugins were looked for, in order ("--plugin-path DIR", "user DIR", …): an
  /// unknown plugin's error names them.
  package var searchedPlaces: [String] {
    get { places.withLock { $0 } }
    set { places.withLock { $0 = newValue } }
  }

  /// Adds a plugin, replacing any registered under the same name.
  package func register(_ plugin: Plugin) {
    plugins.withLock { $0[plugin.name] = plugin }
    external.withLock { $0[plugin.name] = nil }
  }

  /// Adds an external plugin, replacing any registered under its name: while its manifest is
  /// valid, as the plugin it declares; while it is broken, as the problems a screen that uses it
  /// is told. Registering it again after `ExternalPlugin.reload()` takes the manifest of now.
  package func register(_ plugin: ExternalPlugin) {
    plugins.withLock { $0[plugin.name] = plugin.plugin }
    external.withLock { $0[plugin.name] = plugin }
  }

  /// The external plugin registered under `name`, broken or not.
  package func external(named name: String) -> ExternalPlugin? {
    external.withLock { $0[name] }
  }

  /// Every external plugin registered, by name.
  package var externalPlugins: [ExternalPlugin] {
    external.withLock { Array($0.values) }.sorted { $0.name < $1.name }
  }

  package func plugin(named name: String) -> Plugin? {
    plugins.withLock { $0[name] }
  }

  /// Every registered plugin, by name.
  package var all: [Plugin] {
    plugins.withLock { Array($0.values) }.sorted { $0.name < $1.name }
  }

  package var names: [String] { all.map(\.name) }

  /// Registers for redaction the value in `environment` of each variable that a registered
  /// plugin marks secret, whichever plugin the run then uses: a plugin that lists another's token
  /// as a plain variable, and echoes it, shows it masked. A few look-ups in the environment.
  package func registerSecrets(from environment: [String: String]) {
    for plugin in all { plugin.environment.registerSecrets(from: environment) }
  }

  /// Makes the data source of a registered plugin.
  package func makeSource(named name: String, context: PluginContext) throws(DataSourceError)
    -> any DataSource
  {
    guard let plugin = plugin(named: name) else {
      throw .badRequest("no plugin named '\(name)'; plugins: \(names.joined(separator: ", "))")
    }
    return try plugin.make(context)
  }
}
