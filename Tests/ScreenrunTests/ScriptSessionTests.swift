import Foundation
import TestSupport
import Testing

/// Scripted sessions through the built tool (`--script FILE` and `--script -`) on the shipped
/// screens and their sample data: one frame after each command, the same bytes on every run.
/// The frames themselves are compared by the shipped screen tests, `Tests/Screens/*.screentest`
/// (`screenrun test`); these tests check what the frames mean.
@Suite("Scripted sessions")
struct ScriptSessionTests {
  static let marvelFooter = "Data provided by Marvel. © 2024 MARVEL"

  // MARK: - Marvel

  @Test("search iron lists the characters whose names start with it")
  func marvelSearch() async throws {
    let session = try await ScriptSession.run("Screens/characters.json", "search iron\n")
    expectSucceeded(session, width: 60)

    let frames = session.frames
    try #require(frames.map(\.command) == ["start Screens/characters.json", "search iron"], "\(session.result)")
    #expect(frames[1].contains("Search: iron"))
    #expect(frames[1].rowTitles.count == 20)
    #expect(frames[1].rowTitles.allSatisfy { $0.hasPrefix("Iron") }, "\(frames[1].rowTitles)")
    #expect(frames[1].rowTitles.contains("Iron Man"))
    #expect(frames[1].contains("1-20 of 20"))
  }

