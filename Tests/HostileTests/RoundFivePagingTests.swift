import Foundation
import ReplayServer
import Synchronization
import Testing

/// The fifth round's cases (issue 37, items 1, 2, 8 and 9): a server that answers the same page
/// whatever page is asked, `maxPages` counted in requests, a page of millions of tiny
/// records (the peak memory of the run), and the descriptors of a plugin that exits on every
/// request, reloaded 200 times.
@Suite("Hostile inputs, round five: paging, memory and descriptors")
struct RoundFivePagingTests {
  typealias Lab = RoundTwoTests.Lab

  /// A REST API declared with `paging` (JSON text), at the lab's server, and a list screen of it:
  /// the arguments that run the screen live.
  static func declared(_ lab: Lab, paging: String, total: Bool = true, pageSize: Int = 20) throws -> [String] {
    try FileManager.default.createDirectory(
      at: lab.work.appendingPathComponent("plugins/books"), withIntermediateDirectories: true)
    try lab.write(
      "plugins/books/plugin.json",
      """
      {"name": "books", "summary": "books",
       "http": {"baseURL": {"variable": "BOOKS_API_URL", "default": "http://127.0.0.1:9"}},
       "resources": [{"name": "books", "kind": "list", "summary": "books",
         "request": {"path": "/books", "records": "/items", \(total ? #""total": "/total","# : "")
           "paging": \(paging)}}]}
      """)
    try lab.write(
      "books.json",
      """
      {"version": 1, "kind": "list", "title": "Books", "source": {"plugin": "books", "resource": "books"},
       "paging": {"pageSize": \(pageSize)}, "row": {"title": "{title}"}}
      """)
    lab.environment["BOOKS_API_URL"] = lab.server?.baseURL
    return [lab.path("books.json"), "--plugin-path", lab.path("plugins"), "--live"]
  }

  /// The paging of each style, with the parameter names the answers below read.
  static let pagings = [
    "offset": #"{"type": "offset", "limit": "limit", "offset": "offset"}"#,
    "page": #"{"type": "page", "page": "page", "size": "per_page", "first": 1}"#,
    "cursor": #"{"type": "cursor", "next": "/next", "param": "cursor", "size": "per_page"}"#,
  ]

  /// An answer of `titles`, with the total and, for cursor paging, a next cursor that differs on
  /// every request (the one asked for, and one letter more).
  static func page(_ titles: [String], total: Int?, request: HostileRequest) -> HostileAnswer {
    let items = titles.map { #"{"title": "\#($0)"}"# }.joined(separator: ",")
    let next = (request.queryValue("cursor") ?? "c") + "x"
    return .json(
      #"{"items": [\#(items)], "next": "\#(next)""# + (total.map { #", "total": \#($0)"# } ?? "") + "}")
  }

  // MARK: - A server that ignores the page asked for

  @Test(
    "a server that answers the same 20 records for every offset, page number or cursor: page 1 once, then an error",
    arguments: ["offset", "page", "cursor"])
  func samePageForEveryCursor(_ style: String) async throws {
    let lab = try Lab(answer: { request in
      Self.page((0..<20).map { "book \($0)" }, total: style == "page" ? nil : 1000, request: request)
    })
    let arguments = try Self.declared(lab, paging: Self.pagings[style] ?? "")
    let run = try await lab.run(arguments + ["--output", "jsonl", "--pages", "all"])
    #expect(run.exitCode == 1, "\(lab.text(run))")
    let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 20, "page 1 once: \(lab.text(run))")
    let error = String(decoding: run.stderr, as: UTF8.self)
    #expect(
      error.contains("the source's paging goes round: page 2, asked for with cursor")
        && error.contains("holds page 1's records again, in the same order"), "\(lab.text(run))")
    #expect(lab.server?.requests.count == 2, "\(lab.server?.requests.map { $0.target } ?? [])")
  }

