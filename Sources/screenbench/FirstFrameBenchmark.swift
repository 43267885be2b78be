import Foundation

/// P1: how long `screenrun Screens/characters.json --once` takes from spawn to exit, next to the
/// floor of any Swift command-line tool here (one that imports Foundation and prints a line) and
/// to `jq` printing the same 20 names from a fixed file of those 20 records.
///
/// Two rows say whether the first frame grows with the data: the same binary over a dataset of
/// 64 characters and over all 1,446, both read by the same code from files of the same format
/// (`SCREENRUN_MARVEL_SAMPLE`), and GitHub's commits screen next to the Marvel list.
///
/// More rows say where the time goes: the same floor linking FoundationNetworking (what any
/// tool with URLSession pays to load libcurl and its libraries, used or not), the same floor with
/// the Swift runtime and Foundation linked in (`-static-stdlib`, as the README's install builds
/// screenrun), and `screenrun --version`, which loads screenrun and does nothing.
///
/// The goal is for the binary a user installs, built with `--static-swift-stdlib`; a screenrun
/// that loads the Swift runtime as shared libraries is measured all the same, with a note.
struct FirstFrameBenchmark {
  let screenrun: String
  let runs: Int

  /// The first page's 20 records, written by the Marvel generator: jq's work stays fixed however
  /// large the bundled sample grows.
  static let firstPage = "Tests/Fixtures/Benchmark/marvel-first-page.json"
  static let screen = "Screens/characters.json"
  static let generator = "Plugins/Marvel/Sample/build_sample.py"
  /// The first batch of recordings alone, which gives 64 characters.
  static let firstBatch = "Tests/Fixtures/Recorded/marvel"
  static let bundledFolder = "Plugins/Marvel/Sample"

