import FoundationEssentials
import PluginHost
import ScreenKit
import ScreenRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Watches the screen files a navigator has opened, and the external plugins (manifest and
/// program files), and reloads what changed: the edit-and-run loop of a screen or plugin author.
/// It polls each file's modification time, size and inode, which works on every file system and
/// catches editors that replace a file rather than write it.
///
/// An edited screen is reloaded (`Navigator.reloadScreens`). An edited plugin manifest is read
/// again and registered anew, and an edited program restarts: the screens that use the plugin load
/// again from a fresh process. A broken manifest shows its located errors, as a broken screen
/// does, while the last good one keeps running; the next good edit recovers.
@MainActor
final class ScreenWatcher {
  private let navigator: Navigator
  private let registry: PluginRegistry?
  /// Each watched file's stamp when last looked at (nil: it was missing).
  private var stamps: [String: FileStamp?] = [:]

  /// What tells one version of a file from another; nil for a missing file.
  private struct FileStamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
    var inode: UInt

    init?(_ path: String) {
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      seconds = Int(status.st_mtim.tv_sec)
      nanoseconds = Int(status.st_mtim.tv_nsec)
      size = Int(status.st_size)
      inode = UInt(status.st_ino)
    }
  }

  /// Watches `navigator`'s screens and, when `registry` is given, its external plugins.
  init(navigator: Navigator, registry: PluginRegistry? = nil) {
    self.navigator = navigator
    self.registry = registry
    _ = changed(navigator.files)
    for plugin in plugins { _ = changed(plugin.watchedFiles) }
  }

  private var plugins: [ExternalPlugin] { registry?.externalPlugins ?? [] }

  /// Reloads the screens and restarts the plugins if any watched file changed since the last
  /// look; true if one did. (A script's `--watch` looks after each command.)
  @discardableResult
  func reloadIfChanged() -> Bool {
    guard let restarted = changes() else { return false }
    navigator.reloadScreens(restarting: restarted)
    lookAgain()
    return true
  }

  /// Whether a watched file changed since the last look: nil if none did, else the plugins whose
  /// program was restarted (an edited manifest is read again and registered anew), whose
  /// screens must load anew. The caller reloads the screens (`AppAction.reload`), then calls
  /// `lookAgain()`.
  func changes() -> [String]? {
    var changedAny = false
    var restarted: [String] = []
    for plugin in plugins {
      let manifest = changed([plugin.file])
      let program = changed(plugin.watchedFiles.filter { $0 != plugin.file })
      guard manifest || program else { continue }
      changedAny = true
      if manifest {
        plugin.reload()
        registry?.register(plugin)
        registry?.registerSecrets(from: ScreenRunCommand.environment)
      } else {
        plugin.restart()
      }
      if plugin.problems.isEmpty { restarted.append(plugin.name) }
    }
    if changed(navigator.files) { changedAny = true }
    return changedAny ? restarted : nil
  }

  /// Takes note of the files a reload added: it may have opened new files, or a manifest named
  /// another program. A file watched already keeps the stamp `changes()` saw: an edit made while
  /// the reload ran (or a write still going on when it looked) is a change at the next look, not
  /// one taken for read.
  func lookAgain() {
    for file in navigator.files + plugins.flatMap(\.watchedFiles) where stamps[file] == nil {
      stamps[file] = .some(FileStamp(file))
    }
  }

  /// Whether any of `files` changed since the last look (a file seen for the first time has not).
  private func changed(_ files: [String]) -> Bool {
    var changed = false
    for file in files {
      let stamp = FileStamp(file)
      if let seen = stamps[file], seen != stamp { changed = true }
      stamps[file] = .some(stamp)
    }
    return changed
  }
}
