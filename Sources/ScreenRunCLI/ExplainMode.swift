import PluginHost
import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenTerminal

extension ScreenRunCommand {
  /// `--explain`: runs the screen's first load as a run would, and prints what it learned instead
  /// of the frame (`Explanation`). Exit 0; 1 after a data error, with what was learned up to it;
  /// 2 for a screen that cannot be opened.
  @MainActor
  static func runExplain(_ run: RunCommand, registry: PluginRegistry) async -> ExitCode {
    let monitor = SourceMonitor(trace: TraceFile.line, keepsExchanges: true)
    let navigator: Navigator
    switch start(run, registry: registry, monitor: monitor) {
    case .success(let opened): navigator = opened
    case .failure(let code): return code
    }
    await navigator.settle()
    guard let entry = navigator.current else { return .failure }
    Output.write(
      Explanation.text(entry, exchanges: monitor.exchanges, mode: run.data.pluginContext(environment: environment).mode)
    )
    return ending(navigator, file: run.screen)
  }
}
