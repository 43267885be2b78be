import Foundation
import PluginHost
import ScreenKit
import Testing

/// Hostile bytes on a plugin's stdout, through a running program: a megabyte line, NUL, invalid
/// UTF-8, an answer to an id never sent, numbers that overflow, and a line cut off by the end.
/// Each ends in one error naming the plugin; the megabyte line is just a page.
@Suite("External plugins: hostile framing", .serialized)
struct ExternalWireHostileTests {
  /// A program that says hello and answers the first page request with the line its mode names
  /// (`%d` the request's id).
  static let program = #"""
    import sys, json
    mode = sys.argv[1]
    out = sys.stdout.buffer
    out.write(b'{"type":"hello","protocol":1}\n'); out.flush()
    lines = {
      "mega": b'{"type":"page","id":%d,"records":[{"name":"' + b"x" * (1 << 20) + b'"}],"total":1}\n',
      "nul": b'{"type":"page","id":%d,"records":["a\x00b"]}\n',
      "utf8": b'{"type":"page","id":%d,"records":["\xc3\x28"]}\n',
      "unknown": b'{"type":"page","id":99,"records":[]}\n',
      "bigid": b'{"type":"page","id":123456789012345678901234567890,"records":[]}\n',
      "bigtotal": b'{"type":"page","id":%d,"records":[],"total":123456789012345678901234567890}\n',
      "bigreal": b'{"type":"page","id":%d,"records":[],"total":1e400}\n',
      "cut": b'{"type":"page","id":%d,"records":[',
    }
    for line in sys.stdin.buffer:
      request = json.loads(line)
      if request["type"] != "page": continue
      text = lines[mode]
      out.write(text.replace(b"%d", str(request["id"]).encode()) if b"%d" in text else text); out.flush()
      if mode == "cut": sys.exit(0)
    """#

  static func source(_ mode: String) throws -> ExternalSource {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-wire-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let manifest: JSON = [
      "name": .string("wire-\(mode)"), "summary": "hostile bytes", "protocol": 1,
      "command": ["python3", "-c", .string(program), .string(mode)],
      "resources": [["name": "items", "kind": "list", "summary": "items"]],
    ]
    let file = folder.appendingPathComponent("plugin.json").path
    try manifest.lineText.write(toFile: file, atomically: true, encoding: .utf8)
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
    return ExternalSource(manifest: try PluginManifest.load(file), context: PluginContext(environment: environment))
  }

  @Test("a megabyte line is one page")
  func megabyte() async throws {
    let source = try Self.source("mega")
    defer { source.stop() }
    let page = try await source.page(PageRequest(resource: "items", pageSize: 10))
    #expect(page.records.count == 1 && page.total == 1)
    #expect(page.records.first?["name"]?.stringValue?.utf8.count == 1 << 20)
  }

  @Test(
    "bytes that are no message end in one error naming the plugin",
    arguments: [
      ("nul", "wrote a line that is not JSON ("),
      ("utf8", "wrote a line that is not JSON ("),
      ("unknown", "answered request 99, which was never sent"),
      ("bigid", "answer whose \"id\" is an integer too big for 64 bits"),
      ("bigtotal", "answered a page whose \"total\" is not a whole number"),
      ("bigreal", "wrote a line that is not JSON ("),
      ("cut", "exited with status 0"),
    ])
  func refused(mode: String, reason: String) async throws {
    let source = try Self.source(mode)
    defer { source.stop() }
    do {
      _ = try await source.page(PageRequest(resource: "items", pageSize: 10))
      Issue.record("\(mode): a page came")
    } catch {
      #expect(error.message.hasPrefix("plugin 'wire-\(mode)' "), "\(error)")
      #expect(error.message.contains(reason), "\(error)")
      #expect(!error.message.unicodeScalars.contains { $0.value == 0 }, "a NUL reached the error: \(error)")
    }
    #expect(source.runningProcess == nil, "a failed process still serves")
  }
}