  @Test("type waits for the debounce: the frame before 'wait 600' still shows the old rows")
  func marvelTypeAndWait() async throws {
    let session = try await ScriptSession.run(
      "Screens/characters.json", "# keystrokes, then time for the 500 ms debounce\ntype iron\nwait 600\n", input: .stdin
    )
    expectSucceeded(session, width: 60)

    let frames = session.frames
    try #require(
      frames.map(\.command) == ["start Screens/characters.json", "type iron", "wait 600"], "\(session.result)")
    let (start, typed, waited) = (frames[0], frames[1], frames[2])
    #expect(typed.contains("Search: iron"), "the query shows at once")
    #expect(typed.rowTitles == start.rowTitles, "before the debounce fires, the rows are the first page's")
    #expect(typed.contains("1-20 of 1,446, more to load"))
    #expect(waited.contains("Search: iron"))
    #expect(waited.rowTitles.first == "Iron Cross Army")
    #expect(waited.rowTitles.contains("Iron Man"))
    #expect(waited.contains("1-20 of 20"))
  }

  @Test("the debounce fires at 500 ms of virtual time, not before")
  func marvelDebounceEdge() async throws {
    let session = try await ScriptSession.run("Screens/characters.json", "type iron\nwait 499\nwait 1\n")
    expectSucceeded(session, width: 60)
    let frames = session.frames
    try #require(frames.count == 4, "\(session.result)")
    #expect(frames[2].rowTitles == frames[0].rowTitles, "at 499 ms the old rows still show")
    #expect(frames[3].rowTitles.first == "Iron Cross Army", "at 500 ms the search has run")
  }

  @Test("next, next pages across three pages")
  func marvelPaging() async throws {
    let session = try await ScriptSession.run("Screens/characters.json", "next\nnext\n")
    expectSucceeded(session, width: 60)

    let frames = session.frames
    try #require(frames.map(\.command) == ["start Screens/characters.json", "next", "next"], "\(session.result)")
    #expect(frames.map(\.rowTitles.count) == [20, 40, 60])
    #expect(frames[0].contains("1-20 of 1,446, more to load"))
    #expect(frames[1].contains("1-40 of 1,446, more to load"))
    #expect(frames[2].contains("1-60 of 1,446, more to load"))
    // Each page is appended: what was there stays in its place.
    #expect(Array(frames[1].rowTitles.prefix(20)) == frames[0].rowTitles)
    #expect(Array(frames[2].rowTitles.prefix(40)) == frames[1].rowTitles)
    #expect(Set(frames[2].rowTitles).count == 60, "no row twice")
  }

  @Test("open a character's detail screen and go back to the same list")
  func marvelOpenAndBack() async throws {
    let session = try await ScriptSession.run("Screens/characters.json", "search iron\nopen 9\nback\n", width: 80)
    expectSucceeded(session, width: 80)

    let frames = session.frames
    try #require(
      frames.map(\.command) == ["start Screens/characters.json", "search iron", "open 9", "back"], "\(session.result)")
    let detail = frames[2]
    #expect(detail.lines.first == "Iron Man")
    #expect(detail.contains("portrait_xlarge.jpg"))
    #expect(detail.contains("Wounded, captured and forced to build a weapon"))
    #expect(detail.lines.contains("Comics"))
    #expect(frames[3].lines == frames[1].lines, "back shows the list as it was: query and rows")
  }

  @Test("a search with no match shows the empty text")
  func marvelEmpty() async throws {
    let session = try await ScriptSession.run("Screens/characters.json", "search zzzz\n")
    expectSucceeded(session, width: 60)
    let last = try #require(session.frames.last)
    #expect(last.contains("No characters start with 'zzzz'."))
    #expect(last.contains("0 results"))
    #expect(last.rowTitles.isEmpty)
  }

  @Test("quit ends the script: nothing after it runs")
  func quitStops() async throws {
    let session = try await ScriptSession.run(
      "Screens/characters.json", "search iron\nquit\nsearch zzzz\n", input: .stdin)
    expectSucceeded(session, width: 60)
    #expect(session.frames.map(\.command) == ["start Screens/characters.json", "search iron"], "\(session.result)")
  }

  // MARK: - Errors and retry

  @Test("a 404 shows the error in the frame; reload retries and shows it again; exit 1")
  func errorAndRetry() async throws {
    let session = try await ScriptSession.run(
      "Screens/commits.json", "reload\n", arguments: ["--param", "repo=nobody/nothing"])
    let result = session.result
    #expect(result.exitCode == 1, "the last frame is an error: \(result)")
    FrameChecks.expectPlainText(result)
    FrameChecks.expectFits(result, width: 60)

    let frames = session.frames
    try #require(frames.map(\.command) == ["start Screens/commits.json", "reload"], "\(result)")
    #expect(frames[0].lines.first == "Commits of nobody/nothing")
    #expect(frames[0].contains("error: not found: Not Found"))
    #expect(frames[1].lines == frames[0].lines, "the retry fails the same way")
    #expect(
      result.stderrLines == [
        "Screens/commits.json: error: not found: Not Found (GET /repos/nobody/nothing/commits)"
      ],
      "\(result)")
  }

  // MARK: - GitHub

  @Test("the repositories screen starts empty with 'Type to search.'")
  func githubStartsEmpty() async throws {
    let session = try await ScriptSession.run("Screens/repositories.json", "", width: 80)
    expectSucceeded(session, width: 80)
    let frames = session.frames
    try #require(frames.count == 1, "\(session.result)")
    #expect(frames[0].lines.first == "GitHub Repositories")
    #expect(frames[0].contains("Type to search."))
    #expect(frames[0].rowTitles.isEmpty)
  }

  @Test("the empty repositories screen asks the server nothing (live mode against a dead server)")
  func githubEmptyAsksNothing() async throws {
    // Nothing listens on the discard port: a request would end in a connection error.
    let dead = ["GITHUB_API_URL": "http://127.0.0.1:9"]
    async let quiet = ScriptSession.run(
      "Screens/repositories.json", "", width: 80, arguments: ["--live"], environment: dead)
    async let asking = ScriptSession.run(
      "Screens/repositories.json", "search react\n", width: 80, arguments: ["--live"], environment: dead)
    let (empty, searched) = try await (quiet, asking)
    expectSucceeded(empty, width: 80)
    #expect(empty.frames.last?.contains("Type to search.") == true, "\(empty.result)")
    // The probe works: the same server, asked, fails.
    #expect(searched.result.exitCode == 1, "\(searched.result)")
    #expect(searched.frames.last?.contains("connection") == true, "\(searched.result)")
  }

  @Test("search react lists repositories; open 1 opens the repository; back returns")
  func githubSearchReact() async throws {
    let session = try await ScriptSession.run("Screens/repositories.json", "search react\nopen 1\nback\n", width: 80)
    expectSucceeded(session, width: 80)

    let frames = session.frames
    try #require(
      frames.map(\.command) == ["start Screens/repositories.json", "search react", "open 1", "back"],
      "\(session.result)")
    #expect(frames[1].rowTitles.first == "facebook/react")
    #expect(frames[1].rowTitles.count == 10)
    #expect(frames[2].lines.first == "facebook/react")
    #expect(frames[2].contains("  → Commits"), "the commits are the repository's link: \(frames[2])")
    #expect(frames[3].lines == frames[1].lines)
  }

  @Test("a repository, its commits, then one commit, then back three times")
  func githubOpenCommit() async throws {
    // The sample data holds commits for jacquev6/PyGithub and sigmavirus24/github3.py only.
    let session = try await ScriptSession.run(
      "Screens/repositories.json", "search pygithub\nopen 1\nopen 1\nopen 1\nback\nback\nback\n", input: .stdin,
      width: 80)
    expectSucceeded(session, width: 80)

    let frames = session.frames
    try #require(
      frames.map(\.command) == [
        "start Screens/repositories.json", "search pygithub", "open 1", "open 1", "open 1", "back", "back", "back",
      ],
      "\(session.result)")
    #expect(frames[1].rowTitles == ["jacquev6/PyGithub"])
    #expect(frames[2].lines.first == "jacquev6/PyGithub")
    #expect(frames[3].lines.first == "Commits of jacquev6/PyGithub")
    #expect(frames[3].rowTitles.first == "Fixing lint errors in release branch")
    #expect(frames[4].lines.first == "Fixing lint errors in release branch")
    #expect(frames[4].contains("0791cc7b1a706ab5d7c607ddff35de4d486ba3e9"))
    #expect(frames[5].lines == frames[3].lines)
    #expect(frames[6].lines == frames[2].lines)
    #expect(frames[7].lines == frames[1].lines)
  }

  // MARK: - Detail screens that lead somewhere

  @Test("a character's detail opens the searchable list of its comics with 'open 1'")
  func characterOpensItsComics() async throws {
    let session = try await ScriptSession.run(
      "Screens/character.json", "open 1\nsearch Avengers\nback\nopen 2\n", width: 80,
      arguments: ["--param", "id=1009368"])
    let frames = session.frames
    try #require(
      frames.map(\.command) == [
        "start Screens/character.json", "open 1", "search Avengers", "back",
      ], "\(session.result)")
    #expect(frames[0].contains("  → All comics, searchable"))
    #expect(frames[1].lines.first == "Comics of Iron Man")
    #expect(frames[1].contains("1-20 of 53, more to load"), "\(frames[1])")
    #expect(frames[2].contains("Search: Avengers") && frames[2].contains("1-10 of 10"), "\(frames[2])")
    #expect(!frames[2].rowTitles.isEmpty && frames[2].rowTitles.allSatisfy { $0.hasPrefix("Avengers") })
    #expect(frames[3].lines == frames[0].lines, "back to the same character")
    // The character screen has one link: its comics are listed, not linked.
    #expect(session.result.standardError.contains("there is no link 2; the screen has 1"), "\(session.result)")
    #expect(session.result.exitCode == 2)
  }

  @Test("a commit opens its repository (the first link) and a parent commit (the next ones)")
  func commitOpensItsRepositoryAndParents() async throws {
    let session = try await ScriptSession.run(
      "Screens/commit.json", "open 1\nback\nopen 2\n", width: 80,
      arguments: ["--param", "repo=sigmavirus24/github3.py", "--param", "sha=977560f205a84449522988b52e196f4bf502f79a"])
    expectSucceeded(session, width: 80)
    let frames = session.frames
    try #require(
      frames.map(\.command) == ["start Screens/commit.json", "open 1", "back", "open 2"], "\(session.result)")
    #expect(frames[0].lines.first == "Merge pull request #759 from sigmavirus24/add-py36")
    #expect(frames[0].contains("  → Repository sigmavirus24/github3.py"))
    #expect(frames[0].contains("  • 95df621823d8215ed12bc41da473f78dfe81cb76"))
    #expect(frames[1].lines.first == "sigmavirus24/github3.py")
    #expect(frames[1].contains("Python library for interfacing with the GitHub APIv3"))
    #expect(frames[2].lines == frames[0].lines)
    #expect(frames[3].lines.first == "Merge pull request #757 from sigmavirus24/gistfile-filename")
    #expect(frames[3].contains("95df621823d8215ed12bc41da473f78dfe81cb76"))
  }

  // MARK: - Bad scripts

  struct BadScript: Sendable, CustomTestStringConvertible {
    var screen: String
    /// The commands that run well, then the bad line.
    var good: String
    var bad: String
    var input: ScriptSession.Input
    var message: String
    var testDescription: String { "\(bad) (\(input == .file ? "file" : "stdin"))" }

    var lineNumber: Int { good.split(separator: "\n", omittingEmptySubsequences: false).count }
  }

  @Test(
    "a bad script stops at the bad line with FILE:LINE: error, exit 2, after the frames before it",
    arguments: [
      BadScript(
        screen: "Screens/characters.json", good: "search iron\nopen 9\n", bad: "helo", input: .file,
        message: "unknown command 'helo'"),
      BadScript(
        screen: "Screens/characters.json", good: "# twenty rows\n", bad: "open 99", input: .file,
        message: "cannot open: there is no row 99; the list has 20"),
      BadScript(
        screen: "Screens/characters.json", good: "search iron\n", bad: "back", input: .stdin,
        message: "'back' on the first screen: there is nothing to go back to"),
      BadScript(
        screen: "Screens/characters.json", good: "search spi\nnext\n", bad: "next", input: .stdin,
        message: "there is no next page: all 24 rows are loaded"),
    ])
  func badScript(_ example: BadScript) async throws {
    // The expected frames: the same script without the bad line.
    async let goodRun = ScriptSession.run(example.screen, example.good, input: example.input)
    async let badRun = ScriptSession.run(
      example.screen, example.good + example.bad + "\nsearch never\n", input: example.input)
    let (good, bad) = try await (goodRun, badRun)
    expectSucceeded(good, width: 60)

    let result = bad.result
    #expect(result.exitCode == 2, "\(result)")
    let expected = "\(bad.scriptName):\(example.lineNumber): error: \(example.message)"
    #expect(result.stderrLines.count == 1, "\(result)")
    #expect(result.stderrLines.first?.hasPrefix(expected) == true, "expected \(expected)\n\(result)")
    #expect(!result.standardOutput.contains("$ search never"), "nothing after the bad line runs")

    #expect(
      result.standardOutput == good.result.standardOutput,
      "the frames before the bad line:\n\(LineDiffText.of(good.result.standardOutput, result.standardOutput))")
  }

  @Test("a script file that does not exist is a usage error")
  func missingScript() async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--script", "no/such.script"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    #expect(result.stderrLines.first?.hasPrefix("no/such.script: error: ") == true, "\(result)")
  }
}

/// A script that ran through: exit 0, nothing on stderr, plain frames that fit the width.
func expectSucceeded(_ session: ScriptSession, width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
  let result = session.result
  #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
  #expect(result.stderr.isEmpty, "stderr: \(result.standardError)", sourceLocation: sourceLocation)
  FrameChecks.expectPlainText(result, sourceLocation: sourceLocation)
  FrameChecks.expectFits(result, width: width, sourceLocation: sourceLocation)
}