  @Test("in a script, next over a server that answers the same page adds no row and shows the error")
  func samePageInAScript() async throws {
    let lab = try Lab(answer: { request in Self.page((0..<20).map { "book \($0)" }, total: 1000, request: request) })
    let arguments = try Self.declared(lab, paging: Self.pagings["offset"] ?? "")
    let run = try await lab.run(arguments + ["--script", "-"], stdin: "next\nnext\nnext\n")
    let frames = String(decoding: run.stdout, as: UTF8.self)
    #expect(!frames.contains("1-40") && !frames.contains("1-60"), "\(lab.text(run))")
    #expect(!frames.contains("21. book 0"), "\(lab.text(run))")
    #expect(frames.contains("paging goes round: page 2"), "\(lab.text(run))")
  }

  @Test("pages that share a record, as live data shifts, and pages of other records are all read")
  func shiftingPagesAreNoLoop() async throws {
    // Each page repeats the last record of the page before: one record on two pages.
    let lab = try Lab(answer: { request in
      let offset = Int(request.queryValue("offset") ?? "0") ?? 0
      let start = offset == 0 ? 0 : offset - 1
      return Self.page((start..<(start + 20)).map { "book \($0)" }, total: 60, request: request)
    })
    let arguments = try Self.declared(lab, paging: Self.pagings["offset"] ?? "")
    let run = try await lab.run(arguments + ["--output", "jsonl", "--pages", "all"])
    #expect(run.exitCode == 0, "\(lab.text(run))")
    #expect(String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").count == 60, "\(lab.text(run))")
  }

  // MARK: - maxPages counts requests

  @Test(
    "maxPages 3 over a server that answers one record a page makes 3 requests, whatever the paging",
    arguments: ["offset", "page", "cursor"])
  func maxPagesCountsRequests(_ style: String) async throws {
    let lab = try Lab(answer: { request in
      let place = request.queryValue("offset") ?? request.queryValue("page") ?? request.queryValue("cursor") ?? "0"
      return Self.page(["book at \(place)"], total: 1_000_000, request: request)
    })
    let paging = (Self.pagings[style] ?? "").dropLast() + #", "maxPages": 3}"#
    let arguments = try Self.declared(lab, paging: String(paging))
    let run = try await lab.run(arguments + ["--output", "jsonl", "--pages", "all"])
    #expect(run.exitCode == 1, "\(lab.text(run))")
    #expect(String(decoding: run.stderr, as: UTF8.self).contains("'books' has more than 3 pages"), "\(lab.text(run))")
    #expect(lab.server?.requests.count == 3, "\(lab.server?.requests.map { $0.target } ?? [])")
  }

  // MARK: - Memory

  /// Runs the built screenrun under python3, which reports the child's peak resident memory
  /// (`ru_maxrss` of its only child, in kB) on its own stderr's last line.
  func peakMemory(_ lab: Lab, _ arguments: [String]) async throws -> (run: Driver.Run, kilobytes: Int) {
    let script = """
      import resource, subprocess, sys
      code = subprocess.call(sys.argv[1:])
      sys.stderr.write("\\npeak %d\\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      sys.exit(code)
      """
    let run = try await lab.run(["-c", script, try Driver.binary().path] + arguments, program: "/usr/bin/python3")
    let last = String(decoding: run.stderr, as: UTF8.self).split(separator: "\n").last ?? ""
    return (run, Int(last.dropFirst("peak ".count)) ?? -1)
  }

  @Test(
    "a 56 MB page of 7 million tiny records: refused, naming the limit, in far less than 10 times its memory",
    arguments: ["--output", "--once"])
  func millionsOfTinyRecords(_ mode: String) async throws {
    let records = 7_000_000
    let items = Array(repeating: #"{"a":1}"#, count: records).joined(separator: ",")
    let body = #"{"total": \#(records), "items": [\#(items)]}"#
    let bytes = body.utf8.count
    let lab = try Lab(answer: always(.json(body)))
    let arguments = try Self.declared(lab, paging: Self.pagings["offset"] ?? "")
    let (run, peak) = try await peakMemory(lab, arguments + (mode == "--once" ? ["--once"] : ["--output", "jsonl"]))
    #expect(peak > 0, "\(lab.text(run))")
    #expect(peak * 1024 <= 10 * bytes, "peak \(peak) kB for a body of \(bytes) bytes: \(lab.text(run))")
    #expect(run.exitCode == 1, "\(lab.text(run))")
    #expect(
      String(decoding: run.stderr, as: UTF8.self).contains("holds more than 1,000,000 JSON values"), "\(lab.text(run))")
  }

