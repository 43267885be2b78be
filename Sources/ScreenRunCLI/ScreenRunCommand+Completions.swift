import PluginHost
import ScreenKinds
import ScreenKit
import ScreenTerminal

extension ScreenRunCommand {
  /// `screenrun completions SHELL`: the completion script, from the command line's declaration.
  static func completions(_ shell: String) -> ExitCode {
    guard let text = CompletionScript(Arguments.declaration).text(for: shell) else { return .usage }
    Output.write(text)
    return .ok
  }

  /// `screenrun completions params SCREEN.json`: the `--param` keys the screen reads
  /// (`{params.KEY}`), one a line; nothing when the screen does not load.
  static func parameterKeys(of screen: String, registry: PluginRegistry) -> ExitCode {
    guard let spec = try? ScreenLoader(registry: registry, kinds: .standard).load(screen) else { return .usage }
    Output.write(spec.parameterNames.sorted().map { $0 + "\n" }.joined())
    return .ok
  }
}
