import Foundation
import ScreenKit
import Testing

@testable import ScreenRunCLI

/// Each plugin declares the environment variables it reads, and `--help`, `--plugins` and the man
/// page list them from those declarations: the command line names none of its own.
@Suite("Plugins' environment variables")
struct PluginEnvironmentTests {
  static let only = ["SCREENRUN_NO_USER_PLUGINS": "1"]

  /// A folder with a `shelf` plugin whose manifest declares a variable with a default and a
  /// secret one (the program is never started: listing reads the manifest only).
  static func shelfPlugin() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-env-\(UUID().uuidString)")
    let plugin = folder.appendingPathComponent("shelf")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try """
    {"name": "shelf", "summary": "A shelf of books", "protocol": 1, "command": ["python3", "./shelf.py"],
     "resources": [{"name": "books", "kind": "list", "summary": "books"}],
     "environment": ["SHELF_PLAIN",
                     {"name": "SHELF_URL", "summary": "the shelf's server", "default": "https://shelf.example"},
                     {"name": "SHELF_TOKEN", "summary": "the shelf's token", "secret": true}]}
    """.write(to: plugin.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)
    try "".write(to: plugin.appendingPathComponent("shelf.py"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test("a new external plugin's declared variables show in --help and --plugins")
  func externalPlugin() async throws {
    let folder = try Self.shelfPlugin()
    defer { try? FileManager.default.removeItem(at: folder) }

    // What follows --help is never read: the plugin path comes from the environment.
    let help = try await Screenrun.run(["--help"], environment: ["SCREENRUN_PLUGIN_PATH": folder.path])
    #expect(help.exitCode == 0, "\(help)")
    let section = help.stdoutLines.drop { $0 != "the plugins' environment variables:" }.dropFirst()
      .prefix { !$0.isEmpty }
    // A row is a name and its help, wrapped: a line indented further goes on the row before.
    var rows: [String] = []
    for line in section {
      let words = line.split(separator: " ").joined(separator: " ")
      if line.hasPrefix("   "), !rows.isEmpty { rows[rows.count - 1] += " " + words } else { rows.append(words) }
    }
    #expect(rows.contains("SHELF_URL shelf: the shelf's server (default https://shelf.example)"), "\(help)")
    #expect(rows.contains("SHELF_TOKEN shelf: the shelf's token; a secret, never printed"), "\(help)")
    #expect(rows.contains("SHELF_PLAIN shelf: read by the plugin"), "\(help)")
    // The shipped plugins' are listed beside it, and none is there without a plugin found.
    #expect(rows.contains { $0.hasPrefix("MARVEL_BASE_URL marvel: ") }, "\(help)")
    let without = try await Screenrun.run(["--help"], environment: Self.only)
    #expect(!without.standardOutput.contains("SHELF_"), "\(without)")

    let plugins = try await Screenrun.run(["--plugins", "--plugin-path", folder.path], environment: Self.only)
    #expect(plugins.exitCode == 0, "\(plugins)")
    let shelf = plugins.stdoutLines.drop { !$0.hasPrefix("shelf: ") }.prefix { !$0.isEmpty }
    let environment = Array(shelf.drop { $0 != "  environment:" }.dropFirst())
    #expect(
      environment == [
        "    SHELF_PLAIN: read by the plugin",
        "    SHELF_URL: the shelf's server (default https://shelf.example)",
        "    SHELF_TOKEN: the shelf's token; a secret, never printed",
      ], "\(plugins)")
  }

  @Test("--help, --plugins and the man page list every variable the shipped plugins declare")
  func shippedPlugins() async throws {
    let declared = ScreenRunCommand.makeRegistry().all.flatMap { plugin in plugin.environment.map { (plugin, $0) } }
    let names = Set(declared.map(\.1.name))
    // Both shipped API plugins declare their server, their keys and the sample override.
    for name in [
      "MARVEL_BASE_URL", "MARVEL_PUBLIC_KEY", "MARVEL_PRIVATE_KEY", "SCREENRUN_MARVEL_SAMPLE", "GITHUB_API_URL",
      "GITHUB_TOKEN",
    ] {
      #expect(names.contains(name), "\(name) is not declared")
    }
    #expect(Set(declared.filter(\.1.secret).map(\.1.name)) == ["MARVEL_PRIVATE_KEY", "GITHUB_TOKEN"])

    let help = try await Screenrun.run(["--help"], environment: Self.only)
    let plugins = try await Screenrun.run(["--plugins"], environment: Self.only)
    let page = ManPage(Arguments.declaration).text
    for (plugin, variable) in declared {
      let line = help.stdoutLines.first { $0.hasPrefix("  \(variable.name) ") }
      #expect(line?.contains("\(plugin.name): ") == true, "\(variable.name) in --help:\n\(help.standardOutput)")
      #expect(plugins.stdoutLines.contains("    \(variable.name): \(variable.help)"), "\(plugins.standardOutput)")
      #expect(page.contains(".B \(ManPage.escaped(variable.name))\n"), "\(variable.name) is not in the man page")
      #expect(page.contains(ManPage.escaped("\(plugin.name): \(variable.help)")), "\(variable.name)'s help")
    }
  }

  @Test("the help of a variable: its summary, default and secrecy, with no control character")
  func variableHelp() {
    #expect(EnvironmentVariable("A").help == "read by the plugin")
    #expect(EnvironmentVariable("A", summary: "a server", defaultValue: "x").help == "a server (default x)")
    #expect(EnvironmentVariable("A", summary: "a key", secret: true).help == "a key; a secret, never printed")
    #expect(!EnvironmentVariable("A", summary: "two\nlines\u{1B}[31m").help.contains { $0.isNewline || $0 == "\u{1B}" })
  }
}
