import PluginHost
import ScreenTerminal

extension SignalWatcher {
  /// Starts the watcher (`start(_:stopping:)`) with what the command line stops on a signal: the
  /// program an action runs, given the signal first, and every plugin process.
  static func start(_ statuses: [Int32: Int32]) {
    start(statuses) { signal in
      ActionRunner.stopRunning(signal: signal)
      ExternalSource.stopAll()
    }
  }
}
