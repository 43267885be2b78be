import ScreenKit
import Synchronization

/// Where the data source of a declared REST API (`plugin.json`'s `http`) comes from. The HTTP
/// layer sits above this target (PluginHTTP imports ScreenKit), so the code that runs a declared
/// API (`DeclaredHTTP`) installs its maker here once, when the shipped plugins are listed.
package enum DeclaredSources {
  package typealias Maker = @Sendable (PluginManifest, PluginContext) throws(DataSourceError) -> any DataSource

  private static let maker = Mutex<Maker?>(nil)

  /// Sets what makes the source of a declared API.
  package static func install(_ make: @escaping Maker) {
    maker.withLock { $0 = make }
  }

  /// The source of `manifest`'s declared API for `context`.
  package static func make(_ manifest: PluginManifest, context: PluginContext) throws(DataSourceError)
    -> any DataSource
  {
    guard let make = maker.withLock({ $0 }) else {
      throw .transport("plugin '\(manifest.name)' declares an http API, which this build of screenrun cannot run")
    }
    return try make(manifest, context)
  }
}
