import Foundation

/// P1: how long `screenrun Screens/characters.json --once` takes from spawn to exit, next to the
/// floor of any Swift command-line tool here (one that imports Foundation and prints a line) and
/// to `jq` printing the same 20 names from the same bundled data.
///
/// Two more rows say where the time goes: the same floor linking FoundationNetworking (what any
/// tool with URLSession pays to load libcurl and its libraries, used or not), and
/// `screenrun --version`, which loads screenrun and does nothing.
struct FirstFrameBenchmark {
  let screenrun: String
  let runs: Int

  static let sample = "Plugins/Marvel/Sample/marvel-sample.json"
  static let screen = "Screens/characters.json"

  func run() throws -> Section {
    var section = Section(id: "P1", title: "first frame: screenrun \(Self.screen) --once, spawned to exit")
    let once = [screenrun, Self.screen, "--once"]
    let version = [screenrun, "--version"]
    let jqFilter = ".characters[:20][].name"
    var contenders: [(label: String, command: [String])] = [("screenrun --once", once)]

    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let floor = try buildFloor("Foundation", in: folder)
    contenders.append(("Foundation floor (print one line)", [floor]))
    let jq = ChildProcess.find("jq")
    if let jq {
      contenders.append(("jq -r '\(jqFilter)'", [jq, "-r", jqFilter, Self.sample]))
    } else {
      section.notes.append("jq is not installed: its baseline is skipped (apt-get install jq)")
    }
    let networkingFloor = try buildFloor("FoundationNetworking", in: folder)
    contenders.append(("floor + FoundationNetworking linked", [networkingFloor]))
    contenders.append(("screenrun --version (loading only)", version))

    // The two must print the same names, or the comparison is of different work.
    let frame = ChildProcess.output(of: once + ["--width", "80"]) ?? ""
    let names = Self.rowTitles(in: frame)
    if names.count != 20 { section.notes.append("screenrun --once printed \(names.count) rows, expected 20") }
    if let jq, let printed = ChildProcess.output(of: [jq, "-r", jqFilter, Self.sample]) {
      let jqNames = printed.split(separator: "\n").map(String.init)
      if jqNames != names {
        section.notes.append("jq printed other names than screenrun: the ratio compares unlike work")
      }
    }

    for contender in contenders { for _ in 0..<3 { _ = try ChildProcess.time(contender.command) } }
    let measured = try sideBySide(
      rounds: runs, contenders.map { contender in { try ChildProcess.time(contender.command) } })
    for (contender, measurement) in zip(contenders, measured) {
      section.rows.append(Row(contender.label, .milliseconds, measurement.map { $0 * 1_000 }))
    }
    section.rows.append(
      Row("--once / Foundation floor", .ratio, Measurement.ratio(measured[0], measured[1]), goal: .atMost(1.25)))
    if jq != nil {
      section.rows.append(Row("--once / jq", .ratio, Measurement.ratio(measured[0], measured[2]), goal: .atMost(1.0)))
    }
    let count = measured.count
    section.rows.append(
      Row("networking floor / Foundation floor", .ratio, Measurement.ratio(measured[count - 2], measured[1])))
    section.rows.append(
      Row("--version / Foundation floor", .ratio, Measurement.ratio(measured[count - 1], measured[1])))
    section.rows.append(Row("--once / networking floor", .ratio, Measurement.ratio(measured[0], measured[count - 2])))
    return section
  }

  /// Compiles a floor: a Swift program that imports `module` (Foundation, or FoundationNetworking,
  /// which brings Foundation) and prints one line, built -O with the same toolchain as screenrun.
  private func buildFloor(_ module: String, in folder: String) throws -> String {
    let source = folder + "/\(module).swift"
    let binary = folder + "/\(module)-floor"
    let program =
      (module == "Foundation" ? "" : "import Foundation\n") + "import \(module)\n\nprint(\"screenrun floor\")\n"
    try program.write(toFile: source, atomically: true, encoding: .utf8)
    do {
      _ = try ChildProcess.time(["swiftc", "-O", source, "-o", binary])
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
