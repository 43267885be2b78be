import Foundation
import ScreenKit
import TestSupport
import Testing

/// The table screens through the built tool: columns aligned at 40, 80 and 120 columns with wide
/// characters in the data, and sorting, which asks the source again, in both directions.
/// The frames themselves are compared by `Tests/Screens/repositories-table-*.screentest` and
/// `characters-table-sorted.screentest` (`screenrun test`).
@Suite("Table screens")
struct TableTests {
  static let repositories = "Screens/repositories-table.json"
  static let characters = "Screens/characters-table.json"

  @Test("the repositories table at 40, 80 and 120 columns, CJK descriptions and all", arguments: [40, 80, 120])
  func repositoriesAtWidths(_ width: Int) async throws {
    let session = try await ScriptSession.run(Self.repositories, "search react\n", width: width)
    expectSucceeded(session, width: width)

    let frame = try #require(session.frames.last)
    let heading = try #require(frame.lines.first { $0.contains("Name") && $0.contains("Stars") }, "\(frame)")
    #expect(frame.rowTitles.count == 10 && frame.contains("1-10 of 10"), "\(frame)")
    // Each row's cells stand under their headings: read there, they are whole numbers and dates.
    let stars = Self.column(frame, "Stars", width: 7, right: true)
    #expect(
      stars.count == 10 && stars.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isNumber || $0 == "," || $0 == "?" } },
      "\(stars)")
    if width >= 80 {
      let dates = Self.column(frame, "Updated", width: 10)
      #expect(dates.allSatisfy { $0.count == 10 && $0.hasPrefix("20") }, "\(dates)")
    }
    if width >= 80 {
      #expect(frame.lines.contains { $0.contains("京东首页构建") }, "the CJK description is missing:\n\(frame)")
    } else {
      #expect(!heading.contains("Description"), "at 40 columns only the columns that fit are shown: \(heading)")
    }
  }

  @Test("sort -stars, then sort stars: the source is asked again, both ways")
  func sortBothWays() async throws {
    // Every recorded repository matches, 131 of them: more than the first page of 30.
    let session = try await ScriptSession.run(
      Self.repositories, "search stars:>=0\nsort -stars\nsort stars\nsort -updated\n", width: 80)
    expectSucceeded(session, width: 80)

    let frames = session.frames
    try #require(
      frames.map(\.command)
        == ["start \(Self.repositories)", "search stars:>=0", "sort -stars", "sort stars", "sort -updated"],
      "\(session.result)")
    // A record recorded without its star count shows "?" and is left out here.
    func stars(_ frame: ScriptSession.Frame) -> [Int] {
      Self.column(frame, "Stars", width: 7, right: true).filter { $0 != "?" }.map(Self.number)
    }
    let (unsorted, descending, ascending) = (stars(frames[1]), stars(frames[2]), stars(frames[3]))
    #expect(frames[1].contains("1-30 of 131, more to load"), "\(frames[1])")
    #expect(descending.count >= 29 && descending == descending.sorted(by: >), "\(descending)")
    #expect(ascending.count >= 29 && ascending == ascending.sorted(), "\(ascending)")
    #expect(frames[2].contains("Stars↓") && frames[3].contains("Stars↑"))
    // Not the loaded rows sorted again: each way starts from the end of the whole result, past
    // what the first page held.
    #expect(
      (descending.first ?? 0) >= (unsorted.max() ?? 0) && (ascending.first ?? 0) < (unsorted.min() ?? 0),
      "\(unsorted)")
    #expect(Set(frames[2].rowTitles) != Set(frames[1].rowTitles))
    let updated = Self.column(frames[4], "Updated", width: 10)
    #expect(updated.count == 30 && updated == updated.sorted(by: >), "\(updated)")
    #expect(frames[4].contains("Updated↓") && !frames[4].contains("Stars↑"))
  }

  @Test("the characters table sorts by name and by modified, in both directions")
  func charactersSort() async throws {
    let session = try await ScriptSession.run(
      Self.characters, "sort -name\nsort name\nsort -modified\nsort modified\n", width: 80)
    expectSucceeded(session, width: 80)

    let frames = session.frames
    try #require(frames.count == 5, "\(session.result)")
    #expect(frames[0].rowTitles.first?.hasPrefix("3-D Man") == true, "\(frames[0])")
    let byNameDown = Self.column(frames[1], "Name", width: 16)
    #expect(byNameDown.first != byNameDown.last && byNameDown.first?.hasPrefix("3-D") == false, "\(frames[1])")
    #expect(Self.column(frames[2], "Name", width: 16) == Self.column(frames[0], "Name", width: 16))
    // Marvel's unreadable dates ("-0001-11-30…") show as "unknown", and sort before every other.
    let newest = Self.column(frames[3], "Modified", width: 10).filter { $0 != "unknown" }
    let oldest = Self.column(frames[4], "Modified", width: 10).filter { $0 != "unknown" }
    #expect(newest == newest.sorted(by: >), "\(newest)")
    #expect(oldest == oldest.sorted(), "\(oldest)")
    #expect(newest.first != oldest.first)
  }

  @Test("Ctrl-S steps through the sorts: Stars descending first, then ascending, then Updated")
  func sortKey() async throws {
    let session = try await ScriptSession.run(
      Self.repositories, "search react\nkey Ctrl-S\nkey Ctrl-S\nkey Ctrl-S\n", width: 80)
    expectSucceeded(session, width: 80)
    let frames = session.frames
    try #require(frames.count == 5, "\(session.result)")
    #expect(frames[2].contains("Stars↓"))
    #expect(frames[3].contains("Stars↑"))
    #expect(frames[4].contains("Updated↓") && !frames[4].contains("Stars↑"))
  }

  @Test(
    "a sort of a column that does not sort stops the script with a did-you-mean",
    arguments: [
      ("sort -language", "no sortable column 'language'"),
      ("sort strs", "did you mean 'stars'?"),
      ("sort", "'sort' needs a column"),
    ])
  func refusedScriptSort(_ line: String, _ says: String) async throws {
    let session = try await ScriptSession.run(Self.repositories, "search react\n\(line)\n", width: 80)
    #expect(session.result.exitCode == 2, "\(session.result)")
    #expect(session.result.standardError.contains(":2: error: "), "\(session.result.standardError)")
    #expect(session.result.standardError.contains(says), "\(session.result.standardError)")
  }

  @Test("sort on a list screen says it needs a table")
  func sortOnList() async throws {
    let session = try await ScriptSession.run("Screens/characters.json", "sort name\n", width: 80)
    #expect(session.result.exitCode == 2, "\(session.result)")
    #expect(session.result.standardError.contains("needs a table or chart screen"), "\(session.result.standardError)")
  }

  @Test("a row of a table opens its screen, as a list's does")
  func openRow() async throws {
    let session = try await ScriptSession.run(Self.characters, "search iron man\nopen 1\n", width: 80)
    expectSucceeded(session, width: 80)
    #expect(session.frames.last?.lines.first == "Iron Man", "\(session.result)")
  }

  // MARK: - Reading frames

  static func isRow(_ line: String) -> Bool {
    let trimmed = line.drop { $0 == " " }
    guard let dot = trimmed.firstIndex(of: ".") else { return false }
    return !trimmed[..<dot].isEmpty && trimmed[..<dot].allSatisfy(\.isNumber)
  }

  /// The characters of `line` that take its first `columns` terminal columns.
  static func prefix(of line: String, columns: Int) -> String {
    var result = ""
    for character in line {
      if TextWidth.width(of: result + String(character)) > columns { break }
      result.append(character)
    }
    return result
  }

  /// The cells of a column `width` wide, read under its heading (a left-aligned column starts
  /// where its heading does, a right-aligned one ends where its heading does), trimmed.
  static func column(_ frame: ScriptSession.Frame, _ header: String, width: Int, right: Bool = false) -> [String] {
    guard let heading = frame.lines.first(where: { $0.contains(header) && $0.contains("Name") }),
      let found = heading.range(of: header)
    else { return [] }
    let start = TextWidth.width(of: heading[..<found.lowerBound])
    let marked = heading[found.upperBound...].first.map { "↑↓".contains($0) } == true
    let from = right ? start + header.count + (marked ? 1 : 0) - width : start
    return frame.lines.filter(isRow).map { line in
      let head = prefix(of: line, columns: from)
      let cell = prefix(of: line, columns: from + width)
      return String(cell.dropFirst(head.count)).trimmingCharacters(in: .whitespaces)
    }
  }

  static func number(_ text: String) -> Int { Int(text.filter(\.isNumber)) ?? -1 }
}
