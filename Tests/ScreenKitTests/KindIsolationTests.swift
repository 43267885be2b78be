import Foundation
import Testing

/// A kind is its folder and one registration line: no file of `Sources/` outside
/// `Sources/ScreenKinds/Kinds/Table` names what the table kind declares, but the line that
/// registers it in `KindRegistry.standard`. The names are read from the folder itself, so a type
/// the kind adds later is guarded too.
@Suite("Kind isolation")
struct KindIsolationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let folder = "Sources/ScreenKinds/Kinds/Table/"
  /// The one line outside the folder that may name the kind: its registration.
  static let registration = (file: "Sources/ScreenKinds/Kinds/KindRegistry.swift", line: "TableKind.self,")
  /// The folders of the kinds built on the table by composition, which name it as the table
  /// names the list.
  static let builtOn = ["Sources/ScreenKinds/Kinds/Chart/"]
  /// The chart kind, built on the table: its folder and its registration line.
  static let chart = (folder: "Sources/ScreenKinds/Kinds/Chart/", line: "ChartKind.self,")

  typealias File = (path: String, text: String)

  /// Every Swift file under Sources/, by its path from the package root.
  static func sources() throws -> [File] {
    let base = root.appendingPathComponent("Sources")
    guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
    var files: [File] = []
    for case let url as URL in walker where url.pathExtension == "swift" {
      files.append((String(url.path.dropFirst(root.path.count + 1)), try String(contentsOf: url, encoding: .utf8)))
    }
    return files.sorted { $0.path < $1.path }
  }

  /// What the kind declares, to be named nowhere else: its types, and the members it adds to the
  /// core's types whose names say "table" (`ScreenKind.table`, `ScreenSpec.table`,
  /// `SpecDecoder.decodeTable`); a generic helper there, such as `Effect.map`, is not the kind's.
  static func names(declaredIn kind: [File]) -> (types: Set<String>, members: Set<String>) {
    var types: Set<String> = []
    var members: Set<String> = []
    for file in kind {
      // Top-level types: the ones nested in them (`TableViewModel.State`) are reached through these.
      let declaration =
        #/(?m)^(?:(?:public|package|internal|fileprivate|private|final)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_]\w*)/#
      for match in file.text.matches(of: declaration) {
        types.insert(String(match.1))
      }
      for match in file.text.matches(of: #/\b(?:func|let|var)\s+([A-Za-z_]\w*)/#)
      where match.1.lowercased().contains("table") {
        members.insert(String(match.1))
      }
    }
    return (types, members)
  }

  struct Finding: CustomStringConvertible {
    var file: String
    var line: Int
    var text: String
    var description: String { "\(file):\(line): \(text.trimmingCharacters(in: .whitespaces))" }
  }

  /// The lines outside the kind's folder that name the kind, but its registration. A member is
  /// named by its use as an implicit member (`kind == .table`, `[.list, .table]`) or on a core type
  /// or a spec (`ScreenKind.table`, `spec.table`); another type's member of the same name
  /// (`report.table`, `Self.table(rows)`) is its own.
  static func findings(
    _ files: [File], folder: String = folder, line registered: String = registration.line,
    allowed: [String] = builtOn, types only: Set<String>? = nil
  ) -> [Finding] {
    var (types, members) = names(declaredIn: files.filter { $0.path.hasPrefix(folder) })
    if let only {
      types = only
      members = []
    }
    let patterns =
      types.map { #"\b"# + $0 + #"\b"# }
      + members.flatMap { name in
        [#"(^|[^\w.)\]?!])\."# + name + #"\b"#, #"\b(spec|ScreenKind|ScreenSpec|ScreenContent)\??\."# + name + #"\b"#]
      }
    var findings: [Finding] = []
    for file in files where !file.path.hasPrefix(folder) && !allowed.contains(where: file.path.hasPrefix) {
      for (number, line) in file.text.components(separatedBy: "\n").enumerated() {
        if file.path == registration.file, line.trimmingCharacters(in: .whitespaces) == registered { continue }
        if patterns.contains(where: { line.range(of: $0, options: .regularExpression) != nil }) {
          findings.append(Finding(file: file.path, line: number + 1, text: line))
        }
      }
    }
    return findings
  }

  @Test("no file outside Kinds/Table names the table kind's types or members, but its registration line")
  func theTableKindIsItsFolderAndOneLine() throws {
    let files = try Self.sources()
    let (types, members) = Self.names(declaredIn: files.filter { $0.path.hasPrefix(Self.folder) })
    #expect(
      types.isSuperset(of: ["TableKind", "TableSpec", "TableViewModel", "TableFrame", "TableSort", "ColumnSpec"]),
      "the kind's types, read from its folder: \(types.sorted())")
    #expect(members.isSuperset(of: ["table", "decodeTable"]), "\(members.sorted())")
    let findings = Self.findings(files)
    #expect(
      findings.isEmpty,
      "the table kind is named outside its folder:\n\(findings.map(\.description).joined(separator: "\n"))")
    let registrations = files.first { $0.path == Self.registration.file }?.text.components(separatedBy: "\n")
      .filter { $0.trimmingCharacters(in: .whitespaces) == Self.registration.line }
    #expect(registrations?.count == 1, "one registration line in \(Self.registration.file)")
  }

  @Test("no file outside Kinds/Chart names the chart kind's types, but its registration line")
  func theChartKindIsItsFolderAndOneLine() throws {
    let files = try Self.sources()
    let (types, _) = Self.names(declaredIn: files.filter { $0.path.hasPrefix(Self.chart.folder) })
    #expect(
      types.isSuperset(of: ["ChartKind", "ChartSpec", "ChartFrame", "ChartLayout", "BarsSpec"]), "\(types.sorted())")
    // The table's folder names its own `table` (a member the chart's `ChartSpec.table` shares).
    let findings = Self.findings(files, folder: Self.chart.folder, line: Self.chart.line, allowed: [Self.folder])
    #expect(
      findings.isEmpty,
      "the chart kind is named outside its folder:\n\(findings.map(\.description).joined(separator: "\n"))")
  }

  /// Every kind's folder, its registration line, and the folders of the kinds built on it (which
  /// name it as the table names the list).
  static let kinds: [(folder: String, line: String, builtOn: [String])] = [
    ("Sources/ScreenKinds/Kinds/List/", "ListKind.self,", [folder, chart.folder]),
    ("Sources/ScreenKinds/Kinds/Detail/", "DetailKind.self,", []),
    (folder, registration.line, builtOn),
    (chart.folder, chart.line, [folder]),
  ]

  /// Where a kind's types may be named beyond its folder: the benchmarks, which make a kind's
  /// state of a given size to time its frame, as a test does.
  static let harnesses = ["Sources/screenbench/"]

  @Test("no kind is named outside its folder, but its registration line and the kinds built on it")
  func everyKindIsItsFolderAndOneLine() throws {
    let files = try Self.sources()
    for kind in Self.kinds {
      let (types, _) = Self.names(declaredIn: files.filter { $0.path.hasPrefix(kind.folder) })
      #expect(!types.isEmpty, "\(kind.folder) declares types")
      // Types only: a member named for a kind ("list", "detail") is also a word of other types
      // (a detail section's `.list`, the sorted list's `list`); the table's members are held above.
      let findings = Self.findings(
        files, folder: kind.folder, line: kind.line, allowed: kind.builtOn + Self.harnesses, types: types)
      #expect(
        findings.isEmpty,
        "\(kind.folder) is named outside its folder:\n\(findings.map(\.description).joined(separator: "\n"))")
    }
  }

  @Test("the check finds a type or a member of the kind named outside its folder, and lets a file's own be")
  func theCheckCanFail() throws {
    let kind = try Self.sources().filter { $0.path.hasPrefix(Self.folder) }
    for line in [
      "  var sort: TableSort?", "  let columns = spec.table?.columns", "  .table,  // a second registration",
    ] {
      let found = Self.findings(kind + [("Sources/ScreenRuntime/Navigation/Extra.swift", "struct X {\n\(line)\n}")])
      #expect(found.map(\.line) == [2], "'\(line)': \(found)")
    }
    let own =
      "struct Report {\n  var table: String { \"\" }\n  func show() { print(report.table, Self.table(rows)) }\n}"
    #expect(Self.findings(kind + [("Sources/screenbench/Report.swift", own)]).isEmpty)
  }
}
