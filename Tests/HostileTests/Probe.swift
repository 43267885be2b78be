import Foundation
import ReplayServer

/// The classes the suite counts probes in.
enum ProbeClass: String, CaseIterable, Sendable {
  case escapes = "escapes-server"
  case numbers = "numbers-server"
  case size = "size/nesting"
  case transport = "transport"
  case secrets = "secrets"
  case shapes = "shapes"
  case links = "links"
  case scripts = "scripts"
  case arguments = "arguments"
  case screens = "screen files"
  case cache = "cache"
}

/// One hostile input and how to run `screenrun` on it.
///
/// The driver adds to `arguments`, unless `plain` is set: `--width width`, `--live` when there
/// is a server, and `--once` when no `--script` is given. `{dir}` in an argument or a file name
/// is the probe's own temporary folder.
struct Probe: Sendable {
  typealias Answer = @Sendable (HostileRequest) -> HostileAnswer

  var group: ProbeClass
  var name: String
  var arguments: [String]
  var width = 80
  /// Standard input; nil is /dev/null.
  var stdin: [UInt8]?
  /// The hostile server's answer to each request; nil runs without a server (and not live).
  var answer: Answer?
  var environment: [String: String] = [:]
  /// Files written into `{dir}` before the run, by name.
  var files: [String: [UInt8]] = [:]
  /// Run before the probe, with its folder: make a FIFO, a symlink loop.
  var prepare: (@Sendable (URL) throws -> Void)?
  /// Cache probes: run once to fill the cache, then call this with the cache folder, then run
  /// the probe.
  var damageCache: (@Sendable (URL) throws -> Void)?
  /// Take the arguments as they are.
  var plain = false
  /// Whether stdout's lines must fit `width`: not for records (`--output`), which are never cut.
  var checksWidth = true
  /// The control characters a record format puts on stdout itself: CSV's CRLF line ends (a CR
  /// before each LF), TSV's tabs. Any other is still raw.
  var format: String?

  init(
    _ group: ProbeClass, _ name: String, _ arguments: [String], width: Int = 80, stdin: String? = nil,
    answer: Answer? = nil, environment: [String: String] = [:], files: [String: [UInt8]] = [:],
    plain: Bool = false, prepare: (@Sendable (URL) throws -> Void)? = nil,
    damageCache: (@Sendable (URL) throws -> Void)? = nil
  ) {
    self.group = group
    self.name = name
    self.arguments = arguments
    self.width = width
    self.stdin = stdin.map { Array($0.utf8) }
    self.answer = answer
    self.environment = environment
    self.files = files
    self.plain = plain
    self.prepare = prepare
    self.damageCache = damageCache
  }

  /// A probe with a script given on stdin (`--script -`).
  static func script(
    _ group: ProbeClass, _ name: String, _ screen: [String], _ script: String, width: Int = 80,
    answer: Answer? = nil, environment: [String: String] = [:]
  ) -> Probe {
    Probe(
      group, name, screen + ["--script", "-"], width: width, stdin: script, answer: answer, environment: environment)
  }

  /// A probe whose stdout holds records in `format` (`--output`), not frames: its lines may be as
  /// long as a record, and CSV's line ends and TSV's tabs are the format's own.
  func records(_ format: String) -> Probe {
    var copy = self
    copy.checksWidth = false
    copy.format = format
    return copy
  }

  /// A probe whose stdout is a report of unwrapped lines (`--explain`), not a frame.
  func unwrapped() -> Probe {
    var copy = self
    copy.checksWidth = false
    return copy
  }

  /// stdout as the checks read it: a CSV line's CR before its LF, and TSV's tabs, left out.
  func formatted(_ stdout: [UInt8]) -> [UInt8] {
    switch format {
    case "csv":
      var bytes: [UInt8] = []
      bytes.reserveCapacity(stdout.count)
      for (index, byte) in stdout.enumerated()
      where !(byte == 0x0D && index + 1 < stdout.count && stdout[index + 1] == 0x0A) {
        bytes.append(byte)
      }
      return bytes
    case "tsv": return stdout.map { $0 == 0x09 ? 0x20 : $0 }
    default: return stdout
    }
  }

  /// A probe whose stdin is raw bytes.
  func stdinBytes(_ bytes: [UInt8]) -> Probe {
    var copy = self
    copy.stdin = bytes
    return copy
  }
}

/// The same answer to every request, made when the probe runs (so that a list of probes with
/// megabyte bodies costs nothing until they run).
func always(_ answer: @autoclosure @escaping @Sendable () -> HostileAnswer) -> Probe.Answer {
  { _ in answer() }
}

/// A JSON answer to every request.
func json(
  _ text: @autoclosure @escaping @Sendable () -> String, status: String = "200 OK", headers: [(String, String)] = []
) -> Probe.Answer {
  { _ in .json(text(), status: status, headers: headers) }
}
