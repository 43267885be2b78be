import Foundation

/// P1: how long `screenrun Screens/characters.json --once` takes from spawn to exit, next to the
/// floor of any Swift command-line tool linked the same way: a hello-world that imports
/// Foundation, and one that imports only FoundationEssentials, each built statically
/// (`-static-stdlib`) and dynamically. A static screenrun is compared with the static floors only,
/// and a dynamic one with the dynamic floors only.
///
/// One build of screenrun is either static or dynamic, so `Tests/Benchmarks/p1` builds both, and
/// the four hello-worlds, into one folder, then runs `screenbench --only P1 --p1-builds FOLDER`.
///
/// Rows beside the goals: `jq` printing the same 20 names from a fixed file of those 20 records;
/// `--version` of both builds (loading only); the same static binary over a dataset of 64
/// characters and over all 1,446 (`SCREENRUN_MARVEL_SAMPLE`), and GitHub's commits screen next to
/// the Marvel list. Then the sizes of both builds and of the hello-worlds, with the sample data the
/// binary carries on a row of its own.
struct FirstFrameBenchmark {
  /// The folder `Tests/Benchmarks/p1` filled: `screenrun-static`, `screenrun-dynamic`, and
  /// `floor-{Foundation,FoundationEssentials}-{static,dynamic}`.
  let builds: String
  let runs: Int

  /// The first page's 20 records, written by the Marvel generator: jq's work stays fixed however
  /// large the bundled sample grows.
  static let firstPage = "Tests/Fixtures/Benchmark/marvel-first-page.json"
  static let screen = "Screens/characters.json"
  static let generator = "Plugins/Marvel/Sample/build_sample.py"
  /// The first batch of recordings alone, which gives 64 characters.
  static let firstBatch = "Tests/Fixtures/Recorded/marvel"
  static let bundledFolder = "Plugins/Marvel/Sample"

  struct Contender {
    var label: String
    var command: [String]
    var environment: [String: String]?
  }

