import DeclaredHTTP
import ExamplePlugin
import GitHubPlugin
import MarvelPlugin
import PluginHTTP
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

  /// The variables that the HTTP the live plugins share reads (`SCREENRUN_HTTP_TIMEOUT`, …):
  /// declared where they are read, and listed by `--help` and the man page.
  package static let httpVariables = HTTPConfiguration.variables
}
