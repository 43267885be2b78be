import FoundationEssentials
import ScreenFormat
import Testing

@testable import ScreenKinds
@testable import ScreenRuntime
@testable import ScreenTerminal

/// The table of keys (docs/reference/keys.md) is the kinds' bindings: a key bound and not documented, or
/// documented and not bound, fails here. The footer and the `?` help come from the same bindings.
@Suite("Keys in the reference")
struct KeyTableDocsTests {
  static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // ScreenKitTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()
    .appendingPathComponent("docs/reference/keys.md")

  /// How the README names a key where it is not a script's name for it (`Key(name:)`).
  static let spellings: [String: String] = [
    "←": "Left", "→": "Right", "↑": "Up", "↓": "Down", "PgUp": "PageUp", "PgDn": "PageDown", "Esc": "Escape",
  ]

  /// Stands for every typed character and every paste (a binding's `anyCharacter`).
  static let anyCharacter = "a character or a paste"

  /// A row of the README's table under "## Interactive mode": its keys, as `Key.description`
  /// names them (the rows of typed characters and pastes name `anyCharacter`), and the kinds its
  /// "on" cell names ("every screen", or the kinds it lists: "a list, table or chart").
  struct Row {
    var keys: [String]
    var kinds: Set<String>
  }

  static let kindNames = [ListKind.name, TableKind.name, ChartKind.name, DetailKind.name]

  static func documented(in text: String) throws -> [Row] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let heading = try #require(lines.firstIndex(of: "## Interactive mode"))
    let rows = lines[(heading + 1)...].drop { !$0.hasPrefix("| key |") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
    return try rows.map { row in
      let cells = row.split(separator: "|").map { String($0).trimmingWhitespace() }
      let cell = cells[0]
      let on = cells.count > 1 ? cells[1] : ""
      let kinds = on == "every screen" ? Set(kindNames) : Set(kindNames.filter { on.contains($0) })
      #expect(!kinds.isEmpty, "README key row '\(cell)' names no kind: '\(on)'")
      if cell == "letters, digits, space" || cell == "a paste" { return Row(keys: [anyCharacter], kinds: kinds) }
      let keys = try cell.split { $0 == "," || $0 == " " }.map { token in
        let name = spellings[String(token)] ?? String(token)
        return try #require(Key(name: name), "README key '\(token)'").description
      }
      return Row(keys: keys, kinds: kinds)
    }
  }

  /// The keys a kind's bindings take, named as the README's rows are.
  static func bound<K: Kind>(_ bindings: [KeyBinding<K>]) -> Set<String> {
    var keys: Set<String> = []
    for binding in bindings {
      keys.formUnion(binding.keys.map(\.description))
      if binding.anyCharacter { keys.insert(anyCharacter) }
    }
    return keys
  }

  @Test("each kind's keys are the README's rows for that kind: bound and documented, kind by kind")
  func theTableIsTheBindings() throws {
    let rows = try Self.documented(in: String(contentsOf: Self.readme, encoding: .utf8))
    #expect(rows.count >= 10)
    func check<K: Kind>(_ bindings: [KeyBinding<K>]) {
      let documented = Set(rows.filter { $0.kinds.contains(K.name) }.flatMap(\.keys))
      let bound = Self.bound(bindings)
      #expect(
        documented.subtracting(bound).isEmpty, "\(K.name): documented, not bound: \(documented.subtracting(bound))")
      #expect(
        bound.subtracting(documented).isEmpty, "\(K.name): bound, not documented: \(bound.subtracting(documented))")
      // Each binding's keys are in one row for the kind, whole: no binding is half documented.
      for binding in bindings where !binding.keys.isEmpty && !binding.help.isEmpty {
        let names = binding.keys.map(\.description)
        #expect(
          rows.contains { row in row.kinds.contains(K.name) && names.allSatisfy(row.keys.contains) },
          "\(K.name): \(names) in no one row")
      }
    }
    check(ListKind.bindings)
    check(TableKind.bindings)
    check(ChartKind.bindings)
    check(DetailKind.bindings)
  }

  @Test("under --ascii the key help and the footer's hints are ASCII, as every kind's bindings write them")
  func asciiHelp() {
    let ascii = RenderOptions(width: 80, height: 40, glyphs: .ascii)
    func check<K: Kind>(_ bindings: [KeyBinding<K>], _ kind: ScreenKind) {
      let lines = bindings.help()
      let frame = KeyHelpFrame.frame(kind: kind, help: lines.own + lines.shared, options: ascii)
      let help = frame.plainText
      // The help is styled as frames are: its title bold, its rules and closing line dim.
      #expect(frame.lines.first?.spans.map(\.role) == [.title])
      #expect(frame.lines.last?.spans.map(\.role) == [.dim])
      #expect(help.utf8.allSatisfy { $0 < 0x80 }, "\(help)")
      #expect(help.contains("Escape, Left"), "the keys every screen shares are in it: \(help)")
      for hint in bindings.compactMap(\.hint) {
        #expect(hint.text(.ascii).utf8.allSatisfy { $0 < 0x80 }, "\(hint)")
      }
    }
    check(ListKind.bindings, ScreenKind(ListKind.self))
    check(TableKind.bindings, ScreenKind(TableKind.self))
    check(ChartKind.bindings, ScreenKind(ChartKind.self))
    check(DetailKind.bindings, ScreenKind(DetailKind.self))
    #expect(KeyHint.upDown("move").text(.ascii) == "Up/Down move")
    #expect(KeyHint.upDown("move").text(.unicode) == "↑↓ move")
  }

  @Test("the keys every screen shares, which the app's reducer answers, are the ones the bindings name")
  func sharedKeys() {
    // Their words are the bindings' alone: the app holds only the keys and what they do.
    let named = [KeyBinding<ListKind>.back, .quit, .pagerBack(), .suspend, .redraw].map(\.keys)
    #expect(App.sharedKeys.map(\.keys) == named)
  }
}
