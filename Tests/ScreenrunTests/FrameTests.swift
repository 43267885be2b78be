import Foundation
import Testing

/// The frames `screenrun` prints for the shipped screens, from the bundled sample data.
@Suite("Frames")
struct FrameTests {
  static let ironManAvatar = "http://i.annihil.us/u/prod/marvel/i/mg/9/c0/527bb7b37ff55/portrait_xlarge.jpg"
  static let ironManDescription =
    "Wounded, captured and forced to build a weapon by his enemies, billionaire industrialist Tony Stark"
    + " instead created an advanced suit of armor to save his life and escape captivity."

  @Test("the characters list", arguments: [40, 120])
  func characters(width: Int) async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--once", "--width", String(width)])
    expectCharactersList(result, width: width)
  }

  @Test("the characters list at the default width, without --once (stdout is not a terminal)")
  func charactersByDefault() async throws {
    let result = try await Screenrun.run(["Screens/characters.json"])
    expectCharactersList(result, width: 80)
  }

  @Test("Iron Man's detail screen", arguments: [40, 80, 120])
  func ironMan(width: Int) async throws {
    let result = try await Screenrun.run(
      ["Screens/character.json", "--param", "id=1009368", "--once", "--width", String(width)])
    expectIronMan(result, width: width)
  }

  @Test("an absolute screen path works from another working directory")
  func absolutePathElsewhere() async throws {
    let elsewhere = FileManager.default.temporaryDirectory
    let screens = Screenrun.repositoryRoot.appendingPathComponent("Screens")
    let list = screens.appendingPathComponent("characters.json").path
    let detail = screens.appendingPathComponent("character.json").path

    async let listRun = Screenrun.run([list, "--once", "--width", "80"], in: elsewhere)
    async let detailRun = Screenrun.run([detail, "--param", "id=1009368", "--width", "80"], in: elsewhere)
    async let checkRun = Screenrun.run(["--check", list], in: elsewhere)
    let (listResult, detailResult, checkResult) = try await (listRun, detailRun, checkRun)

    expectCharactersList(listResult, width: 80)
    expectIronMan(detailResult, width: 80)
    // The select target, character.json, is found beside characters.json, not in the working folder.
    #expect(checkResult.exitCode == 0, "\(checkResult)")
    #expect(checkResult.stdoutLines == ["\(list): ok"], "\(checkResult)")
  }

  @Test("a relative screen path works from the screen's own folder")
  func relativePathInScreens() async throws {
    let screens = Screenrun.repositoryRoot.appendingPathComponent("Screens")
    async let listRun = Screenrun.run(["characters.json", "--width", "80"], in: screens)
    async let checkRun = Screenrun.run(["--check", "characters.json"], in: screens)
    let (listResult, checkResult) = try await (listRun, checkRun)
    expectCharactersList(listResult, width: 80)
    #expect(checkResult.exitCode == 0, "\(checkResult)")
    #expect(checkResult.stdoutLines == ["characters.json: ok"], "\(checkResult)")
  }

  // MARK: - What the frames hold

  private func expectCharactersList(
    _ result: ProcessResult, width: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr.isEmpty, "stderr: \(result.standardError)", sourceLocation: sourceLocation)
    FrameChecks.expectPlainText(result, sourceLocation: sourceLocation)
    FrameChecks.expectFits(result, width: width, sourceLocation: sourceLocation)

    // At 120 columns or more the list takes the left of the frame, its first row's preview the right.
    var lines = result.stdoutLines
    if width >= 120 {
      #expect(
        lines.first?.hasSuffix(" │ 3-D Man") == true, "the preview: \(result.standardOutput)",
        sourceLocation: sourceLocation)
      lines = lines.map { line in
        let list = line.range(of: " │").map { String(line[..<$0.lowerBound]) } ?? line
        return String(list.reversed().drop { $0 == " " }.reversed())
      }
    }
    #expect(lines.first == "Marvel Characters", "the title: \(result.standardOutput)", sourceLocation: sourceLocation)
    #expect(
      lines.contains { $0.contains("Search characters") }, "no search line with its placeholder",
      sourceLocation: sourceLocation)
    // Numbered rows: " 1. 3-D Man" … "20. Air-Walker (Gabriel Lan)".
    let numbers = lines.compactMap { line -> Int? in
      let trimmed = line.drop { $0 == " " }
      guard let dot = trimmed.firstIndex(of: "."), trimmed[trimmed.index(after: dot)...].hasPrefix(" ") else {
        return nil
      }
      return Int(trimmed[..<dot])
    }
    #expect(numbers == Array(1...20), "the rows are numbered \(numbers)", sourceLocation: sourceLocation)
    #expect(lines.contains { $0.hasSuffix(" 1. 3-D Man") || $0 == " 1. 3-D Man" }, sourceLocation: sourceLocation)
    #expect(lines.contains { $0.hasPrefix("20. Air-Walker") }, sourceLocation: sourceLocation)
    #expect(lines.contains { $0.contains("12 comics") }, "no row subtitle", sourceLocation: sourceLocation)
    #expect(
      lines.contains { $0.contains("1-20 of 1,446") }, "where the list stands: \(result.standardOutput)",
      sourceLocation: sourceLocation)
    #expect(
      lines.last?.hasPrefix("Data provided by Marvel.") == true, "the attribution footer",
      sourceLocation: sourceLocation)
    #expect(lines.last?.contains("MARVEL") == true, sourceLocation: sourceLocation)
  }

  private func expectIronMan(_ result: ProcessResult, width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr.isEmpty, "stderr: \(result.standardError)", sourceLocation: sourceLocation)
    FrameChecks.expectPlainText(result, sourceLocation: sourceLocation)
    FrameChecks.expectFits(result, width: width, sourceLocation: sourceLocation)

    let lines = result.stdoutLines
    let output = result.standardOutput
    #expect(lines.first == "Iron Man", "the title: \(output)", sourceLocation: sourceLocation)

    // The avatar: a labelled URL, whole, though it may wrap onto the lines below its label.
    if let label = lines.firstIndex(where: { $0.hasPrefix("Avatar:") }) {
      let url = lines[label...].prefix { !$0.isEmpty }.joined()
        .dropFirst("Avatar:".count).trimmingCharacters(in: .whitespaces)
      #expect(url == Self.ironManAvatar, "the avatar URL at width \(width): \(output)", sourceLocation: sourceLocation)
    } else {
      Issue.record("no 'Avatar:' line: \(output)", sourceLocation: sourceLocation)
    }

    // The description, word-wrapped to the width.
    let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(words.contains(Self.ironManDescription), "the description: \(output)", sourceLocation: sourceLocation)

    // The fields: a label, then its value.
    let fields = Dictionary(
      lines.compactMap { line -> (String, String)? in
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
      }, uniquingKeysWith: { first, _ in first })
    #expect(fields["Comics"] == "2,664", "\(output)", sourceLocation: sourceLocation)
    #expect(fields["Modified"] == "2016-09-28", "\(output)", sourceLocation: sourceLocation)
    #expect(fields["Id"] == "1009368", "\(output)", sourceLocation: sourceLocation)

    // The Comics list: a header, then one bulleted comic a line.
    if let header = lines.lastIndex(of: "Comics") {
      let items = lines[(header + 1)...].prefix { $0.hasPrefix("  ") }
      #expect(items.count >= 10, "\(items.count) comics listed: \(output)", sourceLocation: sourceLocation)
      #expect(items.first?.contains("A+X (2012) #2") == true, "\(output)", sourceLocation: sourceLocation)
    } else {
      Issue.record("no 'Comics' list header: \(output)", sourceLocation: sourceLocation)
    }
    #expect(
      lines.last?.hasPrefix("Data provided by Marvel.") == true, "the attribution footer",
      sourceLocation: sourceLocation)
  }
}
