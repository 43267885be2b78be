import Foundation
import ScreenKit
import ScreenRuntime
import TestSupport
import Testing

@testable import ScreenRunCLI
@testable import ScreenTerminal
@testable import ScreenTestRunner

/// The `.screentest` format: any frame reads back exactly, problems are located, and the diff
/// shows what cannot be seen.
@Suite("Screen test files")
struct ScreenTestFormatTests {
  /// Frames that look like the format's own lines, or that a careless reader would change.
  static let hostileFrames: [String] = [
    "",
    "\n",
    "\n\n\n",
    "no newline at the end",
    "one line\n",
    "$ search iron\n| a frame line\n! error: not an error\n? exit 2\n\\ no newline at end of frame\n",
    "# a comment\n\nscreen: x.json\n",
    "trailing spaces   \n\ttab\t\n",
    "carriage\r\nreturns\r\r\n",
    "\u{301}a combining mark first\n| \u{301}\n",
    "|\n| \n||\n$\n!\n?\n",
    "wide 京东 and emoji 👍🏽 and zero\u{200B}width\u{FEFF}\n",
    "ends in a space ",
    "\\ no newline at end of frame",
  ]

  static func test(frames: [String?], errors: [[String]] = [], exit: Int32? = nil) -> ScreenTest {
    var test = ScreenTest(head: ["# hostile frames", "screen: x.json"])
    test.settings.screen = "x.json"
    for (index, frame) in frames.enumerated() {
      var output = ScreenTest.Output(frame: frame)
      if index < errors.count { output.errors = errors[index] }
      test.blocks.append(.init(command: index == 0 ? "start" : "search \(index)", line: 0, output: output))
    }
    test.blocks[test.blocks.count - 1].output.exit = exit
    return test
  }

  @Test("every frame reads back byte for byte", arguments: hostileFrames)
  func roundTrip(_ frame: String) throws {
    let written = Self.test(
      frames: [frame, frame, nil, frame], errors: [[], ScreenTest.lines(of: "error: " + frame)], exit: 2)
    let read = try ScreenTest(parsing: written.text)
    #expect(read.blocks.map(\.output) == written.blocks.map(\.output), "\(written.text)")
    #expect(Array(read.text.utf8) == Array(written.text.utf8))
  }

  @Test("all the hostile frames in one file, and error lines that look like the format's")
  func roundTripTogether() throws {
    let errors = [[], ["error: a", "? exit 3", "| not a frame", "$ not a command", ""]]
    let written = Self.test(frames: Self.hostileFrames + [nil], errors: errors, exit: 1)
    let read = try ScreenTest(parsing: written.text)
    #expect(read.blocks.map(\.output) == written.blocks.map(\.output))
    #expect(read.blocks.map(\.command) == written.blocks.map(\.command))
  }

  @Test("a setting's value is trimmed as Foundation trims white space")
  func settingValuesTrim() {
    let values = [
      "", " ", "\t", " a ", "\ta b\t", "a", "  x.json", "x.json  \t", "\u{A0}a\u{3000}", " \u{2003}b ", "\u{301} c",
      "d\u{200B} ", "\r e \r", "\u{85}f",
    ]
    for value in values {
      #expect(value[...].trimmingSpaces() == value.trimmingCharacters(in: .whitespaces), "\(value)")
    }
  }

  @Test("outputs are equal byte for byte, not as canonically equivalent text")
  func outputsCompareBytes() {
    typealias Output = ScreenTest.Output
    #expect(Output(frame: "caf\u{E9}\n") == Output(frame: "caf\u{E9}\n"))
    #expect(Output(frame: "caf\u{E9}\n") != Output(frame: "cafe\u{301}\n"))
    #expect(Output(frame: "a\n") != Output(frame: "b\n"))
    #expect(Output(frame: "") == Output(frame: ""))
    #expect(Output(frame: "") != Output(frame: nil))
    #expect(Output(errors: ["\u{C5}"]) != Output(errors: ["A\u{30A}"]))
    #expect(Output(errors: ["x"], exit: 2) == Output(errors: ["x"], exit: 2))
    #expect(Output(errors: ["x"], exit: 2) != Output(errors: ["x"], exit: 1))
  }

  @Test("a file's bytes read as its text does: invalid UTF-8 in frame lines, errors and comments")
  func bytesAsText() throws {
    // Truncated and stray sequences at a line's end, a CR before the newline, a lone '|'.
    let pieces: [[UInt8]] = [
      Array("screen: x.json\n$ start\n| a\u{E9}".utf8) + [0xC3], Array("\n| ".utf8) + [0xFF, 0xE2, 0x82],
      Array("\r\n|\n| ok\n! error: ".utf8) + [0xF0, 0x9F], Array("\n? exit 2\n# after".utf8) + [0x80],
      Array("\n$ next\n| \u{301}x\n\\ no newline at end of frame\n".utf8),
    ]
    let bytes = pieces.flatMap { $0 }
    let fromBytes = try ScreenTest(parsing: bytes)
    let fromText = try ScreenTest(parsing: String(decoding: bytes, as: UTF8.self))
    #expect(fromBytes == fromText)
    #expect(fromBytes.blocks[0].output.frame == "a\u{E9}\u{FFFD}\n\u{FFFD}\u{FFFD}\r\n\nok\n")
    #expect(fromBytes.blocks[0].output.errors == ["error: \u{FFFD}"])
    #expect(fromBytes.blocks[1].output.frame == "\u{301}x")
    #expect(fromBytes.blocks[1].leading == ["# after\u{FFFD}"])
  }

