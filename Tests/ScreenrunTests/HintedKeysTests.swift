import Foundation
import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenText
import TestSupport
import Testing

@testable import ScreenRunCLI
@testable import ScreenTerminal

/// Every key the footer offers does something (issue 39): each shipped screen is walked through
/// its states (loading, loaded as the first screen and as one opened from another, a search
/// typed, no match, an error, the help open), and each hinted key is pressed on a copy of the
/// app's state. None may answer that it cannot: the first screen's "This is the first screen",
/// "cannot open", "no record to act on" and their kin.
@Suite("Hinted keys")
struct HintedKeysTests {
  static let screens = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Screens").path

  /// The shipped screens on the shipped plugins' sample data (the git screens read the
  /// repository screenrun runs in, which a test cannot fix), each with the parameters it needs.
  static let cases: [(file: String, parameters: [String: String])] = [
    ("characters.json", [:]),
    ("characters-table.json", [:]),
    ("characters-chart.json", [:]),
    ("character.json", ["id": "1009368"]),
    ("character.json", ["id": "1"]),  // no such character: an error page
    ("character-comics.json", ["id": "1011334", "name": "3-D Man"]),
    ("repositories.json", [:]),
    ("repositories-table.json", [:]),
    ("repositories-chart.json", [:]),
    ("repository.json", ["repo": "duxianwei520/react"]),
    ("commits.json", ["repo": "sigmavirus24/github3.py"]),
    ("commits.json", ["repo": "mfenniak/pyPdf"]),  // none recorded: an empty list
    ("commit.json", ["repo": "sigmavirus24/github3.py", "sha": "977560f205a84449522988b52e196f4bf502f79a"]),
  ]

  /// What an answer that a key cannot do says; a flash holding any of these is a key offered in vain.
  static let refusals = ["cannot", "first screen", "no record", "nothing to", "no link", "not loaded"]

  /// The keys of a footer hint ("Ctrl-O open in browser", "PgUp/PgDn page", "↑↓ move"), as the
  /// terminal sends them; the hints that quit are left out (they end the run, which is their job).
  static func keys(of hint: String) throws -> [Key] {
    let name = String(hint.prefix { $0 != " " })
    switch name {
    case "↑↓", "Up/Down": return [.up, .down]
    case "Ctrl-C": return []
    default:
      let spellings = ["Esc": "Escape", "PgUp": "PageUp", "PgDn": "PageDown"]
      return try name.split(separator: "/").map { part in
        try #require(Key(name: spellings[String(part)] ?? String(part)), "the hint '\(hint)' names no key")
      }
    }
  }

  /// Presses each key the footer of `state` offers, and each key its `?` help lists, on a copy of
  /// it; the refusals found.
  static func refusedKeys(_ state: AppState, _ what: String, typed: Bool = false) throws -> [String] {
    let line = try #require(state.frame()?.lines.last, "\(what): no frame")
    var offered: [(String, Key)] = []
    for hint in line.split(separator: " · ").map(String.init) {
      offered += try keys(of: hint).map { ("the hint '\(hint)'", $0) }
    }
    // The search's editing keys are listed wherever there is a search, and work once something
    // is typed: they are pressed in the states with a search typed.
    let editing = Set(ListKind.bindings.filter { $0.helpWhen != nil }.flatMap(\.keys))
    for entry in state.keyHelp ?? [] where entry.keys != "a character or a paste" {
      for name in entry.keys.split(separator: ", ").map(String.init) where name != "Ctrl-C" && name != "Ctrl-D" {
        let key = try #require(Key(name: name), "help key '\(name)'")
        if editing.contains(key) && !typed { continue }
        offered.append(("the help's '\(entry.keys)'", key))
      }
    }
    var refused: [String] = []
    for (offer, key) in offered {
      var pressed = state
      _ = App.reduce(&pressed, .key(key))
      if let flash = pressed.flash, refusals.contains(where: flash.lowercased().contains) {
        refused.append("\(what): \(offer) (\(key)) answers \"\(flash)\" under: \(line)")
      }
    }
    return refused
  }

  /// A navigator on `file` in a terminal `columns` wide, its first answer not yet in.
  static func open(_ file: String, _ parameters: [String: String], columns: Int, clock: VirtualScheduler) throws
    -> Navigator
  {
    let navigator = Navigator(
      loader: ScreenLoader(registry: ScreenRunCommand.registry(adding: []), kinds: .standard),
      context: PluginContext(), scheduler: clock)
    navigator.send(.resize(Viewport(columns: columns, rows: 24)))
    try navigator.open(screens + "/" + file, parameters: parameters)
    return navigator
  }

  @Test("each key the footer offers, in each state of each shipped screen, does something")
  func everyHintedKeyWorks() async throws {
    var refused: [String] = []
    var walked = 0
    for (file, parameters) in Self.cases {
      for columns in [80, 160] {
        let what = "\(file) \(parameters) at \(columns)"
        let clock = VirtualScheduler()
        let navigator = try Self.open(file, parameters, columns: columns, clock: clock)
        refused += try Self.refusedKeys(navigator.state, what + ", loading")
        await navigator.settle()
        refused += try Self.refusedKeys(navigator.state, what + ", the first screen")
        // Opened from another screen: the way back is offered too.
        var opened = navigator.state
        opened.stack.insert(opened.stack[0], at: 0)
        refused += try Self.refusedKeys(opened, what + ", opened from another")
        walked += 3
        guard navigator.current?.spec.list?.search != nil else { continue }
        // A search typed and waiting for its debounce, then done; then one that matches nothing.
        for (text, label) in [("a", "a search"), ("zzzzqqq", "no match")] {
          let search = try Self.open(file, parameters, columns: columns, clock: clock)
          await search.settle()
          for character in text {
            _ = search.press(.character(character), viewport: Viewport(columns: columns, rows: 24))
          }
          refused += try Self.refusedKeys(search.state, what + ", " + label + " typed", typed: true)
          clock.advance(by: .seconds(2))
          await search.settle()
          refused += try Self.refusedKeys(search.state, what + ", " + label + " done", typed: true)
          walked += 2
        }
      }
    }
    #expect(walked >= 100, "only \(walked) states walked")
    #expect(refused.isEmpty, "\(refused.joined(separator: "\n"))")
  }
}
