import Foundation

/// The fourth step of loading: from a screen to the screen its `select` opens, and on, each taken
/// through the first three steps (`ScreenLoader.read`, `decode`, `check`). One graph is one run of
/// loading: it remembers the files seen, so a screen opened from several places (or a cycle of
/// screens) is read once and reported once.
///
/// Given a cache, a screen that opens one the cache holds as loaded takes it from there: that
/// screen and every screen it reaches were checked already. The screens a graph loads are found
/// in `loadedByPath`, for the cache to keep when the whole graph loaded without a problem.
struct SelectGraph {
  let loader: ScreenLoader
  let cache: ScreenCache?
  /// Every problem found so far, in the order the files were read, each file's by place.
  private(set) var diagnostics: [Diagnostic] = []
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

  /// The screen at `path`, or nil when it or a screen it opens has a problem.
  mutating func load(_ path: String) -> ScreenSpec? {
    let key = Self.canonical(path)
    if let seen = loaded[key] { return seen }
    inProgress[key] = .some(nil)
    defer { inProgress[key] = nil }

    let document: ScreenDocument
    do {
      document = try loader.read(path)
    } catch {
      diagnostics.append(error)
      return nil
    }
    let decoded = loader.decode(document)
    inProgress[key] = .some(decoded.spec)
    var problems = decoded.problems + loader.check(decoded)
    // Only a screen that decoded is walked: a broken one's select may name anything.
    if let spec = decoded.spec { problems += walk(from: spec) }
    diagnostics += document.diagnostics(problems).sorted {
      ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0)
    }
    let spec = problems.isEmpty ? decoded.spec : nil
    loaded[key] = .some(spec)
    if let spec { loadedByPath[path] = spec }
    return spec
  }

  /// The problems of the screen `spec` opens: missing, not a file, broken, or reading a parameter
  /// that `select` does not pass.
  private mutating func walk(from spec: ScreenSpec) -> [SpecProblem] {
    spec.body.targets.flatMap { walk(from: spec, to: $0.select, at: $0.pointer) }
  }

  /// The problems of one `select` at `at` in `spec`'s file.
  private mutating func walk(from spec: ScreenSpec, to select: SelectSpec, at: JSONPointer) -> [SpecProblem] {
    let pointer = at / "screen"
    let target = ScreenLoader.resolve(select.screen, relativeTo: spec.file)
    switch RegularFile.problem(at: target) {
    case nil, .unreadable:
      break  // read below, where an unreadable file gets its own message
    case .missing:
      let folder = ScreenLoader.resolve(".", relativeTo: spec.file)
      // The name itself is never "near": a file by that name that cannot be opened is another problem.
      let siblings =
        (try? FileManager.default.contentsOfDirectory(atPath: folder))?
        .filter { $0.hasSuffix(".json") && $0 != select.screen } ?? []
      let message = Diagnostic.Message.unknown(
        "select screen '\(select.screen)' does not exist", name: select.screen, among: siblings,
        notes: ["looked for \(target)"])
      return [SpecProblem(.navigation, pointer: pointer, anchor: .value(offset: 0), message: message)]
    case let problem?:
      let message = Diagnostic.Message(
        "select screen '\(select.screen)' \(problem.message(expecting: "a screen file (.json)"))",
        notes: ["looked for \(target)"])
      return [SpecProblem(.navigation, pointer: pointer, anchor: .value(offset: 0), message: message)]
    }
    let targetSpec: ScreenSpec
    if let cycle = inProgress[Self.canonical(target)] {
      // A cycle: the screen is being checked already; only what this select passes it is left.
      guard let spec = cycle else { return [] }
      targetSpec = spec
    } else if let kept = cache?.loaded(at: target) {
      targetSpec = kept
    } else if let spec = load(target) {
      targetSpec = spec
    } else {
      return [
        SpecProblem(
          .navigation, pointer: pointer, anchor: .value(offset: 0),
          message: Diagnostic.Message(
            "select screen '\(select.screen)' is invalid", notes: ["its own problems are listed under its name"]))
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
            "'\(select.screen)' reads {params.\(missing[0])}, but select does not pass \(names); add it to select.params"
        )
      ]
    }
    return []
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }
}
