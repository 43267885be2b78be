import Foundation
import Testing

/// The interactive mode end to end: `screenrun` in a tmux pane, driven with `send-keys` and read
/// with `capture-pane`. Every step polls for what it expects (never for a time), and every test
/// checks with `stty -a` that the terminal is left in the mode it was found in.
@Suite("Interactive mode under tmux", .enabled(if: TmuxSession.isAvailable, TmuxSession.skipMessage))
struct InteractiveTests {
  static let rule100 = String(repeating: "─", count: 100)
  static let rule60 = String(repeating: "─", count: 60)

  @Test("Marvel: type a query, move, open, go back, resize, quit with Ctrl-C; the terminal is restored")
  func marvel() async throws {
    try await TmuxSession.with(["Screens/characters.json"]) { pane in
      let first = try await pane.waitForScreen("the first page of characters") {
        $0.contains("1-20 of 1,446, more to load") && $0.selectedRow == 1
      }
      #expect(first.title == "Marvel Characters")
      #expect(first.contains("Search: Search characters…"))
      #expect(first.lines.contains(Self.rule100), "the frame is sized to the 100 columns: \(first)")
      #expect(first.rowTitles.first == "3-D Man")
      #expect(first.rowTitles.count >= 10, "the rows that fit in 30 lines show: \(first)")
      #expect(first.contains("↑↓ move"), "the help line: \(first)")

      try await pane.type("iron")
      let searched = try await pane.waitForScreen("the characters starting with 'iron'") {
        $0.contains("Search: iron") && $0.contains("Iron Man") && $0.contains("1-20 of 20")
      }
      #expect(searched.selectedRow == 1, "\(searched)")
      #expect(searched.rowTitles.first == "Iron Cross Army")

      // Down moves the marker one row at a time; Iron Man is row 9.
      for row in 2...9 {
        try await pane.press("Down")
        try await pane.waitForScreen("the marker on row \(row)") { $0.selectedRow == row }
      }
      let onIronMan = try await pane.capture()
      #expect(onIronMan.lines.contains { $0.hasPrefix("›") && $0.hasSuffix("9. Iron Man") }, "\(onIronMan)")

      try await pane.press("Enter")
      let detail = try await pane.waitForScreen("Iron Man's detail screen") {
        $0.title == "Iron Man" && $0.contains("Wounded, captured")
      }
      #expect(detail.contains("portrait_xlarge.jpg"))

      try await pane.press("Escape")
      let back = try await pane.waitForScreen("the list again") { $0.title == "Marvel Characters" }
      #expect(back.contains("Search: iron"), "the query is kept: \(back)")
      #expect(back.selectedRow == 9, "the selection is kept: \(back)")
      #expect(back.contains("1-20 of 20"))

      try await pane.resize(width: 60, height: 20)
      let narrow = try await pane.waitForScreen("the frame redrawn at 60 columns") { $0.lines.contains(Self.rule60) }
      #expect(narrow.widest <= 60, "a line wider than 60 columns: \(narrow)")
      #expect(!narrow.lines.contains { $0.hasPrefix("───") && $0 != Self.rule60 }, "a rule of another width: \(narrow)")
      #expect(narrow.title == "Marvel Characters")
      #expect(narrow.contains("Search: iron"))
      #expect(narrow.selectedRow == 9, "\(narrow)")
      #expect(narrow.lines.count <= 20)
      #expect(narrow.lines.last { !$0.isEmpty }?.hasPrefix("↑↓ move") == true, "the help line is the last: \(narrow)")

      try await pane.press("C-c")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0, "Ctrl-C quits normally")
      #expect(ending.sttyBefore.contains("rows 30; columns 100;"), "\(ending.sttyBefore)")
      #expect(ending.sttyAfter.contains("rows 20; columns 60;"), "\(ending.sttyAfter)")
      try await expectRestored(pane, ending, ignoringSize: true)
    }
  }

  @Test(
    "Marvel: PgDn and PgUp move by a screenful; moving to the end of what is loaded loads the next page, and the next")
  func paging() async throws {
    try await TmuxSession.with(["Screens/characters.json"]) { pane in
      try await pane.waitForScreen("the first page") {
        $0.contains("1-20 of 1,446, more to load") && $0.selectedRow == 1
      }
      // 30 lines less 7 of header and footer hold 11 rows of two lines.
      try await pane.press("PageDown")
      let down = try await pane.waitForScreen("the marker a page down") { ($0.selectedRow ?? 1) > 1 }
      #expect(down.selectedRow == 12, "\(down)")
      try await pane.press("PageUp")
      try await pane.waitForScreen("the marker back on row 1") { $0.selectedRow == 1 }
      try await pane.press("End")
      let second = try await pane.waitForScreen("the second page appended") {
        $0.contains("1-40 of 1,446, more to load")
      }
      #expect(second.selectedRow == 20, "the selection stays on the last row of page 1: \(second)")
      try await pane.press("End")
      try await pane.waitForScreen("the third page appended") { $0.contains("1-60 of 1,446, more to load") }
      try await pane.press("C-d")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  @Test("GitHub: type react, open the repository, go back, quit with Ctrl-D; the terminal is restored")
  func github() async throws {
    try await TmuxSession.with(["Screens/repositories.json"]) { pane in
      let first = try await pane.waitForScreen("the empty repositories screen") { $0.contains("Type to search.") }
      #expect(first.title == "GitHub Repositories")
      #expect(first.rowTitles.isEmpty)

      try await pane.type("react")
      let searched = try await pane.waitForScreen("repositories matching 'react'") {
        $0.contains("Search: react") && $0.contains("1-10 of 10") && $0.selectedRow == 1
      }
      #expect(searched.rowTitles.first == "facebook/react", "\(searched)")

      // Enter opens what the preview shows: the repository (issue 39, item 11).
      try await pane.press("Enter")
      let repository = try await pane.waitForScreen("the repository facebook/react") {
        $0.title == "facebook/react" && $0.contains("→ Commits")
      }
      #expect(!repository.contains("Search:"), "the repository screen has no search: \(repository)")

      try await pane.press("Escape")
      let back = try await pane.waitForScreen("the repositories again") { $0.title == "GitHub Repositories" }
      #expect(back.contains("Search: react"))
      #expect(back.rowTitles.first == "facebook/react")

      try await pane.press("C-d")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0)
      try await expectRestored(pane, ending)
    }
  }

  @Test("GitHub: a repository, its commits, then a commit, with Enter; Left and Esc go back")
  func githubCommit() async throws {
    try await TmuxSession.with(["Screens/repositories.json"]) { pane in
      try await pane.waitForScreen("the empty repositories screen") { $0.contains("Type to search.") }
      try await pane.type("pygithub")
      try await pane.waitForScreen("jacquev6/PyGithub") { $0.contains("1-1 of 1") && $0.selectedRow == 1 }
      try await pane.press("Enter")
      try await pane.waitForScreen("the repository") { $0.title == "jacquev6/PyGithub" && $0.contains("→ Commits") }
      try await pane.press("Enter")
      try await pane.waitForScreen("its commits, its link") {
        $0.title == "Commits of jacquev6/PyGithub" && $0.selectedRow == 1
      }
      try await pane.press("Down")
      try await pane.waitForScreen("the marker on the second commit") { $0.selectedRow == 2 }
      try await pane.press("Enter")
      let commit = try await pane.waitForScreen("the second commit") { $0.contains("SHA") }
      #expect(commit.title?.hasPrefix("Suppress `requests` fallback to netrc") == true, "\(commit)")
      try await pane.press("Left")
      try await pane.waitForScreen("the commits again") {
        $0.title == "Commits of jacquev6/PyGithub" && $0.selectedRow == 2
      }
      try await pane.press("Escape")
      try await pane.waitForScreen("the repository again") { $0.title == "jacquev6/PyGithub" }
      try await pane.press("Escape")
      try await pane.waitForScreen("the repositories again") {
        $0.title == "GitHub Repositories" && $0.contains("Search: pygithub")
      }
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  @Test("Detail links: Tab scrolls to a character's 'All comics' link, Enter opens the comics; a commit's repository")
  func detailLinks() async throws {
    try await TmuxSession.with(["Screens/character.json", "--param", "id=1009368"]) { pane in
      let detail = try await pane.waitForScreen("Iron Man's detail") { $0.title == "Iron Man" && $0.contains("Comics") }
      #expect(!detail.contains("All comics, searchable"), "the link is below the fold: \(detail)")
      #expect(detail.contains("Enter open link"), "the help line says Enter opens the one link: \(detail)")
      try await pane.press("Tab")
      let focused = try await pane.waitForScreen("the link focused and scrolled to") {
        $0.lines.contains("› → All comics, searchable")
      }
      #expect(focused.title == "Iron Man")
      try await pane.press("Enter")
      let comics = try await pane.waitForScreen("the character's comics") {
        $0.title == "Comics of Iron Man" && $0.contains("1-20 of 53")
      }
      #expect(comics.contains("Search: Search titles…"), "\(comics)")
      try await pane.type("Avengers")
      try await pane.waitForScreen("the comics searched") { $0.contains("1-10 of 10") }
      // Esc clears the search first (as in k9s and lazygit), then goes back.
      try await pane.press("Escape")
      try await pane.waitForScreen("the search cleared, every comic listed again") {
        $0.contains("Search: Search titles…") && $0.contains("1-20 of 53")
      }
      try await pane.press("Escape")
      let back = try await pane.waitForScreen("the character again") { $0.title == "Iron Man" }
      #expect(back.lines.contains("› → All comics, searchable"), "the focus is kept: \(back)")
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
    try await TmuxSession.with([
      "Screens/commit.json", "--param", "repo=sigmavirus24/github3.py",
      "--param", "sha=977560f205a84449522988b52e196f4bf502f79a",
    ]) { pane in
      try await pane.waitForScreen("the commit") { $0.contains("Parents") }
      try await pane.press("Tab")
      try await pane.press("Tab")
      try await pane.waitForScreen("the first parent focused") {
        $0.lines.contains("› • 95df621823d8215ed12bc41da473f78dfe81cb76")
      }
      try await pane.press("BTab")
      try await pane.waitForScreen("Shift-Tab: the repository link focused") {
        $0.lines.contains("› → Repository sigmavirus24/github3.py")
      }
      try await pane.press("Enter")
      let repository = try await pane.waitForScreen("the repository") { $0.title == "sigmavirus24/github3.py" }
      #expect(repository.contains("Python library for interfacing with the GitHub APIv3"))
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  @Test("a bold title, the selection in reverse video, dim hints; '?' shows the keys, any key closes them")
  func stylesAndKeyHelp() async throws {
    try await TmuxSession.with(["Screens/characters.json"]) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.recordOutput()
      try await pane.press("Down")
      try await pane.waitForScreen("the marker on row 2") { $0.selectedRow == 2 }
      // ↓ rewrites the two rows that changed; Ctrl-L the whole frame.
      try await pane.press("C-l")
      // tmux's capture carries an attribute over from line to line; what screenrun wrote does not.
      let written = try await pane.waitForOutput("the whole frame") { FrameDiffTests.wholeFrames(in: $0) >= 1 }
      #expect(written.contains("\u{1B}[2m↑↓ move"), "dim key help: \(written.debugDescription)")
      #expect(written.contains("\u{1B}[2m 3. \u{1B}[0mA.I.M."), "dim row numbers: \(written.debugDescription)")
      let styled = try await pane.captureStyled()
      #expect(styled.first?.hasPrefix("\u{1B}[1mMarvel Characters") == true, "a bold title: \(styled)")
      let reversed = styled.filter { Self.sgr(in: $0).contains { $0.contains(7) } }
      #expect(reversed.count == 1, "\(styled)")
      #expect(reversed.first?.contains("2. A-Bomb (HAS)") == true, "the selected row: \(reversed)")
      try await pane.type("?")
      let keys = try await pane.waitForScreen("the key help") { $0.title == "Keys of a list screen" }
      #expect(keys.contains("Any key closes this help."))
      #expect(keys.lines.contains { $0.hasPrefix("Up, Ctrl-P") }, "\(keys)")
      try await pane.press("x")
      let back = try await pane.waitForScreen("the list again") { $0.title == "Marvel Characters" }
      #expect(back.contains("Search: Search characters…"), "the closing key does nothing else: \(back)")
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  @Test(
    "what screenrun writes: colour by default, none with NO_COLOR (bold and reverse stay), no attribute with --color never or TERM=dumb",
    arguments: [
      (["NO_COLOR": "1"], [String]()), ([:], ["--color", "never"]), (["TERM": "dumb"], []), ([:], []),
    ])
  func colorModes(environment: [String: String], options: [String]) async throws {
    try await TmuxSession.with(["Screens/characters.json"] + options, environment: environment) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.recordOutput()
      try await pane.type("iron")
      try await pane.waitForScreen("the search") { $0.contains("1-20 of 20") && $0.contains("Search: iron▏") }
      try await pane.press("Down")
      try await pane.waitForScreen("the marker on row 2") { $0.selectedRow == 2 }
      // The lines that changed were written; Ctrl-L writes the title and the rest too.
      try await pane.press("C-l")
      let written = try await pane.waitForOutput("the whole frame") { FrameDiffTests.wholeFrames(in: $0) >= 1 }
      let styles = Self.sgr(in: written)
      #expect(written.contains("Cross Army"), "the frames were recorded: \(written.debugDescription)")
      let colours = styles.filter { $0.contains { Self.isColour($0) } }
      if options == ["--color", "never"] || environment["TERM"] == "dumb" {
        #expect(styles.isEmpty, "no attribute at all: \(styles)")
        #expect(!written.contains("\u{1B}]8;"), "no hyperlink")
      } else if environment["NO_COLOR"] != nil {
        #expect(colours.isEmpty, "NO_COLOR: no colour written: \(colours)")
        #expect(styles.contains([1]), "bold stays: \(styles)")
        #expect(styles.contains([7]), "reverse video stays: \(styles)")
        #expect(styles.contains([1, 4]), "the query's matches are bold and underlined: \(styles)")
      } else {
        #expect(styles.contains([1, 33]), "the query's matches in bold yellow: \(styles)")
        #expect(styles.contains([7]) && styles.contains([1]), "\(styles)")
      }
      // Every styled span is closed with a reset.
      #expect(styles.filter { $0 != [0] }.count == styles.filter { $0 == [0] }.count, "\(styles)")
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  @Test("▏, › and | typed into the search show as they are; the cursor is where the frame says")
  func markersInTheQuery() async throws {
    try await TmuxSession.with(["Screens/characters.json"]) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.type("a▏›|")
      let screen = try await pane.waitForScreen("the query typed") { $0.contains("No characters start with") }
      let field = try #require(screen.lines.first { $0.hasPrefix("Search: ") })
      #expect(field == "Search: a▏›|▏", "\(field)")
      #expect(screen.selectedRow == nil, "no row is selected: \(screen)")
      #expect(try await pane.paneFormat("#{cursor_x},#{cursor_y}") == "12,1", "the cursor on the caret")
      try await pane.press("Left", "Left")
      try await pane.waitForScreen("the caret moved") { $0.contains("Search: a▏▏›|") }
      #expect(try await pane.paneFormat("#{cursor_x},#{cursor_y}") == "10,1")
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  /// The parameters of every SGR sequence (`ESC [ … m`) in `text`; `ESC[m` is `[0]`.
  static func sgr(in text: String) -> [[Int]] {
    var found: [[Int]] = []
    var rest = Substring(text)
    while let start = rest.range(of: "\u{1B}[") {
      rest = rest[start.upperBound...]
      let parameters = rest.prefix { $0.isNumber || $0 == ";" }
      let after = rest.dropFirst(parameters.count)
      guard after.first == "m" else { continue }
      found.append(parameters.isEmpty ? [0] : parameters.split(separator: ";").map { Int($0) ?? -1 })
      rest = after.dropFirst()
    }
    return found
  }

  /// Whether an SGR parameter sets a colour (30–37, 38, 39, 40–49, 90–107).
  static func isColour(_ parameter: Int) -> Bool { (30...49).contains(parameter) || (90...107).contains(parameter) }

  @Test("Ctrl-Z suspends: the shell gets the terminal back; fg resumes in raw mode with a full redraw")
  func ctrlZAndFg() async throws {
    try await TmuxSession.with(["Screens/characters.json"], jobControl: true) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.type("iro")
      try await pane.waitForScreen("the search") { $0.contains("Search: iro▏") && $0.contains("1-20 of 20") }
      try await pane.press("C-z")
      let stopped = try await pane.waitForScreen("the shell's screen, screenrun stopped") {
        $0.contains("screenrun stopped")
      }
      #expect(!stopped.contains("Marvel Characters"), "the alternate screen is left: \(stopped)")
      #expect(try await pane.paneFormat("#{alternate_on}") == "0")
      try await pane.press("Enter")  // the pane's shell runs fg
      let resumed = try await pane.waitForScreen("the list redrawn whole") {
        $0.title == "Marvel Characters" && $0.contains("Search: iro▏") && $0.contains("1-20 of 20")
      }
      #expect(resumed.lines.contains { $0.hasPrefix("↑↓ move") }, "\(resumed)")
      try await pane.type("n")  // raw mode again: a key is read at once, unechoed
      try await pane.waitForScreen("the query edited after fg") { $0.contains("Search: iron▏") }
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  @Test("a long query scrolls: the end where the cursor is stays in sight")
  func longQuery() async throws {
    try await TmuxSession.with(["Screens/characters.json"], width: 40, height: 20) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") }
      let query = String(repeating: "spider ", count: 8) + "man"
      try await pane.type(query)
      let screen = try await pane.waitForScreen("the query's end in sight") { $0.contains("spider man▏") }
      let line = try #require(screen.lines.first { $0.hasPrefix("Search: ") })
      #expect(line.hasPrefix("Search: …") && line.hasSuffix("spider spider man▏"), "\(line)")
      #expect(screen.widest <= 40, "\(screen)")
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  @Test(
    "the query's cursor: ← moves it, typing inserts there, Ctrl-A/Ctrl-E go to the ends; the terminal cursor sits on it"
  )
  func queryCursor() async throws {
    try await TmuxSession.with(["Screens/characters.json"]) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.type("irn")
      try await pane.waitForScreen("the query typed") { $0.contains("Search: irn▏") }
      #expect(try await pane.paneFormat("#{cursor_flag} #{cursor_y} #{cursor_x}") == "1 1 11", "on the caret")
      try await pane.press("Left")
      try await pane.waitForScreen("the cursor one back") { $0.contains("Search: ir▏n") }
      #expect(try await pane.paneFormat("#{cursor_x}") == "10")
      try await pane.type("o")
      let searched = try await pane.waitForScreen("'o' put in before the 'n', and 'iron' searched") {
        $0.contains("Search: iro▏n") && $0.contains("1-20 of 20")
      }
      #expect(searched.title == "Marvel Characters", "← with text in the query did not go back: \(searched)")
      #expect(searched.rowTitles.first == "Iron Cross Army")
      try await pane.press("C-a")
      try await pane.waitForScreen("the cursor at the start") { $0.contains("Search: ▏iron") }
      #expect(try await pane.paneFormat("#{cursor_x}") == "8")
      try await pane.press("C-e")
      try await pane.waitForScreen("the cursor at the end") { $0.contains("Search: iron▏") }
      try await pane.press("C-u")
      try await pane.waitForScreen("the query cleared") { $0.contains("Search: Search characters…") }
      try await pane.press("Left")  // an empty query: ← is "back", and this is the first screen
      try await pane.waitForScreen("the note") { $0.contains("This is the first screen. Ctrl-C quits.") }
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  @Test("Ctrl-S sorts a table by the next way, asking the source again: stars descending, then ascending")
  func tableSort() async throws {
    try await TmuxSession.with(["Screens/repositories-table.json"], height: 40) { pane in
      try await pane.waitForScreen("the empty table") { $0.contains("Type to search.") }
      try await pane.type("stars:>=0")
      let unsorted = try await pane.waitForScreen("the search") { $0.contains("1-30 of 131, more to load") }
      #expect(unsorted.contains("Ctrl-S sort"), "the help line names the sort key: \(unsorted)")
      try await pane.press("C-s")
      let descending = try await pane.waitForScreen("sorted by stars, descending") {
        $0.lines.contains { $0.contains("Stars↓") } && $0.rowTitles.first?.hasPrefix("facebook/react") == true
      }
      let down = Self.stars(descending)
      #expect(down.count >= 20 && down == down.sorted(by: >), "\(down)\n\(descending)")
      #expect((down.first ?? 0) > (Self.stars(unsorted).max() ?? 0), "asked again, not the rows shown sorted")
      try await pane.press("C-s")
      let ascending = try await pane.waitForScreen("sorted by stars, ascending") {
        $0.lines.contains { $0.contains("Stars↑") } && $0.selectedRow == 1 && $0.contains("1-30 of 131")
      }
      let up = Self.stars(ascending)
      #expect(up.count >= 20 && up == up.sorted(), "\(up)\n\(ascending)")
      #expect((up.first ?? 0) < (Self.stars(unsorted).min() ?? 0), "asked again, not the rows shown sorted")
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  /// The stars of the rows a repositories table shows: the numbers in the column under "Stars",
  /// which is right-aligned and ends where its header does.
  static func stars(_ screen: PaneScreen) -> [Int] {
    guard let header = screen.lines.first(where: { $0.contains("Stars") }),
      let range = header.range(of: "Stars")
    else { return [] }
    var end = header.distance(from: header.startIndex, to: range.upperBound)
    if header[range.upperBound...].first.map({ "↑↓".contains($0) }) == true { end += 1 }
    return screen.lines.compactMap { line in
      guard line.range(of: #"^(› |  )\s*\d+\. "#, options: .regularExpression) != nil, line.count >= end else {
        return nil
      }
      let cell = line.dropFirst(end - 7).prefix(7)
      return Int(cell.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ""))
    }
  }

  @Test("a bracketed paste with a newline is one edit of the query and opens nothing")
  func bracketedPaste() async throws {
    try await TmuxSession.with(["Screens/characters.json"]) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.tmux(["set-buffer", "-b", "screenrun-paste", "iron\n"])
      // -p: pasted as a bracketed paste, since screenrun asked for it (ESC[?2004h).
      try await pane.tmux(["paste-buffer", "-p", "-d", "-b", "screenrun-paste", "-t", pane.name])
      let searched = try await pane.waitForScreen("the characters starting with 'iron'") {
        $0.contains("1-20 of 20") && $0.contains("Search: iron")
      }
      #expect(searched.title == "Marvel Characters", "the newline opened nothing: \(searched)")
      #expect(searched.rowTitles.first == "Iron Cross Army")
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  @Test("Backspace edits the query")
  func backspace() async throws {
    try await TmuxSession.with(["Screens/characters.json"]) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.type("ironx")
      try await pane.waitForScreen("the empty text") { $0.contains("No characters start with 'ironx'.") }
      try await pane.press("BSpace")
      let fixed = try await pane.waitForScreen("the characters starting with 'iron'") { $0.contains("1-20 of 20") }
      #expect(fixed.contains("Search: iron"), "\(fixed)")
      #expect(!fixed.contains("ironx"), "\(fixed)")
      for _ in 0..<4 { try await pane.press("BSpace") }
      let empty = try await pane.waitForScreen("the whole list again") { $0.contains("1-20 of 1,446") }
      #expect(empty.contains("Search: Search characters…"), "\(empty)")
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd())
    }
  }

  @Test("an error shows its message and 'Ctrl-R to retry'; Ctrl-R retries and the session goes on")
  func errorAndRetry() async throws {
    try await TmuxSession.with(["Screens/commits.json", "--param", "repo=nobody/nothing"]) { pane in
      let failed = try await pane.waitForScreen("the 404") { $0.contains("not found: Not Found") }
      #expect(failed.title == "Commits of nobody/nothing")
      #expect(failed.contains("Ctrl-R to retry"), "\(failed)")
      try await pane.press("C-r")
      try await pane.press("Enter")  // on an empty list: nothing to open
      let again = try await pane.waitForScreen("the 404 again") {
        $0.contains("not found: Not Found") && $0.contains("Ctrl-R to retry")
      }
      #expect(again.title == "Commits of nobody/nothing")
      try await pane.press("C-c")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0)
      try await expectRestored(pane, ending)
    }
  }

  @Test("a terminal narrower than 20 columns says what it needs instead of a wrapped frame, and grows back")
  func narrowTerminal() async throws {
    try await TmuxSession.with(["Screens/characters.json"]) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.resize(width: 15, height: 10)
      let small = try await pane.waitForScreen("the size message") {
        $0.text.replacingOccurrences(of: "\n", with: " ").contains("screenrun needs 20x8")
      }
      #expect(small.lines.allSatisfy { TerminalColumns.of($0) <= 15 }, "\(small)")
      try await pane.resize(width: 60, height: 20)
      try await pane.waitForScreen("the list again at 60 columns") {
        $0.title == "Marvel Characters" && $0.lines.contains(String(repeating: "─", count: 60))
      }
      try await pane.press("C-c")
      try await expectRestored(pane, try await pane.waitForEnd(), ignoringSize: true)
    }
  }

  struct Kill: Sendable, CustomTestStringConvertible {
    var signal: Int32
    var name: String
    /// The shell's `$?` after it: the exit code, or 128 + the signal.
    var status: Int32
    var testDescription: String { name }
  }

  @Test(
    "the terminal is restored when screenrun is killed",
    arguments: [
      Kill(signal: SIGTERM, name: "SIGTERM", status: 143),
      Kill(signal: SIGINT, name: "SIGINT", status: 130),
      Kill(signal: SIGHUP, name: "SIGHUP", status: 143),
      Kill(signal: SIGSEGV, name: "SIGSEGV (a crash)", status: 128 + SIGSEGV),
      Kill(signal: SIGABRT, name: "SIGABRT (a trap)", status: 128 + SIGABRT),
    ])
  func killed(_ kill: Kill) async throws {
    try await TmuxSession.with(["Screens/characters.json"]) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") }
      #expect(try await pane.paneFormat("#{alternate_on}") == "1", "the frame is on the alternate screen")
      #expect(try await pane.paneFormat("#{cursor_flag}") == "0", "the cursor is hidden while it runs")
      let pid = try await pane.pid()
      #expect(Foundation.kill(pid, kill.signal) == 0, "kill -\(kill.name) \(pid): errno \(errno)")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == kill.status, "\(kill.name) ends screenrun with \(kill.status)")
      try await expectRestored(pane, ending)
    }
  }

  @Test(
    "a signal while the main thread is busy (a 200 KB word to wrap) restores the terminal and ends at once",
    arguments: [
      Kill(signal: SIGTERM, name: "SIGTERM", status: 143), Kill(signal: SIGINT, name: "SIGINT", status: 130),
      Kill(signal: SIGHUP, name: "SIGHUP", status: 143),
    ])
  func killedWhileBusy(_ kill: Kill) async throws {
    let screens = try ScreenCopy(["character.json", "character-comics.json"])
    let text = #"{ "type": "text", "value": "{description}", "empty": "No description." },"#
    try screens.edit(
      "character.json", replacing: text,
      with: text + #" { "type": "text", "value": "\#(String(repeating: "w", count: 200_000))" },"#)
    try await TmuxSession.with([screens.path("character.json"), "--param", "id=1009368"]) { pane in
      let pid = try await pane.pid()
      // Busy: the process has spent a good part of a second on the CPU. Should wrapping become
      // fast, this gives up after a while and the signal is simply served at rest.
      let deadline = ContinuousClock.now + .seconds(5)
      while Self.cpuSeconds(pid) < 0.5, ContinuousClock.now < deadline {
        try await Task.sleep(for: TmuxSession.pollInterval)
      }
      #expect(Foundation.kill(pid, kill.signal) == 0, "kill -\(kill.name) \(pid): errno \(errno)")
      // waitForEnd gives up after TmuxSession.patience: not a timing benchmark, only "it ended".
      let ending = try await pane.waitForEnd()
      #expect(ending.status == kill.status, "\(kill.name) ends screenrun with \(kill.status)")
      try await expectRestored(pane, ending)
    }
  }

  /// The CPU time (user and system) a process has used so far, from /proc; 0 when unknown.
  static func cpuSeconds(_ pid: pid_t) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return 0 }
    // After "pid (name) ": state is field 3; utime and stime are fields 14 and 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  @Test("a URL too long for the terminal is cut with … on its own line; no line is wider than the pane")
  func longURLIsCut() async throws {
    try await TmuxSession.with(["Screens/character.json", "--param", "id=1009610"], width: 40, height: 30) { pane in
      let detail = try await pane.waitForScreen("Spider-Man's detail screen") {
        $0.title == "Spider-Man" && $0.contains("http://")
      }
      #expect(detail.widest <= 40, "a line wider than 40 columns: \(detail)")
      let url = detail.lines.first { $0.hasPrefix("http://") }
      #expect(url?.hasSuffix("…") == true, "the avatar URL, cut at the edge: \(detail)")
      try await pane.press("C-c")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0)
      try await expectRestored(pane, ending)
    }
  }

  @Test("Esc on the first screen says so and keeps running")
  func escapeOnFirstScreen() async throws {
    try await TmuxSession.with(["Screens/characters.json"]) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.press("Escape")
      let flashed = try await pane.waitForScreen("the first-screen message") { $0.contains("This is the first screen") }
      #expect(flashed.title == "Marvel Characters")
      #expect(flashed.rowTitles.first == "3-D Man", "the list stays: \(flashed)")

      // Still running: the next key is handled, and the message goes.
      try await pane.press("Down")
      let moved = try await pane.waitForScreen("the marker on row 2") { $0.selectedRow == 2 }
      #expect(!moved.contains("This is the first screen"), "\(moved)")
      try await pane.press("C-c")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0)
      try await expectRestored(pane, ending)
    }
  }

  @Test("--watch: an edit re-renders in place; a broken edit shows its error over the last good screen")
  func hotReload() async throws {
    let screens = try ScreenCopy(["characters.json", "character.json", "character-comics.json"])
    try await TmuxSession.with([screens.path("characters.json"), "--watch"]) { pane in
      try await pane.waitForScreen("the list") { $0.contains("1-20 of 1,446") && $0.selectedRow == 1 }
      try await pane.type("iron")
      try await pane.waitForScreen("the characters starting with 'iron'") {
        $0.contains("1-20 of 20") && $0.contains("Iron Man")
      }
      try await pane.press("Down")
      try await pane.press("Down")
      let before = try await pane.waitForScreen("the marker on row 3") { $0.selectedRow == 3 }

      try screens.edit("characters.json", replacing: HotReloadTests.subtitle, with: HotReloadTests.newSubtitle)
      let edited = try await pane.waitForScreen("the new subtitle") { $0.contains("comic books") }
      #expect(edited.contains("Search: iron"), "the query is kept: \(edited)")
      #expect(edited.rowTitles == before.rowTitles, "the rows are kept: \(edited)")
      #expect(edited.selectedRow == 3, "the selection is kept: \(edited)")
      #expect(edited.contains("2,664 comic books") || edited.contains("? comic books"), "\(edited)")

      try screens.edit("characters.json", replacing: HotReloadTests.title, with: HotReloadTests.brokenTitle)
      // The edit is written in place (truncated, then written): under load the watcher can read
      // the file empty in between and show that error first, then the edit's own.
      let broken = try await pane.waitForScreen("the error of the broken edit") {
        $0.lines.contains { $0.hasPrefix("! ") } && $0.text.contains("shout")
      }
      #expect(broken.lines.first?.hasPrefix("! ") == true, "the errors come first: \(broken)")
      #expect(broken.text.contains("shout"), "\(broken)")
      #expect(broken.contains("Search: iron"), "the last good screen still runs: \(broken)")
      #expect(broken.selectedRow == 3, "\(broken)")
      #expect(broken.contains("comic books"), "\(broken)")

      try screens.edit("characters.json", replacing: HotReloadTests.brokenTitle, with: HotReloadTests.title)
      let fixed = try await pane.waitForScreen("the error gone after the fix") {
        !$0.lines.contains { $0.hasPrefix("! ") }
      }
      #expect(fixed.title == "Marvel Characters")
      #expect(fixed.selectedRow == 3, "\(fixed)")
      #expect(fixed.contains("comic books"), "\(fixed)")

      try await pane.press("C-c")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0)
      try await expectRestored(pane, ending)
    }
  }

  // MARK: - The terminal, after

  /// The mode after equals the mode before (window size aside, after a resize), the alternate
  /// screen is left and the cursor shows again.
  private func expectRestored(
    _ pane: TmuxSession, _ ending: TmuxSession.Ending, ignoringSize: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    #expect(!ending.sttyBefore.isEmpty, sourceLocation: sourceLocation)
    #expect(
      ending.sttyBefore.contains("icanon") && ending.sttyBefore.contains(" echo "), "\(ending.sttyBefore)",
      sourceLocation: sourceLocation)
    let before = ignoringSize ? TmuxSession.withoutSize(ending.sttyBefore) : ending.sttyBefore
    let after = ignoringSize ? TmuxSession.withoutSize(ending.sttyAfter) : ending.sttyAfter
    #expect(
      before == after, "the terminal mode is not restored:\n\(LineDiffText.of(before, after))",
      sourceLocation: sourceLocation)
    let screen = try await pane.waitForScreen("the shell after screenrun") {
      $0.lines.joined().contains("screenrun exited with")  // wrapped, in a narrow pane
    }
    #expect(
      try await pane.paneFormat("#{alternate_on}") == "0", "still on the alternate screen",
      sourceLocation: sourceLocation)
    #expect(
      try await pane.paneFormat("#{cursor_flag}") == "1", "the cursor is still hidden", sourceLocation: sourceLocation)
    #expect(
      !screen.contains("Marvel Characters") && !screen.contains("GitHub Repositories"),
      "a frame is left on the normal screen: \(screen)", sourceLocation: sourceLocation)
  }
}