  func run() throws -> Section {
    var section = Section(id: "P1", title: "first frame: screenrun \(Self.screen) --once, spawned to exit")
    let staticScreenrun = try file("screenrun-static")
    let dynamicScreenrun = try file("screenrun-dynamic")
    let floors = try [
      ("Foundation", "static"), ("FoundationEssentials", "static"), ("Foundation", "dynamic"),
      ("FoundationEssentials", "dynamic"),
    ].map { try file("floor-\($0.0)-\($0.1)") }
    let jqFilter = ".characters[:20][].name"
    var contenders = [
      Contender(label: "static screenrun --once", command: [staticScreenrun, Self.screen, "--once"]),
      Contender(label: "static floor: import Foundation", command: [floors[0]]),
      Contender(label: "static floor: import FoundationEssentials", command: [floors[1]]),
      Contender(label: "dynamic screenrun --once", command: [dynamicScreenrun, Self.screen, "--once"]),
      Contender(label: "dynamic floor: import Foundation", command: [floors[2]]),
      Contender(label: "dynamic floor: import FoundationEssentials", command: [floors[3]]),
      Contender(label: "static screenrun --version (loading only)", command: [staticScreenrun, "--version"]),
      Contender(label: "dynamic screenrun --version (loading only)", command: [dynamicScreenrun, "--version"]),
    ]
    let jq = ChildProcess.find("jq")
    if let jq {
      contenders.append(
        Contender(label: "jq -r '\(jqFilter)' (20 records)", command: [jq, "-r", jqFilter, Self.firstPage]))
    } else {
      section.notes.append("jq is not installed: its baseline is skipped (apt-get install jq)")
    }

    // The same binary and code path over 64 and 1,446 characters: both datasets mapped from
    // files that build_sample.py wrote in the same format.
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var environment = ProcessInfo.processInfo.environment
    let small = folder + "/marvel64"
    if let problem = makeSmallDataset(in: small) {
      section.notes.append(problem)
    } else {
      let once = [staticScreenrun, Self.screen, "--once"]
      environment["SCREENRUN_MARVEL_SAMPLE"] = small
      contenders.append(
        Contender(label: "static --once over 64 characters (mapped file)", command: once, environment: environment))
      environment["SCREENRUN_MARVEL_SAMPLE"] = Self.bundledFolder
      contenders.append(
        Contender(label: "static --once over 1,446 characters (mapped file)", command: once, environment: environment))
    }
    contenders.append(
      Contender(
        label: "static commits.json --param repo=sigmavirus24/github3.py --once",
        command: [staticScreenrun, "Screens/commits.json", "--param", "repo=sigmavirus24/github3.py", "--once"]))

    // The two must print the same names, or the comparison is of different work.
    let frame = ChildProcess.output(of: [staticScreenrun, Self.screen, "--once", "--width", "80"]) ?? ""
    let names = Self.rowTitles(in: frame)
    if names.count != 20 { section.notes.append("screenrun --once printed \(names.count) rows, expected 20") }
    if let jq, let printed = ChildProcess.output(of: [jq, "-r", jqFilter, Self.firstPage]) {
      if printed.split(separator: "\n").map(String.init) != names {
        section.notes.append("jq printed other names than screenrun: the ratio compares unlike work")
      }
    }

    let (wall, cpu) = try measure(contenders)
    for (contender, measurement) in zip(contenders, wall) {
      section.rows.append(Row(contender.label, .milliseconds, measurement.map { $0 * 1_000 }))
    }
    func at(_ label: String, _ times: [Measurement]) -> Measurement? {
      contenders.firstIndex { $0.label.hasPrefix(label) }.map { times[$0] }
    }
    for (kind, times) in [("wall", wall), ("CPU", cpu)] {
      func ratio(_ label: String, _ numerator: String, _ denominator: String, goal: Goal? = nil) {
        guard let top = at(numerator, times), let bottom = at(denominator, times) else { return }
        section.rows.append(Row("\(label) (\(kind))", .ratio, Measurement.ratio(top, bottom), goal: goal))
      }
      ratio(
        "static --once / static Foundation floor", "static screenrun --once", "static floor: import Foundation",
        goal: .atMost(1.5))
      ratio(
        "static --once / static Essentials floor", "static screenrun --once",
        "static floor: import FoundationEssentials")
      ratio(
        "dynamic --once / dynamic Foundation floor", "dynamic screenrun --once", "dynamic floor: import Foundation",
        goal: .atMost(1.25))
      ratio(
        "dynamic --once / dynamic Essentials floor", "dynamic screenrun --once",
        "dynamic floor: import FoundationEssentials",
        goal: .atMost(2.0))
      ratio(
        "static --version / static Essentials floor", "static screenrun --version",
        "static floor: import FoundationEssentials")
      ratio(
        "dynamic --version / dynamic Essentials floor", "dynamic screenrun --version",
        "dynamic floor: import FoundationEssentials")
      ratio("static --once / jq", "static screenrun --once", "jq ", goal: .atMost(1.0))
      ratio(
        "1,446 / 64 characters (same code, mapped files)", "static --once over 1,446", "static --once over 64",
        goal: .atMost(1.05))
      ratio("GitHub commits / Marvel list", "static commits.json", "static screenrun --once", goal: .atMost(1.1))
    }
    section.notes.append(
      "wall and CPU (user + system, from wait4) of the same runs; on a shared machine the wall time holds the waits "
        + "for a core, and the CPU time is the steadier ratio")
    try sizes(into: &section, staticScreenrun: staticScreenrun, dynamicScreenrun: dynamicScreenrun, floors: floors)
    return section
  }

  /// Three warm-up runs of each, then `runs` rounds of one run each, the order rotating from
  /// round to round; the wall and the CPU time of every run.
  private func measure(_ contenders: [Contender]) throws -> (wall: [Measurement], cpu: [Measurement]) {
    for contender in contenders {
      for _ in 0..<3 { _ = try ChildProcess.time(contender.command, environment: contender.environment) }
    }
    var wall = Array(repeating: [Double](), count: contenders.count)
    var cpu = wall
    for round in 0..<runs {
      for step in 0..<contenders.count {
        let index = (round + step) % contenders.count
        let times = try ChildProcess.times(contenders[index].command, environment: contenders[index].environment)
        wall[index].append(times.wall)
        cpu[index].append(times.cpu)
      }
    }
    return (wall.map(Measurement.init), cpu.map(Measurement.init))
  }

