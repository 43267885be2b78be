import PluginHost
import ScreenKinds
import ScreenKit
import ScreenTerminal

extension ScreenRunCommand {
  /// `screenrun schema [plugin]`: the JSON Schema of a screen file, listing the plugins of
  /// `registry` (the shipped ones and those found), or of a `plugin.json` manifest.
  static func schema(of what: String?, registry: PluginRegistry) -> ExitCode {
    let schema = what == "plugin" ? PluginManifest.schema : ScreenSchema.screen(plugins: registry.all, kinds: .standard)
    Output.write(schema.prettyText + "\n")
    return .ok
  }
}
