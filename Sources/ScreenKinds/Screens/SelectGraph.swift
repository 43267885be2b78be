import FoundationEssentials
import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenSystem

/// The fourth step of loading: from a screen to the screen its `select` opens, and on, each taken
/// through the first three steps (`ScreenLoader.read`, `decode`, `check`). One graph is one run of
/// loading: it remembers the files seen, so a screen opened from several places (or a cycle of
/// screens) is read once and reported once.
///
/// Given a cache, a screen that opens one the cache holds as loaded takes it from there: that
/// screen and every screen it reaches were checked already. The screens a graph loads are found
/// in `loadedByPath`, for the cache to keep when the whole graph loaded without a problem.
struct SelectGraph {
  package let loader: ScreenLoader
  package let cache: ScreenCache?
  /// Every problem found so far, in the order the files were read, each file's by place.
  package private(set) var diagnostics: [Diagnostic] = []
  /// Every screen loaded without a problem, by the path it was loaded under.
  private(set) var loadedByPath: [String: ScreenSpec] = [:]
  private var loaded: [String: ScreenSpec?] = [:]
  /// The screens being loaded (the path from the first to this one), with their specs once
  /// decoded: a `select` back to one of them is a cycle, whose parameters are checked all the same.
  private var inProgress: [String: ScreenSpec?] = [:]

  init(loader: ScreenLoader, cache: ScreenCache? = nil) {
    self.loader = loader
    self.cache = cache
  }

  /// A screen being loaded: read and decoded, its `select`s walked one after another. The walk
  /// keeps these on a stack of its own, not the thread's, so a chain of screens as long as there
  /// are files is loaded without recursion.
  private struct Frame {
    let path: String
    let key: String
    let document: ScreenDocument
    let spec: ScreenSpec?
    var problems: [SpecProblem]
    let targets: [(select: SelectSpec, pointer: JSONPointer)]
    /// The next target to walk.
    var next = 0
  }

  /// The screen at `path`, or nil when it or a screen it opens has a problem.
  package mutating func load(_ path: String) -> ScreenSpec? {
    var stack: [Frame] = []
    // The outcome of the screen last finished: the spec (nil when it has a problem).
    var finished: ScreenSpec??
    switch open(path) {
    case .done(let spec): return spec
    case .frame(let frame): stack.append(frame)
    }
    while !stack.isEmpty {
      var frame = stack.removeLast()
      if let outcome = finished {
        // The screen that frame's current target opens has been loaded.
        finished = nil
        let target = frame.targets[frame.next]
        frame.problems += parameters(passedBy: target.select, at: target.pointer, to: outcome, from: frame.spec)
        frame.next += 1
      }
      var opened: Frame?
      while opened == nil, frame.next < frame.targets.count, let spec = frame.spec {
        let target = frame.targets[frame.next]
        switch step(from: spec, to: target.select, at: target.pointer) {
        case .problems(let problems):
          frame.problems += problems
          frame.next += 1
        case .reached(let reached):
          frame.problems += parameters(passedBy: target.select, at: target.pointer, to: reached, from: spec)
          frame.next += 1
        case .load(let file):
          switch open(file) {
          case .done(let outcome):
            frame.problems += parameters(passedBy: target.select, at: target.pointer, to: outcome, from: frame.spec)
            frame.next += 1
          case .frame(let child):
            opened = child
          }
        }
      }
      if let opened {
        stack.append(frame)
        stack.append(opened)
        continue
      }
      finished = .some(close(frame))
    }
    return finished ?? nil
  }

  private enum Opening {
    /// Loaded already, or it cannot be read.
    case done(ScreenSpec?)
    /// Read and decoded; its targets are walked next.
    case frame(Frame)
  }

  /// Steps 1 to 3 for the screen at `path`, unless it was loaded before.
  private mutating func open(_ path: String) -> Opening {
    let key = Self.canonical(path)
    if let seen = loaded[key] { return .done(seen) }
    let document: ScreenDocument
    do {
      document = try loader.read(path)
    } catch {
      diagnostics.append(error)
      return .done(nil)
    }
    let decoded = loader.decode(document)
    inProgress[key] = .some(decoded.spec)
    // Only a screen that decoded is walked: a broken one's select may name anything.
    let targets = decoded.spec?.body.targets.map { (select: $0.select, pointer: $0.pointer) } ?? []
    return .frame(
      Frame(
        path: path, key: key, document: document, spec: decoded.spec,
        problems: decoded.problems + loader.check(decoded), targets: targets))
  }