  @Test("comments, blank lines and settings are kept as written; a missing '$ start' is added")
  func keepsWhatIsWritten() throws {
    let text = """
      # What this tests.

      screen: ../Screens/characters.json
      param: id=1
      width: 60
      height: 12
      data: sample
      plugin-path: plugins

      # a comment before a command
      $ search iron
      | frame

      # the end
      """
    let test = try ScreenTest(parsing: text + "\n")
    #expect(test.settings.screen == "../Screens/characters.json")
    #expect(test.settings.parameters == [.init(name: "id", value: "1")])
    #expect(test.settings.width == 60 && test.settings.height == 12 && !test.settings.live)
    #expect(test.settings.pluginPaths == ["plugins"])
    #expect(test.blocks.map(\.command) == ["start", "search iron"])
    #expect(test.blocks[1].line == 11)
    #expect(test.blocks[1].output.frame == "frame\n")
    #expect(!test.isUnrecorded)
    let rewritten = test.text
    #expect(rewritten.hasPrefix("# What this tests.\n\nscreen: ../Screens/characters.json\nparam: id=1\n"))
    #expect(
      rewritten.hasSuffix(
        "plugin-path: plugins\n$ start\n\n# a comment before a command\n$ search iron\n| frame\n\n# the end\n"),
      "\(rewritten)")
    #expect(try ScreenTest(parsing: rewritten).text == rewritten)
  }

  @Test("a test with no output at all is unrecorded")
  func unrecorded() throws {
    let test = try ScreenTest(parsing: "screen: a.json\n$ search x\n$ next\n")
    #expect(test.isUnrecorded)
    #expect(test.blocks.map(\.command) == ["start", "search x", "next"])
    let recorded = test.replacingOutputs([.init(frame: "a\n"), .init(frame: "b\n")])
    #expect(!recorded.isUnrecorded)
    #expect(recorded.blocks.count == 2, "the command after the run ended is dropped")
  }

  struct Broken: Sendable, CustomTestStringConvertible {
    var text: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { message }
  }

  @Test(
    "a broken test file is located at its line and column",
    arguments: [
      Broken(
        text: "screen: a.json\nwidht: 60\n", line: 2, column: 1,
        message: "unknown setting 'widht'; did you mean 'width'?"),
      Broken(text: "# no screen\n$ next\n", line: 2, column: 1, message: "the test names no screen"),
      Broken(text: "", line: 1, column: 1, message: "the test names no screen"),
      Broken(text: "screen: a.json\nwidth: 5\n", line: 2, column: 8, message: "'width' takes a number of columns"),
      Broken(text: "screen: a.json\nparam: =x\n", line: 2, column: 8, message: "'param' takes KEY=VALUE"),
      Broken(text: "screen: a.json\ndata: fake\n", line: 2, column: 7, message: "'data' is 'sample'"),
      Broken(
        text: "screen: a.json\nnow: 2025-12-01T25:00:00Z\n", line: 2, column: 6,
        message: "'now' takes an ISO 8601 time, as in 'now: 2025-12-01T00:00:00Z', or Unix seconds, not '2025-12-01T25"),
      Broken(text: "screen: a.json\nnow: yesterday\n", line: 2, column: 6, message: "'now' takes an ISO 8601 time"),
      Broken(text: "screen: a.json\nnow: 1e99\n", line: 2, column: 6, message: "'now' takes an ISO 8601 time"),
      Broken(text: "screen: a.json\njust words\n", line: 2, column: 1, message: "expected a setting"),
      Broken(text: "screen: a.json\n$ next\n|x\n", line: 3, column: 1, message: "expected a frame line"),
      Broken(text: "screen: a.json\n$ next\n! e\n| late\n", line: 4, column: 1, message: "a frame line after"),
      Broken(text: "screen: a.json\n$ next\n? exit 0\n", line: 3, column: 1, message: "'? exit' takes"),
      Broken(text: "screen: a.json\n$ next\n| a\n\n| b\n", line: 5, column: 1, message: "output after a comment"),
    ])
  func brokenFiles(_ example: Broken) {
    #expect {
      _ = try ScreenTest(parsing: example.text)
    } throws: { error in
      guard let error = error as? ScreenTestError else { return false }
      return error.line == example.line && error.column == example.column && error.message.hasPrefix(example.message)
    }
  }

  @Test("paths are relative to the test's folder")
  func relativePaths() {
    #expect(ScreenTest.path("../../Screens/a.json", relativeTo: "Tests/Screens") == "Screens/a.json")
    #expect(ScreenTest.path("a.json", relativeTo: "") == "a.json")
    #expect(ScreenTest.path("./b/../a.json", relativeTo: "x") == "x/a.json")
    #expect(ScreenTest.path("/abs/a.json", relativeTo: "x") == "/abs/a.json")
    #expect(ScreenTest.path("../../a.json", relativeTo: "x") == "../a.json")
  }

  // MARK: - The diff

  @Test("the diff is unified, with three lines of context, and shows trailing spaces")
  func unifiedDiff() {
    let old = (1...12).map { "line \($0)" }
    var new = old
    new[5] = "line 6   "
    new.insert("added", at: 10)
    let diff = TranscriptDiff(old: old, new: new, oldStart: 10, newStart: 10)
    #expect(diff.hunks.count == 1, "changes 4 lines apart share a hunk")
    let hunk = diff.hunks[0]
    #expect(hunk.header == "@@ -12,10 +12,11 @@")
    #expect(hunk.lines.first == .kept("line 3") && hunk.lines.last == .kept("line 12"))
    #expect(hunk.lines.contains(.removed("line 6")) && hunk.lines.contains(.added("line 6   ")))
    #expect(hunk.lines.contains(.added("added")))

    let far = TranscriptDiff(old: old + old, new: ["changed"] + old.dropFirst() + old.dropLast() + ["changed"])
    #expect(far.hunks.map(\.header) == ["@@ -1,4 +1,4 @@", "@@ -21,4 +21,4 @@"])
    #expect(TranscriptDiff(old: old, new: old).hunks.isEmpty)
  }

  @Test("invisible characters are named, and trailing spaces and tabs shown")
  func visible() {
    #expect(Visible.marked("a b  ") == "a b␠␠")
    #expect(Visible.marked("tab\t") == "tab␉")
    #expect(Visible.marked("zero\u{200B}width") == "zero⟨U+200B⟩width")
    #expect(Visible.marked("no\u{A0}break") == "no⟨U+00A0⟩break")
    #expect(Visible.marked("\u{1B}[31m") == "⟨U+001B⟩[31m")
    #expect(Visible.marked("京东 plain") == "京东 plain")
  }

  @Test("a failed test's diff is under the command that made the frame, in colour only when asked")
  func failureReport() throws {
    let expected = try ScreenTest(parsing: "screen: a.json\n$ start\n| a\n| b\n$ next\n| c\n$ open 1\n| d\n")
    let actual = expected.replacingOutputs([.init(frame: "a\nb\n"), .init(frame: "c \n")])
    let diffs = TestCommand.diffs(expected: expected, actual: actual)
    #expect(diffs.map(\.command) == ["next", "open 1"])
    #expect(diffs[1].note?.contains("not run") == true)
    let plain = TestCommand.plain(diffs)
    #expect(plain.contains("  $ next  (line 5)\n  @@ -6,1 +6,1 @@\n  -| c\n  +| c␠\n"), "\(plain)")
    #expect(!plain.contains("\u{1B}"))
    let coloured = TerminalWriter.bytes(of: TestCommand.render(diffs, colour: true))
    #expect(String(decoding: coloured, as: UTF8.self).contains("\u{1B}[31m-| c"))
  }
}