  // MARK: - Descriptors

  @Test("20 reloads of a plugin that exits on every request, 10 times: no pipe of a plugin left open after each")
  func reloadsLeaveNoDescriptor() throws {
    let lab = try Lab()
    let plugin = lab.work.appendingPathComponent("plugins/p")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    // Says hello, reads screenrun's hello and the request, and exits without an answer.
    try lab.write(
      "plugins/p/p.sh", "echo '{\"type\": \"hello\", \"protocol\": 1}'\nread -r line\nread -r line\nexit 0\n")
    try lab.write(
      "plugins/p/plugin.json",
      """
      {"name": "p", "summary": "exits on every request", "protocol": 1, "timeout": 10,
       "command": ["sh", "\(plugin.appendingPathComponent("p.sh").path)"],
       "resources": [{"name": "items", "kind": "list", "summary": "items"}]}
      """)
    try lab.write(
      "items.json",
      #"{"kind": "list", "title": "Items", "source": {"plugin": "p", "resource": "items"}, "row": {"title": "{n}"}}"#)
    let process = Process()
    process.executableURL = try Driver.binary()
    process.arguments = [lab.path("items.json"), "--plugin-path", lab.path("plugins"), "--script", "-"]
    var environment = lab.environment
    environment["SCREENRUN_NO_USER_PLUGINS"] = "1"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    let frames = FrameCounter(output.fileHandleForReading, marker: "$ wait 1")
    let pid = process.processIdentifier
    var left: [[String]] = []
    for round in 1...10 {
      // The frame of `wait` follows the 20th reload's: every reload has ended by then.
      input.fileHandleForWriting.write(Data((String(repeating: "reload\n", count: 20) + "wait 1\n").utf8))
      #expect(frames.wait(for: round), "round \(round): the script's frames stopped")
      left.append(Self.pluginPipes(of: pid))
    }
    #expect(left.allSatisfy { $0.isEmpty }, "plugin pipes open after each round of 20 reloads: \(left)")
  }

  /// The pipes `pid` holds besides its stdio and its own signal pipe: each of a plugin's three
  /// pipes is one end in screenrun (the other is the plugin's), where the signal pipe is both
  /// ends, so one inode held once by a descriptor past 2 is a plugin's.
  static func pluginPipes(of pid: pid_t) -> [String] {
    let folder = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var held: [String: [Int]] = [:]
    for name in names {
      guard let descriptor = Int(name), descriptor > 2,
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)"),
        target.hasPrefix("pipe:")
      else { continue }
      held[target, default: []].append(descriptor)
    }
    return held.filter { $0.value.count == 1 }.map { "\($0.value[0])=\($0.key)" }.sorted()
  }

  /// Counts the lines of a child's stdout that start with `marker`, read on a thread of its own.
  final class FrameCounter: @unchecked Sendable {
    private let condition = NSCondition()
    private var seen = 0
    private var ended = false

    init(_ handle: FileHandle, marker: String) {
      let thread = Thread { [self] in
        var pending = Data()
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          pending.append(chunk)
          while let newline = pending.firstIndex(of: 0x0A) {
            let line = pending[pending.startIndex..<newline]
            pending = Data(pending[(newline + 1)...])
            if line.starts(with: Data(marker.utf8)) {
              condition.lock()
              seen += 1
              condition.broadcast()
              condition.unlock()
            }
          }
        }
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
      }
      thread.start()
    }

    /// Waits until `count` lines were seen; false when the output ended first.
    func wait(for count: Int) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      while seen < count, !ended { condition.wait() }
      return seen >= count
    }
  }
}
