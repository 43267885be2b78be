import Foundation
import ReplayServer

// replay-server: serves recorded exchanges on 127.0.0.1, so that `screenrun --live` can be tried
// by hand with no internet and no API keys. See README.md, "Live data".

let usage = """
  usage: replay-server [--port N] [--idle SECONDS] [--ignore-query NAMES] [FIXTURE_FILE_OR_FOLDER...]

  Answers HTTP on 127.0.0.1 with the recorded exchanges in the files given (default:
  Tests/Fixtures/Recorded). Prints its address on the first line of stdout and a line per request
  on stderr. Stops after SECONDS without a request (default 600), or on Ctrl-C.

  A request matches a recording by method, path and query, leaving out the query parameters in
  NAMES (comma-separated; default ts,apikey,hash,per_page: Marvel's signature, which changes with
  every request, and GitHub's page size, which the recordings chose differently).

  When two files record the same request, the first file (in name order) answers it; name a
  file on its own to hear its answer instead.
  """

var port = 0
var idle = 600.0
var paths: [String] = []
var ignored: Set<String> = ReplayServer.signatureQueryItems.union(["per_page"])
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--help", "-h":
    print(usage)
    exit(0)
  case "--port":
    guard let text = arguments.popFirst(), let value = Int(text), (0...65535).contains(value) else {
      FileHandle.standardError.write(Data("replay-server: error: --port takes a number from 0 to 65535\n".utf8))
      exit(2)
    }
    port = value
  case "--ignore-query":
    guard let text = arguments.popFirst() else {
      FileHandle.standardError.write(
        Data("replay-server: error: --ignore-query takes names, as in ts,apikey,hash\n".utf8))
      exit(2)
    }
    ignored = Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
  case "--idle":
    guard let text = arguments.popFirst(), let value = Double(text), value > 0 else {
      FileHandle.standardError.write(Data("replay-server: error: --idle takes a number of seconds\n".utf8))
      exit(2)
    }
    idle = value
  default:
    if argument.hasPrefix("-") {
      FileHandle.standardError.write(Data("replay-server: error: unknown option '\(argument)'\n\(usage)\n".utf8))
      exit(2)
    }
    paths.append(argument)
  }
}

func log(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

let roots =
  paths.isEmpty
  ? [
    FileManager.default.fileExists(atPath: "Tests/Fixtures/Recorded")
      ? URL(fileURLWithPath: "Tests/Fixtures/Recorded") : RecordedFixtures.directory
  ]
  : paths.map { URL(fileURLWithPath: $0) }

// Load every file; when two files record the same request, the first keeps it.
let exchanges = RecordedFixtures.serving(roots, ignoring: ignored, log: log)
guard !exchanges.isEmpty else {
  log("replay-server: error: nothing to serve; name fixture files or folders (see --help)")
  exit(1)
}

let server: ReplayServer
do {
  server = try ReplayServer(
    exchanges: exchanges, ignoredQueryItems: ignored, port: port, lifetime: .seconds(24 * 3600),
    onRequest: { request in
      // Signature values stay out of the log: with real keys, the hash is a credential.
      let query = request.query.map {
        ReplayServer.signatureQueryItems.contains($0.name) && $0.name != "ts" ? "\($0.name)=REDACTED" : $0.description
      }
      let target = request.path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
      let answer = request.status.map(String.init) ?? "no answer"
      log("\(request.method) \(target) -> \(answer)\(request.answeredFrom.map { " (\($0))" } ?? "")")
    })
} catch {
  log("replay-server: error: \(error)")
  exit(1)
}

// Unbuffered, so a script reading the first line gets it at once.
FileHandle.standardOutput.write(Data((server.baseURL + "\n").utf8))
log(
  "replay-server: \(exchanges.count) recorded exchanges on \(server.baseURL); stops after \(Int(idle)) s without a request"
)

// Bounded: ends when the server has been idle for `idle` seconds.
while server.isRunning, ContinuousClock.now - server.lastActivity < .milliseconds(Int(idle * 1000)) {
  Thread.sleep(forTimeInterval: 0.2)
}
server.stop()
log("replay-server: idle for \(Int(idle)) s; stopped")
