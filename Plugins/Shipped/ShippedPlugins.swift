import DeclaredHTTP
import ExamplePlugin
import GitHubPlugin
import MarvelPlugin
import ScreenKit

/// The plugins this build of screenrun ships: the one list a Swift plugin is added to.
///
/// Adding a plugin is its folder under `Plugins/`, its target in `Package.swift` (a dependency
/// of this one), and one entry here. The command line names no plugin; it registers these.
public enum ShippedPlugins {
  ///
  /// Listing them also installs what runs the REST APIs that `plugin.json` files declare (`http`).
  public static let all: [Plugin] = {
    DeclaredHTTP.install()
    return [
      MarvelPlugin.plugin,
      GitHubPlugin.plugin,
      ExamplePlugin.plugin,
    ]
  }()
}