  /// The binaries' sizes (MiB), the sample data they carry (between the `screenrun_*_start` and
  /// `_end` symbols of the `.incbin`) on a row of its own, and the static one without it against
  /// the static hello-world.
  private func sizes(
    into section: inout Section, staticScreenrun: String, dynamicScreenrun: String, floors: [String]
  ) throws {
    func megabytes(_ bytes: Int) -> Measurement { Measurement([Double(bytes) / 1_048_576]) }
    let sample = Self.sampleBytes(in: staticScreenrun)
    let staticSize = try Self.size(of: staticScreenrun)
    let dynamicSize = try Self.size(of: dynamicScreenrun)
    let floorSizes = try floors.map(Self.size(of:))
    section.rows.append(Row("size: static screenrun", .megabytes, megabytes(staticSize)))
    section.rows.append(Row("size: sample data linked in (each build)", .megabytes, megabytes(sample)))
    section.rows.append(
      Row("size: static screenrun without the sample data", .megabytes, megabytes(staticSize - sample)))
    section.rows.append(Row("size: static floor: import Foundation", .megabytes, megabytes(floorSizes[0])))
    section.rows.append(Row("size: static floor: import FoundationEssentials", .megabytes, megabytes(floorSizes[1])))
    section.rows.append(Row("size: dynamic screenrun", .megabytes, megabytes(dynamicSize)))
    section.rows.append(
      Row("size: dynamic screenrun without the sample data", .megabytes, megabytes(dynamicSize - sample)))
    section.rows.append(Row("size: dynamic floor: import Foundation", .megabytes, megabytes(floorSizes[2])))
    section.rows.append(Row("size: dynamic floor: import FoundationEssentials", .megabytes, megabytes(floorSizes[3])))
    section.rows.append(
      Row(
        "static screenrun without sample data / static Foundation floor", .ratio,
        Measurement([Double(staticSize - sample) / Double(floorSizes[0])]), goal: .atMost(3.0)))
    if sample == 0 { section.notes.append("no sample data symbols found with nm: the sample data row is 0") }
    section.notes.append(
      "sizes in MiB, as the files are on disk (not stripped); a dynamic hello-world is a few KB, its libraries apart")
  }

  static func size(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.size] as? NSNumber)?.intValue ?? 0
  }

  /// The bytes between each `screenrun_…_start` symbol and its `_end` (the `.incbin`s of the
  /// sample data), read with `nm`; 0 when nm is missing.
  static func sampleBytes(in binary: String) -> Int {
    guard let listing = ChildProcess.output(of: ["nm", "--defined-only", binary]) else { return 0 }
    var addresses: [String: Int] = [:]
    for line in listing.split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 3, parts[2].hasPrefix("screenrun_"), let address = Int(parts[0], radix: 16) else {
        continue
      }
      addresses[String(parts[2])] = address
    }
    return addresses.reduce(0) { total, entry in
      guard entry.key.hasSuffix("_start"), let end = addresses[String(entry.key.dropLast(6)) + "_end"] else {
        return total
      }
      return total + max(0, end - entry.value)
    }
  }

  private func file(_ name: String) throws -> String {
    let path = builds + "/" + name
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw ChildProcess.Failure(description: "no \(path): P1 runs through Tests/Benchmarks/p1, which builds it")
    }
    return path
  }

  /// Writes the 64 characters of the first batch of recordings, in the bundled format, with the
  /// bundled generator; nil when done, else why it could not be.
  private func makeSmallDataset(in folder: String) -> String? {
    guard let python = ChildProcess.find("python3") else {
      return "python3 is not installed: the 64-vs-1,446 rows are skipped"
    }
    do {
      _ = try ChildProcess.time([python, Self.generator, "--input", Self.firstBatch, "--output-dir", folder])
      return nil
    } catch {
      return "cannot write the 64-character dataset: \(error)"
    }
  }

  private func temporaryFolder() throws -> String {
    var template = Array((NSTemporaryDirectory() + "/screenbench.XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw ChildProcess.Failure(description: "cannot make a temporary folder")
    }
    return String(cString: made)
  }

  /// The titles of a list frame's rows ("12. Adam Warlock" gives "Adam Warlock").
  static func rowTitles(in frame: String) -> [String] {
    frame.split(separator: "\n").compactMap { line in
      let trimmed = line.drop { $0 == " " }
      guard let dot = trimmed.firstIndex(of: "."), dot > trimmed.startIndex,
        trimmed[..<dot].allSatisfy(\.isNumber), trimmed[dot...].hasPrefix(". ")
      else { return nil }
      return String(trimmed[trimmed.index(dot, offsetBy: 2)...])
    }
  }
}
