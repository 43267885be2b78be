import Foundation
import Testing

/// The interactive mode under a storm of resizes: a pane of 500 columns shrunk to 1x1, a single
/// line of 500 columns, one column of 300 lines and the sizes around the 20x8 minimum, hundreds of
/// times, with keys pressed between. Each screen kind must come back whole at 80x24, with no line
/// wider than the pane, and quit normally (round four of the hostile inputs).
@Suite("Resize storms", .serialized)
struct ResizeStormTests {
  struct Screen: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var title: String
    var testDescription: String { arguments[0] }
  }

  static let screens = [
    Screen(arguments: ["Screens/repositories.json", "--query", "a"], title: "GitHub Repositories"),
    Screen(arguments: ["Screens/characters-table.json"], title: "Marvel Characters"),
    Screen(arguments: ["Screens/repositories-chart.json"], title: "GitHub Repositories by Stars"),
    Screen(arguments: ["Screens/character.json", "--param", "id=1009368"], title: "Iron Man"),
  ]

  static let sizes = [(1, 1), (2, 1), (1, 2), (500, 50), (19, 7), (20, 8), (3, 100), (500, 1), (1, 300), (120, 30)]

  @Test("a storm of resizes down to 1x1 and up to 500 columns leaves a whole frame at 80x24", arguments: screens)
  func storm(_ screen: Screen) async throws {
    try await TmuxSession.with(screen.arguments, width: 500, height: 50) { pane in
      try await pane.waitForScreen("the first frame") { $0.title?.hasPrefix(screen.title) == true }
      for round in 1...30 {
        for (width, height) in Self.sizes {
          try await pane.resize(width: width, height: height)
        }
        if round % 10 == 0 { try await pane.press("Down", "Down", "Tab") }
      }
      try await pane.resize(width: 1, height: 1)
      try await pane.press("Down")
      try await pane.resize(width: 80, height: 24)
      let rule = String(repeating: "─", count: 80)
      let settled = try await pane.waitForScreen("the frame redrawn at 80x24") {
        $0.title?.hasPrefix(screen.title) == true && $0.lines.contains(rule)
      }
      #expect(settled.widest <= 80, "a line wider than the pane: \(settled)")
      #expect(settled.lines.count <= 24, "\(settled)")
      try await pane.press("C-c")
      let ending = try await pane.waitForEnd()
      #expect(ending.status == 0, "Ctrl-C quits normally after the storm")
    }
  }
}
