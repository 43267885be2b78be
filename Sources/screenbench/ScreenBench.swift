import Foundation

/// `swift run -c release screenbench`: screenrun's benchmarks, P1 to P13 of BENCHMARKS.md.
///
/// Every figure is measured side by side with its baseline in the same run, rounds interleaved,
/// because the machines here are shared and noisy: a ratio taken in one run means more than two
/// times taken an hour apart. Nothing here is a pass or fail test; a missed goal is a figure to
/// explain, and the exit code is non-zero only when a benchmark could not run at all.
@main
struct ScreenBench {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == MemoryBenchmark.childFlag {
      exit(MemoryBenchmark.child(Array(arguments.dropFirst())))
    }
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      if !error.description.isEmpty { FileHandle.standardError.write(Data("screenbench: error: \(error)\n".utf8)) }
      print(Options.usage)
      exit(error.description.isEmpty ? 0 : 2)
    }
    do {
      try await run(options)
    } catch {
      FileHandle.standardError.write(Data("screenbench: error: \(error)\n".utf8))
      exit(1)
    }
  }

  static func run(_ options: Options) async throws {
    let root = try packageRoot(options.root)
    guard FileManager.default.changeCurrentDirectoryPath(root) else {
      throw ChildProcess.Failure(description: "cannot change to the package root \(root)")
    }
    let executable = try selfPath()
    let binaries = (executable as NSString).deletingLastPathComponent
    let screenrun = binaries + "/screenrun"
    guard FileManager.default.isExecutableFile(atPath: screenrun) else {
      throw ChildProcess.Failure(description: "no screenrun beside screenbench (\(screenrun)); build it first")
    }

    var report = Report(machine: Machine.current(), settings: options.settings)
    progress("machine: \(report.machine.description)")
    let started = ContinuousClock.now
    if options.only.contains("P1") {
      progress("P1 first frame…")
      report.sections.append(
        try FirstFrameBenchmark(builds: options.p1Builds ?? "", runs: options.runs(default: 21)).run())
    }
    if options.only.contains("P2") {
      progress("P2 JSON throughput…")
      report.sections.append(
        try JSONThroughputBenchmark(megabytes: options.megabytes, seed: options.seed, runs: options.runs(default: 7))
          .run())
    }
    if options.only.contains("P3") {
      progress("P3 render scaling…")
      report.sections.append(
        try await RenderScalingBenchmark(
          sizes: options.renderSizes, seed: options.seed, runs: options.runs(default: 21)
        )
        .run())
    }
    if options.only.contains("P4") {
      progress("P4 search requests…")
      report.sections.append(try await SearchRequestsBenchmark(trials: options.trials, seed: options.seed).run())
    }
    if options.only.contains("P5") {
      progress("P5 memory…")
      report.sections.append(
        try MemoryBenchmark(
          records: options.records, seed: options.seed, runs: options.runs(default: 3), executable: executable
        ).run())
    }
    if options.only.contains("P6") {
      progress("P6 pathological sizes…")
      report.sections.append(
        try await PathologicalBenchmark(
          bytes: options.smoke ? 128 << 10 : 1 << 20, keystrokes: options.smoke ? 20_000 : 100_000,
          runs: options.runs(default: 5)
        ).run())
    }
    if options.only.contains("P7") {
      progress("P7 external plugin…")
      report.sections.append(
        try await ExternalPluginBenchmark(
          runs: options.runs(default: 21), batch: options.smoke ? 5 : 200, starts: options.smoke ? 2 : 7,
          seed: options.seed
        ).run())
    }
    if options.only.contains("P8") {
      progress("P8 screen tests…")
      report.sections.append(
        try TestRunBenchmark(
          screenrun: screenrun, runs: options.smoke ? 1 : options.runs(default: 5), smokeTests: options.smoke ? 3 : nil
        ).run())
    }
    if options.only.contains("P10") {
      progress("P10 keystroke to frame…")
      report.sections.append(
        try KeystrokeLatencyBenchmark(screenrun: screenrun, samples: options.keystrokes, rows: options.records).run())
    }
    if options.only.contains("P11") {
      progress("P11 declared REST API…")
      report.sections.append(
        try await DeclaredHTTPBenchmark(runs: options.runs(default: 21), pages: options.smoke ? 3 : 20).run())
    }
    if options.only.contains("P12") {
      progress("P12 bytes and frames per keystroke…")
      report.sections.append(
        try FrameBytesBenchmark(screenrun: screenrun, samples: min(options.keystrokes, options.smoke ? 3 : 20)).run())
    }
    if options.only.contains("P13") {
      progress("P13 idle for \(options.idleSeconds) s…")
      report.sections.append(
        try IdleBenchmark(
          screenrun: screenrun, arguments: [options.idleScreen] + (options.idleQuery.map { ["--query", $0] } ?? []),
          seconds: options.idleSeconds
        ).run())
    }
    report.seconds = (ContinuousClock.now - started).seconds

    print("screenbench: \(report.machine.description)")
    print("\(options.smoke ? "smoke" : "sizes"): \(options.summary); measured in \(Int(report.seconds.rounded())) s")
    if report.machine.build == "debug" {
      print("a debug build: these figures only show that it runs; measure with swift run -c release screenbench")
    }
    print("")
    print(report.table)
    if !options.only.contains("P1") {
      print("\nP1 (the first frame, static and dynamic) is measured by Tests/Benchmarks/p1")
    }
    let misses = report.misses
    print(misses.isEmpty ? "\nevery goal met" : "\ngoals missed: \(misses.joined(separator: "; "))")

    if let path = options.jsonPath {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      encoder.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
      try encoder.encode(report).write(to: URL(fileURLWithPath: path))
      progress("wrote \(path)")
    }
  }

  /// The folder holding Package.swift and Screens/, from `given` or upward from the working folder.
  private static func packageRoot(_ given: String?) throws -> String {
    let manager = FileManager.default
    func isRoot(_ folder: String) -> Bool {
      manager.fileExists(atPath: folder + "/Package.swift")
        && manager.fileExists(atPath: folder + "/" + FirstFrameBenchmark.screen)
    }
    if let given {
      guard isRoot(given) else { throw ChildProcess.Failure(description: "\(given) is not the screenrun package") }
      return given
    }
    var folder = manager.currentDirectoryPath
    while !isRoot(folder) {
      let parent = (folder as NSString).deletingLastPathComponent
      guard parent != folder else {
        throw ChildProcess.Failure(description: "run screenbench inside the screenrun package, or pass --root DIR")
      }
      folder = parent
    }
    return folder
  }

  /// This executable's path, from /proc/self/exe.
  private static func selfPath() throws -> String {
    var buffer = [CChar](repeating: 0, count: 4_096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { throw ChildProcess.Failure(description: "cannot find screenbench's own path") }
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Progress on stderr, so stdout holds only the table.
  private static func progress(_ line: String) {
    FileHandle.standardError.write(Data("screenbench: \(line)\n".utf8))
  }
}
