import Foundation
import Testing

/// Every broken screen in `Catalog/` exits 2 with a located message a person can act on, both
/// when checked (`--check`) and when run.
@Suite("Broken screen files")
struct CatalogTests {
  @Test("a broken screen exits 2 with a located message", arguments: CatalogCase.all)
  func brokenScreen(_ example: CatalogCase) async throws {
    async let checked = Screenrun.run(["--check", example.path])
    async let ran = Screenrun.run([example.path, "--once"])
    let (check, run) = try await (checked, ran)

    for (mode, result) in [("--check", check), ("run", run)] {
      #expect(result.exitCode == 2, "\(mode): \(result)")
      #expect(result.stdout.isEmpty, "\(mode) printed to stdout: \(result.standardOutput)")
      let diagnostics = DiagnosticLine.all(in: result, file: example.path)
      guard let diagnostic = diagnostics.first else {
        Issue.record("\(mode): no line starts with '\(example.path):' on stderr:\n\(result.standardError)")
        continue
      }
      #expect(diagnostics.count == 1, "\(mode): one problem in this file, and it reported \(diagnostics)")
      expect(diagnostic, matches: example, in: result)
      for other in example.alsoReports {
        let path = Screenrun.catalogFolder + "/" + other
        #expect(
          !DiagnosticLine.all(in: result, file: path).isEmpty,
          "\(mode): the select target's own problems are not reported under \(path):\n\(result.standardError)")
      }
    }
    #expect(
      DiagnosticLine.all(in: check, file: example.path) == DiagnosticLine.all(in: run, file: example.path),
      "--check and a run should report the same problem")
  }

  private func expect(_ diagnostic: DiagnosticLine, matches example: CatalogCase, in result: ProcessResult) {
    let place = diagnostic.line.flatMap { line in diagnostic.column.map { CatalogCase.Place(line: line, column: $0) } }
    #expect(place != nil, "no LINE:COL in \(diagnostic)")
    #expect(diagnostic.pointer == example.pointer, "JSON pointer in \(diagnostic)")
    for words in example.says {
      #expect(diagnostic.message.contains(words), "'\(words)' missing from: \(diagnostic)")
    }
    guard let defect = example.defect else {
      #expect(place.map(example.place.contains) == true, "expected \(example.place), got: \(diagnostic)")
      return
    }
    if defect.place == nil {
      #expect(place.map(example.place.contains) == true, "expected \(example.place), got: \(diagnostic)")
    } else {
      #expect(place?.line == example.place.first?.line, "wrong line in \(diagnostic)")
    }
    withKnownIssue(Comment(rawValue: "DEFECT in \(example.file): \(defect.summary)")) {
      if let ideal = defect.place {
        #expect(place.map(ideal.contains) == true, "should point at \(ideal): \(diagnostic)")
      }
      for words in defect.says {
        #expect(diagnostic.message.contains(words), "'\(words)' missing from: \(diagnostic)")
      }
      if !defect.saysOneOf.isEmpty {
        #expect(
          defect.saysOneOf.contains { diagnostic.message.contains($0) },
          "none of \(defect.saysOneOf) in: \(diagnostic)")
      }
      if defect.rawControlCharacters {
        let controls = result.stderr.filter { $0 < 0x20 && $0 != 0x0A }
        #expect(controls.isEmpty, "stderr holds raw control bytes \(Array(Set(controls)).sorted())")
      }
    }
  }

  @Test("every file in the catalog has a case")
  func everyFileHasACase() throws {
    let files = try catalogFiles()
    let covered = Set(CatalogCase.all.map(\.file) + ["many-problems.json"])
    #expect(Set(files).subtracting(covered).sorted() == [], "catalog files without a test case")
    #expect(covered.subtracting(files).sorted() == [], "test cases without a catalog file")
    #expect(files.count >= 20)
  }

  /// Part 3 of the issue: every problem in one run, not just the first.
  @Test("a file with several problems reports every one of them")
  func everyProblemInOneRun() async throws {
    let path = Screenrun.catalogFolder + "/many-problems.json"
    let result = try await Screenrun.run(["--check", path])
    #expect(result.exitCode == 2, "\(result)")
    let diagnostics = DiagnosticLine.all(in: result, file: path)
    func find(_ pointer: String) -> DiagnosticLine? { diagnostics.first { $0.pointer == pointer } }

    let key = find("/pagng")
    #expect(key?.line == 6 && key?.column == 3, "\(String(describing: key))")
    #expect(key?.message.contains("did you mean 'paging'?") == true)
    let filter = find("/row/title")
    #expect(filter?.line == 8 && filter?.column == 21, "\(String(describing: filter))")
    #expect(filter?.message.contains("unknown filter 'uper'") == true)
    let type = find("/row/subtitle")
    #expect(type?.line == 9 && type?.column == 17, "\(String(describing: type))")
    #expect(type?.message.contains("'subtitle' must be a string") == true)

    let plugin = find("/source/plugin")
    #expect(plugin?.line == 5 && plugin?.column == 25, "\(String(describing: plugin))")
    #expect(plugin?.message.contains("unknown plugin 'marvl'") == true, "\(result.standardError)")

    #expect(diagnostics.count == 4, "\(result.standardError)")
    let order = diagnostics.compactMap { $0.line }
    #expect(order == order.sorted(), "the problems are not in file order: \(result.standardError)")
    #expect(result.stderrLines.last == "4 problems in 1 file", "\(result.standardError)")
  }

  @Test("--check on every catalog file at once reports every file")
  func checkWholeCatalog() async throws {
    let paths = try catalogFiles().map { Screenrun.catalogFolder + "/" + $0 }
    let result = try await Screenrun.run(["--check"] + paths)
    #expect(result.exitCode == 2, "\(result)")
    for path in paths {
      #expect(!DiagnosticLine.all(in: result, file: path).isEmpty, "\(path) is not reported")
      #expect(!result.stdoutLines.contains("\(path): ok"), "\(path) passed --check")
    }
    #expect(result.stdout.isEmpty, "stdout: \(result.standardOutput)")
    let summary = result.stderrLines.last ?? ""
    #expect(summary.hasSuffix("in \(paths.count) files"), "summary line: \(summary)")
    // Each file's problems are reported once, even when another file's select opens it.
    let lines = result.stderrLines.filter { $0.hasPrefix(Screenrun.catalogFolder) }
    #expect(Set(lines).count == lines.count, "a problem is reported twice")
  }

  @Test("--check on the real screens prints ok for each")
  func checkRealScreens() async throws {
    let folder = Screenrun.repositoryRoot.appendingPathComponent("Screens")
    let screens = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }.sorted().map { "Screens/" + $0 }
    #expect(screens.contains("Screens/characters.json"))
    #expect(screens.contains("Screens/character.json"))
    let result = try await Screenrun.run(["--check"] + screens)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdoutLines == screens.map { "\($0): ok" }, "\(result)")
    #expect(result.stderr.isEmpty, "\(result.standardError)")
  }

  /// The top-level screen files of the catalog (`Targets/` holds valid screens they select).
  private func catalogFiles() throws -> [String] {
    let folder = Screenrun.repositoryRoot.appendingPathComponent(Screenrun.catalogFolder)
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
  }
}
