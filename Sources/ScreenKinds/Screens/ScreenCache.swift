import ScreenFormat
import Synchronization

/// Screens loaded once and shared by the runs of many screens on the same plugins: `screenrun
/// test` gives one to the loader of every test, so a screen file (and its `select` graph) is read,
/// decoded and checked once for all the tests that open it, the screens they navigate to
/// included. A broken screen's error is kept too: each test that opens it reports it, located.
///
///     let cache = ScreenCache()
///     let loader = ScreenLoader(registry: registry, cache: cache)
///     _ = try loader.load("Screens/characters.json")  // read from the file
///     _ = try loader.load("Screens/characters.json")  // from the cache
///
/// A loader has none unless given one: the interactive mode, `--script` and `--watch` read each
/// screen afresh, and `Navigator.reloadScreens` always does.
///
/// A screen loaded without a problem keeps the screens its `select` graph reached too (they were
/// all checked on the way): opening one of them later, or reaching it from another screen, takes
/// it from the cache instead of reading it again.
///
/// What a screen loads to depends on the registry it is checked against, so a cache is for
/// loaders whose registries hold the same plugins. Its key is the path as the loader is given
/// it: `screenrun test` gives resolved, standardized paths, and a `select` target is resolved the
/// same way (`ScreenLoader.resolve`), so one file has one key. Two spellings of one file load
/// twice, each reporting its problems under its own spelling.
package final class ScreenCache: Sendable {
  /// One path's outcome. Its own lock, held while the file loads, makes a second loader of the
  /// same path wait for the first and take its outcome, while other paths load side by side.
  private final class Slot: Sendable {
    let outcome = Mutex<Result<ScreenSpec, ScreenLoadError>?>(nil)
  }

  private let slots = Mutex<[String: Slot]>([:])
  private let reads = Atomic<Int>(0)

  package init() {}

  /// How many times a screen was loaded from its file rather than taken from the cache.
  package var loads: Int { reads.load(ordering: .relaxed) }

  /// The outcome for `path`: the one kept, else what `load` makes of it (then kept).
  package func spec(
    at path: String, load: (String) throws(ScreenLoadError) -> ScreenSpec
  ) throws(ScreenLoadError) -> ScreenSpec {
    let slot = self.slot(at: path)
    let outcome = slot.outcome.withLock { outcome in
      if let outcome { return outcome }
      reads.add(1, ordering: .relaxed)
      let loaded = Result { () throws(ScreenLoadError) in try load(path) }
      outcome = loaded
      return loaded
    }
    return try outcome.get()
  }

  /// The screen kept for `path` when it loaded without a problem; nil when none is kept, it has
  /// a problem, or it is loading right now (this never waits, and never loads).
  package func loaded(at path: String) -> ScreenSpec? {
    guard let slot = slots.withLock({ $0[path] }) else { return nil }
    return slot.outcome.withLockIfAvailable { outcome in try? outcome?.get() } ?? nil
  }

  /// The slot of `path`, made the first time it is asked for.
  private func slot(at path: String) -> Slot {
    slots.withLock { slots in
      if let slot = slots[path] { return slot }
      let slot = Slot()
      slots[path] = slot
      return slot
    }
  }

  /// Keeps `spec` for `path`, a screen checked without a problem, unless an outcome is kept or
  /// being made for it already.
  package func keep(_ spec: ScreenSpec, at path: String) {
    let slot = self.slot(at: path)
    slot.outcome.withLockIfAvailable { outcome in
      if outcome == nil { outcome = .success(spec) }
    }
  }
}
