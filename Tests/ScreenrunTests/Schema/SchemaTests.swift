import Foundation
import Testing

/// `screenrun schema`: the checked-in copies are what it prints, and the schema agrees with the
/// decoder on every screen file of the repository, as a real validator reads it.
@Suite("JSON Schema")
struct SchemaTests {
  /// The catalog cases that a JSON Schema cannot refuse, each with why; the validator accepts
  /// them (the test checks that too, so that this list stays true) and `--check` refuses them.
  static let beyondSchema: [String: String] = [
    // A JSON parser keeps one of two equal keys; a schema sees the object after that.
    "duplicate-key.json": "duplicate keys",
    // A schema sees one file: it cannot open the file that a select names.
    "select-missing-screen.json": "the select target does not exist",
    "select-invalid-target.json": "the select target is itself broken",
    "select-missing-param.json": "the select target reads a parameter that is not passed",
    // Which keys a kind binds is the kind's code, not its schema.
    "action-key-taken.json": "an action's key that the screen's kind binds",
  ]

  static let copies = [
    (file: "schema/screen.schema.json", arguments: ["schema", "--no-user-plugins"]),
    (file: "schema/plugin.schema.json", arguments: ["schema", "plugin", "--no-user-plugins"]),
  ]

  @Test("the checked-in copies are what screenrun schema prints", arguments: copies.map(\.file))
  func checkedInCopy(_ file: String) async throws {
    let arguments = try #require(Self.copies.first { $0.file == file }).arguments
    let result = try await Screenrun.run(arguments)
    #expect(result.exitCode == 0, "\(result)")
    let copy = try String(contentsOf: Screenrun.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
    guard result.standardOutput != copy else { return }
    let (printed, kept) = (result.stdoutLines, copy.components(separatedBy: "\n"))
    let line = zip(printed, kept).enumerated().first { $1.0 != $1.1 }?.offset ?? min(printed.count, kept.count)
    Issue.record(
      """
      \(file) differs from `screenrun \(arguments.joined(separator: " "))` at line \(line + 1):
        printed: \(line < printed.count ? printed[line] : "(end)")
        in file: \(line < kept.count ? kept[line] : "(end)")
      regenerate it with: swift run screenrun \(arguments.joined(separator: " ")) > \(file)
      """)
  }

  @Test("every screen file: the decoder and the validator agree")
  func agreement() async throws {
    let good =
      try Self.files(in: "Screens") + Self.files(in: "Plugins/Example/Screens")
      + Self.files(in: Screenrun.catalogFolder + "/Targets") + Self.screensInFixtures()
    let bad = try Self.files(in: Screenrun.catalogFolder)
    #expect(good.count >= 12 && bad.count >= 30)
    let (schema, cleanUp) = try await Self.generatedSchema(["schema", "--no-user-plugins"])
    defer { cleanUp() }
    let verdicts = try await JSONSchemaValidator.verdicts(schema: schema, files: good + bad)
    let check = try await Screenrun.run(["--check", "--no-user-plugins"] + good + bad)
    let passed = Set(check.stdoutLines.compactMap { $0.hasSuffix(": ok") ? String($0.dropLast(4)) : nil })

    for file in good {
      #expect(passed.contains(file), "--check refuses \(file):\n\(check.standardError)")
      #expect(verdicts[file] != nil, "the validator did not read \(file)")
      if let refusal = verdicts[file], let refusal {
        Issue.record("the schema refuses \(file), which --check accepts: \(refusal)")
      }
    }
    for file in bad {
      let name = (file as NSString).lastPathComponent
      #expect(!passed.contains(file), "--check accepts the broken \(file)")
      let refusal = verdicts[file] ?? nil
      if let why = Self.beyondSchema[name] {
        #expect(refusal == nil, "the schema now refuses \(name) (\(why)): take it off beyondSchema")
      } else {
        #expect(refusal != nil, "the schema accepts the broken \(name), which --check refuses")
      }
    }
  }

  @Test("the shipped manifests pass the plugin schema, and broken ones are refused by both")
  func manifests() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-manifests-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = #""name": "demo", "summary": "a demo", "protocol": 1, "command": ["python3", "./demo.py"]"#
    let resource = #"{"name": "items", "kind": "list", "summary": "items"}"#
    let broken = [
      "unknown-key": #"{\#(base), "resources": [\#(resource)], "timeot": 5}"#,
      "no-protocol": #"{"name": "demo", "summary": "a", "command": ["x"], "resources": [\#(resource)]}"#,
      "bad-name": #"{"name": "my demo", "summary": "a", "protocol": 1, "command": ["x"], "resources": [\#(resource)]}"#,
      "empty-command": #"{"name": "demo", "summary": "a", "protocol": 1, "command": [], "resources": [\#(resource)]}"#,
      "no-resources": #"{\#(base), "resources": []}"#,
      "record-with-search":
        #"{\#(base), "resources": [{"name": "item", "kind": "record", "summary": "x", "search": "q", "parameters": [{"name": "q", "summary": "q"}]}]}"#,
      "bad-kind": #"{\#(base), "resources": [{"name": "items", "kind": "lists", "summary": "x"}]}"#,
      "timeout-zero": #"{\#(base), "resources": [\#(resource)], "timeout": 0}"#,
      "parameter-without-summary":
        #"{\#(base), "resources": [{"name": "items", "kind": "list", "summary": "x", "parameters": [{"name": "q"}]}]}"#,
    ]
    var brokenFiles: [String] = []
    for (name, text) in broken {
      let plugin = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
      try text.write(to: plugin.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)
      brokenFiles.append(plugin.appendingPathComponent("plugin.json").path)
    }
    let shipped = try FileManager.default.contentsOfDirectory(
      atPath: Screenrun.repositoryRoot.appendingPathComponent("Plugins").path
    ).sorted().map { "Plugins/\($0)/plugin.json" }.filter {
      FileManager.default.fileExists(atPath: Screenrun.repositoryRoot.appendingPathComponent($0).path)
    }
    #expect(!shipped.isEmpty)
    let (schema, cleanUp) = try await Self.generatedSchema(["schema", "plugin"])
    defer { cleanUp() }
    let verdicts = try await JSONSchemaValidator.verdicts(schema: schema, files: shipped + brokenFiles)
    for file in shipped {
      let check = try await Screenrun.run(["--check", "--no-user-plugins", file])
      #expect(check.exitCode == 0, "\(check)")
      #expect(
        verdicts[file] != nil && verdicts[file]! == nil,
        "the plugin schema refuses \(file): \(verdicts[file] ?? nil ?? "")")
    }
    for file in brokenFiles {
      let check = try await Screenrun.run(["--check", "--no-user-plugins", file])
      #expect(check.exitCode == 2, "--check accepts \(file): \(check)")
      #expect((verdicts[file] ?? nil) != nil, "the plugin schema accepts \(file)")
    }
  }

  @Test("every key has a description, and closed sets are enums")
  func descriptionsAndEnums() async throws {
    let result = try await Screenrun.run(["schema", "--no-user-plugins"])
    let schema = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    var undescribed: [String] = []
    Self.walk(schema, at: "", undescribed: &undescribed)
    let plugin = try await Screenrun.run(["schema", "plugin"])
    Self.walk(
      try #require(try JSONSerialization.jsonObject(with: plugin.stdout) as? [String: Any]), at: "plugin:",
      undescribed: &undescribed)
    #expect(undescribed == [], "keys without a description")

    let properties = try #require(schema["properties"] as? [String: Any])
    let definitions = try #require(schema["$defs"] as? [String: Any])
    func enumeration(_ node: Any?) -> [String]? { (node as? [String: Any])?["enum"] as? [String] }
    #expect(enumeration(properties["kind"]) == ["list", "detail", "table", "chart", "tabs"])
    let source = try #require((properties["source"] as? [String: Any])?["properties"] as? [String: Any])
    #expect(Set(enumeration(source["plugin"]) ?? []).isSuperset(of: ["marvel", "github", "shelf", "git"]))
    let section = try #require((definitions["section"] as? [String: Any])?["properties"] as? [String: Any])
    #expect(enumeration(section["type"]) == ["text", "image", "fields", "list", "link"])
    let column = try #require((definitions["column"] as? [String: Any])?["properties"] as? [String: Any])
    #expect(enumeration(column["align"]) == ["left", "right", "center"])
    #expect(
      enumeration(definitions["filter"])
        == [
          "default", "or", "before", "truncate", "prefix", "upper", "lower", "number", "plural", "date", "firstline",
          "trim", "html", "host", "ago", "indent",
        ])
    let template = try #require(definitions["template"] as? [String: Any])
    for filter in [
      "default", "or", "before", "truncate", "prefix", "upper", "lower", "number", "plural", "date", "firstline",
      "trim",
    ] {
      #expect((template["pattern"] as? String)?.contains(filter) == true, "the template pattern lacks '\(filter)'")
    }
    // The resources and their parameters are listed, with their help.
    let text = result.standardOutput
    for word in ["\"nameStartsWith\"", "\"character-comics\"", "\"commits\"", "the commit's hash"] {
      #expect(text.contains(word), "the schema does not list \(word)")
    }
  }

  /// Editors (VS Code, jsonls) run a schema's patterns as ECMAScript regular expressions with the
  /// `u` flag, which refuses escapes that Python's `re` allows.
  @Test(
    "every pattern compiles as an editor runs it (ECMAScript, u flag)",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "node is not installed: skipped"))
  func patternsCompileInEditors() async throws {
    let script = """
      const fs = require("fs");
      const patterns = new Set();
      const walk = (node) => {
        if (node && typeof node === "object") {
          for (const [key, value] of Object.entries(node)) {
            if (key === "pattern") patterns.add(value); else walk(value);
          }
        }
      };
      for (const file of process.argv.slice(1)) walk(JSON.parse(fs.readFileSync(file, "utf8")));
      for (const pattern of patterns) {
        try { new RegExp(pattern, "u"); } catch (error) { console.log("refused: " + pattern + ": " + error.message); }
      }
      console.log(patterns.size + " patterns");
      """
    let result = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/node"),
      arguments: ["-e", script, "schema/screen.schema.json", "schema/plugin.schema.json"],
      workingDirectory: Screenrun.repositoryRoot)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdoutLines.count == 1 && result.stdoutLines.first?.hasSuffix(" patterns") == true, "\(result)")
  }

  @Test("screenrun schema lists the plugins found on a machine with more of them")
  func discoveredPlugins() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-schema-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let plugin = folder.appendingPathComponent("weather")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try #"""
    {"name": "weather", "summary": "Forecasts", "protocol": 1, "command": ["python3", "./weather.py"],
     "resources": [{"name": "forecasts", "kind": "list", "summary": "forecasts", "search": "city",
                    "parameters": [{"name": "city", "summary": "the city's name"}]}]}
    """#.write(to: plugin.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)
    let result = try await Screenrun.run(["schema", "--no-user-plugins", "--plugin-path", folder.path])
    #expect(result.exitCode == 0, "\(result)")
    for word in ["\"weather\"", "\"forecasts\"", "the city's name"] {
      #expect(result.standardOutput.contains(word), "\(word) is missing")
    }
    let shipped = try await Screenrun.run(["schema", "--no-user-plugins"])
    #expect(!shipped.standardOutput.contains("\"weather\""))
  }

  @Test("schema takes 'plugin' or nothing")
  func operands() async throws {
    for arguments in [["schema", "test"], ["schema", "plugin", "plugin"], ["schema", "screen"]] {
      let result = try await Screenrun.run(arguments)
      #expect(result.exitCode == 2, "\(arguments): \(result)")
      #expect(result.stdout.isEmpty)
    }
  }

  // MARK: - Helpers

  /// The `.json` files of a folder of the repository, as paths relative to its root.
  static func files(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: Screenrun.repositoryRoot.appendingPathComponent(folder).path)
      .filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
  }

  /// The screen files among the test fixtures: JSON objects with a `kind` and a `source`.
  static func screensInFixtures() -> [String] {
    let root = Screenrun.repositoryRoot.appendingPathComponent("Tests/Fixtures")
    let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".json") }.sorted().filter { file in
      let data = try? Data(contentsOf: root.appendingPathComponent(file))
      let object = data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
      return object?["kind"] is String && object?["source"] is [String: Any]
    }.map { "Tests/Fixtures/" + $0 }
  }

  /// What `screenrun ARGUMENTS` prints, in a temporary file; and how to remove it.
  static func generatedSchema(_ arguments: [String]) async throws -> (path: String, cleanUp: () -> Void) {
    let result = try await Screenrun.run(arguments)
    #expect(result.exitCode == 0, "\(result)")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-schema-\(UUID()).json")
    try result.stdout.write(to: file)
    return (file.path, { try? FileManager.default.removeItem(at: file) })
  }

  /// Collects the keys under `properties` that have no description, skipping the conditional
  /// rules (`if`, `then`, …), which narrow keys described elsewhere.
  static func walk(_ node: [String: Any], at path: String, undescribed: inout [String]) {
    for (key, value) in node {
      if ["if", "then", "else", "allOf", "anyOf", "oneOf", "not"].contains(key) { continue }
      if key == "properties", let properties = value as? [String: Any] {
        for (name, schema) in properties {
          guard let schema = schema as? [String: Any] else { continue }  // `false`: not allowed here
          if (schema["description"] as? String)?.isEmpty != false { undescribed.append(path + "/" + name) }
          walk(schema, at: path + "/" + name, undescribed: &undescribed)
        }
      } else if let child = value as? [String: Any] {
        walk(child, at: path + "/" + key, undescribed: &undescribed)
      }
    }
  }
}