  /// The end of a screen's load, once every target is walked: its problems said, its outcome kept.
  private mutating func close(_ frame: Frame) -> ScreenSpec? {
    inProgress[frame.key] = nil
    diagnostics += frame.document.diagnostics(frame.problems).sorted {
      ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0)
    }
    let spec = frame.problems.isEmpty ? frame.spec : nil
    loaded[frame.key] = .some(spec)
    if let spec { loadedByPath[frame.path] = spec }
    return spec
  }

  private enum Step {
    /// The target cannot be opened (missing, not a file).
    case problems([SpecProblem])
    /// The target's spec, without loading: a cycle back to a screen being loaded, or the cache's.
    case reached(ScreenSpec?)
    /// The target's file, to load.
    case load(String)
  }

  /// Where one `select` at `at` in `spec`'s file leads.
  private func step(from spec: ScreenSpec, to select: SelectSpec, at: JSONPointer) -> Step {
    let pointer = at / "screen"
    let target = ScreenLoader.resolve(select.screen, relativeTo: spec.file)
    switch RegularFile.problem(at: target) {
    case nil, .unreadable:
      break  // read below, where an unreadable file gets its own message
    case .missing:
      let folder = ScreenLoader.resolve(".", relativeTo: spec.file)
      // The name itself is never "near": a file by that name that cannot be opened is another problem.
      let siblings =
        RegularFile.names(inFolder: folder).filter { $0.hasSuffix(".json") && $0 != select.screen }
      let message = Diagnostic.Message.unknown(
        "\(Self.key(at)) screen '\(select.screen)' does not exist", name: select.screen, among: siblings,
        notes: ["looked for \(target)"])
      return .problems([SpecProblem(.navigation, pointer: pointer, anchor: .value(offset: 0), message: message)])
    case let problem?:
      let message = Diagnostic.Message(
        "\(Self.key(at)) screen '\(select.screen)' \(problem.message(expecting: "a screen file (.json)"))",
        notes: ["looked for \(target)"])
      return .problems([SpecProblem(.navigation, pointer: pointer, anchor: .value(offset: 0), message: message)])
    }
    if let cycle = inProgress[Self.canonical(target)] {
      // A cycle: the screen is being checked already; only what this select passes it is left.
      // A screen that did not decode has nothing to check it against.
      return cycle.map { .reached($0) } ?? .problems([])
    }
    if let kept = cache?.loaded(at: target) { return .reached(kept) }
    return .load(target)
  }

  /// The problems of one `select` at `at` whose screen loaded as `target` (nil: it has problems
  /// of its own): reading a parameter that `select` does not pass.
  private func parameters(passedBy select: SelectSpec, at: JSONPointer, to target: ScreenSpec?, from: ScreenSpec?)
    -> [SpecProblem]
  {
    guard let targetSpec = target else {
      return [
        SpecProblem(
          .navigation, pointer: at / "screen", anchor: .value(offset: 0),
          message: Diagnostic.Message(
            "\(Self.key(at)) screen '\(select.screen)' is invalid",
            notes: ["its own problems are listed under its name"]))
      ]
    }
    if let problem = previewProblem(select, at: at, target: targetSpec) { return [problem] }
    if from?.body.tabs.isEmpty == false, !targetSpec.body.tabs.isEmpty {
      return [
        SpecProblem(
          .navigation, pointer: at / "screen", anchor: .value(offset: 0),
          message:
            "tab screen '\(select.screen)' is a tabs screen itself; a tab shows a list, a table, a chart or a detail")
      ]
    }
    let given = Set(select.parameters.map(\.name))
    let missing = targetSpec.parameterNames.subtracting(given).sorted()
    guard missing.isEmpty else {
      let names = missing.map { "'\($0)'" }.joined(separator: ", ")
      return [
        SpecProblem(
          .navigation, pointer: at / "params", anchor: .key,
          message:
            "'\(select.screen)' reads {params.\(missing[0])}, but \(Self.key(at)) does not pass \(names); add it to \(Self.key(at)).params"
        )
      ]
    }
    return []
  }

  private static func canonical(_ path: String) -> String {
    FileSystem.standardized(path)
  }
}
