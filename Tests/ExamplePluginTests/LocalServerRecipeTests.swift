import Foundation
import PluginHTTP
import Testing

/// docs/plugins/swift.md's recipe for a live test against a local server, run as the guide gives it: the
/// server is started with `Process`, says its port on its first line, and is stopped with SIGKILL.
/// A Swift Testing test's thread blocks SIGTERM, and a child keeps the mask it started with, so
/// `terminate()` (a SIGTERM) would leave the server running and `waitUntilExit()` would hang.
@Suite("A live test against a local server")
struct LocalServerRecipeTests {
  @Test func theRecipeStartsAsksAndStopsTheServer() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recipe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try #"{"stop": {"id": "S1", "name": "Central"}}"#.write(
      to: folder.appendingPathComponent("S1"), atomically: true, encoding: .utf8)

    // The recipe, as docs/plugins/swift.md shows it.
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path]
    let output = Pipe()
    server.standardOutput = output
    try server.run()
    defer {
      kill(server.processIdentifier, SIGKILL)  // not terminate(): SIGTERM is blocked in the server
      server.waitUntilExit()
    }
    // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ...": the first line.
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let more = output.fileHandleForReading.availableData
      try #require(!more.isEmpty, "the server ended before it said its port")
      line += more
    }
    let port = try #require(
      String(decoding: line, as: UTF8.self).split(separator: " ").drop { $0 != "port" }.dropFirst().first)
    let baseURL = "http://127.0.0.1:\(port)"

    let service = try LiveService(environment: ["T_URL": baseURL], baseURLVariable: "T_URL", defaultBaseURL: baseURL)
    let stop = try await service.fetch("/\("S1", parameter: "id")").object(at: .root / "stop", "a stop")
    #expect(stop["name"] == "Central")
  }
}
