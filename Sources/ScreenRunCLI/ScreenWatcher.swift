import Dispatch
import Foundation
import ScreenKit

/// Watches the screen files a navigator has opened, and reloads them when one changes: the
/// edit-and-run loop of a screen author. It polls modification times, which works on every file
/// system and catches editors that replace a file rather than write it.
@MainActor
final class ScreenWatcher {
  private let navigator: Navigator
  private var stamps: [String: Date] = [:]
  private var timer: (any DispatchSourceTimer)?

  init(navigator: Navigator) {
    self.navigator = navigator
    _ = changed()
  }

  /// Reloads the screens if any watched file changed since the last look; true if it did.
  @discardableResult
  func reloadIfChanged() -> Bool {
    guard changed() else { return false }
    navigator.reloadScreens()
    _ = changed()  // a reload may have opened new files: watch those too
    return true
  }

  func poll(every interval: DispatchTimeInterval) {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + interval, repeating: interval)
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated { _ = self?.reloadIfChanged() }
    }
    timer.resume()
    self.timer = timer
  }

  func stop() {
    timer?.cancel()
    timer = nil
  }

  private func changed() -> Bool {
    var changed = false
    for file in navigator.files {
      let stamp = (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) ?? .distantPast
      if stamps[file] != stamp {
        if stamps[file] != nil { changed = true }
        stamps[file] = stamp
      }
    }
    return changed
  }
}
