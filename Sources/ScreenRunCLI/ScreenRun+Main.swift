import FoundationEssentials
import PluginHost
@_exported import ScreenKit
import ScreenRuntime
import ScreenTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ScreenRun {
  /// Runs screenrun on the process's arguments, with the plugins it ships and `plugins` added,
  /// then exits with its status. This is the whole of an executable that is a screenrun with
  /// plugins of its own:
  ///
  ///     // Sources/booksrun/main.swift, in a package that depends on screenrun
  ///     import BooksPlugin
  ///     import ScreenRunCLI
  ///
  ///     await ScreenRun.main(plugins: [BooksPlugin.plugin])
  ///
  /// A plugin named as a shipped one (`marvel`, `github`) takes its place. What the executable
  /// prints of itself (a failing screen test's `booksrun test --accept …`) is named after the last
  /// part of its `argv[0]`.
  ///
  /// The process ends with `_exit` once C's standard streams are flushed: functions registered
  /// with `atexit` and the destructors of loaded libraries do not run. Threads of screenrun's own
  /// (an HTTP transfer's, a plugin's pipe readers) may still be ending then, and running the
  /// libraries' exit code beside them is undefined: it ended one run in thousands with a double
  /// free.
  @MainActor
  public static func main(plugins: [Plugin] = []) async -> Never {
    TerminalWriter.prepareStandardStreams()
    TerminalWriter.setStops { ExternalSource.stopAll() }
    // Whatever a plugin's children leave behind is screenrun's to end (Linux): see PLUGINS.md.
    ExternalSource.adoptOrphans()
    let code = await ScreenRunCommand.run(Array(CommandLine.arguments.dropFirst()), adding: plugins)
    ExternalSource.stopAll()
    let signalled = SignalWatcher.serving.load(ordering: .sequentiallyConsistent)
    fflush(nil)
    _exit(signalled != 0 ? signalled : code.rawValue)
  }
}
