import Foundation
import Testing

/// Hot reload in script mode: `--watch` with `--script -`, the script written a line at a time
/// while the screen file is edited between two commands.
@Suite("Hot reload in script mode")
struct HotReloadTests {
  static let subtitle = #""subtitle": "{comics.available|number|default:\"?\"} comics""#
  static let newSubtitle = #""subtitle": "{comics.available|number|default:\"?\"} comic books""#
  static let title = #""title": "{name}""#
  static let brokenTitle = #""title": "{name|shout}""#

  @Test(
    "an edit between two commands re-renders with the same query and rows; a broken edit shows located errors and keeps the last good screen"
  )
  func editBetweenCommands() async throws {
    let screens = try ScreenCopy(["characters.json", "character.json", "character-comics.json"])
    let list = screens.path("characters.json")
    let session = try Screenrun.start([list, "--watch", "--script", "-", "--width", "80"])
    defer { session.kill() }

    do {
      try session.write("search iron\n")
      let searched = try await Self.frame("search iron", of: session)
      #expect(searched.contains("Search: iron"))
      #expect(searched.contains("2,664 comics"))
      let rows = searched.rowTitles
      #expect(rows.count == 20 && rows.contains("Iron Man"), "\(searched)")

      // The row subtitle changes: the same query and rows, the new subtitle.
      try screens.edit("characters.json", replacing: Self.subtitle, with: Self.newSubtitle)
      try session.write("wait 0\n")
      let edited = try await Self.frame("wait 0", of: session)
      #expect(edited.contains("Search: iron"), "the query is kept: \(edited)")
      #expect(edited.rowTitles == rows, "the rows are kept: \(edited)")
      #expect(edited.contains("2,664 comic books"), "the new subtitle: \(edited)")
      #expect(!edited.contains("2,664 comics"), "\(edited)")
      #expect(!edited.lines.contains { $0.hasPrefix("! ") }, "\(edited)")

      // A broken edit: an unknown filter. The located error shows above the last good screen.
      try screens.edit("characters.json", replacing: Self.title, with: Self.brokenTitle)
      try session.write("wait 1\n")
      let broken = try await Self.frame("wait 1", of: session)
      let problems = broken.lines.filter { $0.hasPrefix("! ") }
      #expect(!problems.isEmpty, "no '! ' error lines: \(broken)")
      #expect(broken.lines.first?.hasPrefix("! ") == true, "the errors come first: \(broken)")
      #expect(broken.text.contains("shout"), "the error names the filter: \(broken)")
      #expect(broken.text.contains("characters.json:"), "the error is located in the file: \(broken)")
      #expect(broken.contains("Search: iron"), "the last good screen still renders: \(broken)")
      #expect(broken.rowTitles == rows, "\(broken)")
      #expect(broken.contains("2,664 comic books"), "\(broken)")

      // Fixed: the error is gone.
      try screens.edit("characters.json", replacing: Self.brokenTitle, with: Self.title)
      try session.write("wait 2\n")
      let fixed = try await Self.frame("wait 2", of: session)
      #expect(!fixed.lines.contains { $0.hasPrefix("! ") }, "the error stays after the fix: \(fixed)")
      #expect(fixed.rowTitles == rows, "\(fixed)")
      #expect(fixed.contains("2,664 comic books"), "\(fixed)")

      let status = try await session.finish()
      #expect(status == 0, "a broken edit never makes the run fail\n\(session.transcript)")
    }
  }

  /// The frame after `command`, once it has been printed whole (its last line is the footer).
  static func frame(_ command: String, of session: StreamingProcess) async throws -> ScriptSession.Frame {
    let output = try await session.waitForOutput("frame after '\(command)'") { output in
      ScriptSession.Frame.split(output).last { $0.command == command }?.lines.last == ScriptSessionTests.marvelFooter
    }
    return ScriptSession.Frame.split(output).last { $0.command == command }!
  }
}
