import Foundation
import ScreenKinds
import ScreenKit

/// P5: the peak resident memory of a process that loads an API response of many records through
/// the JSON layer, next to the raw JSON bytes. Each figure comes from a fresh child process (this
/// program, run again in a child mode), so nothing measured before can raise the high-water mark.
struct MemoryBenchmark {
  let records: Int
  let seed: UInt64
  let runs: Int
  /// This program, to run as the child.
  let executable: String

  /// What a child does before it reports its high-water mark.
  enum Mode: String, CaseIterable {
    /// Reads the file only: the process, its libraries and the raw bytes.
    case bytes
    /// Reads it and parses it with jansson alone (then frees the tree).
    case jansson
    /// Reads it and loads it through the JSON layer, into `JSON` values.
    case json
  }

  func run() throws -> Section {
    let bytes = APIDocument.response(records: records, seed: seed)
    let raw = Double(bytes.count) / 1_048_576
    var section = Section(
      id: "P5", title: "memory: peak RSS (VmHWM) after loading \(grouped(records)) records")
    let path = NSTemporaryDirectory() + "/screenbench-\(getpid()).json"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }

    let measured = try sideBySide(
      rounds: runs,
      Mode.allCases.map { mode in { try peak(mode, path) } })
    section.rows.append(Row("raw JSON bytes", .megabytes, Measurement([raw])))
    section.rows.append(Row("peak: process + bytes read", .megabytes, measured[0]))
    section.rows.append(Row("peak: + jansson tree (json_loadb)", .megabytes, measured[1]))
    section.rows.append(
      Row("peak: + JSON layer (JSON.parse)", .megabytes, measured[2], goal: .atMost(3 * raw + 30)))
    section.rows.append(
      Row("JSON layer peak / raw bytes", .ratio, measured[2].map { $0 / raw }))
    section.rows.append(
      Row("JSON layer peak / jansson peak", .ratio, Measurement.ratio(measured[2], measured[1])))
    section.notes.append("goal: 3 x raw + 30 MB = \(Unit.megabytes.format(3 * raw + 30)); MB here are MiB")
    return section
  }

  /// Runs a child in `mode` on the file and returns its high-water mark in MiB.
  private func peak(_ mode: Mode, _ path: String) throws -> Double {
    guard let output = ChildProcess.output(of: [executable, Self.childFlag, mode.rawValue, path]),
      let kilobytes = Double(output.split(separator: " ").first ?? "")
    else {
      throw ChildProcess.Failure(description: "the P5 child (\(mode.rawValue)) failed")
    }
    return kilobytes / 1_024
  }

  static let childFlag = "--memory-child"

  /// The child: loads the file as `mode` says, then prints its VmHWM in kB and what it loaded.
  static func child(_ arguments: [String]) -> Int32 {
    guard arguments.count == 2, let mode = Mode(rawValue: arguments[0]), let bytes = read(arguments[1]) else {
      return 2
    }
    var loaded = 0
    switch mode {
    case .bytes:
      loaded = bytes.count
    case .jansson:
      loaded = RawJansson.parseAndRelease(bytes) ? 1 : 0
    case .json:
      loaded = (try? JSON.parse(bytes, options: .response))?[path: ["data", "results"]]?.arrayValue?.count ?? 0
    }
    guard loaded > 0, let peak = highWaterMark() else { return 1 }
    print("\(peak) \(loaded)")
    return 0
  }

  /// The file's bytes, read into an array of exactly its size (no doubling as it grows).
  private static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    let size = Int(status.st_size)
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      while count < size {
        let got = SystemIO.read(descriptor, buffer.baseAddress! + count, size - count)
        if got <= 0 {
          failed = got < 0
          break
        }
        count += got
      }
    }
    return failed ? nil : bytes
  }

  /// VmHWM from /proc/self/status: the most resident memory this process has had, in kB.
  private static func highWaterMark() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }
    return nil
  }
}