  func run() throws -> Section {
    var section = Section(id: "P1", title: "first frame: screenrun \(Self.screen) --once, spawned to exit")
    let once = [screenrun, Self.screen, "--once"]
    let version = [screenrun, "--version"]
    let commits = [screenrun, "Screens/commits.json", "--param", "repo=sigmavirus24/github3.py", "--once"]
    let jqFilter = ".characters[:20][].name"
    var contenders: [(label: String, command: [String], environment: [String: String]?)] = [
      ("screenrun --once (1,446 characters, linked in)", once, nil)
    ]

    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let floor = try buildFloor("Foundation", in: folder)
    contenders.append(("Foundation floor (print one line)", [floor], nil))
    let jq = ChildProcess.find("jq")
    if let jq {
      contenders.append(("jq -r '\(jqFilter)' (20 records)", [jq, "-r", jqFilter, Self.firstPage], nil))
    } else {
      section.notes.append("jq is not installed: its baseline is skipped (apt-get install jq)")
    }
    let networkingFloor = try buildFloor("FoundationNetworking", in: folder)
    contenders.append(("floor + FoundationNetworking linked", [networkingFloor], nil))
    let staticFloor = try buildFloor("Foundation", in: folder, flags: ["-static-stdlib"])
    contenders.append(("Foundation floor, runtime linked in (-static-stdlib)", [staticFloor], nil))
    if let libraries = ChildProcess.output(of: ["ldd", screenrun]), libraries.contains("libswiftCore.so") {
      section.notes.append(
        "this screenrun loads the Swift runtime as shared libraries; the goal is for the installed build: "
          + "swift build -c release --static-swift-stdlib, then .build/release/screenbench")
    }
    contenders.append(("screenrun --version (loading only)", version, nil))

    // The same binary and code path over 64 and 1,446 characters: both datasets mapped from
    // files that build_sample.py wrote in the same format.
    var environment = ProcessInfo.processInfo.environment
    let small = folder + "/marvel64"
    let scaling = makeSmallDataset(in: small)
    if let problem = scaling {
      section.notes.append(problem)
    } else {
      environment["SCREENRUN_MARVEL_SAMPLE"] = small
      contenders.append(("--once over 64 characters (mapped file)", once, environment))
      environment["SCREENRUN_MARVEL_SAMPLE"] = Self.bundledFolder
      contenders.append(("--once over 1,446 characters (mapped file)", once, environment))
    }
    contenders.append(("commits.json --param repo=sigmavirus24/github3.py --once", commits, nil))

    // The two must print the same names, or the comparison is of different work.
    let frame = ChildProcess.output(of: once + ["--width", "80"]) ?? ""
    let names = Self.rowTitles(in: frame)
    if names.count != 20 { section.notes.append("screenrun --once printed \(names.count) rows, expected 20") }
    if let jq, let printed = ChildProcess.output(of: [jq, "-r", jqFilter, Self.firstPage]) {
      let jqNames = printed.split(separator: "\n").map(String.init)
      if jqNames != names {
        section.notes.append("jq printed other names than screenrun: the ratio compares unlike work")
      }
    }

    for contender in contenders {
      for _ in 0..<3 { _ = try ChildProcess.time(contender.command, environment: contender.environment) }
    }
    let measured = try sideBySide(
      rounds: runs,
      contenders.map { contender in { try ChildProcess.time(contender.command, environment: contender.environment) } })
    for (contender, measurement) in zip(contenders, measured) {
      section.rows.append(Row(contender.label, .milliseconds, measurement.map { $0 * 1_000 }))
    }
    func at(_ prefix: String) -> Measurement? {
      contenders.firstIndex { $0.label.hasPrefix(prefix) }.map { measured[$0] }
    }
    let first = measured[0]
    let foundation = measured[1]
    section.rows.append(
      Row("--once / Foundation floor", .ratio, Measurement.ratio(first, foundation), goal: .atMost(1.25)))
    if let jqRun = at("jq ") {
      section.rows.append(Row("--once / jq", .ratio, Measurement.ratio(first, jqRun), goal: .atMost(1.0)))
    }
    if let networking = at("floor + FoundationNetworking"), let loading = at("screenrun --version") {
      section.rows.append(Row("networking floor / Foundation floor", .ratio, Measurement.ratio(networking, foundation)))
      section.rows.append(Row("--version / Foundation floor", .ratio, Measurement.ratio(loading, foundation)))
      section.rows.append(Row("--once / networking floor", .ratio, Measurement.ratio(first, networking)))
    }
    if let linkedIn = at("Foundation floor, runtime linked in") {
      section.rows.append(Row("--once / floor with the runtime linked in", .ratio, Measurement.ratio(first, linkedIn)))
    }
    if let few = at("--once over 64"), let many = at("--once over 1,446") {
      section.rows.append(
        Row(
          "1,446 / 64 characters (same code, mapped files)", .ratio, Measurement.ratio(many, few), goal: .atMost(1.05)))
      section.rows.append(Row("1,446 linked in / 64 mapped", .ratio, Measurement.ratio(first, few)))
    }
    if let github = at("commits.json") {
      section.rows.append(
        Row("GitHub commits / Marvel list", .ratio, Measurement.ratio(github, first), goal: .atMost(1.1)))
    }
    return section
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

  /// Compiles a floor: a Swift program that imports `module` (Foundation, or FoundationNetworking,
  /// which brings Foundation) and prints one line, built -O with the same toolchain as screenrun.
  private func buildFloor(_ module: String, in folder: String, flags: [String] = []) throws -> String {
    let source = folder + "/\(module).swift"
    let binary = folder + "/\(module)\(flags.joined())-floor"
    let program =
      (module == "Foundation" ? "" : "import Foundation\n") + "import \(module)\n\nprint(\"screenrun floor\")\n"
    try program.write(toFile: source, atomically: true, encoding: .utf8)
    do {
      _ = try ChildProcess.time(["swiftc", "-O"] + flags + [source, "-o", binary])
    } catch {
      throw ChildProcess.Failure(description: "cannot build the Foundation floor with swiftc: \(error)")
    }
    return binary
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
