import Foundation
import Testing

/// The one rule for plain frames, end to end: every line fits `--width`, script headings
/// included, except a URL, which stands whole and alone on its line.
@Suite("Frame widths and URLs")
struct FrameWidthTests {
  @Test("script headings are cut to the width, with …")
  func headingsAreCut() async throws {
    let query = String(repeating: "spider ", count: 20)
    let session = try await ScriptSession.run("Screens/characters.json", "search \(query)\nnext\n", width: 24)
    let result = session.result
    #expect(result.exitCode == 0 || result.exitCode == 2, "\(result)")
    FrameChecks.expectFits(result, width: 24)
    let headings = result.stdoutLines.filter { $0.hasPrefix("$ ") }
    #expect(headings.first == "$ start Screens/charact…", "\(headings)")
    #expect(headings.dropFirst().first == "$ search spider spider …", "\(headings)")
  }

  @Test("a detail screen's picture URL stays whole, alone on its line", arguments: [20, 40, 60])
  func pictureURLWhole(width: Int) async throws {
    let result = try await Screenrun.run(
      ["Screens/character.json", "--param", "id=1009368", "--once", "--width", String(width)])
    #expect(result.exitCode == 0, "\(result)")
    FrameChecks.expectFits(result, width: width)
    #expect(result.stdoutLines.contains(FrameTests.ironManAvatar), "\(result.standardOutput)")
    #expect(result.stdoutLines.contains("Avatar:"), "\(result.standardOutput)")
  }

  @Test("typing 40,000 characters in a script completes, one search for them all")
  func longType() async throws {
    let text = String(repeating: "spider", count: 40_000 / 6) + "abcd"
    let session = try await ScriptSession.run("Screens/characters.json", "type \(text)\nwait 600\n", width: 40)
    let result = session.result
    #expect(result.exitCode == 0, "\(result)")
    FrameChecks.expectFits(result, width: 40)
    let last = try #require(session.frames.last)
    #expect(last.command == "wait 600")
    #expect(last.contains("Search: spiderspider"))
    #expect(last.contains("0 results"), "\(last)")
  }
}