/// `assertSnapshot` keeps the rule of `screenrun test`: an unrecorded snapshot never passes.
@Suite("Snapshots are never recorded silently")
struct SnapshotRuleTests {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["SCREENRUN_RECORD_SNAPSHOTS"] != "1"))
  func missingSnapshotFailsAndIsPending() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("FakeTests.swift").path
    let snapshots = folder.appendingPathComponent("__Snapshots__/FakeTests")
    for _ in 1...2 {
      withKnownIssue("a missing snapshot fails, every time") {
        assertSnapshot("frame\n", named: "new", filePath: file)
      }
      #expect(!FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("new.txt").path))
      let pending = try String(contentsOf: snapshots.appendingPathComponent("new.txt.pending"), encoding: .utf8)
      #expect(pending == "frame\n")
    }
    // Accepted (renamed), it passes, and a mismatch fails and is pending again.
    try FileManager.default.moveItem(
      at: snapshots.appendingPathComponent("new.txt.pending"), to: snapshots.appendingPathComponent("new.txt"))
    assertSnapshot("frame\n", named: "new", filePath: file)
    withKnownIssue("a mismatch fails") {
      assertSnapshot("other\n", named: "new", filePath: file)
    }
    #expect(FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("new.txt.pending").path))
    assertSnapshot("frame\n", named: "new", filePath: file)
    #expect(!FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("new.txt.pending").path))
  }
}
