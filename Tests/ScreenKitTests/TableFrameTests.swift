import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenText

/// A table drawn at 40, 80 and 120 columns over names with wide characters (CJK, emoji, a
/// combining mark) in its first column, the one always shown: every line within the width, and
/// every cell under its header, counted in terminal columns.
@Suite("Table frame")
struct TableFrameTests {
  static let screen =
    #"{"kind": "table", "title": "Wide names", "source": {"plugin": "books", "resource": "books"}, "search": {"param": "q"}, "columns": [{"header": "Name", "value": "{name}", "width": {"min": 12}}, {"header": "Id", "value": "{id|number}", "width": 6, "align": "right"}, {"header": "Note", "value": "{note}", "width": {"min": 8}, "align": "center"}]}"#

  static let records: [JSON] = [
    ["id": .int(1), "name": .string("東京タワー観光ガイド完全版"), "note": .string("全部で二十文字の説明です。はい。")],
    ["id": .int(22), "name": .string("🚀 Rocket 🚀 launcher"), "note": .string("emoji 👩‍👩‍👧 family")],
    ["id": .int(333), "name": .string("Cafe\u{301} society"), "note": .string("combining")],
    ["id": .int(4_444), "name": .string("한국어 이름"), "note": .string("-")],
    ["id": .int(55_555), "name": .string("ascii"), "note": .string("ｆｕｌｌｗｉｄｔｈ")],
  ]

  func frame(width: Int) async throws -> String {
    let folder = try ScreenFolder(["wide.json": Self.screen])
    let clock = VirtualScheduler()
    let navigator = Navigator(
      loader: ScreenLoader(
        registry: PluginRegistry([TestPlugins.books(CountingSource(records: Self.records))]), kinds: .standard),
      context: PluginContext(), scheduler: clock)
    let runner = ScriptRunner(navigator: navigator, clock: clock, options: RenderOptions(width: width))
    try navigator.open(folder.file("wide.json"))
    await navigator.settle()
    return runner.frame()
  }

  @Test("wide characters at 40, 80 and 120 columns", arguments: [40, 80, 120])
  func wideCharacters(_ width: Int) async throws {
    let frame = try await frame(width: width)
    assertSnapshot(frame, named: "wide-\(width)")
    let lines = frame.split(separator: "\n").map(String.init)
    for line in lines { #expect(TextWidth.width(of: line) <= width, "over \(width): \(line)") }
    let heading = try #require(lines.first { $0.contains("Name") && $0.contains("Id") })
    let rows = lines.filter { $0.range(of: #"^\d\. "#, options: .regularExpression) != nil }
    #expect(rows.count == 5, "\(frame)")
    // The right-aligned Id column ends where its header does, in every row.
    let idEnd = TextWidth.width(of: String(heading[..<heading.range(of: "Id")!.upperBound]))
    for (row, record) in zip(rows, Self.records) {
      let id = TemplateFilter.grouped(record["id"]?.intValue ?? 0)
      let end = row.range(of: " " + id + " ").map { TextWidth.width(of: String(row[..<$0.upperBound])) - 1 }
      #expect(end == idEnd, "the id of '\(row)' is not under its header (\(idEnd)):\n\(frame)")
    }
    #expect(rows[0].contains(width >= 80 ? "東京タワー観光ガイド完全版" : "東京タワー"), "\(rows[0])")
  }
}
