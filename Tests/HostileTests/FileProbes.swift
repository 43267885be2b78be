import Foundation
import ReplayServer

/// Red team A's probes of files on disk (issue-free hunt, 0.6.0): where `--trace` and the cache
/// are written (links, devices, files in a folder's place), screen files and transcripts that are
/// huge, binary, devices or point outside, and `screenrun test --accept` of pending files that
/// are not what they seem. Each must end in a frame, records or a clear error, with nothing
/// crashed, hung, leaked or raw.
enum FileProbes {
  static var all: [Probe] { trace + cache + screens + transcripts }

  private static let characters = Driver.repositoryRoot.appendingPathComponent("Screens/characters.json").path

  /// A link named `name` in the probe's folder, to `target` (`{dir}` is the folder).
  private static func link(_ name: String, to target: String) -> @Sendable (URL) throws -> Void {
    { folder in
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(name).path,
        withDestinationPath: target.replacingOccurrences(of: "{dir}", with: folder.path))
    }
  }

  // MARK: - --trace

  static var trace: [Probe] {
    func traced(_ name: String, _ path: String, prepare: (@Sendable (URL) throws -> Void)? = nil) -> Probe {
      Probe(
        .arguments, "--trace \(name)", Marvel.list + ["--trace", path], answer: json(Marvel.body()), prepare: prepare)
    }
    return [
      traced("/dev/full", "/dev/full"),
      traced("into a folder that is missing", "{dir}/missing/trace.jsonl"),
      traced("a folder", "{dir}"),
      traced("a link to a folder", "{dir}/l", prepare: link("l", to: "{dir}")),
      traced("a dangling link", "{dir}/l", prepare: link("l", to: "{dir}/nothing/here")),
      traced("a link loop", "{dir}/l", prepare: LocalProbes.makeLoop("l")),
      traced("under /proc", "/proc/self/status"),
      traced("a FIFO with no reader", "{dir}/f", prepare: LocalProbes.makeFIFO("f")),
      traced("named with escapes", "{dir}/\u{1B}]52;c;eA==\u{07}\u{9B}2J.jsonl"),
    ]
  }

  // MARK: - the cache's place

  static var cache: [Probe] {
    let cached: Probe.Answer = { request in
      if request.header("If-None-Match") != nil {
        return .http("304 Not Modified", headers: [("ETag", "\"v1\"")], body: [])
      }
      return .json(Marvel.body(), headers: [("ETag", "\"v1\"")])
    }
    func place(_ name: String, _ value: String, prepare: (@Sendable (URL) throws -> Void)? = nil) -> Probe {
      Probe(
        .cache, "XDG_CACHE_HOME \(name)", Marvel.list, answer: cached, environment: ["XDG_CACHE_HOME": value],
        prepare: prepare, damageCache: { _ in })
    }
    return [
      place("a link to a file", "{dir}/c", prepare: link("c", to: "/etc/hostname")),
      place("a link to /dev/full", "{dir}/c", prepare: link("c", to: "/dev/full")),
      place("/dev/full", "/dev/full"),
      place("under /proc", "/proc/self"),
      place("a FIFO", "{dir}/c", prepare: LocalProbes.makeFIFO("c")),
      place(
        "whose screenrun folder is a link loop", "{dir}/c",
        prepare: { folder in
          let cache = folder.appendingPathComponent("c")
          try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
          try LocalProbes.makeLoop("screenrun")(cache)
        }),
      place(
        "whose http folder is a link to /dev/null", "{dir}/c",
        prepare: { folder in
          let screenrun = folder.appendingPathComponent("c/screenrun")
          try FileManager.default.createDirectory(at: screenrun, withIntermediateDirectories: true)
          try FileManager.default.createSymbolicLink(
            atPath: screenrun.appendingPathComponent("http").path, withDestinationPath: "/dev/null")
        }),
      place("relative", "relative/cache"),
    ]
  }

  // MARK: - screen files

  static var screens: [Probe] {
    [
      Probe(
        .screens, "a 50 MB screen file of spaces", ["{dir}/big.json"],
        prepare: { folder in
          try Data(repeating: 0x20, count: 50 << 20).write(to: folder.appendingPathComponent("big.json"))
        }),
      Probe(
        .screens, "a 50 MB screen file, one string", ["--check", "{dir}/big.json"], plain: true,
        prepare: { folder in
          var bytes = Array(#"{"kind": "list", "title": ""#.utf8)
          bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 50 << 20)
          bytes += Array(#""}"#.utf8)
          try Data(bytes).write(to: folder.appendingPathComponent("big.json"))
        }),
      Probe(.screens, "screen /proc/self/mem", ["/proc/self/mem"]),
      Probe(.screens, "screen /dev/stdin of escapes", ["/dev/stdin"], stdin: Hostile.everything),
      Probe(.screens, "screen /dev/full", ["/dev/full"]),
    ]
  }

  // MARK: - screen tests

  static var transcripts: [Probe] {
    func test(_ name: String, _ text: [UInt8], arguments: [String] = ["test", "{dir}/t.screentest"]) -> Probe {
      Probe(.screens, "screen test: \(name)", arguments, files: ["t.screentest": text], plain: true).unwrapped()
    }
    let header = Array("screen: \(characters)\n$ next\n".utf8)
    return [
      test("a transcript of 20 MB of one line", header + [UInt8](repeating: UInt8(ascii: "|"), count: 20 << 20)),
      test("a transcript of binary", header + (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }),
      test("a transcript of escapes", header + Array("| \(Hostile.everything)\n".utf8)),
      test("screen: /dev/zero", Array("screen: /dev/zero\n$ next\n".utf8)),
      test("screen: ../../../../../etc/passwd", Array("screen: ../../../../../../../../etc/passwd\n".utf8)),
      test("screen: a folder", Array("screen: /\n".utf8)),
      test("screen: named with escapes", Array("screen: \(Hostile.everything.filter { $0 != "\n" })\n".utf8)),
      test(
        "--accept of a pending file that is a link to /etc/hostname", header,
        arguments: ["test", "--accept", "{dir}/t.screentest"]
      ).preparing(link("t.screentest.pending", to: "/etc/hostname")),
      test(
        "--accept of a pending file that is a FIFO", header, arguments: ["test", "--accept", "{dir}/t.screentest"]
      ).preparing(LocalProbes.makeFIFO("t.screentest.pending")),
      test(
        "--accept of ../ paths", header,
        arguments: ["test", "--accept", "{dir}/../../../../../../../../tmp/none.screentest"]),
      test("--junit /dev/full", header, arguments: ["test", "{dir}/t.screentest", "--junit", "/dev/full"]),
      test("--junit a folder", header, arguments: ["test", "{dir}/t.screentest", "--junit", "{dir}"]),
    ]
  }
}

extension Probe {
  /// The same probe, with `prepare` run before it.
  func preparing(_ prepare: @escaping @Sendable (URL) throws -> Void) -> Probe {
    var copy = self
    copy.prepare = prepare
    return copy
  }
}
