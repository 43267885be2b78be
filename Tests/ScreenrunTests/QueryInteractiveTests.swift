import Foundation
import Testing

/// `--query` in the interactive mode: the screen opens with the search in its field and its
/// records shown, as if it had been typed, and the field goes on from there.
@Suite("--query in the interactive mode under tmux", .enabled(if: TmuxSession.isAvailable, TmuxSession.skipMessage))
struct QueryInteractiveTests {
  @Test("GitHub: --query react opens on react's repositories; typed text extends the search")
  func startsSearched() async throws {
    try await TmuxSession.with(["Screens/repositories.json", "--query", "react"]) { pane in
      let searched = try await pane.waitForScreen("repositories matching 'react', with no key typed") {
        $0.contains("Search: react") && $0.contains("1-10 of 10") && $0.selectedRow == 1
      }
      #expect(searched.rowTitles.first == "facebook/react", "\(searched)")
      #expect(!searched.contains("Type to search."), "\(searched)")

      try await pane.type(" native")
      let extended = try await pane.waitForScreen("the search extended to 'react native'") {
        $0.contains("Search: react native") && $0.contains("1-1 of 1")
      }
      #expect(extended.rowTitles == ["facebook/react"], "\(extended)")

      try await pane.press("C-d")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0)
    }
  }
}
