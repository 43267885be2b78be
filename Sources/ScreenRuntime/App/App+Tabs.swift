import ScreenKinds
import ScreenKit
import ScreenSystem
import ScreenTerminal

/// Tabs and refreshes in the app's reducer. A tabs screen's tabs are screens of the app like any
/// other, each with its id: the one shown is the stack's entry, which holds the others
/// (`TabGroup`), live. A screen that refreshes asks its source again on its interval while it is
/// shown; one that is not shown when its refresh comes due refreshes when it is shown again.
extension App {
  /// Shows the tab `move` reaches: the tab shown and the one to show change places, each keeping
  /// its state.
  static func showTab(_ move: TabMove, _ state: inout AppState) -> [AppEffect] {
    guard var entry = state.stack.last, var group = entry.group else {
      state.flash = "This screen has no tabs."
      return [.draw]
    }
    guard let index = group.index(move) else {
      state.flash = "There is no tab \(move); this screen has \(group.titles.count)."
      return [.draw]
    }
    guard index != group.current, var next = group.others.removeValue(forKey: index) else { return [.draw] }
    entry.group = nil
    group.others[group.current] = entry
    group.current = index
    next.group = group
    state.stack[state.stack.count - 1] = next
    state.overlay = .none
    return refreshIfDue(&state) + updatePreview(&state, debounced: true) + [.draw]
  }

  /// The key's tab move, on a tab of a tabs screen (Tab, Shift-Tab); nil for any other key.
  static func tabMove(_ key: Key, _ state: AppState) -> TabMove? {
    guard state.current?.group != nil else { return nil }
    if SharedKeys.nextTab.contains(key) { return .next }
    if SharedKeys.previousTab.contains(key) { return .previous }
    return nil
  }

  /// A screen's refresh came due: shown, it asks its source again (or waits while its rate limit
  /// says to) and sets its next; not shown, it refreshes when it is.
  static func refreshDue(_ id: Int, now: Double, waitUntil: Double?, _ state: inout AppState) -> [AppEffect] {
    guard let screen = state.screen(id), let interval = screen.refresh else { return [] }
    guard state.current?.id == id, !state.suspended else {
      state.update(id) { $0.refreshDue = true }
      return []
    }
    if let waitUntil, waitUntil > now {
      state.update(id) {
        $0.refreshDue = false
        $0.refreshWaitsUntil = waitUntil
      }
      // Whole seconds, at least one and at most a day (a server's reset may be any number): the
      // wait is asked again then.
      let wait = Duration.seconds(Int(min(86_400, max(1, (waitUntil - now).rounded(.up)))))
      return [.refresh(screen: id, after: wait), .draw]
    }
    state.update(id) {
      $0.refreshDue = false
      $0.refreshWaitsUntil = nil
    }
    return apply(screen.model.refreshInput, to: .stack(id), &state) + [.refresh(screen: id, after: interval), .draw]
  }

  /// The screen shown now refreshes if its refresh came due while it was not shown.
  static func refreshIfDue(_ state: inout AppState) -> [AppEffect] {
    guard let screen = state.current, screen.refreshDue else { return [] }
    return [.refreshNow(screen: screen.id)]
  }

  /// The refreshes of screens just opened (a screen and its tabs).
  static func startRefreshes(_ screens: [AppScreen]) -> [AppEffect] {
    screens.compactMap { screen in screen.refresh.map { .refresh(screen: screen.id, after: $0) } }
  }
}

extension AppState {
  /// Screen `id`: on the stack, or a tab not shown of a screen on it.
  package func screen(_ id: Int) -> AppScreen? {
    for entry in stack.reversed() {
      if entry.id == id { return entry }
      if let tab = entry.group?.others.values.first(where: { $0.id == id }) { return tab }
    }
    return nil
  }

  /// Changes screen `id` (on the stack, or a tab not shown) with `change`; nil when it is not open.
  @discardableResult
  package mutating func update<Result>(_ id: Int, _ change: (inout AppScreen) -> Result) -> Result? {
    for index in stack.indices.reversed() {
      if stack[index].id == id { return change(&stack[index]) }
      guard var group = stack[index].group, let place = group.others.first(where: { $0.value.id == id })?.key,
        var tab = group.others[place]
      else { continue }
      // Taken out while it changes, so that the group's copy is not shared.
      stack[index].group = nil
      group.others[place] = nil
      let result = change(&tab)
      group.others[place] = tab
      stack[index].group = group
      return result
    }
    return nil
  }

  /// Every open screen, each stack entry followed by its tabs not shown (in the bar's order): the
  /// order in which the screen files are read again.
  package var screens: [AppScreen] {
    stack.flatMap { entry in
      [entry] + (entry.group?.others.sorted { $0.key < $1.key }.map(\.value) ?? [])
    }
  }
}

extension SourceStatus {
  /// Until when a refresh waits for the source's rate limit, at `now` (Unix seconds): the time its
  /// last answer, a rate limit's refusal, said to ask again, or the limit's reset while no request
  /// is left; nil when it need not wait.
  func rateLimitWait(now: Double) -> Double? {
    var until: Double?
    if rateLimitedStatus != nil { until = (retryAt ?? rateLimitReset).map(Double.init) }
    if rateLimitRemaining == 0, let reset = rateLimitReset { until = max(until ?? 0, Double(reset)) }
    guard let until, until > now else { return nil }
    return until
  }
}

extension AppScreen {
  /// What the status line says of the screen's refresh: when its data was last fetched, as a
  /// clock time (so that nothing redraws as time passes), and until when it waits for a rate
  /// limit; nil for a screen that does not refresh.
  var refreshStatus: String? {
    guard refresh != nil else { return nil }
    var parts: [String] = []
    if let fetchedAt, let time = Self.clockTime(fetchedAt) { parts.append("updated \(time)") }
    if let until = refreshWaitsUntil, let time = Self.clockTime(until) {
      parts.append("refresh waits for the rate limit until \(time)")
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// A moment as a local clock time, "14:02".
  static func clockTime(_ unixSeconds: Double) -> String? {
    guard unixSeconds.isFinite, abs(unixSeconds) < 1e15, let time = LocalTime(unixSeconds: Int(unixSeconds)) else {
      return nil
    }
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return two(time.hour) + ":" + two(time.minute)
  }
}
