import MarvelPlugin
import PluginHost
import ScreenKinds
import ScreenKit

/// P4: bursts of 8 keystrokes, each inside the debounce window of Screens/characters.json,
/// typed while earlier answers are still on their way with random latency. Each burst should
/// ask the data source once, and no frame should show records of a query other than its own.
@MainActor
struct SearchRequestsBenchmark {
  let trials: Int
  let seed: UInt64

  static let keystrokes = 8
  static let alphabet = Array("abcdefgh")
  /// Answers take up to this long: about as long as a burst, so old answers land before it,
  /// during it and after its own request has gone out.
  static let maximumLatency = Duration.milliseconds(3)

  /// What one trial saw.
  private struct Outcome {
    /// Requests the burst made (those made on opening, before it, are not counted).
    var requests = 0
    var frames = 0
    var staleFrames = 0
    /// States with records of another query, as seen by a synchronous observer mid-update.
    var tornStates = 0
    var lateAnswers = 0
  }

  /// Draws frames the way the interactive session does: a change schedules one redraw on the
  /// main actor, so a frame shows the state once the model has finished updating it.
  @MainActor
  private final class Screen {
    let spec: ScreenSpec
    weak var model: Store<PagedList>?
    var frames = 0
    var stale = 0
    var torn = 0
    var pending: Task<Void, Never>?

    init(spec: ScreenSpec, model: Store<PagedList>) {
      self.spec = spec
      self.model = model
    }

    func changed() {
      if let state = model?.state, Self.isStale(state) { torn += 1 }
      guard pending == nil else { return }
      pending = Task { @MainActor in
        pending = nil
        draw()
      }
    }

    func draw() {
      guard let state = model?.state else { return }
      frames += 1
      let screen = ScreenState(spec: spec, parameters: [:], content: .of(ListKind.self, state))
      _ = TextRenderer.render(screen, options: RenderOptions(width: 80, height: 24))
      if Self.isStale(state) { stale += 1 }
    }

    /// Waits for the redraw still scheduled, if any (after the changes sent here before it).
    func flush() async {
      await Task.yield()
      while let pending { await pending.value }
    }

    /// Records that answer another query than the one the state says they answer.
    static func isStale(_ state: PagedList.State) -> Bool {
      state.records.contains { $0["query"]?.stringValue != state.activeQuery }
    }
  }

  func run() async throws -> Section {
    var section = Section(
      id: "P4", title: "search requests: \(grouped(trials)) bursts of \(Self.keystrokes) keystrokes inside the debounce"
    )
    let spec = try ScreenLoader(registry: PluginRegistry([MarvelPlugin.plugin]), kinds: .standard).load(
      "Screens/characters.json")
    guard let list = spec.list, let search = list.search else {
      throw ChildProcess.Failure(description: "Screens/characters.json has no search")
    }
    let configuration = PagedList.Configuration(
      resource: spec.source.resource, parameters: [:], search: search, paging: list.paging)
    var random = SeededGenerator(seed: seed)
    let names = (0..<2_000).map { _ in
      String((0..<Int.random(in: 3...10, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! })
    }

    var outcomes: [Outcome] = []
    for trial in 0..<trials {
      outcomes.append(
        await self.trial(
          spec: spec, configuration: configuration, debounce: search.debounceMilliseconds, names: names,
          seed: seed &+ UInt64(trial), random: &random))
    }
    section.rows.append(
      Row("requests per burst", .count, Measurement(outcomes.map { Double($0.requests) }), goal: .exactly(1)))
    section.rows.append(
      Row("stale frames per burst", .count, Measurement(outcomes.map { Double($0.staleFrames) }), goal: .exactly(0)))
    section.rows.append(Row("frames drawn per burst", .count, Measurement(outcomes.map { Double($0.frames) })))
    section.rows.append(
      Row("late answers per burst (dropped)", .count, Measurement(outcomes.map { Double($0.lateAnswers) })))
    section.rows.append(
      Row("torn states per burst (not drawn)", .count, Measurement(outcomes.map { Double($0.tornStates) })))
    let latency = Int(Self.maximumLatency / .milliseconds(1))
    let late = outcomes.reduce(0) { $0 + $1.lateAnswers }
    section.notes.append(
      "debounce \(search.debounceMilliseconds) ms on a virtual clock; answers after 0-\(latency) ms of real time; "
        + "\(late) answers came after their request was cancelled")
    return section
  }

  /// Opens the list (its first answer still on the way, and sometimes a search after it), types a
  /// burst with random gaps inside the debounce window and random real pauses for answers to land
  /// meanwhile, then lets the debounce fire and waits for the answer.
  private func trial(
    spec: ScreenSpec, configuration: PagedList.Configuration, debounce: Int, names: [String], seed: UInt64,
    random: inout SeededGenerator
  ) async -> Outcome {
    let source = LatencySource(names: names, maximumLatency: Self.maximumLatency, seed: seed)
    let clock = VirtualScheduler()
    let model = Store(
      PagedList(source: source, configuration: configuration), state: PagedList.State(), scheduler: clock)
    let screen = Screen(spec: spec, model: model)
    // Changes come on the answers' tasks; the redraw is scheduled here, as the terminal's is.
    model.onChange = { [weak screen] in Task { @MainActor in screen?.changed() } }

    model.send(.appear)
    var opened = 1
    if Bool.random(using: &random) {
      model.send(.search(String(Self.alphabet.randomElement(using: &random)!)))
      opened += 1
    }
    // Requests are counted where they arrive, at the data source: the count before the burst is
    // taken once the opening requests have reached it (their answers still on the way).
    while source.requests < opened { await Task.yield() }
    let before = source.requests
    var text = ""
    for _ in 0..<Self.keystrokes {
      try? await Task.sleep(for: .microseconds(Int.random(in: 0...300, using: &random)))
      text.append(Self.alphabet.randomElement(using: &random)!)
      model.send(.queryChanged(text))
      clock.advance(by: .milliseconds(Int.random(in: 1..<debounce, using: &random)))
    }
    clock.advance(by: .milliseconds(debounce))
    await model.settle()
    await screen.flush()

    var outcome = Outcome(
      requests: source.requests - before, frames: screen.frames, staleFrames: screen.stale, tornStates: screen.torn,
      lateAnswers: source.lateAnswers)
    // The burst must end showing its own answer; otherwise its last frame is wrong too.
    if model.state.activeQuery != text || model.state.status != .loaded { outcome.staleFrames += 1 }
    return outcome
  }
}
