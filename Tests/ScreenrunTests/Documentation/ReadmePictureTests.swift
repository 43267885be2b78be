import Foundation
import Testing

/// The pictures of the README and the guide (`docs/pictures/*.svg`): each made by the command a
/// document shows beside it, `screenrun … --picture svg > docs/pictures/NAME.svg` or `screenrun test …
/// --pictures docs/pictures`, and each what the current build draws.
@Suite("Pictures of the README and the guide")
struct ReadmePictureTests {
  static let folder = "docs/pictures"
  static let regenerate = "SCREENRUN_RECORD_SNAPSHOTS=1 swift test --skip-build --filter ReadmePictureTests"
  static var recording: Bool { ProcessInfo.processInfo.environment["SCREENRUN_RECORD_SNAPSHOTS"] == "1" }

  /// The documents that show pictures: README.md and the guide's chapters.
  static func readme() throws -> String {
    let root = Screenrun.repositoryRoot
    let guide = root.appendingPathComponent("docs/guide")
    let chapters = try FileManager.default.contentsOfDirectory(atPath: guide.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    let files = [root.appendingPathComponent("README.md")] + chapters.map { guide.appendingPathComponent($0) }
    return try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
  }

  /// The README's commands that make pictures: each picture's arguments (after `screenrun`) and
  /// its file, and each `screenrun test` run's arguments (before `--pictures docs/pictures`).
  static func commands(in readme: String) -> (pictures: [(arguments: [String], file: String)], tests: [[String]]) {
    let picture = /`screenrun ([^`>]*?) > (docs\/pictures\/[A-Za-z0-9._-]+\.svg)`/
    let test = /`screenrun test ([^`]*?) --pictures docs\/pictures`/
    let pictures = readme.matches(of: picture).map { match in
      (match.output.1.split(separator: " ").map(String.init), String(match.output.2))
    }
    let tests = readme.matches(of: test).map { ["test"] + $0.output.1.split(separator: " ").map(String.init) }
    return (pictures, tests)
  }

  /// What the current build draws for each command: file name to bytes.
  static func drawn(_ readme: String) async throws -> [String: Data] {
    let (pictures, tests) = commands(in: readme)
    var drawn: [String: Data] = [:]
    for (arguments, file) in pictures {
      let result = try await Screenrun.run(arguments)
      #expect(result.exitCode == 0 && result.stderr.isEmpty, "screenrun \(arguments.joined(separator: " ")): \(result)")
      drawn[URL(fileURLWithPath: file).lastPathComponent] = result.stdout
    }
    for arguments in tests {
      let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-readme-\(UUID())")
      defer { try? FileManager.default.removeItem(at: scratch) }
      let result = try await Screenrun.run(arguments + ["--pictures", scratch.path])
      #expect(result.exitCode == 0, "screenrun \(arguments.joined(separator: " ")): \(result)")
      for name in try FileManager.default.contentsOfDirectory(atPath: scratch.path) {
        drawn[name] = try Data(contentsOf: scratch.appendingPathComponent(name))
      }
    }
    return drawn
  }

  @Test("each picture in docs/pictures is what its README command draws now, and each is shown or made there")
  func current() async throws {
    let readme = try Self.readme()
    let drawn = try await Self.drawn(readme)
    #expect(drawn.count >= 4, "the README's picture commands: \(Self.commands(in: readme))")
    let folder = Screenrun.repositoryRoot.appendingPathComponent(Self.folder)
    if Self.recording {
      try? FileManager.default.removeItem(at: folder)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, data) in drawn { try data.write(to: folder.appendingPathComponent(name)) }
      Issue.record("recorded \(drawn.count) pictures in \(Self.folder), run again")
      return
    }
    let committed = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    for (name, data) in drawn.sorted(by: { $0.key < $1.key }) {
      let file = folder.appendingPathComponent(name)
      #expect(
        (try? Data(contentsOf: file)) == data,
        "\(Self.folder)/\(name) is not what the current build draws; make the README's pictures again with: \(Self.regenerate)"
      )
    }
    #expect(
      committed.subtracting(drawn.keys).isEmpty,
      "\(Self.folder) holds pictures no README command makes: \(committed.subtracting(drawn.keys).sorted()); \(Self.regenerate) removes them"
    )
    for match in readme.matches(of: /\]\(((?:\.\.\/)*(?:docs\/)?pictures\/[^)]+)\)/) {
      let name = URL(fileURLWithPath: String(match.output.1)).lastPathComponent
      #expect(drawn[name] != nil, "the README shows \(match.output.1), which no command beside it makes")
    }
  }
}
