import Foundation
import Testing

@testable import ScreenRunCLI

/// `docs/screenrun.1`: the man page generated from the declaration that `--help` is, checked in,
/// and rendered by `man -l`.
@Suite("Man page")
struct ManPageTests {
  static let file = Screenrun.repositoryRoot.appendingPathComponent("docs/screenrun.1")

  @Test("docs/screenrun.1 is the page generated from the declaration")
  func checkedInCopy() throws {
    let generated = ManPage(Arguments.declaration).text
    if ProcessInfo.processInfo.environment["SCREENRUN_RECORD_SNAPSHOTS"] == "1" {
      try FileManager.default.createDirectory(
        at: Self.file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try generated.write(to: Self.file, atomically: true, encoding: .utf8)
      Issue.record("recorded docs/screenrun.1, run again")
      return
    }
    let copy = try String(contentsOf: Self.file, encoding: .utf8)
    #expect(
      generated == copy,
      "docs/screenrun.1 is not what the declaration generates; regenerate it with: SCREENRUN_RECORD_SNAPSHOTS=1 swift test --filter ManPageTests"
    )
  }

  @Test("the page lists every option, subcommand, exit status and variable")
  func everything() throws {
    let page = ManPage(Arguments.declaration).text
    let declaration = Arguments.declaration
    for spelling in declaration.spellings {
      #expect(page.contains(ManPage.escaped(spelling)), "no \(spelling)")
    }
    for subcommand in declaration.subcommands where subcommand.available {
      #expect(page.contains(".B " + ManPage.escaped(subcommand.name)), "no \(subcommand.name)")
    }
    for topic in declaration.exitStatuses + declaration.environment + declaration.files {
      #expect(page.contains(".B " + ManPage.escaped(topic.name)), "no \(topic.name)")
    }
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "SUBCOMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES"]
    {
      #expect(page.contains("\n.SH \(section)\n"), "no section \(section)")
    }
  }

  @Test(
    "man -l renders the page without a warning",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man"), "man is not installed: skipped"))
  func renders() async throws {
    let result = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/man"), arguments: ["--warnings", "-l", Self.file.path],
      environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "100", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result.standardError)")
    // groff may draw a dash as U+2010 or U+2212; the words are what is checked.
    let text = result.standardOutput.replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(
      of: "\u{2212}", with: "-")
    for words in ["SCREENRUN(1)", "--plugin-path DIR", "completions SHELL", "EXIT STATUS", "SCREENRUN_DATA"] {
      #expect(text.contains(words), "'\(words)' is not in the rendered page:\n\(text)")
    }
  }
}
