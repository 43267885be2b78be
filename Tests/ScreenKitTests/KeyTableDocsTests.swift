import FoundationEssentials
import ScreenFormat
import Testing

@testable import ScreenKinds
@testable import ScreenRuntime

/// The README's table of keys is the kinds' bindings: a key bound and not documented, or
/// documented and not bound, fails here. The footer and the `?` help come from the same bindings.
@Suite("Keys in the README")
struct KeyTableDocsTests {
  static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // ScreenKitTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()
    .appendingPathComponent("README.md")

  /// How the README names a key where it is not a script's name for it (`Key(name:)`).
  static let spellings: [String: String] = [
    "←": "Left", "→": "Right", "↑": "Up", "↓": "Down", "PgUp": "PageUp", "PgDn": "PageDown", "Esc": "Escape",
  ]

  /// Stands for every typed character and every paste (a binding's `anyCharacter`).
  static let anyCharacter = "a character or a paste"

  /// The keys of each row of the README's table under "## Interactive mode", as `Key.description`
  /// names them; the rows of typed characters and pastes name `anyCharacter`.
  static func documented(in text: String) throws -> [[String]] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let heading = try #require(lines.firstIndex(of: "## Interactive mode"))
    let rows = lines[(heading + 1)...].drop { !$0.hasPrefix("| key |") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
    return try rows.map { row in
      let cell = String(row.dropFirst().prefix { $0 != "|" }).trimmingWhitespace()
      if cell == "letters, digits, space" || cell == "a paste" { return [anyCharacter] }
      return try cell.split { $0 == "," || $0 == " " }.map { token in
        let name = spellings[String(token)] ?? String(token)
        return try #require(Key(name: name), "README key '\(token)'").description
      }
    }
  }

  /// Every key some kind binds, named as the README's rows are.
  static var bound: Set<String> {
    var keys: Set<String> = []
    func add<K: Kind>(_ bindings: [KeyBinding<K>]) {
      for binding in bindings {
        keys.formUnion(binding.keys.map(\.description))
        if binding.anyCharacter { keys.insert(anyCharacter) }
      }
    }
    add(ListKind.bindings)
    add(TableKind.bindings)
    add(ChartKind.bindings)
    add(DetailKind.bindings)
    return keys
  }

  @Test("each key of the README's table is bound, and each bound key is in the table")
  func theTableIsTheBindings() throws {
    let rows = try Self.documented(in: String(contentsOf: Self.readme, encoding: .utf8))
    #expect(rows.count >= 10)
    let documented = Set(rows.joined())
    #expect(documented.subtracting(Self.bound).isEmpty, "documented, not bound: \(documented.subtracting(Self.bound))")
    #expect(Self.bound.subtracting(documented).isEmpty, "bound, not documented: \(Self.bound.subtracting(documented))")
    // Each binding's keys are in one row, whole: no binding is half documented.
    func check<K: Kind>(_ bindings: [KeyBinding<K>]) {
      for binding in bindings where !binding.keys.isEmpty && !binding.help.isEmpty {
        let names = binding.keys.map(\.description)
        #expect(rows.contains { row in names.allSatisfy(row.contains) }, "\(K.self): \(names) in no one row")
      }
    }
    check(ListKind.bindings)
    check(TableKind.bindings)
    check(DetailKind.bindings)
  }

  @Test("under --ascii the key help and the footer's hints are ASCII, as every kind's bindings write them")
  func asciiHelp() {
    let ascii = RenderOptions(width: 80, height: 40, glyphs: .ascii)
    func check<K: Kind>(_ bindings: [KeyBinding<K>], _ kind: ScreenKind) {
      let frame = KeyHelpFrame.frame(kind: kind, help: bindings.help(), options: ascii)
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
    let named = [KeyBinding<ListKind>.back, .quit, .suspend, .redraw].map(\.keys)
    #expect(App.sharedKeys.map(\.keys) == named)
  }
}
